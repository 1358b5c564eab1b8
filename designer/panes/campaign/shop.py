"""The upgrade shop: what an upgrade costs, the caps, each kart's current stats and points, a Buy
button per stat that is enabled only when the purchase is allowed (the reason otherwise), and the
upgrades bought so far with a way to take one back."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QTableWidget, QVBoxLayout, QWidget

from designer.campaign import edit
from designer.campaign.grand_prix import ShopOffer, races_complete, shop, shop_window, stat_label
from designer.campaign.roster import character_label
from designer.document.campaign import CampaignSession
from designer.i18n import N_, _, ngettext
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

OFFER_COLUMNS = [N_("Player"), N_("Character"), N_("Points"), N_("Handling"), "", N_("Max Gear"), "", N_("Why not")]
STAT_COLUMN = {"handling": 3, "max_gear": 5}
NOTES = 7


def shop_status(session: CampaignSession) -> str:
    doc, ctx = session.document, session.context
    gp = ctx.grand_prix()
    window = shop_window(doc, ctx)
    if window is not None:
        return _("<b>Open</b> after race {n}: upgrades bought now count from race {next} "
                 "to the end of the Grand Prix.").format(n=window, next=window + 1)
    done = races_complete(doc)
    if done == 0:
        return _("<b>Closed</b>: the shop opens once race 1 is finished.")
    if done >= gp.races:
        return _("<b>Closed</b>: the Grand Prix is over.")
    return _("<b>Closed</b>: race {n} has started; the shop opens again when it is finished.").format(n=done + 1)


class ShopPage(QWidget):
    def __init__(self, session: CampaignSession, messages: MessageLine, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.messages = messages
        gp = session.context.grand_prix()
        caps = "; ".join(_("{stat} +{step}, never above {cap}").format(stat=stat_label(u.stat), step=u.step, cap=u.cap)
                         for u in gp.upgrades)
        self.rules_label = QLabel(_("Each upgrade costs <b>{cost} points</b> from the running total "
                                    "and lasts for the rest of the Grand Prix. {caps}.").format(cost=gp.upgrade_cost,
                                                                                                caps=caps))
        self.rules_label.setWordWrap(True)
        self.status_label = QLabel()
        self.status_label.setWordWrap(True)
        self.table = QTableWidget(0, len(OFFER_COLUMNS))
        prepare_table(self.table, [_(c) if c else c for c in OFFER_COLUMNS], stretch=NOTES)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.bought_table = QTableWidget(0, 5)
        prepare_table(self.bought_table, [_("Player"), _("Upgrade"), _("Bought after"), _("Cost"), ""])
        self.bought_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.empty_label = muted_label(_("No upgrades bought yet."))

        layout = QVBoxLayout(self)
        layout.addWidget(heading(_("Upgrade shop")))
        layout.addWidget(self.rules_label)
        layout.addWidget(self.status_label)
        layout.addWidget(self.table)
        layout.addSpacing(8)
        layout.addWidget(heading(_("Bought upgrades")))
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
                     tip=_("Points left to spend after the last finished race") if open_now else "")
            notes = []
            for stat in STATS:
                offer = mine.get(stat)
                column = STAT_COLUMN[stat]
                value = "—" if offer is None or offer.value is None else offer.value
                set_cell(self.table, row, column, f"{value} / {offer.cap}" if offer else "—", align=ALIGN_CENTRE,
                         tip=_("now / cap"))
                self.table.setCellWidget(row, column + 1, self._buy_button(offer))
                if offer is not None and not offer.allowed and open_now:
                    label = stat_label(stat)
                    notes.append(offer.reason if offer.reason.startswith(label)
                                 else _("{stat}: {reason}").format(stat=label, reason=offer.reason))
            set_cell(self.table, row, NOTES, "; ".join(notes), colour=MUTED_COLOUR)
        fit_height(self.table, 2)
        self._refresh_bought()

    def _buy_button(self, offer: ShopOffer | None) -> QWidget:
        if offer is None:
            return QLabel("")
        label = stat_label(offer.stat)
        button = QPushButton(_("Buy +1 {stat}").format(stat=label))
        button.setProperty("offer", (offer.player, offer.stat))
        button.setEnabled(offer.allowed)
        button.setToolTip(literal(
            _("Spend {cost} points on +1 {stat} for {player}").format(cost=offer.cost, stat=label, player=offer.player)
            if offer.allowed else _("Not possible: {reason}").format(reason=offer.reason)))
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
            set_cell(self.bought_table, row, 1, f"+1 {stat_label(upgrade.stat)}")
            set_cell(self.bought_table, row, 2, _("race {n}").format(n=upgrade.after_race), align=ALIGN_CENTRE)
            set_cell(self.bought_table, row, 3, ngettext("{n} point", "{n} points", cost).format(n=cost),
                     align=ALIGN_NUMBER)
            button = QPushButton(_("Remove"))
            button.setToolTip(_("Take this upgrade back and refund its points"))
            button.clicked.connect(lambda _c=False, i=row: self.remove(i))
            self.bought_table.setCellWidget(row, 4, button)
        fit_height(self.bought_table, 1)
        fit_width(self.bought_table)
        self.empty_label.setVisible(not doc.upgrades)
        self.bought_table.setVisible(bool(doc.upgrades))

    # --- edits -----------------------------------------------------------------------------------
    def buy(self, player: str, stat: str) -> bool:
        return run_edit(self.session, self.messages,
                        _("{player} buys +1 {stat}").format(player=player, stat=stat_label(stat)),
                        edit.buy_upgrade, player, stat)

    def remove(self, index: int) -> bool:
        upgrade = self.session.document.upgrades[index]
        return run_edit(self.session, self.messages,
                        _("Take back {player}'s +1 {stat}").format(player=upgrade.player,
                                                                   stat=stat_label(upgrade.stat)),
                        edit.remove_upgrade, index)

    def buy_button(self, player: str, stat: str) -> QPushButton:
        row = self.session.document.player_names().index(player)
        return self.table.cellWidget(row, STAT_COLUMN[stat] + 1).findChild(QPushButton)
