"""A Downforce season's race page: the race as the board game runs it, with no track to pick (the Downforce
board is the track). Three tables, each scrolling sideways rather than widening the window:

- the season's prize money per place (one row, 1st … 6th; kept in the file, the same on every race's page),
  with a note when it is still the base game's table as we read it;
- the race's six cars, a row per colour: place, owner (a player, or nobody), the price paid at the auction,
  the prize the place pays, coins, and what the car brought its owner;
- the players: their bet winnings in this race and their money from it.

Amounts are typed as people say them ("2M", "500k", "$2,000,000": `parse_dollars`); a price paid may carry a
minus sign (it is money paid either way). Every entry is one undoable edit of `season_edit`;
a refused cell shows the stored value again, marked, with what was typed and why in its tooltip, and the
message line names the car by colour or the player by name (`designer.panes.cell_refusals`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QStyledItemDelegate,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from designer.document.campaign import CampaignSession
from designer.i18n import _, format_dollars, place_ordinal
from designer.model.campaign import Race
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    ALIGN_NUMBER,
    MessageLine,
    fit_height,
    muted_label,
    not_changed,
    prepare_table,
    run_cell_edit,
    run_edit,
    set_cell,
)
from designer.panes.campaign.race_day_link import offers_race_day, run_race
from designer.panes.cell_refusals import CellRefusals
from designer.systems.mk_downforce import season_edit
from designer.systems.mk_downforce.fields import DownforceRace
from designer.systems.mk_downforce.money import MoneyError, parse_dollars
from designer.systems.mk_downforce.rule_data import downforce_rules, kart_colour_name
from designer.systems.mk_downforce.season import car_money, car_name, colours, prize_note, prize_table, race_money

CAR, PLACE, OWNER, PAID, PRIZE, COINS, MONEY = range(7)
#: A combo box's frame, padding and arrow around its text (px, Fusion style)
COMBO_CHROME = 36
PLAYER, BETS, RACE_MONEY = range(3)
SWATCH = 14


def swatch(hex_colour: str) -> QIcon:
    """A small square of the kart's colour with a thin dark edge (so yellow shows on white)."""
    pixmap = QPixmap(SWATCH, SWATCH)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setPen(QColor("#333333"))
    painter.setBrush(QColor(hex_colour))
    painter.drawRoundedRect(0, 0, SWATCH - 1, SWATCH - 1, 3, 3)
    painter.end()
    return QIcon(pixmap)


def capitalised(word: str) -> str:
    """A colour word standing on its own: "red" → "Red" (the first letter, wherever it is)."""
    at = next((i for i, ch in enumerate(word) if ch.isalpha()), None)
    return word if at is None else word[:at] + word[at].upper() + word[at + 1:]


class MoneyDelegate(QStyledItemDelegate):
    """Cells that take an amount as people write it; `parse_dollars` decides what it means."""

    def createEditor(self, parent, option, index):
        editor = QLineEdit(parent)
        editor.setMaxLength(24)
        editor.setAlignment(ALIGN_NUMBER)
        return editor


def scrolling(table: QTableWidget) -> None:
    """A table that scrolls sideways and elides its columns instead of widening the window."""
    table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
    table.setTextElideMode(Qt.TextElideMode.ElideRight)
    table.setSizeAdjustPolicy(QAbstractItemView.SizeAdjustPolicy.AdjustIgnored)
    table.setMinimumWidth(200)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
    header.setStretchLastSection(True)
    header.setTextElideMode(Qt.TextElideMode.ElideRight)


def fit_rows(table: QTableWidget) -> None:
    """As tall as its rows, plus room for the sideways scroll bar when the columns are wider than the table."""
    fit_height(table, 1)
    wide = sum(table.columnWidth(c) for c in range(table.columnCount())) > table.viewport().width()
    if wide:
        table.setFixedHeight(table.height() + table.horizontalScrollBar().sizeHint().height())


class SeasonRacePage(QWidget):
    #: never emitted: a Downforce race has no track file (the window connects every race page alike)
    open_track_requested = Signal(Path)

    def __init__(self, session: CampaignSession, messages: MessageLine, index: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        self.index = index  # 0-based; the edits speak 1-based race numbers
        ruleset = session.context.ruleset
        self.colours = colours(ruleset)

        self.prize_label = QLabel(_("Prize money per place (the whole season):"))
        self.prize_table = QTableWidget(1, len(self.colours))
        prepare_table(self.prize_table, [place_ordinal(n) for n in range(1, len(self.colours) + 1)])
        self.prize_table.setItemDelegate(MoneyDelegate(self.prize_table))
        self.prize_table.itemChanged.connect(lambda item: self._entering(item, self._on_prize_changed))
        self.prize_note = muted_label()

        self.hint_label = muted_label(_("Each car's place (all six race, whoever plays), who bought it and what they "
                                        "paid (for example 5M), and its coins; then each player's bet winnings."))
        self.table = QTableWidget(len(self.colours), 7)
        prepare_table(self.table, [_("Car"), _("Place"), _("Owner"), _("Paid"), _("Prize"), _("Coins"),
                                   _("Money")])
        self.table.setItemDelegateForColumn(PAID, MoneyDelegate(self.table))
        self.table.itemChanged.connect(lambda item: self._entering(item, self._on_car_changed))

        self.bets_table = QTableWidget(0, 3)
        prepare_table(self.bets_table, [_("Player"), _("Bet winnings"), _("Money from this race")])
        self.bets_table.setItemDelegateForColumn(BETS, MoneyDelegate(self.bets_table))
        self.bets_table.itemChanged.connect(lambda item: self._entering(item, self._on_bets_changed))

        for table in (self.prize_table, self.table, self.bets_table):
            scrolling(table)
        self.refusals = {
            self.prize_table: CellRefusals(self.prize_table, messages),
            self.table: CellRefusals(self.table, messages,
                                     lambda row: self.colours[row] if 0 <= row < len(self.colours) else None),
            self.bets_table: CellRefusals(self.bets_table, messages, self._row_player),
        }
        self._cell: tuple[QTableWidget, int, int, str] | None = None  # the cell being entered, as typed
        self.run_button = QPushButton(_("Run This Race…"))
        self.run_button.setToolTip(_("Run this race at the table on race day; its result comes back here"))
        self.run_button.clicked.connect(self.run_race)
        self.run_button.setVisible(offers_race_day(session.document.ruleset))
        self.race_window = None  # the Race Day window this page opened, kept alive
        body = QWidget()
        area = QScrollArea()  # three tables and their notes scroll on a laptop's 800 px screen
        area.setWidget(body)
        area.setWidgetResizable(True)
        area.setFrameShape(QFrame.Shape.NoFrame)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(area)
        layout = QVBoxLayout(body)
        layout.addWidget(self.run_button, 0, Qt.AlignmentFlag.AlignRight)
        layout.addWidget(self.prize_label)
        layout.addWidget(self.prize_table)
        layout.addWidget(self.prize_note)
        layout.addSpacing(6)
        layout.addWidget(self.hint_label)
        layout.addWidget(self.table)
        layout.addWidget(self.bets_table)
        layout.addStretch(1)
        session.changed.connect(self.refresh)
        self.refresh()

    def _row_player(self, row: int) -> str | None:
        players = self.session.document.players
        return players[row].name if 0 <= row < len(players) else None

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        for table in (self.prize_table, self.table, self.bets_table):
            fit_rows(table)

    def run_race(self):
        return run_race(self)

    def race(self) -> Race:
        races = self.session.document.races
        return races[self.index] if self.index < len(races) else Race()

    def season(self) -> DownforceRace:
        """The race's cars and bets."""
        return DownforceRace.of(self.race())

    # --- view ------------------------------------------------------------------------------------
    def owner_combo(self, row: int) -> QComboBox:
        combo = self.table.cellWidget(row, OWNER)
        if not isinstance(combo, QComboBox):
            combo = QComboBox()
            combo.activated.connect(lambda at, row=row: self._on_owner_chosen(row, at))
            self.table.setCellWidget(row, OWNER, combo)
        return combo

    def refresh(self) -> None:
        doc, ruleset = self.session.document, self.session.context.ruleset
        race, season = self.race(), self.season()
        for table in (self.prize_table, self.table, self.bets_table):
            table.blockSignals(True)
        for column, amount in enumerate(prize_table(doc, ruleset)[: len(self.colours)]):
            set_cell(self.prize_table, 0, column, format_dollars(amount), editable=True, align=ALIGN_NUMBER)
        self.prize_note.setText(prize_note(doc, ruleset))
        rules = downforce_rules(ruleset)
        for row, colour in enumerate(self.colours):
            car = season.car(colour)
            kart = rules.kart(colour) if rules else None
            item = set_cell(self.table, row, CAR, capitalised(kart_colour_name(ruleset, colour)), bold=True)
            if kart is not None:
                item.setIcon(swatch(kart.hex))
            set_cell(self.table, row, PLACE, car.place if car else "", editable=True, align=ALIGN_CENTRE)
            combo = self.owner_combo(row)
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(_("nobody"), None)
            for player in doc.players:
                combo.addItem(player.name, player.name)
            combo.setCurrentIndex(combo.findData(car.owner) if car and car.owner else 0)
            combo.setEnabled(car is not None)
            combo.setToolTip("" if car else _("enter the place of {car} first").format(car=car_name(ruleset, colour)))
            combo.blockSignals(False)
            money = car_money(doc, ruleset, car) if car else None
            set_cell(self.table, row, PAID, format_dollars(-car.paid) if car and car.paid else "", editable=True,
                     align=ALIGN_NUMBER)
            set_cell(self.table, row, PRIZE, format_dollars(money.prize) if money else "", align=ALIGN_NUMBER)
            set_cell(self.table, row, COINS, "" if car is None or car.coins is None else car.coins, editable=True,
                     align=ALIGN_CENTRE)
            set_cell(self.table, row, MONEY, format_dollars(money.total) if money and car and car.owner else "",
                     align=ALIGN_NUMBER, bold=True)
        self.bets_table.setRowCount(len(doc.players))
        for row, player in enumerate(doc.players):
            got = race_money(doc, ruleset, race, player.name)
            set_cell(self.bets_table, row, PLAYER, player.name)
            set_cell(self.bets_table, row, BETS, format_dollars(season.bet(player.name)) if season.bet(player.name)
                     else "", editable=True, align=ALIGN_NUMBER)
            set_cell(self.bets_table, row, RACE_MONEY, format_dollars(got.total) if got else "", align=ALIGN_NUMBER,
                     bold=True)
        for table in (self.prize_table, self.table, self.bets_table):
            table.resizeColumnsToContents()
            table.blockSignals(False)
            fit_rows(table)
            self.refusals[table].mark()
        # resizeColumnsToContents() does not see the owner combo boxes: the longest name must show (the table scrolls)
        combos = [self.table.cellWidget(row, OWNER) for row in range(self.table.rowCount())]
        widest = max((c.fontMetrics().horizontalAdvance(c.itemText(i)) + COMBO_CHROME
                      for c in combos if c is not None for i in range(c.count())), default=0)
        self.table.setColumnWidth(OWNER, max(self.table.columnWidth(OWNER), widest, 120))

    # --- entries ---------------------------------------------------------------------------------
    def _refuse(self, reason: str) -> None:
        """Refuse the value being entered: the cell goes back to the stored value, marked."""
        if self._cell is not None:
            table, row, column, typed = self._cell
            self.refusals[table].refuse(row, column, typed, not_changed(reason))
        else:
            self.messages.show_message(not_changed(reason))
        self.refresh()

    def _apply(self, text: str, change, *args) -> bool:
        if self._cell is None:
            ok = run_edit(self.session, self.messages, text, change, *args)
        else:
            table, row, column, typed = self._cell
            ok = run_cell_edit(self.session, self.messages, self.refusals[table], (row, column, typed), text, change,
                               *args)
        self.refresh()
        return ok

    def _entering(self, item: QTableWidgetItem, enter) -> None:
        self._cell = (item.tableWidget(), item.row(), item.column(), item.text().strip())
        try:
            enter(item)
        finally:
            self._cell = None

    def set_car(self, colour: str, *, place: int | None = None, owner: str | bool | None = False,
                paid: int | None = None, coins: int | bool | None = False) -> bool:
        """Enter the car of `colour` keeping what is not given (False: keep the owner or coins)."""
        ruleset = self.session.context.ruleset
        car = self.season().car(colour)
        place = place if place is not None else (car.place if car else None)
        if place is None:
            self._refuse(_("enter the place of {car} first").format(car=car_name(ruleset, colour)))
            return False
        owner = (car.owner if car else None) if owner is False else owner
        coins = (car.coins if car else None) if coins is False else coins
        paid = paid if paid is not None else (car.paid if car else 0)
        text = _("Race {n}: {car} {place}").format(n=self.index + 1, car=car_name(ruleset, colour),
                                                   place=place_ordinal(place))
        return self._apply(text, season_edit.set_car, self.index + 1, colour, place, owner or None, paid, coins)

    def _on_car_changed(self, item: QTableWidgetItem) -> None:
        row, column = item.row(), item.column()
        if not 0 <= row < len(self.colours) or column not in (PLACE, PAID, COINS):
            return
        colour, typed = self.colours[row], item.text().strip()
        ruleset = self.session.context.ruleset
        if column == PLACE and not typed:
            if self.season().car(colour) is not None:
                self._apply(_("Race {n}: clear {car}").format(n=self.index + 1, car=car_name(ruleset, colour)),
                            season_edit.clear_car, self.index + 1, colour)
            return
        if column == PAID:
            try:
                paid = parse_dollars(typed[1:] if typed[:1] in ("-", "\u2212") else typed)
            except MoneyError as exc:
                self._refuse(_("{car}: {reason}").format(car=car_name(ruleset, colour), reason=exc))
                return
            self.set_car(colour, paid=paid)
            return
        if typed and not typed.isdigit():
            self._refuse(_("{car}: {text} is not a whole number").format(car=car_name(ruleset, colour),
                                                                          text=repr(typed)))
            return
        if column == PLACE:
            self.set_car(colour, place=int(typed))
        else:
            self.set_car(colour, coins=int(typed) if typed else None)

    def _on_owner_chosen(self, row: int, at: int) -> None:
        combo = self.owner_combo(row)
        self.set_car(self.colours[row], owner=combo.itemData(at))

    def _on_bets_changed(self, item: QTableWidgetItem) -> None:
        players = self.session.document.players
        if item.column() != BETS or not 0 <= item.row() < len(players):
            return
        name = players[item.row()].name
        try:
            amount = parse_dollars(item.text())
        except MoneyError as exc:
            self._refuse(_("{player}: {reason}").format(player=name, reason=exc))
            return
        self._apply(_("Race {n}: {player}'s bet winnings {amount}").format(
            n=self.index + 1, player=name, amount=format_dollars(amount)),
            season_edit.set_bets, self.index + 1, name, amount)

    def _on_prize_changed(self, item: QTableWidgetItem) -> None:
        doc, ruleset = self.session.document, self.session.context.ruleset
        try:
            amount = parse_dollars(item.text())
        except MoneyError as exc:
            self._refuse(_("prize for {place}: {reason}").format(place=place_ordinal(item.column() + 1),
                                                                  reason=exc))
            return
        table = list(prize_table(doc, ruleset))
        table[item.column()] = amount
        self._apply(_("Prize money for {place}: {amount}").format(place=place_ordinal(item.column() + 1),
                                                                   amount=format_dollars(amount)),
                    season_edit.set_prizes, table)
