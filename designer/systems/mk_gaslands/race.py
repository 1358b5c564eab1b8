"""Mario Kart Gaslands on race day: the race's state and actions, every number from the rule data.

Rounds of gear phases (a kart activates in each phase up to its gear); per kart its gear (up to its Max Gear),
hazard tokens, coins (up to `coins.max_carried`; spent at the costs of `coins.spend`), the items it holds (at
most `deck_rules.hand_limit`, used oldest first; a card with `uses` > 1 once a gear phase), laps and gates
cleared in order. Item boxes draw from the deck (a double-stacked one `gaslands.double_stack_draw` cards); a
full kart draws nothing; a `last_place_only` card drawn by a kart that is not last is shown, discarded and
redrawn; the deck is rebuilt from the discards when it runs out. A Wipe Out empties items and coins (and pops a
balloon in a Balloon Battle). The end of each gear phase lists what the track's elements do (Thwomps roll).
Pure: the shared engine (`designer.race.engine`) replays these actions from the race's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _, ngettext
from designer.race.deck import Deck
from designer.race.dice import D3, D6
from designer.race.engine import ActionSpec, Placing, RaceError, RaceRules, Start
from designer.race.lookup import card_named as _named
from designer.race.lookup import coin_spend, named_kart
from designer.race.lookup import rule_card as _card
from designer.rules.texts import card_name, coin_spend_effect, template_name

if TYPE_CHECKING:
    from designer.race.document import Action

BATTLE_MODE = "balloon_battle"
#: Track element kinds whose count the race keeps (what the end-of-phase reminders need), and "laps".
COUNTED_KINDS = ("gate", "item_box", "coin", "thwomp", "chain_chomp", "piranha_plant", "bullet_bill",
                 "wandering_threat")


@dataclass
class Held:
    """An item card a kart holds: its id, the uses left, and the (round, phase) it was last used in."""

    card: str
    uses: int
    used_in: tuple[int, int] | None = None


@dataclass
class Kart:
    name: str
    max_gear: int
    gear: int = 1
    hazards: int = 0
    coins: int = 0
    items: list[Held] = field(default_factory=list)
    laps: int = 0
    gates: int = 0  # gates cleared in order, over the whole race
    next_gate: int = 1  # the gate to clear next on this lap
    balloons: int | None = None
    wipe_outs: int = 0
    place: int | None = None  # finishing place, once over the line after the last lap

    @property
    def out(self) -> bool:
        """Finished, or wrecked in a Balloon Battle: no longer activates."""
        return self.place is not None or self.balloons == 0


@dataclass
class GaslandsRace:
    karts: list[Kart]
    deck: Deck
    phases: int
    laps: int
    setup: dict[str, int]
    battle: bool
    order: list[str]  # the race order as last set (first … last), breaking ties of progress
    round: int = 1
    phase: int = 1
    thwomps_up: list[bool] = field(default_factory=list)
    blue_shells: int = 0  # used this gear phase: the leader Wipes Out when it ends

    def kart(self, name: str | None) -> Kart:
        return named_kart(self.karts, name)

    def standing(self) -> list[Kart]:
        """First to last: finishers by place, then by gates cleared, then by the race order."""
        def key(kart: Kart) -> tuple[int, int, int, int]:
            finished = kart.place if kart.place is not None else len(self.karts) + 1
            balloons = -(kart.balloons or 0) if self.battle else 0
            return finished, balloons, -kart.gates - kart.laps, self.order.index(kart.name)
        return sorted(self.karts, key=key)

    def activating(self) -> list[Kart]:
        return [k for k in self.standing() if not k.out and k.gear >= self.phase]


def _phases(ruleset: Any) -> int:
    """Gear phases a round has: the highest Max Gear the rule data allows (upgrades' cap, characters')."""
    gears = [c.max_gear for c in ruleset.characters if c.max_gear]
    gp = ruleset.grand_prix
    upgrade = gp.upgrade("max_gear") if gp is not None else None
    if upgrade is not None:
        gears.append(upgrade.cap)
    gears += [g.gear for g in ruleset.gears]
    return max(gears, default=6)


def from_track(document: Any) -> dict[str, int]:
    setup = {kind: sum(1 for e in document.elements if e.kind == kind) for kind in COUNTED_KINDS}
    setup["double_item_box"] = sum(1 for e in document.elements if e.kind == "item_box" and getattr(e, "stack", 1) == 2)
    setup["laps"] = int(document.laps)
    return {k: v for k, v in setup.items() if v}


def start(begin: Start, rng: random.Random) -> tuple[GaslandsRace, list[str]]:
    ruleset = begin.ruleset
    phases = _phases(ruleset)
    battle = begin.mode == BATTLE_MODE
    if battle and ruleset.balloon_battle is None:
        raise RaceError(_("this rule data has no Balloon Battle"))
    balloons = ruleset.balloon_battle.balloons_per_kart if battle else None
    karts = []
    for entrant in begin.players:
        character = next((c for c in ruleset.characters if c.id == entrant.character), None)
        if entrant.character is not None and character is None:
            raise RaceError(_("{name} drives {character}, which is no character of this rule data").format(
                name=entrant.name, character=repr(entrant.character)))
        max_gear = character.max_gear if character is not None and character.max_gear else phases
        if entrant.stats and "max_gear" in entrant.stats:  # upgraded in a Grand Prix
            max_gear = min(max(entrant.stats["max_gear"], 1), phases)
        karts.append(Kart(entrant.name, max_gear, balloons=balloons))
    deck = Deck.shuffled(((card.id, card.count) for card in ruleset.deck), rng)
    race = GaslandsRace(karts, deck, phases, begin.setup.get("laps", 3), dict(begin.setup), battle,
                        [k.name for k in karts], thwomps_up=[False] * begin.setup.get("thwomp", 0))
    lines = [ngettext("The deck is shuffled: {n} card.", "The deck is shuffled: {n} cards.", len(deck)).format(
        n=len(deck))]
    if not battle:
        lines.append(ngettext("{n} lap to race.", "{n} laps to race.", race.laps).format(n=race.laps))
    return race, [*lines, _phase_line(race)]


def _phase_line(race: GaslandsRace) -> str:
    names = ", ".join(k.name for k in race.activating()) or _("nobody")
    return _("Round {round}, gear phase {phase}; activating: {karts}.").format(
        round=race.round, phase=race.phase, karts=names)


def _hand_limit(ruleset: Any) -> int | None:
    return ruleset.deck_rules.hand_limit


# --- the actions ------------------------------------------------------------------------------------------

def _gear(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    gear = action.n if action.n is not None else kart.gear
    if not 1 <= gear <= kart.max_gear:
        raise RaceError(_("{name}'s gear must be 1 to {max} (Max Gear), not {gear}").format(
            name=kart.name, max=kart.max_gear, gear=gear))
    kart.gear = gear
    return [_("{name} is in gear {gear}.").format(name=kart.name, gear=gear)]


def _hazard(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    change = max(1 if action.n is None else action.n, -kart.hazards)
    if change == 0:
        raise RaceError(_("{name} has no hazard tokens to lose").format(name=kart.name))
    kart.hazards += change
    text = (ngettext("{name} gains {n} hazard token ({total} in all).",
                     "{name} gains {n} hazard tokens ({total} in all).", change) if change >= 0 else
            ngettext("{name} loses {n} hazard token ({total} left).",
                     "{name} loses {n} hazard tokens ({total} left).", -change))
    return [text.format(name=kart.name, n=abs(change), total=kart.hazards)]


def _coin(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    found = 1 if action.n is None else action.n
    if found < 1:
        raise RaceError(_("a kart picks up 1 coin or more, not {n}").format(n=found))
    cap = ruleset.coins.max_carried if ruleset.coins is not None else None
    kept = found if cap is None else max(min(found, cap - kart.coins), 0)
    kart.coins += kept
    lines = [ngettext("{name} picks up {n} coin ({total} carried).", "{name} picks up {n} coins ({total} carried).",
                      kept).format(name=kart.name, n=kept, total=kart.coins)]
    if kept < found:
        lines.append(ngettext("{n} coin past the limit of {cap} does not count.",
                              "{n} coins past the limit of {cap} do not count.", found - kept).format(
            n=found - kept, cap=cap))
    return lines


def _spend(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    table = ruleset.coins.spend if ruleset.coins is not None else []
    spend = coin_spend(table, lambda s: s.cost, action.n, kart.name, kart.coins)
    kart.coins -= spend.cost
    return [_("{name} spends {cost} coins ({left} left): {effect}").format(
        name=kart.name, cost=spend.cost, left=kart.coins, effect=coin_spend_effect(ruleset, spend))]


def _box(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    from designer.systems.mk_gaslands.rule_data import gaslands_rules

    stack = 1 if action.n is None else action.n
    if stack not in (1, 2):
        raise RaceError(_("an item box is single (1) or double-stacked (2), not {n}").format(n=stack))
    draws = 1 if stack == 1 else (found.double_stack_draw if (found := gaslands_rules(ruleset)) is not None else 2)
    lines: list[str] = []
    last = race.standing()[-1]
    limit = _hand_limit(ruleset)
    for _draw in range(draws):
        if limit is not None and len(kart.items) >= limit:
            lines.append(ngettext("{name} holds {n} item already and draws nothing.",
                                  "{name} holds {n} items already and draws nothing.", len(kart.items)).format(
                name=kart.name, n=len(kart.items)))
            break
        drawn = race.deck.draw(rng)
        for _attempt in range(ruleset.card_count() + 1):  # a deck of nothing but such cards cannot loop
            if drawn.reshuffled:
                lines.append(_("The deck is empty: the discards are shuffled into a new deck."))
            if drawn.card is None:
                lines.append(_("No card is left to draw."))
                break
            card = _card(ruleset, drawn.card)
            if card.last_place_only and kart is not last:
                lines.append(_("{name} draws {card}, which only the last kart keeps: shown, discarded, drawn "
                               "again.").format(name=kart.name, card=card_name(ruleset, card)))
                drawn = race.deck.redraw(card.id, rng)
                continue
            kart.items.append(Held(card.id, card.uses))
            lines.append(_("{name} drew {card}.").format(name=kart.name, card=card_name(ruleset, card)))
            break
    return lines


def _use(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    if not kart.items:
        raise RaceError(_("{name} holds no item").format(name=kart.name))
    if ruleset.deck_rules.use_in_order:
        held = kart.items[0]
    else:
        held = next((h for h in kart.items if action.what in (h.card, _named(ruleset, h.card))), kart.items[0])
    name = _named(ruleset, held.card)
    now = (race.round, race.phase)
    if held.used_in == now:
        raise RaceError(_("{name} used {card} in this gear phase already").format(name=kart.name, card=name))
    held.uses -= 1
    held.used_in = now
    effect = CARD_EFFECTS.get(held.card)
    done = effect(race, kart) if effect is not None else []
    if held.uses > 0:
        return [ngettext("{name} used {card} ({n} use left).", "{name} used {card} ({n} uses left).",
                         held.uses).format(name=kart.name, card=name, n=held.uses), *done]
    kart.items.remove(held)
    race.deck.discard(held.card)
    return [_("{name} used {card}.").format(name=kart.name, card=name), *done]


def _shift_up(race: GaslandsRace, kart: Kart) -> list[str]:
    if kart.gear >= kart.max_gear:
        return [_("{name} is in Max Gear already.").format(name=kart.name)]
    kart.gear += 1
    return [_("{name} shifts up to gear {gear} with no hazard token.").format(name=kart.name, gear=kart.gear)]


def _clear_hazards(race: GaslandsRace, kart: Kart) -> list[str]:
    kart.hazards = 0
    return [_("{name} clears every hazard token.").format(name=kart.name)]


def _blue_shell(race: GaslandsRace, kart: Kart) -> list[str]:
    race.blue_shells += 1
    return [_("The kart in first place Wipes Out when this gear phase ends.")]


#: What using a card does to the race's numbers (by the rule data's card id); the rest is the table's.
CARD_EFFECTS = {"mushroom": _shift_up, "triple-mushroom": _shift_up, "star": _clear_hazards,
                "blue-shell": _blue_shell}


def _wipe_out(ruleset: Any, race: GaslandsRace, kart: Kart) -> list[str]:
    items, coins = len(kart.items), kart.coins
    for held in kart.items:
        race.deck.discard(held.card)
    kart.items, kart.coins, kart.hazards, kart.gear = [], 0, 0, 1
    kart.wipe_outs += 1
    lost = _("{name} Wiped Out: lost {items} and {coins}.").format(
        name=kart.name, items=ngettext("{n} item", "{n} items", items).format(n=items),
        coins=ngettext("{n} coin", "{n} coins", coins).format(n=coins))
    lines = [lost]
    if kart.balloons is not None and kart.balloons > 0:
        kart.balloons -= 1
        lines.append(ngettext("{name} has {n} balloon left.", "{name} has {n} balloons left.", kart.balloons).format(
            name=kart.name, n=kart.balloons) if kart.balloons else
            _("{name} lost the last balloon and is wrecked.").format(name=kart.name))
    return lines


def _wipeout(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    return _wipe_out(ruleset, race, kart)


def _gate(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    gates = race.setup.get("gate", 0)
    if action.n is not None and action.n != kart.next_gate:
        raise RaceError(_("gate {n} is out of order: {name}'s next gate is {next}").format(
            n=action.n, name=kart.name, next=kart.next_gate))
    if gates and kart.next_gate > gates:
        raise RaceError(_("{name} has cleared every gate of this lap; the finish line is next").format(
            name=kart.name))
    kart.gates += 1
    kart.next_gate += 1
    return [_("{name} cleared gate {n}.").format(name=kart.name, n=kart.next_gate - 1)]


def _lap(ruleset: Any, race: GaslandsRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    gates = race.setup.get("gate", 0)
    if gates and kart.next_gate <= gates:
        raise RaceError(_("{name} has not cleared gate {n} of this lap").format(name=kart.name, n=kart.next_gate))
    kart.laps += 1
    kart.next_gate = 1
    if kart.laps >= race.laps:
        kart.place = 1 + sum(1 for k in race.karts if k.place is not None)
        return [_("{name} finishes in place {place}.").format(name=kart.name, place=kart.place)]
    return [_("{name} completes lap {lap} of {laps}.").format(name=kart.name, lap=kart.laps, laps=race.laps)]


def _order(ruleset: Any, race: GaslandsRace, action: Action, rng: random.Random) -> list[str]:
    names = [w.strip() for w in (action.what or "").split(",") if w.strip()]
    karts = [race.kart(n).name for n in names]
    missing = [k.name for k in race.karts if k.name not in karts]
    if len(set(karts)) != len(karts) or missing:
        raise RaceError(_("give every kart once, first to last ({karts})").format(
            karts=", ".join(k.name for k in race.karts)))
    race.order = karts
    return [_("Race order: {karts}.").format(karts=", ".join(karts))]


def _roll(ruleset: Any, race: GaslandsRace, action: Action, rng: random.Random) -> list[str]:
    which = (action.what or "d6").casefold()
    die = {"d6": D6, "d3": D3}.get(which)
    if die is None:
        raise RaceError(_("roll d6 or d3, not {die}").format(die=repr(action.what)))
    return [_("{die} rolled: {face}.").format(die=which.upper(), face=die.roll(rng))]


def _distance(ruleset: Any, reach: str) -> str:
    return template_name(ruleset, "straights", reach.capitalize())


def _next(ruleset: Any, race: GaslandsRace, action: Action, rng: random.Random) -> list[str]:
    """End the gear phase: what the track's elements do, then the next phase (or round)."""
    from designer.systems.mk_gaslands.rule_data import gaslands_rules

    setup = race.setup
    lines = [_("Gear phase {phase} ends.").format(phase=race.phase)]
    for _shell in range(race.blue_shells):
        leader = next((k for k in race.standing() if not k.out), None)
        if leader is not None:
            lines.append(_("{card} hits {name}, in first place.").format(card=_named(ruleset, "blue-shell"),
                                                                       name=leader.name))
            lines += _wipe_out(ruleset, race, leader)
    race.blue_shells = 0
    if not setup or setup.get("item_box"):
        lines.append(_("Every item box taken returns to the track."))
    if not setup or setup.get("coin"):
        lines.append(_("Every coin picked up returns to the track."))
    rules = gaslands_rules(ruleset)
    if rules is not None:
        for index, up in enumerate(race.thwomps_up):
            face = D6.roll(rng)
            if face in rules.thwomp.rolls:
                race.thwomps_up[index] = not up
                text = (_("Thwomp {n} rolls {face}: it crashes down; karts beneath drop to gear {gear} and gain "
                          "{hazards} hazard tokens.") if up else
                        _("Thwomp {n} rolls {face}: it rises off the track."))
            else:
                text = _("Thwomp {n} rolls {face}: it stays.")
            lines.append(text.format(n=index + 1, face=face, gear=rules.thwomp.drop_to_gear,
                                     hazards=rules.thwomp.hazards))
        for _n in range(setup.get("bullet_bill", 0)):
            lines.append(_("Bullet Bill moves a {distance} straight ahead.").format(
                distance=_distance(ruleset, rules.bullet_bill.distance)))
        for _n in range(setup.get("wandering_threat", 0)):
            lines.append(_("A wandering threat moves a {distance} straight.").format(
                distance=_distance(ruleset, rules.wandering_threat.distance)))
    race.phase += 1
    if race.phase > race.phases:
        race.phase = 1
        race.round += 1
    lines.append(_phase_line(race))
    if rules is not None and setup.get("chain_chomp"):
        lines.append(ngettext("The Chain Chomp strikes the closest kart: down {gear} gear, {hazards} hazard tokens.",
                              "Each Chain Chomp strikes its closest kart: down {gear} gear, {hazards} hazard tokens.",
                              setup["chain_chomp"]).format(gear=rules.chain_chomp.gear_loss,
                                                           hazards=rules.chain_chomp.hazards))
    return lines


KART_ACTIONS = {"gear": _gear, "hazard": _hazard, "coin": _coin, "spend": _spend, "box": _box, "use": _use,
                "wipeout": _wipeout, "gate": _gate, "lap": _lap}
RACE_ACTIONS = {"order": _order, "roll": _roll, "next": _next}

ACTIONS = (
    ActionSpec("gear", kart=True, n="required", title=N_("Gear"),
               help=N_("set a kart's gear (up to its Max Gear)")),
    ActionSpec("hazard", kart=True, n="optional", title=N_("Hazard"),
               help=N_("add hazard tokens (1; a negative number removes)")),
    ActionSpec("coin", kart=True, n="optional", title=N_("Coin"),
               help=N_("pick up coins (1), up to the most a kart carries")),
    ActionSpec("spend", kart=True, n="required", title=N_("Spend coins"),
               help=N_("spend coins for a longer move, at one of the coin table's costs")),
    ActionSpec("box", kart=True, n="optional", title=N_("Item box"),
               help=N_("drive through an item box (2: double-stacked)")),
    ActionSpec("use", kart=True, what="optional", title=N_("Use item"),
               help=N_("use the oldest item held")),
    ActionSpec("wipeout", kart=True, title=N_("Wipe Out"),
               help=N_("a kart Wipes Out: items and coins lost")),
    ActionSpec("gate", kart=True, n="optional", title=N_("Gate"),
               help=N_("clear the next gate (its number, to check the order)")),
    ActionSpec("lap", kart=True, title=N_("Lap"),
               help=N_("cross the finish line")),
    ActionSpec("order", what="required", title=N_("Race order"),
               help=N_("set the race order, first to last: Ann,Ben,Cid")),
    ActionSpec("roll", what="optional", title=N_("Roll"),
               help=N_("roll a die: d6 or d3")),
    ActionSpec("next", help=N_("end the gear phase"), title=N_("Next phase")),
)


def act(ruleset: Any, race: GaslandsRace, action: Action, rng: random.Random) -> list[str]:
    if action.do in KART_ACTIONS:
        kart = race.kart(action.kart)
        if kart.out and action.do not in ("hazard", "gear"):
            raise RaceError(_("{name} is out of the race").format(name=kart.name))
        return KART_ACTIONS[action.do](ruleset, race, kart, action, rng)
    return RACE_ACTIONS[action.do](ruleset, race, action, rng)


def summary(ruleset: Any, race: GaslandsRace) -> list[str]:
    lines = [_("Round {round}, gear phase {phase} of {phases}.").format(
        round=race.round, phase=race.phase, phases=race.phases),
        _("Deck: {cards}; discards: {discards}.").format(
            cards=ngettext("{n} card", "{n} cards", len(race.deck)).format(n=len(race.deck)),
            discards=len(race.deck.discards))]
    for rank, kart in enumerate(race.standing(), 1):
        items = ", ".join(
            _named(ruleset, h.card) if h.uses == 1 or _card(ruleset, h.card).uses == 1 else
            ngettext("{card} ({n} use left)", "{card} ({n} uses left)", h.uses).format(
                card=_named(ruleset, h.card), n=h.uses) for h in kart.items) or _("no items")
        where = (_("balloons {n}").format(n=kart.balloons) if kart.balloons is not None else
                 _("finished") if kart.place is not None else
                 _("lap {lap} of {laps}, gates {gates}").format(lap=kart.laps + 1, laps=race.laps, gates=kart.gates))
        lines.append(_("{rank}. {name}: gear {gear}/{max}, hazards {hazards}, coins {coins}, {where}; {items}").format(
            rank=rank, name=kart.name, gear=kart.gear, max=kart.max_gear, hazards=kart.hazards, coins=kart.coins,
            where=where, items=items))
    return lines


def result(ruleset: Any, race: GaslandsRace) -> list[Placing]:
    """Places as the race stands (finishers by place, then the others), gates cleared in order and coins held."""
    return [Placing(k.name, rank, k.gates, k.coins) for rank, k in enumerate(race.standing(), 1)]


RACE = RaceRules(start=start, act=act, summary=summary, result=result, from_track=from_track, actions=ACTIONS)
