"""The driver careers page of the Campaign window (Axles and Alloys II).

Top to bottom: the red message line for refusals; a banner offering a new driver to every player who has
no living one (after a death the player starts over); the "New driver" form; the drivers table (games,
kills, wins, rerolls earned / used / available, alive or the game they died in) with, under it, the chosen
driver's vehicle file (Choose…, Open in the vehicle editor, Unlink); then the games list with
"New game" and "Race Day…" (the next game played at the table, `career_race_day`), the entry editor for
the chosen game and the award lines that explain every reroll earned.
Every edit goes through `CampaignSession.apply` (one undo step each); the page rebuilds from
`session.document` whenever the session changes, so the window's Undo shows up here too.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFileDialog,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.campaign.errors import CampaignError
from designer.i18n import N_, _, ngettext, pgettext
from designer.io.campaign_io import relative_track, resolve_track
from designer.io.errors import DocumentError
from designer.model.campaign import GameEntry
from designer.panes import theme
from designer.panes.campaign.common import MessageLine, not_changed
from designer.panes.file_filters import all_files_filter
from designer.panes.markup import escaped, literal
from designer.panes.theme import follow_palette, frame_notice, set_style
from designer.systems.axles_alloys_2.career_edit import (
    add_driver,
    add_game,
    remove_game_entry,
    set_driver_vehicle,
    set_game_entry,
)
from designer.systems.axles_alloys_2.careers import (
    DriverRecord,
    campaign_notices,
    career_rules,
    careers,
    check_vehicle_class,
    death_faces,
)
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.qt.career_race_day import offers_race_day, run_game
from designer.systems.axles_alloys_2.qt.careers_entries import SCENARIO_TITLES, EntryEditor, scenario_title
from designer.systems.axles_alloys_2.qt.careers_model import players_needing_driver, status_text, vehicle_file_text
from designer.systems.axles_alloys_2.rule_data import axles_rules, weight_class_name
from designer.systems.axles_alloys_2.vehicle_io import VEHICLE_SUFFIX, driver_vehicle

COLUMNS = (N_("Driver"), N_("Player"), N_("Vehicle"), N_("Vehicle file"), N_("Games"), N_("Kills"), N_("Wins"),
           N_("Rerolls earned"), N_("Used"), N_("Available"), N_("Status"))


def _cell(text: object, align_right: bool = False) -> QTableWidgetItem:
    item = QTableWidgetItem(str(text))
    item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
    if align_right:
        item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
    return item


class CareersPage(QWidget):
    #: A driver's vehicle file to open in the vehicle editor (the application connects it).
    open_vehicle_requested = Signal(Path)

    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.records: list[DriverRecord] = []
        self.race_window = None  # the Race Day window this page opened, kept alive
        self.new_driver_offers: dict[str, QPushButton] = {}  # player → "New driver for …" button
        self._game: int | None = len(session.document.games) or None  # 1-based
        self._game_count = len(session.document.games)
        self._build()
        session.changed.connect(self.refresh)
        self.refresh()

    # --- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        title = QLabel(_("Driver careers"))
        title.setStyleSheet("font-size: 14pt; font-weight: 600")
        layout.addWidget(title)
        self.message = MessageLine()
        layout.addWidget(self.message)
        # what the record reports without refusing: kills that do not add up, a linked car breaking a build rule
        self.notices = QLabel()
        self.notices.setObjectName("careerNotices")
        self.notices.setTextFormat(Qt.TextFormat.PlainText)
        self.notices.setWordWrap(True)
        self.notices.setStyleSheet("color: #b3261e")
        self.notices.hide()
        layout.addWidget(self.notices)

        self.needs_frame = QFrame()
        self.needs_frame.setObjectName("needsDriver")
        follow_palette(self.needs_frame, self._restyle_needs)
        self.needs_layout = QVBoxLayout(self.needs_frame)
        layout.addWidget(self.needs_frame)

        form = QHBoxLayout()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("driver's name"))
        self.name_edit.returnPressed.connect(self._on_add_driver)
        self.player_combo = QComboBox()
        self.vehicle_combo = QComboBox()
        self.vehicle_combo.addItem(_("vehicle: not chosen"), None)
        ruleset = self.session.context.ruleset
        axles = axles_rules(ruleset)
        for weight_class in axles.weight_classes if axles is not None else ():
            # shows the name (in the current language), stores the id
            self.vehicle_combo.addItem(weight_class_name(ruleset, weight_class), weight_class.id)
        self.add_driver_button = QPushButton(_("New driver"))
        self.add_driver_button.clicked.connect(self._on_add_driver)
        form.addWidget(QLabel(_("New driver:")))
        form.addWidget(self.name_edit, 2)
        form.addWidget(QLabel(pgettext("new driver for a player", "for")))
        form.addWidget(self.player_combo, 1)
        form.addWidget(self.vehicle_combo, 1)
        form.addWidget(self.add_driver_button)
        layout.addLayout(form)

        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels([_(c) for c in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(len(COLUMNS) - 1, QHeaderView.ResizeMode.Stretch)
        self.table.itemSelectionChanged.connect(self._update_vehicle_bar)
        layout.addWidget(self.table, 2)
        vehicle_bar = QHBoxLayout()
        self.vehicle_label = QLabel()
        self.vehicle_label.setTextFormat(Qt.TextFormat.RichText)
        self.choose_vehicle_button = QPushButton(_("Choose Vehicle File…"))
        self.choose_vehicle_button.setToolTip(_("Link the driver's car (a *.vehicle.json of the driver's class)"))
        self.choose_vehicle_button.clicked.connect(lambda: self.choose_vehicle())
        self.open_vehicle_button = QPushButton(_("Open in Vehicle Editor"))
        self.open_vehicle_button.clicked.connect(lambda: self.open_vehicle())
        self.unlink_vehicle_button = QPushButton(_("Unlink"))
        self.unlink_vehicle_button.setToolTip(_("Forget the driver's vehicle file (the file itself stays)"))
        self.unlink_vehicle_button.clicked.connect(lambda: self.unlink_vehicle())
        vehicle_bar.addWidget(self.vehicle_label, 1)
        for button in (self.choose_vehicle_button, self.open_vehicle_button, self.unlink_vehicle_button):
            vehicle_bar.addWidget(button)
        layout.addLayout(vehicle_bar)

        bottom = QHBoxLayout()
        games = QVBoxLayout()
        games.addWidget(QLabel("<b>" + _("Games") + "</b>"))
        self.games_list = QListWidget()
        self.games_list.setMinimumWidth(240)
        self.games_list.currentRowChanged.connect(self._on_game_chosen)
        games.addWidget(self.games_list, 1)
        new_game = QHBoxLayout()
        self.scenario_combo = QComboBox()
        for scenario, label in SCENARIO_TITLES.items():
            self.scenario_combo.addItem(_(label), scenario)
        self.new_game_button = QPushButton(_("New game"))
        self.new_game_button.clicked.connect(lambda: self.new_game(self.scenario_combo.currentData()))
        self.race_day_button = QPushButton(_("Race Day…"))
        self.race_day_button.setToolTip(_("Play the next game at the table with the living drivers, then file it"))
        self.race_day_button.clicked.connect(lambda: self.run_game())
        self.race_day_button.setVisible(offers_race_day(self.session.document.ruleset))
        new_game.addWidget(self.scenario_combo, 1)
        new_game.addWidget(self.new_game_button)
        new_game.addWidget(self.race_day_button)
        games.addLayout(new_game)
        bottom.addLayout(games, 2)
        self.entries = EntryEditor()
        self.entries.entry_changed.connect(self.set_entry)
        self.entries.entry_removed.connect(self.remove_entry)
        self.entries.refused.connect(self.show_message)
        entries_area = QScrollArea()  # a race's nine columns of long names scroll instead of widening the window
        entries_area.setWidget(self.entries)
        entries_area.setWidgetResizable(True)
        entries_area.setFrameShape(QFrame.Shape.NoFrame)
        bottom.addWidget(entries_area, 6)
        awards = QVBoxLayout()
        awards.addWidget(QLabel("<b>" + _("Rerolls earned") + "</b>"))
        self.awards_list = QListWidget()
        self.awards_list.setWordWrap(True)
        awards.addWidget(self.awards_list, 1)
        bottom.addLayout(awards, 2)
        layout.addLayout(bottom, 4)

    # --- refresh from the document ---------------------------------------------------------------
    def _restyle_needs(self) -> None:
        colours = frame_notice(theme.WARNING_HUE, theme.palette(self.needs_frame), 0.25)
        set_style(self.needs_frame, colours.style("QFrame#needsDriver", "border-radius: 6px;"))

    def refresh(self) -> None:
        self._show_notices()
        doc, ctx = self.session.document, self.session.context
        try:
            self.records = careers(doc, ctx)
            rules, faces = career_rules(ctx), death_faces(ctx)
        except CampaignError as exc:
            self.records, rules, faces = [], None, []
            self.show_message(str(exc))
        count = len(doc.games)
        if count > self._game_count:  # a game was just added: edit it
            self._game = count
        self._game_count = count
        if self._game is not None and not 1 <= self._game <= count:
            self._game = count or None
        self._fill_players()
        self._fill_needs()
        self._fill_table()
        self._fill_games()
        self.awards_list.clear()
        for record in self.records:
            self.awards_list.addItems([f"{record.name} — {line}" for line in record.awards])
        if rules is not None:
            self.entries.show_game(doc, self.records, self._game, rules, faces)

    def _fill_players(self) -> None:
        chosen = self.player_combo.currentText()
        self.player_combo.clear()
        self.player_combo.addItems(self.session.document.player_names())
        if chosen:
            self.player_combo.setCurrentIndex(max(0, self.player_combo.findText(chosen)))

    def _fill_needs(self) -> None:
        while self.needs_layout.count():
            item = self.needs_layout.takeAt(0)
            if item.widget() is not None:
                item.widget().hide()
                item.widget().deleteLater()  # a button here may be the one being clicked
        needs = players_needing_driver(self.session.document, self.records)
        self.new_driver_offers = {}
        for player, last in needs:
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(4, 0, 4, 0)
            why = (_("{driver}, {player}'s driver, is dead.").format(driver=last, player=player) if last
                   else _("{player} has no driver yet.").format(player=player))
            notice = QLabel(_("<b>{why}</b> Start a new driver to play on.").format(why=escaped(why)))
            notice.setTextFormat(Qt.TextFormat.RichText)
            line.addWidget(notice)
            line.addStretch(1)
            button = QPushButton(_("New driver for {player}").format(player=player))
            button.clicked.connect(lambda _=False, p=player: self.offer_new_driver(p))
            line.addWidget(button)
            self.needs_layout.addWidget(row)
            row.show()
            self.new_driver_offers[player] = button
        self.needs_frame.setVisible(bool(needs))

    def _fill_table(self) -> None:
        chosen = self.selected_driver()
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.records))
        for row, r in enumerate(self.records):
            values = (r.name, r.player, r.vehicle or "—", vehicle_file_text(self.vehicle_file(r.name)), r.games,
                      r.kills, r.wins, r.earned, r.used, r.rerolls, status_text(r))
            for col, value in enumerate(values):
                item = _cell(value, align_right=isinstance(value, int))
                if col == len(COLUMNS) - 1:
                    item.setForeground(Qt.GlobalColor.darkGreen if r.alive else Qt.GlobalColor.red)
                self.table.setItem(row, col, item)
            self.table.item(row, 3).setToolTip(literal(self.vehicle_file(r.name) or ""))
        self.table.blockSignals(False)
        names = [r.name for r in self.records]
        if chosen in names:
            self.table.selectRow(names.index(chosen))
        elif names and self.selected_driver() is None:
            self.table.selectRow(0)
        self._update_vehicle_bar()

    def _fill_games(self) -> None:
        self.games_list.blockSignals(True)
        self.games_list.clear()
        for g, game in enumerate(self.session.document.games, 1):
            people = len(game.entries)
            drivers = ngettext("{n} driver", "{n} drivers", people).format(n=people)
            self.games_list.addItem(_("Game {n} — {scenario} · {drivers}").format(
                n=g, scenario=scenario_title(game.scenario), drivers=drivers))
        self.games_list.setCurrentRow((self._game or 0) - 1)
        self.games_list.blockSignals(False)

    # --- edits ----------------------------------------------------------------------------------
    def record(self, name: str) -> DriverRecord | None:
        return next((r for r in self.records if r.name.casefold() == name.casefold()), None)

    def current_game(self) -> int | None:
        return self._game

    def select_game(self, game: int | None) -> None:
        self._game = game
        self.refresh()

    def offer_new_driver(self, player: str) -> None:
        """Point the "New driver" form at `player` and put the cursor in the name field."""
        self.player_combo.setCurrentIndex(max(0, self.player_combo.findText(player)))
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def add_driver(self, name: str, player: str, vehicle: str | None = None) -> str | None:
        if not name.strip():
            reason = _("a new driver needs a name")
            self.show_message(reason)
            return reason
        refusal = self._apply(_("New driver {name}").format(name=name.strip()), add_driver, name.strip(), player,
                              vehicle)
        if refusal is None:
            self.name_edit.clear()
        return refusal

    def new_game(self, scenario: str) -> str | None:
        text = {"deathmatch": _("New deathmatch"), "race": _("New race")}.get(scenario) or \
            _("New game: {scenario}").format(scenario=scenario)
        return self._apply(text, add_game, scenario)

    def run_game(self, scenario: str | None = None):
        """Open the Race Day window of the next game (in `scenario`, default the one chosen)."""
        return run_game(self, scenario or self.scenario_combo.currentData())

    def set_entry(self, entry: GameEntry, game: int | None = None) -> str | None:
        game = game or self._game
        if game is None:
            return None
        return self._apply(_("Game {n}: {driver}").format(n=game, driver=entry.driver), set_game_entry, game, entry)

    def remove_entry(self, driver: str, game: int | None = None) -> str | None:
        game = game or self._game
        if game is None:
            return None
        return self._apply(_("Game {n}: {driver} did not play").format(n=game, driver=driver), remove_game_entry,
                           game, driver)

    def _show_notices(self) -> None:
        found = campaign_notices(self.session.document, self.session.context, self.session.path)
        self.notices.setText("\n".join(_("Warning: {notice}").format(notice=n) for n in found))
        self.notices.setVisible(bool(found))

    def show_message(self, text: str) -> None:
        self.message.show_message(text)

    # --- the driver's vehicle file ------------------------------------------------------------------
    def selected_driver(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        item = self.table.item(rows[0].row(), 0) if rows else None
        return item.text() if item is not None else None

    def select_driver(self, name: str) -> None:
        names = [r.name for r in self.records]
        if name in names:
            self.table.selectRow(names.index(name))

    def vehicle_file(self, driver: str) -> str | None:
        """The driver's vehicle file as the campaign stores it (relative to the campaign file)."""
        found = next((d for d in self.session.document.drivers if d.name.casefold() == driver.casefold()), None)
        return DriverVehicle.of(found).vehicle_file if found is not None else None

    def choose_vehicle(self, driver: str | None = None) -> str | None:
        """Ask for a vehicle file for `driver` (default: the chosen row) and link it."""
        driver = driver or self.selected_driver()
        if driver is None:
            return None
        stored = resolve_track(self.session.path, self.vehicle_file(driver))
        folder = stored.parent if stored else (self.session.path.parent if self.session.path else Path.cwd())
        vehicles = _("Axles and Alloys vehicles ({pattern})").format(pattern=f"*{VEHICLE_SUFFIX}")
        name, _filter = QFileDialog.getOpenFileName(self, _("Choose Vehicle File for {driver}").format(driver=driver),
                                                    str(folder), f"{vehicles};;{all_files_filter()}")
        return self.link_vehicle(driver, Path(name)) if name else None

    def link_vehicle(self, driver: str, path: Path) -> str | None:
        """Link the car in `path` to `driver`, stored relative to the campaign; refused (one line in the
        message line, nothing changed) when the file is unreadable or its class is not the driver's."""
        stored = relative_track(self.session.path, path)
        record = self.record(driver)
        try:
            vehicle = driver_vehicle(self.session.path, stored)
            class_id = record.vehicle_id if record is not None else None
            check_vehicle_class(self.session.context, driver, class_id, vehicle.weight_class, path.name)
        except (DocumentError, CampaignError) as exc:
            reason = str(exc)
            self.show_message(not_changed(reason))
            return reason
        adopt = vehicle.weight_class if record is not None and record.vehicle_id is None else None
        return self._apply(_("Vehicle file for {driver}").format(driver=driver), set_driver_vehicle, driver, stored,
                           adopt)

    def unlink_vehicle(self, driver: str | None = None) -> str | None:
        driver = driver or self.selected_driver()
        if driver is None or not self.vehicle_file(driver):
            return None
        return self._apply(_("No vehicle file for {driver}").format(driver=driver), set_driver_vehicle, driver,
                           None)

    def open_vehicle(self, driver: str | None = None) -> Path | None:
        driver = driver or self.selected_driver()
        path = resolve_track(self.session.path, self.vehicle_file(driver)) if driver else None
        if path is not None:
            self.open_vehicle_requested.emit(path)
        return path

    def _update_vehicle_bar(self) -> None:
        driver = self.selected_driver()
        stored = self.vehicle_file(driver) if driver else None
        if driver is None:
            text = _("Choose a driver to link the vehicle file.")
        elif stored:
            text = _("<b>{driver}</b> drives {file}").format(driver=escaped(driver),
                                                             file=escaped(vehicle_file_text(stored)))
        else:
            text = _("<b>{driver}</b> has no vehicle file").format(driver=escaped(driver))
        self.vehicle_label.setText(text)
        self.choose_vehicle_button.setEnabled(driver is not None)
        self.open_vehicle_button.setEnabled(bool(stored))
        self.unlink_vehicle_button.setEnabled(bool(stored))

    def _apply(self, text: str, edit, *args) -> str | None:
        refusal = self.session.apply(text, edit, *args)
        self.show_message(not_changed(refusal) if refusal else "")
        if refusal:
            self.refresh()  # put back any widget the refused click changed
        return refusal

    def _on_add_driver(self) -> None:
        self.add_driver(self.name_edit.text(), self.player_combo.currentText(), self.vehicle_combo.currentData())

    def _on_game_chosen(self, row: int) -> None:
        if row >= 0:
            self.select_game(row + 1)
