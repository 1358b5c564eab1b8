"""The upgrade shop: what an upgrade costs, the caps, each kart's current stats and points, a Buy
button per stat that is enabled only when the purchase is allowed (the reason otherwise), and the
upgrades bought so far with a way to take one back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTableWidget, QVBoxLayout, QWidget

from designer.campaign import edit
from designer.campaign.grand_prix import STAT_LABELS, ShopOffer, races_complete, shop, shop_window
from designer.campaign.roster import character_label
from designer.document.campaign import CampaignSession
from designer.model.campaign import STATS
from designer.panes.campaign.common import (
    ALIGN_CENTRE,
    ALIGN_NUMBER,
    MUTED_COLOUR,
    MessageLine,
    fit_height,
    fit_width,
    heading,
    muted_label,
    prepare_table,
    run_edit,
    set_cell,
)
from designer.panes.markup import literal

OFFER_COLUMNS = ["Player", "Character", "Points", "Handling", "", "Max Gear", "", "Why not"]
STAT_COLUMN = {"handling": 3, "max_gear": 5}
NOTES = 7


def shop_status(session: CampaignSession) -> str:
    doc, ctx = session.document, session.context
    gp = ctx.grand_prix()
    window = shop_window(doc, ctx)
    if window is not None:
        return (f"<b>Open</b> after race {window}: upgrades bought now count from race {window + 1} "
                "to the end of the Grand Prix.")
    done = races_complete(doc)
    if done == 0:
        return "<b>Closed</b>: the shop opens once race 1 is finished."
    if done >= gp.races:
        return "<b>Closed</b>: the Grand Prix is over."
    return f"<b>Closed</b>: race {done + 1} has started; the shop opens again when it is finished."


class ShopPage(QWidget):
    def __init__(self, session: CampaignSession, messages: MessageLine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        gp = session.context.grand_prix()
        caps = "; ".join(f"{STAT_LABELS[u.stat]} +{u.step}, never above {u.cap}" for u in gp.upgrades)
        self.rules_label = QLabel(f"Each upgrade costs <b>{gp.upgrade_cost} points</b> from the running total "
                                  f"and lasts for the rest of the Grand Prix. {caps}.")
        self.rules_label.setWordWrap(True)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.table = QTableWidget(0, len(OFFER_COLUMNS))
        prepare_table(self.table, OFFER_COLUMNS, stretch=NOTES)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.bought_table = QTableWidget(0, 5)
        prepare_table(self.bought_table, ["Player", "Upgrade", "Bought after", "Cost", ""])
        self.bought_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.empty_label = muted_label("No upgrades bought yet.")

        layout = QVBoxLayout(self)
        layout.addWidget(heading("Upgrade shop"))
        layout.addWidget(self.rules_label)
        layout.addWidget(self.status_label)
        layout.addWidget(self.table)
        layout.addSpacing(8)
        layout.addWidget(heading("Bought upgrades"))
        layout.addWidget(self.empty_label)
        layout.addWidget(self.bought_table, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addStretch(1)
        session.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        doc, ctx = self.session.document, self.session.context
        self.status_label.setText(shop_status(self.session))
        offers = shop(doc, ctx)
        open_now = shop_window(doc, ctx) is not None
        self.table.setRowCount(len(doc.players))
        for row, player in enumerate(doc.players):
            mine = {o.stat: o for o in offers if o.player == player.name}
            points = next(iter(mine.values())).points if mine and open_now else None
            set_cell(self.table, row, 0, player.name, bold=True)
            set_cell(self.table, row, 1, character_label(doc, ctx.ruleset, player.character))
            set_cell(self.table, row, 2, "—" if points is None else points, align=ALIGN_NUMBER,
                     tip="Points left to spend after the last finished race" if open_now else "")
            notes = []
            for stat in STATS:
                offer = mine.get(stat)
                column = STAT_COLUMN[stat]
                value = "—" if offer is None or offer.value is None else offer.value
                set_cell(self.table, row, column, f"{value} / {offer.cap}" if offer else "—", align=ALIGN_CENTRE,
                         tip="now / cap")
                self.table.setCellWidget(row, column + 1, self._buy_button(offer))
                if offer is not None and not offer.allowed and open_now:
                    label = STAT_LABELS[stat]
                    notes.append(offer.reason if offer.reason.startswith(label) else f"{label}: {offer.reason}")
            set_cell(self.table, row, NOTES, "; ".join(notes), colour=MUTED_COLOUR)
        fit_height(self.table, 2)
        self._refresh_bought()

    def _buy_button(self, offer: ShopOffer | None) -> QWidget:
        if offer is None:
            return QLabel("")
        label = STAT_LABELS[offer.stat]
        button = QPushButton(f"Buy +1 {label}")
        button.setProperty("offer", (offer.player, offer.stat))
        button.setEnabled(offer.allowed)
        button.setToolTip(literal(f"Spend {offer.cost} points on +1 {label} for {offer.player}" if offer.allowed
                                  else f"Not possible: {offer.reason}"))
        button.clicked.connect(lambda _c=False, p=offer.player, s=offer.stat: self.buy(p, s))
        holder = QWidget()
        box = QHBoxLayout(holder)
        box.setContentsMargins(4, 1, 4, 1)
        box.addWidget(button)
        return holder

    def _refresh_bought(self) -> None:
        doc, ctx = self.session.document, self.session.context
        cost = ctx.grand_prix().upgrade_cost
        self.bought_table.setRowCount(len(doc.upgrades))
        for row, upgrade in enumerate(doc.upgrades):
            set_cell(self.bought_table, row, 0, upgrade.player)
            set_cell(self.bought_table, row, 1, f"+1 {STAT_LABELS[upgrade.stat]}")
            set_cell(self.bought_table, row, 2, f"race {upgrade.after_race}", align=ALIGN_CENTRE)
            set_cell(self.bought_table, row, 3, f"{cost} points", align=ALIGN_NUMBER)
            button = QPushButton("Remove")
            button.setToolTip("Take this upgrade back and refund its points")
            button.clicked.connect(lambda _c=False, i=row: self.remove(i))
            self.bought_table.setCellWidget(row, 4, button)
        fit_height(self.bought_table, 1)
        fit_width(self.bought_table)
        self.empty_label.setVisible(not doc.upgrades)
        self.bought_table.setVisible(bool(doc.upgrades))

    # --- edits -----------------------------------------------------------------------------------
    def buy(self, player: str, stat: str) -> bool:
        return run_edit(self.session, self.messages, f"{player} buys +1 {STAT_LABELS[stat]}",
                        edit.buy_upgrade, player, stat)

    def remove(self, index: int) -> bool:
        upgrade = self.session.document.upgrades[index]
        return run_edit(self.session, self.messages,
                        f"Take back {upgrade.player}'s +1 {STAT_LABELS[upgrade.stat]}", edit.remove_upgrade, index)

    def buy_button(self, player: str, stat: str) -> QPushButton:
        row = self.session.document.player_names().index(player)
        return self.table.cellWidget(row, STAT_COLUMN[stat] + 1).findChild(QPushButton)
