"""Balloon Battles: every kart starts with the ruleset's balloons; each Wipe Out pops one; a kart whose
last balloon pops is out. The log gives the elimination order and, when one kart is left, the winner."""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.roster import require_player
from designer.i18n import _
from designer.io.display import clip
from designer.model.campaign import Battle, CampaignDocument


@dataclass
class BattleState:
    karts: list[str]
    balloons: dict[str, int]
    out: list[str] = field(default_factory=list)  # elimination order, first out first
    pops: dict[str, int] = field(default_factory=dict)  # balloons each kart popped on others

    @property
    def winner(self) -> str | None:
        alive = self.alive
        return alive[0] if len(alive) == 1 and len(self.karts) > 1 else None

    @property
    def alive(self) -> list[str]:
        return [k for k in self.karts if self.balloons[k] > 0]

    @property
    def over(self) -> bool:
        return len(self.alive) <= 1 and len(self.karts) > 1

    def finishing_order(self) -> list[str]:
        """Winner first, then the karts in reverse order of elimination."""
        return self.alive + list(reversed(self.out)) if self.over else []


def battle_location(index: int) -> str:
    """Where in a campaign battle `index` (0-based) is, as a refusal names it: "battle 2"."""
    return _("battle {n}").format(n=index + 1)


def battle_karts(doc: CampaignDocument, battle: Battle) -> list[str]:
    return list(battle.karts) if battle.karts else doc.player_names()


def battle_state(doc: CampaignDocument, ctx: Context, index: int) -> BattleState:
    """Replay battle `index`'s log, refusing the first entry that cannot have happened."""
    battle = doc.battles[index]
    where = battle_location(index)
    karts: list[str] = []
    for name in battle_karts(doc, battle):
        name = require_player(doc, name, where)
        if name in karts:
            raise CampaignError(_("{name} is in the battle twice").format(name=name), where)
        karts.append(name)
    if battle.karts and len(karts) < 2:
        raise CampaignError(_("a battle needs at least two karts"), where)
    start = ctx.balloons()
    state = BattleState(karts, {k: start for k in karts}, pops={k: 0 for k in karts})
    for i, wipe in enumerate(battle.wipe_outs):
        apply_wipe_out(state, wipe.player, wipe.by, _("{battle}, wipe-out {n}").format(battle=where, n=i + 1))
    return state


def apply_wipe_out(state: BattleState, player: str, by: str | None, where: str) -> None:
    kart = _kart(state, player, where)
    if state.over:
        raise CampaignError(_("the battle is over ({winner} won)").format(winner=state.winner), where)
    if state.balloons[kart] == 0:
        raise CampaignError(_("{kart} is already out").format(kart=kart), where)
    if by is not None:
        hitter = _kart(state, by, where)
        if state.balloons[hitter] == 0:
            raise CampaignError(_("{kart} is out and cannot pop balloons").format(kart=hitter), where)
        if hitter != kart:
            state.pops[hitter] += 1
    state.balloons[kart] -= 1
    if state.balloons[kart] == 0:
        state.out.append(kart)


def _kart(state: BattleState, name: str, where: str) -> str:
    key = name.casefold()
    for kart in state.karts:
        if kart.casefold() == key:
            return kart
    raise CampaignError(_("'{name}' is not a kart in this battle (karts: {karts})").format(
        name=clip(name), karts=", ".join(state.karts)), where)


def check_battles(doc: CampaignDocument, ctx: Context) -> None:
    for index in range(len(doc.battles)):
        battle_state(doc, ctx, index)
