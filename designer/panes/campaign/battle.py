"""The Balloon Battle page of the Campaign window.

One battle at a time (a selector when the campaign has several): a card per kart with its balloons, a
"Wipe Out" button per kart, the log of Wipe Outs, the elimination order and, once one kart is left, a
winner banner. Every edit goes through `CampaignSession.apply` (one undo step each); a refusal from the
campaign core (a kart already out, a battle that is over) appears in the red message line and changes
nothing. The page rebuilds itself from `session.document` whenever the session says it changed, so undo
and redo from the window's Undo action show up here too.
"""

from __future__ import annotations

import contextlib

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from designer.campaign.battle import BattleState, battle_state
from designer.campaign.edit import add_battle, set_battle, wipe_out
from designer.campaign.errors import CampaignError
from designer.campaign.roster import character_label
from designer.i18n import _, ngettext
from designer.io.campaign_io import relative_track
from designer.model.campaign import Battle
from designer.panes import theme
from designer.panes.campaign.battle_cards import KartCard, kart_color
from designer.panes.campaign.battle_dialog import NewBattleDialog, choose_track_file
from designer.panes.campaign.common import MessageLine, not_changed, ordinal, track_state
from designer.panes.markup import escaped, literal, plain
from designer.panes.theme import follow_palette

CARD_COLUMNS = 3


def arena_name(session, track: str | None) -> str:
    """The arena track's own name when the file reads, else what is wrong with it."""
    return track_state(session, track)[1] if track else _("no arena chosen")


def log_lines(battle: Battle, start: int) -> list[str]:
    """The Wipe Outs in words, each with the balloons the kart had left after it."""
    left: dict[str, int] = {}
    lines = []
    for i, wipe in enumerate(battle.wipe_outs, 1):
        key = wipe.player.casefold()
        left[key] = left.get(key, start) - 1
        by = wipe.by if wipe.by and wipe.by.casefold() != key else None
        if left[key] == 0:
            after = _("out of the battle")
        else:
            after = ngettext("{n} left", "{n} left", left[key]).format(n=left[key])
        line = _("{n}. {player} wiped out (popped by {by}): {after}") if by else _("{n}. {player} wiped out: {after}")
        lines.append(line.format(n=i, player=wipe.player, by=by, after=after))
    return lines


class BattlePage(QWidget):
    def __init__(self, session, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.session = session
        self.cards: dict[str, KartCard] = {}
        self._index = 0
        self._battle_count = len(session.document.battles)
        self._build()
        session.changed.connect(self.refresh)
        # `changed` comes from inside push/undo, before the stack has moved, so the button follows the stack
        session.undo_stack.indexChanged.connect(self._update_undo_button)
        self.refresh()

    # --- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.title = QLabel()
        self.title.setStyleSheet("font-size: 14pt; font-weight: 600")
        self.battle_combo = QComboBox()
        self.battle_combo.currentIndexChanged.connect(self._on_battle_chosen)
        self.arena_label = plain(QLabel())
        self.arena_button = QPushButton(_("Change arena…"))
        self.arena_button.clicked.connect(self._on_change_arena)
        self.new_button = QPushButton(_("New battle…"))
        self.new_button.clicked.connect(self._on_new_battle)
        self.undo_button = QPushButton(_("Undo last Wipe Out"))
        self.undo_button.clicked.connect(self.undo_last_wipe_out)
        for widget in (self.title, self.battle_combo, self.arena_label, self.arena_button):
            top.addWidget(widget)
        top.addStretch(1)
        top.addWidget(self.undo_button)
        top.addWidget(self.new_button)
        layout.addLayout(top)

        self.message = MessageLine()
        layout.addWidget(self.message)
        self.banner = plain(QLabel())
        self.banner.setAlignment(Qt.AlignmentFlag.AlignCenter)
        follow_palette(self.banner, self._restyle_banner)
        layout.addWidget(self.banner)

        body = QHBoxLayout()
        self.scroll = QScrollArea()
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        body.addWidget(self.scroll, 5)
        side = QVBoxLayout()
        side.addWidget(QLabel("<b>" + _("Wipe Outs") + "</b>"))
        self.log_list = QListWidget()
        side.addWidget(self.log_list, 1)
        side.addWidget(QLabel("<b>" + _("Elimination order") + "</b>"))
        self.order_label = QLabel()
        self.order_label.setTextFormat(Qt.TextFormat.RichText)
        self.order_label.setWordWrap(True)
        self.order_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        side.addWidget(self.order_label)
        body.addLayout(side, 2)
        layout.addLayout(body, 1)

    # --- refresh from the document ---------------------------------------------------------------
    def _restyle_banner(self) -> None:
        theme.set_style(self.banner, theme.gold_notice(theme.palette(self.banner), 0.4).style(
            extra="border-radius: 6px; padding: 8px; font-size: 15pt; font-weight: 700;"))

    def refresh(self) -> None:
        doc = self.session.document
        count = len(doc.battles)
        if count > self._battle_count:  # a battle was just added: show it
            self._index = count - 1
        self._battle_count = count
        self._index = min(self._index, max(count - 1, 0))
        self._fill_combo()
        self.arena_button.setEnabled(count > 0)
        self._update_undo_button()
        state = None
        if count:
            try:
                state = battle_state(doc, self.session.context, self._index)
            except CampaignError as exc:
                self.show_message(str(exc))
        self._fill_cards(state)
        self._fill_side(state)

    def _fill_combo(self) -> None:
        doc = self.session.document
        self.battle_combo.blockSignals(True)
        self.battle_combo.clear()
        for i, battle in enumerate(doc.battles):
            self.battle_combo.addItem(_("Battle {n} — {arena}").format(n=i + 1,
                                                                        arena=arena_name(self.session, battle.track)))
        self.battle_combo.setCurrentIndex(self._index)
        self.battle_combo.blockSignals(False)
        self.battle_combo.setVisible(len(doc.battles) > 1)
        self.title.setVisible(len(doc.battles) <= 1)
        self.title.setText(_("Battle {n}").format(n=self._index + 1) if doc.battles else _("No battle yet"))
        track = doc.battles[self._index].track if doc.battles else None
        self.arena_label.setText(_("Arena: {arena}").format(arena=arena_name(self.session, track))
                                 if doc.battles else "")
        resolved = self.session.resolve_track(track)
        self.arena_label.setToolTip(literal(str(resolved)) if resolved else "")

    def _fill_cards(self, state: BattleState | None) -> None:
        old = self.scroll.takeWidget()
        if old is not None:
            old.deleteLater()  # a card's own click may have led here: delete it only after the signal
        self.cards = {}
        holder = QWidget()
        grid = QGridLayout(holder)
        grid.setSpacing(10)
        if state is None or not state.karts:
            hint = _("Start a battle with “New battle…”.") if state is None else _("Add players to the campaign.")
            grid.addWidget(QLabel(hint), 0, 0)
        else:
            self._add_cards(grid, state)
        grid.setRowStretch(grid.rowCount(), 1)
        self.scroll.setWidget(holder)

    def _add_cards(self, grid: QGridLayout, state: BattleState) -> None:
        doc = self.session.document
        roster = [n.casefold() for n in doc.player_names()]
        total = self.session.context.balloons()
        for i, kart in enumerate(state.karts):
            left = state.balloons[kart]
            if state.winner == kart:
                status = _("Winner — the last kart with balloons")
            elif left == 0:
                status = _("Out — {ordinal} kart out").format(ordinal=ordinal(state.out.index(kart) + 1))
            else:
                status = ngettext("{n} balloon left", "{n} balloons left", left).format(n=left)
                if state.pops.get(kart):
                    status = _("{status} · popped {n}").format(status=status, n=state.pops[kart])
            player = doc.player(kart)
            colour = kart_color(roster.index(kart.casefold()) if kart.casefold() in roster else i)
            hitters = [k for k in state.alive if k != kart]
            shown = character_label(doc, self.session.context.ruleset, player.character) if player else ""
            card = KartCard(kart, shown, colour, total, left, hitters, status,
                            winner=state.winner == kart, enabled=left > 0 and not state.over)
            card.wipe_out_requested.connect(self.wipe_out)
            grid.addWidget(card, i // CARD_COLUMNS, i % CARD_COLUMNS)
            self.cards[kart] = card

    def _fill_side(self, state: BattleState | None) -> None:
        doc = self.session.document
        self.log_list.clear()
        if state is None:
            self.order_label.setText("")
            self.banner.hide()
            return
        self.log_list.addItems(log_lines(doc.battles[self._index], self.session.context.balloons()))
        self.log_list.scrollToBottom()
        lines = [_("{ordinal} out: {kart}").format(ordinal=ordinal(i), kart=escaped(kart))
                 for i, kart in enumerate(state.out, 1)] or [_("Nobody is out yet.")]
        if state.over:
            standing = ", ".join(f"{i}. {escaped(k)}" for i, k in enumerate(state.finishing_order(), 1))
            lines.append(_("<br><b>Final standing:</b> {standing}").format(standing=standing))
        self.order_label.setText("<br>".join(lines))
        self.banner.setVisible(state.winner is not None)
        self.banner.setText(_("{player} wins the battle!").format(player=state.winner) if state.winner else "")

    def _update_undo_button(self, *_args) -> None:
        with contextlib.suppress(RuntimeError):  # the stack or the button is already gone (application shutdown)
            self.undo_button.setEnabled(self.session.undo_edit() is wipe_out)

    # --- edits ----------------------------------------------------------------------------------
    def current_index(self) -> int:
        return self._index

    def select_battle(self, index: int) -> None:
        self._index = index
        self.refresh()

    def wipe_out(self, player: str, by: str | None = None) -> str | None:
        """Pop one of `player`'s balloons in the shown battle; returns the refusal, if any."""
        text = (_("Wipe Out {player} (by {by})").format(player=player, by=by) if by
                else _("Wipe Out {player}").format(player=player))
        return self._apply(text, wipe_out, self._index, player, by)

    def add_battle(self, track: str | None, karts: list[str]) -> str | None:
        stored = relative_track(self.session.path, track) if track else None
        return self._apply(_("New battle"), add_battle, stored, karts)

    def set_arena(self, track: str | None) -> str | None:
        doc = self.session.document
        if not doc.battles:
            return None
        stored = relative_track(self.session.path, track) if track else None
        battle = doc.battles[self._index]
        return self._apply(_("Change arena"), set_battle, self._index, stored, list(battle.karts))

    def undo_last_wipe_out(self) -> None:
        if self.session.undo_edit() is wipe_out:
            self.session.undo_stack.undo()

    def show_message(self, text: str) -> None:
        self.message.show_message(text)

    def _apply(self, text: str, edit, *args) -> str | None:
        refusal = self.session.apply(text, edit, *args)
        self.show_message(not_changed(refusal) if refusal else "")
        return refusal

    def _on_battle_chosen(self, index: int) -> None:
        if index >= 0:
            self.select_battle(index)

    def _on_new_battle(self) -> None:
        doc = self.session.document
        folder = self.session.path.parent if self.session.path else None
        ruleset = self.session.context.ruleset
        dialog = NewBattleDialog([(p.name, character_label(doc, ruleset, p.character)) for p in doc.players], folder,
                                 self)
        if dialog.exec():
            self.add_battle(dialog.track(), dialog.karts())

    def _on_change_arena(self) -> None:
        folder = self.session.path.parent if self.session.path else None
        chosen = choose_track_file(self, folder)
        if chosen:
            self.set_arena(chosen)

