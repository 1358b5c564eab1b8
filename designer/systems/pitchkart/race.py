"""Super Mario PitchKart on race day: coins, the item deck, spins, leaving the track, Lightning and Star, every
number from the rule data (`pitchkart` and `deck` of `resources/rulesets/pitchkart.json`).

Each kart starts with the coins of its grid slot (`starting_coins_by_slot`; the spare coins go on the track when
fewer than `spare_coins_below_players` race). A ? square draws an item when the kart holds none; a used card is
shuffled back into the deck. Hits, spins and the void variant cost the coins of `penalties`; a spin ends the
turn and cancels the next turn's movement; a kart hit with no coins spins. Lightning lasts `lightning_rounds`
rounds (rivals cross at most `lightning_max_sections` a flick), a Star its user's next `star_turns` turns
(+`star_extra_sections`, immune to spins). A flooded engine (the first flick past the acceleration limit) or
an overheat (past the section limit) loses the next turn, except for the characters who stop at their limit.
Pure: the shared engine (`designer.race.engine`) replays these actions from the race's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _, ngettext
from designer.race.deck import Deck
from designer.race.engine import ActionSpec, Placing, RaceError, RaceRules, Start
from designer.race.lookup import named_kart
from designer.rules.texts import card_name, card_text

if TYPE_CHECKING:
    from designer.race.document import Action

#: "Loses the next turn" (a flooded engine, an overheat): one turn, as the rule says it.
NEXT_TURN = 1


@dataclass
class Kart:
    name: str
    character: str | None
    top_speed: int | None
    acceleration: int | None
    coins: int
    item: str | None = None
    laps: int = 0
    place: int | None = None
    turns_lost: int = 0  # whole turns still to miss
    stalled: bool = False  # spun: no movement on the next turn
    accelerate: bool = True  # the next first flick is held to the acceleration limit
    off: bool = False  # left the track: back in the middle of its section next turn
    star: int = 0  # Star turns still to begin
    starring: bool = False  # this turn is a Star turn

    @property
    def immune(self) -> bool:
        return bool(self.star) or self.starring
    spins: int = 0


@dataclass
class PitchRace:
    karts: list[Kart]
    deck: Deck
    laps: int
    order: list[str]
    round: int = 1
    lightning: int = 0  # rounds of Lightning left, this one included
    lightning_by: str | None = None

    def kart(self, name: str | None) -> Kart:
        return named_kart(self.karts, name)

    def standing(self) -> list[Kart]:
        def key(kart: Kart) -> tuple[int, int, int]:
            finished = kart.place if kart.place is not None else len(self.karts) + 1
            return finished, -kart.laps, self.order.index(kart.name)
        return sorted(self.karts, key=key)


def _rules(ruleset: Any) -> Any:
    from designer.systems.pitchkart.rule_data import pitchkart_rules

    rules = pitchkart_rules(ruleset)
    if rules is None:
        raise RaceError(_("this rule data has no PitchKart section"))
    return rules


def from_track(document: Any) -> dict[str, int]:
    setup = {kind: sum(1 for e in document.elements if e.kind == kind) for kind in ("item_box", "coin", "boost_pad")}
    setup["laps"] = int(document.laps)
    return {k: v for k, v in setup.items() if v}


def start(begin: Start, rng: random.Random) -> tuple[PitchRace, list[str]]:
    ruleset = begin.ruleset
    rules = _rules(ruleset)
    slots = rules.starting_coins_by_slot
    if len(begin.players) > len(slots):
        raise RaceError(ngettext("the grid has {n} slot", "the grid has {n} slots", len(slots)).format(n=len(slots)))
    karts = []
    for slot, entrant in enumerate(begin.players):
        character = next((c for c in ruleset.characters if c.id == entrant.character), None)
        stats = entrant.stats or {}
        karts.append(Kart(entrant.name, entrant.character,
                          stats.get("top_speed", character.top_speed if character else None),
                          stats.get("acceleration", character.acceleration if character else None), slots[slot]))
    deck = Deck.shuffled(((card.id, card.count) for card in ruleset.deck), rng)
    race = PitchRace(karts, deck, begin.setup.get("laps", 3), [k.name for k in karts])
    lines = [_("{name} starts in slot {slot} with {coins}.").format(
        name=k.name, slot=i, coins=ngettext("{n} coin", "{n} coins", k.coins).format(n=k.coins))
        for i, k in enumerate(karts, 1)]
    spare = sum(slots[len(karts):])
    if len(karts) < rules.spare_coins_below_players and spare:
        lines.append(ngettext(
            "{n} spare coin goes on the track, in up to {sections} sections, {low}–{high} mm apart.",
            "{n} spare coins go on the track, in up to {sections} sections, {low}–{high} mm apart.", spare).format(
            n=spare, sections=rules.spare_coin_sections_max, low=round(rules.spare_coin_spacing_min_mm),
            high=round(rules.spare_coin_spacing_max_mm)))
    lines.append(ngettext("{n} lap to race.", "{n} laps to race.", race.laps).format(n=race.laps))
    return race, lines


def _lose(kart: Kart, coins: int) -> int:
    lost = min(coins, kart.coins)
    kart.coins -= lost
    return lost


def _coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def spin(ruleset: Any, kart: Kart, coins: int) -> list[str]:
    """`kart` spins out losing `coins` (a Star makes it immune): its turn ends, its next movement is lost."""
    if kart.immune:
        return [_("{name} has a Star and does not spin.").format(name=kart.name)]
    lost = _lose(kart, coins)
    kart.stalled, kart.accelerate = True, True
    kart.spins += 1
    return [_("{name} spins out and loses {lost} ({left} left): the turn ends, and the next turn has no "
              "movement.").format(name=kart.name, lost=_coins(lost), left=kart.coins)]


# --- the actions ------------------------------------------------------------------------------------------

def _turn(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    rules = _rules(ruleset)
    kart.starring = False
    if kart.turns_lost:
        kart.turns_lost -= 1
        return [_("{name} misses this turn.").format(name=kart.name)]
    if kart.stalled:
        kart.stalled = False
        return [_("{name} spun: no movement this turn.").format(name=kart.name)]
    lines = []
    if kart.off:
        kart.off = False
        lines.append(_("{name} comes back in the middle of the section it left.").format(name=kart.name))
    limit = kart.top_speed
    kart.starring = bool(kart.star)
    if kart.starring:
        kart.star -= 1
        limit = limit + rules.star_extra_sections if limit is not None else None
        lines.append(ngettext("{name} has a Star: +{extra} section a flick, immune ({n} turn left after this one).",
                              "{name} has a Star: +{extra} section a flick, immune ({n} turns left after this one).",
                              kart.star).format(name=kart.name, extra=rules.star_extra_sections, n=kart.star))
    elif race.lightning and kart.name != race.lightning_by:
        limit = rules.lightning_max_sections
        lines.append(ngettext("Lightning: {name} crosses at most {n} section a flick.",
                              "Lightning: {name} crosses at most {n} sections a flick.", limit).format(
            name=kart.name, n=limit))
    said = (ngettext("{name}'s turn: at most {n} section a flick on a straight.",
                     "{name}'s turn: at most {n} sections a flick on a straight.", limit).format(
        name=kart.name, n=limit) if limit is not None else _("{name}'s turn.").format(name=kart.name))
    lines.insert(0, said)
    if kart.accelerate:
        kart.accelerate = False
        if kart.acceleration is not None:
            lines.append(ngettext("First flick: at most {n} section (acceleration).",
                                  "First flick: at most {n} sections (acceleration).", kart.acceleration).format(
                n=kart.acceleration))
    return lines


def _box(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    if kart.item is not None:
        return [_("{name} holds {card} already and draws nothing.").format(
            name=kart.name, card=card_name(ruleset, ruleset.card_by_id(kart.item)))]
    drawn = race.deck.draw(rng)
    if drawn.card is None:
        return [_("No card is left to draw.")]
    kart.item = drawn.card
    return [_("{name} drew {card}.").format(name=kart.name, card=card_name(ruleset, ruleset.card_by_id(drawn.card)))]


def _use(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    rules = _rules(ruleset)
    if kart.item is None:
        raise RaceError(_("{name} holds no item").format(name=kart.name))
    card_id, kart.item = kart.item, None
    race.deck.pile.append(card_id)  # shown, then shuffled back into the deck
    rng.shuffle(race.deck.pile)
    lines = [_("{name} used {card}; it is shuffled back into the deck.").format(
        name=kart.name, card=card_name(ruleset, ruleset.card_by_id(card_id)))]
    if card_id == "coin":
        kart.coins += rules.coin_card_coins
        lines.append(_("{name} takes {coins} ({total} in all).").format(
            name=kart.name, coins=_coins(rules.coin_card_coins), total=kart.coins))
    elif card_id == "lightning":
        race.lightning, race.lightning_by = rules.lightning_rounds, kart.name
        lines.append(ngettext("Lightning for {n} round: every rival crosses at most {sections} section a flick.",
                              "Lightning for {n} rounds: every rival crosses at most {sections} section a flick.",
                              rules.lightning_rounds).format(n=rules.lightning_rounds,
                                                             sections=rules.lightning_max_sections))
    elif card_id == "star":
        kart.star = rules.star_turns
        lines.append(ngettext("{name} has a Star for the next {n} turn.", "{name} has a Star for the next {n} turns.",
                              rules.star_turns).format(name=kart.name, n=rules.star_turns))
    else:  # the rest is played on the table: the card's own rule, as a reminder
        lines.append(card_text(ruleset, ruleset.card_by_id(card_id)))
    return lines


HIT_KINDS = ("kart", "mushroom", "star", "lightning")


def _hit(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    """Hit by a kart: plain (1 coin, a spin with none), by a Mushroom kart, a Star kart, or flattened in Lightning."""
    penalties = _rules(ruleset).penalties
    kind = (action.what or "kart").strip().casefold()
    if kind not in HIT_KINDS:
        kind = next((k for k in HIT_KINDS if ruleset.card_by_id(k) is not None
                     and card_name(ruleset, ruleset.card_by_id(k)).casefold() == kind), "")
    if not kind:
        raise RaceError(_("hit by: kart, mushroom, star or lightning, not {what}").format(what=repr(action.what)))
    if kind == "star":
        if kart.immune:
            return [_("{name} has a Star too: nothing happens.").format(name=kart.name)]
        return spin(ruleset, kart, penalties.spin_out_coin_loss)  # the Star card: a kart it hits spins out
    if kart.immune:
        return [_("{name} has a Star and shrugs off the hit.").format(name=kart.name)]
    if kind == "lightning":
        kart.turns_lost += NEXT_TURN
        kart.accelerate = True
        return [_("{name} is flattened: no coins lost, but the next turn is.").format(name=kart.name)]
    if kart.coins == 0:
        return [_("{name} is hit with no coins left.").format(name=kart.name),
                *spin(ruleset, kart, penalties.spin_out_coin_loss)]
    loss = penalties.mushroom_hit_coin_loss if kind == "mushroom" else penalties.hit_coin_loss
    lost = _lose(kart, loss)
    lines = [_("{name} is hit and loses {lost} ({left} left).").format(name=kart.name, lost=_coins(lost),
                                                                      left=kart.coins)]
    if kind == "mushroom":
        kart.accelerate = True
        lines.append(_("{name} must accelerate next turn.").format(name=kart.name))
    return lines


def _spin(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    penalties = _rules(ruleset).penalties
    what = (action.what or "").strip().casefold()
    green = ruleset.card_by_id("green-shell")
    by_green = what in ("green-shell", "green") or (green is not None and what == card_name(ruleset, green).casefold())
    return spin(ruleset, kart, penalties.green_shell_coin_loss if by_green else penalties.spin_out_coin_loss)


def _off(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    kart.off, kart.accelerate = True, True
    return [_("{name} leaves the track: next turn it comes back in the middle of the section it left.").format(
        name=kart.name)]


def _void(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    penalties = _rules(ruleset).penalties
    lost = _lose(kart, penalties.void_coin_cost)
    kart.turns_lost += penalties.void_turns_lost
    kart.off, kart.accelerate = True, True
    return [ngettext("{name} falls into the void: pays {lost} to Lakitu ({left} left) and loses {n} turn.",
                     "{name} falls into the void: pays {lost} to Lakitu ({left} left) and loses {n} turns.",
                     penalties.void_turns_lost).format(name=kart.name, lost=_coins(lost), left=kart.coins,
                                                       n=penalties.void_turns_lost)]


def _flood(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    kart.turns_lost += NEXT_TURN
    return [_("{name} floods the engine: the next turn is lost.").format(name=kart.name)]


def _overheat(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    if kart.character in _rules(ruleset).overheat_stop_characters:
        return [_("{name} never overheats: the disc stops at the end of the last section allowed.").format(
            name=kart.name)]
    kart.turns_lost += NEXT_TURN
    return [_("{name} overheats: the next turn is lost.").format(name=kart.name)]


def _coin(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    found = 1 if action.n is None else action.n
    if found < 1:
        raise RaceError(_("a kart picks up 1 coin or more, not {n}").format(n=found))
    kart.coins += found
    return [ngettext("{name} picks up {n} coin ({total} carried).", "{name} picks up {n} coins ({total} carried).",
                     found).format(name=kart.name, n=found, total=kart.coins)]


def _lap(ruleset: Any, race: PitchRace, kart: Kart, action: Action, rng: random.Random) -> list[str]:
    kart.laps += 1
    if kart.laps >= race.laps:
        kart.place = 1 + sum(1 for k in race.karts if k.place is not None)
        return [_("{name} finishes in place {place}.").format(name=kart.name, place=kart.place)]
    return [_("{name} completes lap {lap} of {laps}.").format(name=kart.name, lap=kart.laps, laps=race.laps)]


def _order(ruleset: Any, race: PitchRace, action: Action, rng: random.Random) -> list[str]:
    karts = [race.kart(w).name for w in (action.what or "").split(",") if w.strip()]
    if sorted(karts) != sorted(k.name for k in race.karts):
        raise RaceError(_("give every kart once, first to last ({karts})").format(
            karts=", ".join(k.name for k in race.karts)))
    race.order = karts
    return [_("Race order: {karts}.").format(karts=", ".join(karts))]


def _next(ruleset: Any, race: PitchRace, action: Action, rng: random.Random) -> list[str]:
    lines = [_("Round {round} ends.").format(round=race.round)]
    if race.lightning:
        race.lightning -= 1
        lines.append(ngettext("Lightning: {n} more round.", "Lightning: {n} more rounds.", race.lightning).format(
            n=race.lightning) if race.lightning else _("Lightning is over."))
        if not race.lightning:
            race.lightning_by = None
    race.round += 1
    return lines


KART_ACTIONS = {"turn": _turn, "box": _box, "use": _use, "hit": _hit, "spin": _spin, "off": _off, "void": _void,
                "flood": _flood, "overheat": _overheat, "coin": _coin, "lap": _lap}
RACE_ACTIONS = {"order": _order, "next": _next}

ACTIONS = (
    ActionSpec("turn", kart=True, title=N_("Turn"), help=N_("a kart's turn begins: what it may do")),
    ActionSpec("box", kart=True, title=N_("? square"), help=N_("cross a ? square: draw an item if holding none")),
    ActionSpec("use", kart=True, title=N_("Use item"), help=N_("use the item held")),
    ActionSpec("coin", kart=True, n="optional", title=N_("Coin"), help=N_("pick up coins (1)")),
    ActionSpec("hit", kart=True, what="optional", title=N_("Hit"),
               help=N_("hit by a kart: kart, mushroom, star or lightning")),
    ActionSpec("spin", kart=True, what="optional", title=N_("Spin out"),
               help=N_("spin out (banana, shell; green-shell costs more)")),
    ActionSpec("off", kart=True, title=N_("Off the track"), help=N_("leave the track")),
    ActionSpec("void", kart=True, title=N_("Into the void"), help=N_("fall into the void (the variant)")),
    ActionSpec("flood", kart=True, title=N_("Flooded engine"), help=N_("the first flick went past acceleration")),
    ActionSpec("overheat", kart=True, title=N_("Overheat"), help=N_("a flick went past the section limit")),
    ActionSpec("lap", kart=True, title=N_("Lap"), help=N_("cross the finish line")),
    ActionSpec("order", what="required", title=N_("Race order"),
               help=N_("set the race order, first to last: Ann,Ben,Cid")),
    ActionSpec("next", title=N_("Next round"), help=N_("end the round")),
)


def act(ruleset: Any, race: PitchRace, action: Action, rng: random.Random) -> list[str]:
    if action.do in KART_ACTIONS:
        kart = race.kart(action.kart)
        if kart.place is not None:
            raise RaceError(_("{name} is out of the race").format(name=kart.name))
        return KART_ACTIONS[action.do](ruleset, race, kart, action, rng)
    return RACE_ACTIONS[action.do](ruleset, race, action, rng)


def summary(ruleset: Any, race: PitchRace) -> list[str]:
    lines = [_("Round {round}.").format(round=race.round)]
    if race.lightning:
        lines.append(ngettext("Lightning ({name}): {n} round left.", "Lightning ({name}): {n} rounds left.",
                              race.lightning).format(name=race.lightning_by, n=race.lightning))
    for rank, kart in enumerate(race.standing(), 1):
        item = card_name(ruleset, ruleset.card_by_id(kart.item)) if kart.item else _("no item")
        where = _("finished") if kart.place is not None else _("lap {lap} of {laps}").format(
            lap=kart.laps + 1, laps=race.laps)
        extra = [ngettext("Star {n} turn", "Star {n} turns", kart.star).format(n=kart.star)] if kart.star else []
        if kart.turns_lost:
            extra.append(ngettext("misses {n} turn", "misses {n} turns", kart.turns_lost).format(n=kart.turns_lost))
        if kart.stalled:
            extra.append(_("spun"))
        lines.append(_("{rank}. {name}: coins {coins}, {where}; {item}").format(
            rank=rank, name=kart.name, coins=kart.coins, where=where, item=item)
            + (f" ({', '.join(extra)})" if extra else ""))
    return lines


def result(ruleset: Any, race: PitchRace) -> list[Placing]:
    return [Placing(k.name, rank, None, k.coins) for rank, k in enumerate(race.standing(), 1)]


RACE = RaceRules(start=start, act=act, summary=summary, result=result, from_track=from_track, actions=ACTIONS)
