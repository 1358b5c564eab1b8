"""One page per race: the track (open it in the designer, choose another), the results table with
Place, Gates, Coins (and Grand Prix points), and the starting grid with PitchKart's starting coins.

A result is checked the moment a cell is left. A refused value is not stored: the cell shows the stored value
again, marked red with what was typed and why in its tooltip, and the message line says why until that cell
is fixed or its value replaced (`designer.panes.cell_refusals`), however many other cells are entered
meanwhile; the row's points then carry a note that they count the stored value. Clearing the Place cell
removes the player's result. Gates and coins nobody typed are not entered (None): an empty cell that counts 0
points and says so in its tooltip; emptying one makes it not entered again.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.campaign import edit
from designer.campaign.grand_prix import race_points
from designer.campaign.modes import scored
from designer.campaign.series import has_start_order_coins, starting_coins_by_place
from designer.document.campaign import CampaignSession
from designer.i18n import N_, _
from designer.io.campaign_io import relative_track
from designer.model.campaign import Race
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    ALIGN_NUMBER,
    MessageLine,
    WholeNumberDelegate,
    fit_height,
    fit_width,
    muted_colour,
    muted_label,
    not_changed,
    ordinal,
    prepare_table,
    refusal_colour,
    run_cell_edit,
    run_edit,
    set_cell,
    track_state,
)
from designer.panes.campaign.race_day_link import offers_race_day, run_race
from designer.panes.cell_refusals import CellRefusals
from designer.panes.file_filters import open_track_filters
from designer.panes.markup import escaped, literal

PLAYER, PLACE, GATES, COINS, POINTS = range(5)
#: The tooltip of a result's empty gates or coins cell: nothing was typed there, and nothing is stored.
NOT_ENTERED_TIP = {GATES: N_("Gates not entered: they count 0 points until you type them"),
                   COINS: N_("Coins not entered: they count 0 points until you type them")}


def limit_text(limit) -> str:
    """"At most 18 gates (6 gates × 3 laps).": the most gates a player can clear in a race."""
    return _("At most {max} gates ({gates} gates × {laps} laps).").format(
        max=limit.max_gates, gates=limit.gates, laps=limit.laps)


def breakable(text: str) -> str:
    """`text` (a file name or path) with a zero-width space after each "/", "-", "_" and ".", where a label that
    wraps may break it: one long name then never widens the window."""
    for mark in "/-_.":
        text = text.replace(mark, mark + "\u200b")
    return text


class RacePage(QWidget):
    open_track_requested = Signal(Path)

    def __init__(self, session: CampaignSession, messages: MessageLine, index: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        self.index = index  # 0-based; the edits speak 1-based race numbers
        self.scored = scored(session.document)

        self.track_label = QLabel()
        self.track_label.setTextFormat(Qt.TextFormat.RichText)
        self.track_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.track_label.setWordWrap(True)  # a long track file name wraps instead of widening the window
        self.open_button = QPushButton(_("Open Track"))
        self.open_button.setToolTip(_("Open this race's track in the designer"))
        self.open_button.clicked.connect(self.open_track)
        self.choose_button = QPushButton(_("Choose Track…"))
        self.choose_button.clicked.connect(self.choose_track)
        self.run_button = QPushButton(_("Run This Race…"))
        self.run_button.setToolTip(_("Run this race at the table on race day; its result comes back here"))
        self.run_button.clicked.connect(self.run_race)
        self.run_button.setVisible(offers_race_day(session.document.ruleset))
        self.race_window = None  # the Race Day window this page opened, kept alive
        track_row = QHBoxLayout()
        track_row.addWidget(QLabel(_("Track:")))
        track_row.addWidget(self.track_label, 1)
        track_row.addWidget(self.open_button)
        track_row.addWidget(self.choose_button)
        track_row.addWidget(self.run_button)
        self.limit_label = muted_label()

        headers = self.result_headers()
        self.table = QTableWidget(0, len(headers))
        prepare_table(self.table, headers)
        self.table.setItemDelegate(WholeNumberDelegate(self.table))
        self.table.itemChanged.connect(self._on_item_changed)
        self.refusals = CellRefusals(self.table, messages, self._row_player)
        self._cell: tuple[int, int, str] | None = None  # (row, column, typed) of the cell being entered
        self.clear_button = QPushButton(_("Clear Result"))
        self.clear_button.setToolTip(_("Remove the selected player's result from this race"))
        self.clear_button.clicked.connect(self.clear_selected)
        self.hint_label = muted_label(_("Type each player's place, gates cleared and coins collected; "
                                        "emptying a place removes that result."))
        results_buttons = QHBoxLayout()
        results_buttons.addWidget(self.clear_button)
        results_buttons.addStretch(1)

        self.grid_box = QGroupBox(_("Starting grid"))
        self.grid_table = QTableWidget()
        self.with_coins = has_start_order_coins(session.context.ruleset)
        grid_headers = [_("Slot"), _("Player")] + ([_("Starting coins")] if self.with_coins else [])
        prepare_table(self.grid_table, grid_headers)
        self.grid_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.fill_button = QPushButton(_("Fill from Roster"))
        self.fill_button.clicked.connect(self.fill_grid)
        self.up_button = QPushButton(_("Move Up"))
        self.up_button.clicked.connect(lambda: self.move_selected(-1))
        self.down_button = QPushButton(_("Move Down"))
        self.down_button.clicked.connect(lambda: self.move_selected(1))
        self.clear_grid_button = QPushButton(_("Clear Grid"))
        self.clear_grid_button.clicked.connect(
            lambda: self._set_grid([], _("Race {n}: clear the grid").format(n=self.index + 1)))
        grid_buttons = QVBoxLayout()
        for button in (self.fill_button, self.up_button, self.down_button, self.clear_grid_button):
            grid_buttons.addWidget(button)
        grid_buttons.addStretch(1)
        grid_table_column = QVBoxLayout()
        grid_table_column.addWidget(self.grid_table, 0, Qt.AlignmentFlag.AlignLeft)
        self.grid_hint = muted_label(_("No starting grid yet: Fill from Roster, then move karts up or down."))
        grid_table_column.addWidget(self.grid_hint)
        grid_table_column.addStretch(1)
        grid_layout = QHBoxLayout(self.grid_box)
        grid_layout.addLayout(grid_table_column, 1)
        grid_layout.addLayout(grid_buttons)

        results = QVBoxLayout()
        results.addWidget(self.table, 0, Qt.AlignmentFlag.AlignLeft)
        results.addLayout(results_buttons)
        results.addStretch(1)
        body = QHBoxLayout()
        body.addLayout(results)
        body.addSpacing(16)
        body.addWidget(self.grid_box, 0, Qt.AlignmentFlag.AlignTop)
        body.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(track_row)
        layout.addWidget(self.limit_label)
        layout.addWidget(self.hint_label)
        layout.addSpacing(4)
        layout.addLayout(body, 1)
        session.changed.connect(self.refresh)
        self.refresh()

    def result_headers(self) -> list[str]:
        """The results table's columns (a Downforce season's page adds its own after Coins)."""
        return [_("Player"), _("Place"), _("Gates"), _("Coins")] + ([_("Points")] if self.scored else [])

    def race(self) -> Race:
        races = self.session.document.races
        return races[self.index] if self.index < len(races) else Race()

    def _row_player(self, row: int) -> str | None:
        players = self.session.document.players
        return players[row].name if 0 <= row < len(players) else None

    # --- view ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        self.fill()
        self.refusals.mark()
        self._note_points()
        fit_height(self.table, 2)
        fit_width(self.table)

    def _note_points(self) -> None:
        """A row with a refused cell: its points (or money) say they count the stored values."""
        column = self.total_column()
        for row in range(self.table.rowCount()):
            item = self.table.item(row, column) if column is not None else None
            if item is None:
                continue
            pending = any(self.refusals.refusal(row, c) for c in range(self.table.columnCount()))
            font = item.font()
            font.setItalic(pending)
            item.setFont(font)
            if pending:
                self.table.blockSignals(True)
                item.setToolTip(literal(_("These count the stored values: a refused entry in this row is not "
                                          "counted until it is fixed.") + "\n" + item.toolTip()))
                self.table.blockSignals(False)

    def total_column(self) -> int | None:
        """The column adding up the row (Points), if any."""
        return POINTS if self.scored else None

    def fill(self) -> None:
        """Put the stored results in the rows (a season's page adds its own columns)."""
        doc, ctx = self.session.document, self.session.context
        race = self.race()
        path, label, usable = track_state(self.session, race.track)
        muted = muted_colour(self.track_label)
        colour = refusal_colour(self.track_label) if race.track else muted  # no track yet is not a fault
        label = breakable(escaped(label))
        shown = f"<b>{label}</b>" if usable else f"<span style='color:{colour}'><b>{label}</b></span>"
        if path is not None:
            shown += f"&nbsp;&nbsp;<span style='color:{muted}'>{breakable(escaped(race.track or ''))}</span>"
        self.track_label.setText(shown)
        self.track_label.setToolTip(literal(str(path)) if path else "")
        self.open_button.setEnabled(usable)
        limit = ctx.track_limits.get(self.index)
        self.limit_label.setText(limit_text(limit) if limit else "")
        self.limit_label.setVisible(limit is not None)

        gp = ctx.ruleset.grand_prix if self.scored else None
        self.table.blockSignals(True)
        self.table.setRowCount(len(doc.players))
        for row, player in enumerate(doc.players):
            result = race.result(player.name)
            set_cell(self.table, row, PLAYER, player.name, bold=bool(result and result.place == 1))
            set_cell(self.table, row, PLACE, result.place if result else "", editable=True, align=ALIGN_CENTRE)
            for column, value in ((GATES, result.gates if result else None),
                                  (COINS, result.coins if result else None)):
                set_cell(self.table, row, column, value, editable=True, align=ALIGN_NUMBER,
                         tip=_(NOT_ENTERED_TIP[column]) if result and value is None else "")
            if gp is not None:
                points = race_points(result, gp) if result else None
                tip = _("{place} for {ordinal} place + {gates} + {coins}").format(
                    place=points.place, ordinal=ordinal(result.place),
                    gates=_("{points} for gates").format(points=points.gates) if result.gates is not None
                    else _("gates not entered"),
                    coins=_("{points} for coins").format(points=points.coins) if result.coins is not None
                    else _("coins not entered"),
                ) if points and result else ""
                set_cell(self.table, row, POINTS, points.total if points else "", align=ALIGN_NUMBER, tip=tip,
                         bold=True)
        self.table.blockSignals(False)
        self.clear_button.setEnabled(bool(race.results))
        self._refresh_grid(race)

    def _refresh_grid(self, race: Race) -> None:
        coins = starting_coins_by_place(self.session.context.ruleset, len(race.grid))
        rows = list(zip(race.grid, coins, strict=True))
        self.grid_table.setRowCount(len(rows))
        for row, (player, coins) in enumerate(rows):
            set_cell(self.grid_table, row, 0, row + 1, align=ALIGN_CENTRE)
            set_cell(self.grid_table, row, 1, player)
            if self.with_coins:
                set_cell(self.grid_table, row, 2, coins, align=ALIGN_CENTRE)
        for button in (self.up_button, self.down_button, self.clear_grid_button):
            button.setEnabled(bool(rows))
        fit_height(self.grid_table, 1)
        fit_width(self.grid_table)
        self.grid_table.setVisible(bool(rows))
        self.grid_hint.setVisible(not rows)

    # --- results ---------------------------------------------------------------------------------
    def _on_item_changed(self, item: QTableWidgetItem) -> None:
        self._cell = (item.row(), item.column(), item.text().strip())
        try:
            self.enter_cell(item)
        finally:
            self._cell = None

    def enter_cell(self, item: QTableWidgetItem) -> None:
        """Store what was typed into `item`, or refuse it."""
        column = item.column()
        players = self.session.document.players
        if column not in (PLACE, GATES, COINS) or not 0 <= item.row() < len(players):
            return
        player = players[item.row()].name
        text = item.text().strip()
        if text and not text.isdigit():
            self._refuse(_("{text} is not a whole number").format(text=repr(text)))
            return
        current = self.race().result(player)
        if column == PLACE and not text:
            if current is not None:
                self.clear_result(player)
            return
        value = int(text) if text else None  # an emptied gates or coins cell is not entered
        if current is None and column != PLACE:
            self._refuse(_("enter {player}'s place first").format(player=player))
            return
        place = value if column == PLACE and value is not None else current.place
        gates = value if column == GATES else (current.gates if current else None)
        coins = value if column == COINS else (current.coins if current else None)
        self.enter_result(player, place, gates, coins)

    def _refuse(self, reason: str) -> None:
        """Refuse the value being entered: the cell goes back to the stored value, marked (see the module)."""
        if self._cell is not None:
            row, column, typed = self._cell
            self.refusals.refuse(row, column, typed, not_changed(reason))
        else:
            self.messages.show_message(not_changed(reason))
        self.refresh()

    def apply(self, text: str, change, *args) -> bool:
        """One undoable edit of the results; a refusal of a typed cell stays with that cell (`_refuse`)."""
        if self._cell is None:
            ok = run_edit(self.session, self.messages, text, change, *args)
            if not ok:
                self.refresh()
            return ok
        ok = run_cell_edit(self.session, self.messages, self.refusals, self._cell, text, change, *args)
        self.refresh()
        return ok

    def enter_result(self, player: str, place: int, gates: int | None = None, coins: int | None = None) -> bool:
        text = _("Race {n}: {player} {ordinal}").format(n=self.index + 1, player=player, ordinal=ordinal(place))
        return self.apply(text, edit.set_result, self.index + 1, player, place, gates, coins)

    def clear_result(self, player: str) -> bool:
        return self.apply(_("Race {n}: clear {player}'s result").format(n=self.index + 1, player=player),
                          edit.clear_result, self.index + 1, player)

    def clear_selected(self) -> None:
        row = self.table.currentRow()
        players = self.session.document.players
        if 0 <= row < len(players):
            self.clear_result(players[row].name)

    def cell(self, player: str, column: int) -> QTableWidgetItem:
        return self.table.item(self.session.document.player_names().index(player), column)

    # --- track -----------------------------------------------------------------------------------
    def run_race(self):
        """Open this race's Race Day window (starting the race the first time)."""
        return run_race(self)

    def open_track(self) -> None:
        path, _label, usable = track_state(self.session, self.race().track)
        if usable and path is not None:
            self.open_track_requested.emit(path)

    def choose_track(self) -> None:
        current = self.session.resolve_track(self.race().track)
        folder = current.parent if current else (self.session.path.parent if self.session.path else Path.cwd())
        name, _filter = QFileDialog.getOpenFileName(self, _("Choose the Track for Race {n}").format(n=self.index + 1),
                                                    str(folder), open_track_filters())
        if name:
            self.set_track(Path(name))

    def set_track(self, file: Path) -> bool:
        stored = relative_track(self.session.path, file)
        return run_edit(self.session, self.messages,
                        _("Race {n}: track {name}").format(n=self.index + 1, name=file.name),
                        edit.set_race_track, self.index + 1, stored)

    # --- grid ------------------------------------------------------------------------------------
    def _set_grid(self, grid: list[str], text: str) -> bool:
        """Set the grid as one undo step called `text` ("Race 2: grid from the roster")."""
        return run_edit(self.session, self.messages, text, edit.set_grid, self.index + 1, grid)

    def fill_grid(self) -> bool:
        return self._set_grid(self.session.document.player_names(),
                              _("Race {n}: grid from the roster").format(n=self.index + 1))

    def move_selected(self, step: int) -> bool:
        grid = list(self.race().grid)
        row = self.grid_table.currentRow()
        target = row + step
        if not (0 <= row < len(grid) and 0 <= target < len(grid)):
            return False
        grid[row], grid[target] = grid[target], grid[row]
        ok = self._set_grid(grid, _("Race {n}: move {player} to slot {slot}").format(
            n=self.index + 1, player=grid[target], slot=target + 1))
        if ok:
            self.grid_table.selectRow(target)
        return ok
