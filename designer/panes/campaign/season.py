"""A Downforce season's race page: the race page's Place and Coins, then the kart raced (a combo of the rule
data's colours, each with its swatch; without a choice, the colour the player's character stands in for),
the prize money and the bet winnings in whole dollars ("2M", "500k", "$2,000,000": `parse_dollars`), and
the money the race brought. The board game has no gates, so that column is hidden.

Every entry is one undoable `edit.set_result` keeping the result's other values; a refusal (two karts of one
colour in a race, an amount that is not money) goes to the message line and the row shows the stored values.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import QComboBox, QLineEdit, QStyledItemDelegate, QTableWidgetItem, QWidget

from designer.campaign import edit
from designer.campaign.money import MoneyError, parse_dollars
from designer.campaign.season import kart_of, race_money
from designer.document.campaign import CampaignSession
from designer.i18n import _, format_dollars
from designer.model.campaign import RaceResult
from designer.panes.campaign.common import (
    ALIGN_NUMBER,
    MessageLine,
    ordinal,
    set_cell,
)
from designer.panes.campaign.races import GATES, RacePage
from designer.panes.campaign.season_standings import race_money_tip
from designer.rules.texts import kart_colour_name

KART, PRIZE, BETS, MONEY = 4, 5, 6, 7
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


class SeasonRacePage(RacePage):
    def __init__(self, session: CampaignSession, messages: MessageLine, index: int,
                 parent: QWidget | None = None) -> None:
        super().__init__(session, messages, index, parent)
        self.table.setItemDelegateForColumn(PRIZE, MoneyDelegate(self.table))
        self.table.setItemDelegateForColumn(BETS, MoneyDelegate(self.table))
        self.table.setColumnHidden(GATES, True)
        self.hint_label.setText(_("Type each player's place first, then pick the kart raced and type the coins, the "
                                  "prize money and the bet winnings (for example 2M or 500k); emptying a place "
                                  "removes that result."))
        self.refresh()

    def result_headers(self) -> list[str]:
        return [_("Player"), _("Place"), _("Gates"), _("Coins"), _("Kart"), _("Prize"), _("Bets"), _("Money")]

    # --- view ------------------------------------------------------------------------------------
    def kart_combo(self, row: int) -> QComboBox:
        combo = self.table.cellWidget(row, KART)
        if isinstance(combo, QComboBox):
            return combo
        combo = QComboBox()
        combo.setPlaceholderText("—")
        rules = self.session.context.ruleset.downforce
        for kart in rules.karts if rules else []:
            name = kart_colour_name(self.session.context.ruleset, kart.colour)
            combo.addItem(swatch(kart.hex), capitalised(name), kart.colour)
        combo.activated.connect(lambda at, combo=combo: self._on_kart_chosen(combo, at))
        self.table.setCellWidget(row, KART, combo)
        return combo

    def total_column(self) -> int | None:
        return MONEY

    def fill(self) -> None:
        super().fill()
        doc, ruleset = self.session.document, self.session.context.ruleset
        rules = ruleset.downforce
        race = self.race()
        self.table.blockSignals(True)
        for row, player in enumerate(doc.players):
            result = race.result(player.name)
            combo = self.kart_combo(row)
            combo.setProperty("player", player.name)
            if result is not None:
                colour = kart_of(doc, ruleset, result)
            else:
                colour = rules.colour_of(player.character) if rules else None
            combo.blockSignals(True)
            combo.setCurrentIndex(combo.findData(colour) if colour else -1)
            combo.blockSignals(False)
            combo.setEnabled(result is not None)
            combo.setToolTip("" if result is not None else _("enter {player}'s place first").format(
                player=player.name))
            set_cell(self.table, row, PRIZE, format_dollars(result.prize) if result else "", editable=True,
                     align=ALIGN_NUMBER)
            set_cell(self.table, row, BETS, format_dollars(result.bets) if result else "", editable=True,
                     align=ALIGN_NUMBER)
            money = race_money(doc, ruleset, result) if result is not None else None
            set_cell(self.table, row, MONEY, format_dollars(money.total) if money else "", align=ALIGN_NUMBER,
                     bold=True, tip=race_money_tip(ruleset, money) if money else "")
        self.table.blockSignals(False)

    # --- results ---------------------------------------------------------------------------------
    def enter_cell(self, item: QTableWidgetItem) -> None:
        column = item.column()
        players = self.session.document.players
        if column not in (PRIZE, BETS) or not 0 <= item.row() < len(players):
            super().enter_cell(item)
            return
        player = players[item.row()].name
        current = self.race().result(player)
        try:
            amount = parse_dollars(item.text())
        except MoneyError as exc:
            self._refuse(str(exc))
            return
        if current is None:
            if amount:
                self._refuse(_("enter {player}'s place first").format(player=player))
            else:
                self.refresh()
            return
        if column == PRIZE:
            self.enter_result(player, current.place, current.gates, current.coins, prize=amount,
                              text=_("Race {n}: {player}'s prize money {amount}").format(
                                  n=self.index + 1, player=player, amount=format_dollars(amount)))
        else:
            self.enter_result(player, current.place, current.gates, current.coins, bets=amount,
                              text=_("Race {n}: {player}'s bet winnings {amount}").format(
                                  n=self.index + 1, player=player, amount=format_dollars(amount)))

    def _on_kart_chosen(self, combo: QComboBox, at: int) -> None:
        player = combo.property("player")
        current = self.race().result(player) if player else None
        colour = combo.itemData(at)
        if current is None or colour is None:
            self.refresh()
            return
        self.enter_result(player, current.place, current.gates, current.coins, kart=colour,
                          text=_("Race {n}: {player} in the {kart} kart").format(
                              n=self.index + 1, player=player,
                              kart=kart_colour_name(self.session.context.ruleset, colour)))

    def kart_of(self, player: str) -> str | None:
        result = self.race().result(player)
        return kart_of(self.session.document, self.session.context.ruleset, result) if result else None

    def free_kart(self, player: str) -> str | None:
        """The kart a new result starts in: None (the character's colour) unless another result of this race
        already has that colour, then the first colour nobody races — else the player could never be entered,
        as the kart combo waits for the place."""
        doc, ruleset = self.session.document, self.session.context.ruleset
        rules, someone = ruleset.downforce, doc.player(player)
        if rules is None or someone is None:
            return None
        taken = {kart_of(doc, ruleset, r) for r in self.race().results if r.player.casefold() != player.casefold()}
        if rules.colour_of(someone.character) not in taken:
            return None
        return next((k.colour for k in rules.karts if k.colour not in taken), None)

    def enter_result(self, player: str, place: int, gates: int | None = None, coins: int | None = None, *,
                     kart: str | None = None, prize: int | None = None, bets: int | None = None,
                     text: str | None = None) -> bool:
        """Enter the result keeping what is not given (the kart, prize and bets already entered)."""
        current: RaceResult | None = self.race().result(player)
        kart = kart if kart is not None else (current.kart if current else self.free_kart(player))
        prize = prize if prize is not None else (current.prize if current else 0)
        bets = bets if bets is not None else (current.bets if current else 0)
        text = text or _("Race {n}: {player} {ordinal}").format(n=self.index + 1, player=player,
                                                                 ordinal=ordinal(place))
        return self.apply(text, edit.set_result, self.index + 1, player, place, gates, coins, kart, prize, bets)

