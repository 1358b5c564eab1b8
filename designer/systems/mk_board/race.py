"""Mario Kart Board Game on race day: turns, the die, the coin bank, the item deck and the board's spaces, every
number from the rule data (`board` and `deck` of `resources/rulesets/mk-board.json`).

The turn order is rolled at the start (ties roll again); the pawns starting in `board.starting_coin_places` take
`board.starting_coins` from the bank. On its turn a pawn may spend coins (`board.coin_spending`: only before
its roll), use or throw away its one item, then rolls the die: a `board.coin_on_roll` earns a coin while the
bank (`board.bank_coins`) has any. The pawn moves space by space (a lap is the board's spaces, numbered from 1 at
the start); holding the shortcut's item (`requires_item`, a Feather) with a roll long enough to cross it (its
`pips` after reaching its first space), it may take the shortcut instead. Where it stops: a banana chip (one of
`board.banana_chips`) or a shell hit costs the card's `hit_turns` and half its coins (`hit_coin_loss_fraction`,
rounded as the data says); a shared space costs everyone there `collision.coins_paid` (or turns, if broke); a ?
space draws an item (held: one); a booster rolls again; a mushroom space divides the next move; a Thwomp (Wummp)
space rolls on its roll table for turns to miss. A Mushroom card multiplies the next roll (its `roll_multiplier`),
a Lightning divides every rival's (its `rivals_move_divisor`). A pawn over the line for the `board.laps`th time
finishes.
What the race reads of the board (`from_track`): its spaces, the fields of the special ones and its shortcuts.
Pure: the shared engine (`designer.race.engine`) replays these actions from the race's seed.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _, ngettext
from designer.race.deck import Deck
from designer.race.dice import D6
from designer.race.engine import ActionSpec, Placing, RaceError, RaceRules, Start
from designer.race.lookup import card_named as _named
from designer.race.lookup import coin_spend, named_kart
from designer.race.lookup import rule_card as _card
from designer.rules.texts import card_name
from designer.systems.mk_board.elements import FIELD_NAMES

if TYPE_CHECKING:
    from designer.race.document import Action

#: The special fields a track's spaces can have that the race acts on, as `from_track` codes them
#: (setup key "field_<space number>": the index here + 1); they are the rule data's space kinds.
FIELD_CODES = ("item", "booster", "mushroom", "thwomp")
#: Cards the rule data tags so that they may be thrown under the pile before a roll (Feather, Ghost, shells).
DISCARD_TAGS = ("shortcut", "steal", "shell")
#: How many keys a race file's setup may hold (`designer.race.document.RaceFile.setup`).
SETUP_KEYS = 64


@dataclass
class Pawn:
    name: str
    progress: int = 0  # spaces moved along the track since the start (space 1): laps × spaces + space − 1
    coins: int = 0
    item: str | None = None  # the card id held face up
    skip: int = 0  # turns to miss
    divisor: int = 1  # the next move is divided by this (a mushroom space, a rival's Lightning)
    multiplier: int = 1  # the next roll is multiplied by this (a Mushroom played: the card's `roll_multiplier`)
    extra: int = 0  # spaces bought with coins for the next roll
    place: int | None = None


@dataclass
class BoardRace:
    pawns: list[Pawn]  # in turn order
    deck: Deck
    spaces: int
    laps: int
    bank: int
    fields: dict[int, str]  # space number → field
    shortcuts: dict[int, int]  # first space → last space
    bananas: list[int] = field(default_factory=list)  # the spaces of the chips on the board, oldest first
    turn: int = 0  # index of the pawn whose turn it is
    pending: int | None = None  # a roll waiting for the pawn's choice: along the track or the shortcut

    def pawn(self, name: str | None) -> Pawn:
        return named_kart(self.pawns, name)

    def space(self, pawn: Pawn) -> int:
        return min(pawn.progress, self.spaces * self.laps - 1) % self.spaces + 1 if pawn.place is None else 1

    def lap(self, pawn: Pawn) -> int:
        return min(pawn.progress // self.spaces + 1, self.laps)

    @property
    def current(self) -> Pawn | None:
        return None if self.over else self.pawns[self.turn]

    @property
    def over(self) -> bool:
        return all(p.place is not None for p in self.pawns)

    def standing(self) -> list[Pawn]:
        """First to last: finishers by place, then by how far along, then by the turn order."""
        return sorted(self.pawns, key=lambda p: (p.place or len(self.pawns) + 1, -p.progress, self.pawns.index(p)))


def _rules(ruleset: Any) -> Any:
    from designer.systems.mk_board.rule_data import board_rules

    rules = board_rules(ruleset)
    if rules is None:
        raise RaceError(_("this rule data has no board rules"))
    return rules


def _space_rule(ruleset: Any, kind: str) -> Any:
    return next((s for s in _rules(ruleset).spaces if s.kind == kind), None)


def _field_name(ruleset: Any, kind: str) -> str:
    """The field as the editor and the printed legend name it ("Item space (?)", "Thwomp space")."""
    return _(FIELD_NAMES[kind])


def from_track(document: Any) -> dict[str, int]:
    """The board as the race needs it: how many spaces a lap has, the special fields by space number and the
    shortcuts (first space → last space). Fields past what a race file holds are counted, and left to the table."""
    spaces = [e for e in document.elements if e.kind == "space"]
    if not spaces:
        return {}
    by_id = {e.id: e.number for e in spaces}
    setup = {"spaces": max(e.number for e in spaces)}
    for shortcut in (e for e in document.elements if e.kind == "shortcut"):
        start, end = by_id.get(shortcut.from_space), by_id.get(shortcut.to_space)
        if start is not None and end is not None and end > start:
            setup[f"shortcut_{start}"] = end
    fields = [s for s in sorted(spaces, key=lambda e: e.number) if s.field in FIELD_CODES]
    room = SETUP_KEYS - len(setup) - (0 if len(setup) + len(fields) <= SETUP_KEYS else 1)
    for space in fields[:room]:
        setup[f"field_{space.number}"] = FIELD_CODES.index(space.field) + 1
    if len(fields) > room:
        setup["fields_left_out"] = len(fields) - room
    return setup


def start(begin: Start, rng: random.Random) -> tuple[BoardRace, list[str]]:
    ruleset = begin.ruleset
    rules = _rules(ruleset)
    spaces = begin.setup.get("spaces", 0)
    if spaces < 2:
        raise RaceError(_("a board game race needs a board: start it from a track with numbered spaces"))
    low, high = ruleset.karts.min or 1, ruleset.karts.max or len(begin.players)
    if not low <= len(begin.players) <= high:
        raise RaceError(_("the board game is for {min} to {max} players, not {n}").format(
            min=low, max=high, n=len(begin.players)))
    fields = {int(key[6:]): FIELD_CODES[value - 1] for key, value in begin.setup.items()
              if key.startswith("field_") and 1 <= value <= len(FIELD_CODES)}
    shortcuts = {int(key[9:]): value for key, value in begin.setup.items() if key.startswith("shortcut_")}
    lines: list[str] = []
    if begin.setup.get("fields_left_out"):
        lines.append(ngettext("{n} special space of this board did not fit the race file: the table plays it.",
                              "{n} special spaces of this board did not fit the race file: the table plays them.",
                              begin.setup["fields_left_out"]).format(n=begin.setup["fields_left_out"]))
    order = _roll_order([e.name for e in begin.players], rng, lines)
    deck = Deck.shuffled(((card.id, card.count) for card in ruleset.deck), rng)
    race = BoardRace([Pawn(name) for name in order], deck, spaces, rules.laps, rules.bank_coins, fields, shortcuts)
    lines.append(_("Turn order: {karts}.").format(karts=", ".join(order)))
    for place in rules.starting_coin_places:
        if place <= len(race.pawns):
            paid = min(rules.starting_coins, race.bank)
            race.pawns[place - 1].coins += paid
            race.bank -= paid
            if paid:
                lines.append(ngettext("{name} starts in place {place} and takes {n} coin from the bank.",
                                      "{name} starts in place {place} and takes {n} coins from the bank.",
                                      paid).format(name=race.pawns[place - 1].name, place=place, n=paid))
    lines.append(ngettext("The deck is shuffled: {n} card.", "The deck is shuffled: {n} cards.", len(deck)).format(
        n=len(deck)))
    lines.append(ngettext("{n} lap of {spaces} spaces to race.", "{n} laps of {spaces} spaces to race.",
                          race.laps).format(n=race.laps, spaces=spaces))
    return race, [*lines, _turn_line(race)]


def _roll_order(names: list[str], rng: random.Random, lines: list[str]) -> list[str]:
    """The turn order: each rolls the die, highest first; those level roll again among themselves."""
    rolls = {name: int(D6.roll(rng)) for name in names}
    lines.append(_("Rolled for the turn order: {rolls}.").format(
        rolls=", ".join(f"{name} {face}" for name, face in rolls.items())))
    order: list[str] = []
    for face in sorted(set(rolls.values()), reverse=True):
        level = [n for n in names if rolls[n] == face]
        order += level if len(level) == 1 else _roll_order(level, rng, lines)
    return order


def _turn_line(race: BoardRace) -> str:
    pawn = race.current
    if pawn is None:
        return _("Every kart has finished: the race is over.")
    return _("{name}'s turn (space {space}, lap {lap} of {laps}).").format(
        name=pawn.name, space=race.space(pawn), lap=race.lap(pawn), laps=race.laps)


def _under_pile(race: BoardRace, card: str) -> None:
    """A used card goes under the pile (`deck_rules.used_cards`: bottom of the deck)."""
    race.deck.pile.insert(0, card)


def _hit_loss(ruleset: Any, coins: int) -> int:
    rules = _rules(ruleset)
    share = coins * rules.hit_coin_loss_fraction
    return math.ceil(share) if rules.hit_coin_loss_rounding == "up" else math.floor(share)


def _hit(ruleset: Any, race: BoardRace, pawn: Pawn, turns: int) -> list[str]:
    """A banana or shell hit: `turns` turns to miss and the rule data's share of the coins back to the bank."""
    lost = _hit_loss(ruleset, pawn.coins)
    pawn.coins -= lost
    race.bank += lost
    pawn.skip += turns
    lines = [ngettext("{name} loses {n} coin ({left} left).", "{name} loses {n} coins ({left} left).", lost).format(
        name=pawn.name, n=lost, left=pawn.coins)]
    if turns:
        lines.append(ngettext("{name} misses {n} turn.", "{name} misses {n} turns.", turns).format(
            name=pawn.name, n=turns))
    return lines


def _my_turn(race: BoardRace, pawn: Pawn, what: str) -> None:
    if pawn.place is not None:
        raise RaceError(_("{name} has finished").format(name=pawn.name))
    if race.current is not pawn:
        current = race.current
        raise RaceError(_("it is {current}'s turn, not {name}'s").format(
            current=current.name if current else "-", name=pawn.name))
    if race.pending is not None and what == "before":
        raise RaceError(_("{name} has rolled: take the shortcut or move along the track").format(name=pawn.name))


# --- before the roll -----------------------------------------------------------------------------------------

def _spend(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "before")
    row = coin_spend(_rules(ruleset).coin_spending, lambda r: r.coins, action.n, pawn.name, pawn.coins)
    pawn.coins -= row.coins
    race.bank += row.coins
    pawn.extra += row.extra_spaces
    return [ngettext("{name} pays {cost} coins to the bank for {n} extra space on this roll.",
                     "{name} pays {cost} coins to the bank for {n} extra spaces on this roll.",
                     row.extra_spaces).format(name=pawn.name, cost=row.coins, n=row.extra_spaces)]


def _discard(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "before")
    if pawn.item is None:
        raise RaceError(_("{name} holds no item").format(name=pawn.name))
    card = _card(ruleset, pawn.item)
    if not set(card.tags) & set(DISCARD_TAGS):
        raise RaceError(_("{card} cannot be thrown away; it is played").format(card=card_name(ruleset, card)))
    pawn.item = None
    _under_pile(race, card.id)
    return [_("{name} throws {card} away under the pile.").format(name=pawn.name, card=card_name(ruleset, card))]


def _reach(card: Any) -> int | None:
    """How many spaces ahead a shell reaches: the number in the card's rule-data reach ("up to 4 spaces ahead")."""
    found = re.search(r"\d+", card.reach or "")
    return int(found.group()) if found else None


def _target(race: BoardRace, pawn: Pawn, action: Action) -> Pawn:
    if not action.what:
        raise RaceError(_("name the kart it is played on"))
    target = race.pawn(action.what)
    if target is pawn or target.place is not None:
        raise RaceError(_("{name} is no rival in the race").format(name=target.name))
    return target


def _use(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "before")
    if pawn.item is None:
        raise RaceError(_("{name} holds no item").format(name=pawn.name))
    card = _card(ruleset, pawn.item)
    named = card_name(ruleset, card)
    rules = _rules(ruleset)
    lines: list[str]
    if card.id == "feather":
        raise RaceError(_("{card} is handed in when taking a shortcut after the roll").format(card=named))
    if card.id == "banana":
        where = action.n
        if where is None or not 1 <= where <= race.spaces:
            raise RaceError(_("put the banana on a space from 1 to {n}").format(n=race.spaces))
        if where in race.bananas:
            raise RaceError(_("space {n} has a banana already").format(n=where))
        if any(race.space(p) == where and p.place is None for p in race.pawns):
            raise RaceError(_("space {n} is not free").format(n=where))
        if len(race.bananas) >= rules.banana_chips:
            moved = race.bananas.pop(0)
            lines = [_("All {n} banana chips are out: the one on space {old} moves to space {new}.").format(
                n=rules.banana_chips, old=moved, new=where)]
        else:
            lines = [_("{name} puts a banana on space {n}.").format(name=pawn.name, n=where)]
        race.bananas.append(where)
    elif card.roll_multiplier is not None:  # the Mushroom
        pawn.multiplier = card.roll_multiplier
        lines = [_("{name} plays {card}: the next roll counts {n} times.").format(
            name=pawn.name, card=named, n=card.roll_multiplier)]
    elif card.rivals_move_divisor is not None:  # the Lightning
        for rival in race.pawns:
            if rival is not pawn and rival.place is None:
                rival.divisor = card.rivals_move_divisor
        lines = [_("{name} plays {card}: every rival moves the next roll divided by {n}, rounded down.").format(
            name=pawn.name, card=named, n=card.rivals_move_divisor)]
    elif card.id == "ghost":
        target = _target(race, pawn, action)
        if target.item is None:
            raise RaceError(_("{name} holds no item").format(name=target.name))
        stolen, target.item = target.item, None
        pawn.item = stolen
        _under_pile(race, card.id)
        return [_("{name} plays {card} and takes {item} from {rival}.").format(
            name=pawn.name, card=named, item=_named(ruleset, stolen), rival=target.name)]
    elif card.id == "blue-shell":
        leader = next((p for p in race.standing() if p.place is None), None)
        if leader is None or leader is pawn:
            raise RaceError(_("{name} leads: {card} has nobody to hit").format(name=pawn.name, card=named))
        if leader.progress - pawn.progress > rules.blue_shell_reach_spaces:
            raise RaceError(_("{leader} leads more than {n} spaces ahead").format(
                leader=leader.name, n=rules.blue_shell_reach_spaces))
        lines = [_("{card} hits {name}, the leader.").format(card=named, name=leader.name),
                 *_hit(ruleset, race, leader, card.hit_turns or 0)]
    elif "shell" in card.tags:
        target = _target(race, pawn, action)
        ahead = target.progress - pawn.progress
        reach = _reach(card)
        if ahead < 1 or (reach is not None and ahead > reach):
            raise RaceError(_("{card} reaches a rival 1 to {n} spaces ahead; {name} is {d} spaces ahead").format(
                card=named, n=reach, name=target.name, d=ahead))
        target.progress = max(pawn.progress - 1, 0)
        lines = [_("{card} hits {name}, who drops to space {space}.").format(
            card=named, name=target.name, space=race.space(target)), *_hit(ruleset, race, target, card.hit_turns or 0)]
    else:
        lines = [_("{name} plays {card}: nothing happens.").format(name=pawn.name, card=named)]
    pawn.item = None
    _under_pile(race, card.id)
    return lines


# --- the roll and the move -----------------------------------------------------------------------------------

def _roll(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "before")
    rules = _rules(ruleset)
    face = int(D6.roll(rng))
    lines = [_("{name} rolls {face}.").format(name=pawn.name, face=face)]
    if rules.coin_on_roll is not None and face == rules.coin_on_roll:
        if race.bank > 0:
            race.bank -= 1
            pawn.coins += 1
            lines.append(ngettext("{name} takes a coin from the bank ({n} left in the bank).",
                                  "{name} takes a coin from the bank ({n} left in the bank).", race.bank).format(
                name=pawn.name, n=race.bank))
        else:
            lines.append(_("The bank is empty: no coin for the {face}.").format(face=face))
    move = face * pawn.multiplier // pawn.divisor + pawn.extra
    if pawn.multiplier > 1 or pawn.divisor > 1 or pawn.extra:
        lines.append(ngettext("{name} moves {n} space.", "{name} moves {n} spaces.", move).format(
            name=pawn.name, n=move))
    pawn.multiplier, pawn.divisor, pawn.extra = 1, 1, 0
    if _shortcuts_within(ruleset, race, pawn, move):
        race.pending = move
        return [*lines, _("{name} may take a shortcut: Shortcut, or Move along the track.").format(name=pawn.name)]
    return [*lines, *_arrive(ruleset, race, pawn, pawn.progress + move, rng)]


def _pips(ruleset: Any) -> int:
    rule = _space_rule(ruleset, "shortcut")
    return rule.pips if rule is not None and rule.pips else 1


def _feather(ruleset: Any) -> str | None:
    """The id of the card a shortcut needs (`requires_item` of the rule data's shortcut space)."""
    rule = _space_rule(ruleset, "shortcut")
    card = ruleset.card(rule.requires_item) if rule is not None and rule.requires_item else None
    return card.id if card is not None else None


def _shortcuts_within(ruleset: Any, race: BoardRace, pawn: Pawn, move: int) -> list[tuple[int, int, int]]:
    """The shortcuts `pawn` may take with a move of `move`: (first space, last space, pips to the first space),
    nearest first. None without the item they need."""
    if pawn.item is None or pawn.item != _feather(ruleset):
        return []
    here, finish = race.space(pawn), race.spaces * race.laps
    found = []
    for first, last in race.shortcuts.items():
        ahead = (first - here) % race.spaces
        if ahead + _pips(ruleset) <= move and pawn.progress + ahead < finish:
            found.append((first, last, ahead))
    return sorted(found, key=lambda s: s[2])


def _move(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "after")
    if race.pending is None:
        raise RaceError(_("{name} has not rolled yet").format(name=pawn.name))
    move, race.pending = race.pending, None
    return _arrive(ruleset, race, pawn, pawn.progress + move, rng)


def _shortcut(ruleset: Any, race: BoardRace, pawn: Pawn, action: Action, rng: random.Random) -> list[str]:
    _my_turn(race, pawn, "after")
    feather = _feather(ruleset)
    if pawn.item is None or pawn.item != feather:
        raise RaceError(_("{name} holds no {card}: a shortcut needs one").format(
            name=pawn.name, card=_named(ruleset, feather) if feather else "-"))
    if race.pending is None:
        raise RaceError(_("{name} has not rolled yet").format(name=pawn.name))
    move = race.pending
    within = [s for s in _shortcuts_within(ruleset, race, pawn, move) if action.n is None or s[0] == action.n]
    if not within:
        here = race.space(pawn)
        need = sorted((first - here) % race.spaces + _pips(ruleset) for first in race.shortcuts
                      if action.n is None or first == action.n)
        raise RaceError(_("a move of {move} does not cross that shortcut (it needs {need})").format(
            move=move, need=need[0] if need else "-"))
    first, last, ahead = within[0]
    race.pending = None
    pawn.item = None
    _under_pile(race, feather or "")
    progress = pawn.progress + ahead + (last - first) + (move - ahead - _pips(ruleset))
    return [_("{name} hands in {card} and takes the shortcut from space {first} to space {last}.").format(
        name=pawn.name, card=_named(ruleset, feather or ""), first=first, last=last),
        *_arrive(ruleset, race, pawn, progress, rng)]


def _arrive(ruleset: Any, race: BoardRace, pawn: Pawn, progress: int, rng: random.Random) -> list[str]:
    """Move `pawn` to `progress`, do what the space it stops on does, and pass the turn (a booster keeps it)."""
    rules = _rules(ruleset)
    lap_before = race.lap(pawn)
    pawn.progress = progress
    if progress >= race.spaces * race.laps:
        pawn.place = 1 + sum(1 for p in race.pawns if p.place is not None)
        return [_("{name} crosses the finish line for the last time: place {place}.").format(
            name=pawn.name, place=pawn.place), *_pass_turn(race)]
    space = race.space(pawn)
    lines = [_("{name} stops on space {space}.").format(name=pawn.name, space=space)]
    if race.lap(pawn) > lap_before:
        lines.append(_("{name} starts lap {lap} of {laps}.").format(name=pawn.name, lap=race.lap(pawn), laps=race.laps))
    if space in race.bananas:
        race.bananas.remove(space)
        lines += [_("{name} stops on a banana; the chip leaves the board.").format(name=pawn.name),
                  *_hit(ruleset, race, pawn, _banana_turns(ruleset))]
    others = [p for p in race.pawns if p is not pawn and p.place is None and race.space(p) == space]
    if others:
        lines.append(_("{names} share space {space}.").format(
            names=", ".join(p.name for p in [pawn, *others]), space=space))
        for each in [pawn, *others]:
            lines.append(_pay_collision(rules, race, each))
    kind = race.fields.get(space)
    again = False
    if kind == "item":
        lines.append(_draw(ruleset, race, pawn, rng))
    elif kind == "booster":
        again = True
        lines.append(_("{field}: {name} rolls again.").format(field=_field_name(ruleset, kind), name=pawn.name))
    elif kind == "mushroom":
        rule = _space_rule(ruleset, kind)
        pawn.divisor = rule.move_divisor if rule is not None and rule.move_divisor else 1
        lines.append(_("{field}: {name}'s next move is the roll divided by {n}, rounded down.").format(
            field=_field_name(ruleset, kind), name=pawn.name, n=pawn.divisor))
    elif kind == "thwomp":
        lines += _thwomp(ruleset, race, pawn, rng)
    return lines if again else [*lines, *_pass_turn(race)]


def _banana_turns(ruleset: Any) -> int:
    """Turns a pawn stopping on a banana chip misses: the Banana card's `hit_turns`."""
    card = ruleset.card_by_id("banana")
    return card.hit_turns or 0 if card is not None else 0


def _pay_collision(rules: Any, race: BoardRace, pawn: Pawn) -> str:
    paid = rules.collision.coins_paid
    if pawn.coins >= paid:
        pawn.coins -= paid
        race.bank += paid
        return ngettext("{name} pays {n} coin to the bank.", "{name} pays {n} coins to the bank.", paid).format(
            name=pawn.name, n=paid)
    pawn.skip += rules.collision.skip_turns_if_broke
    return ngettext("{name} cannot pay and misses {n} turn.", "{name} cannot pay and misses {n} turns.",
                    rules.collision.skip_turns_if_broke).format(name=pawn.name, n=rules.collision.skip_turns_if_broke)


def _draw(ruleset: Any, race: BoardRace, pawn: Pawn, rng: random.Random) -> str:
    """A ? space: the top card, kept face up (one held at most); a blank goes straight back under the pile."""
    field_name = _field_name(ruleset, "item")
    limit = ruleset.deck_rules.hand_limit
    if limit is not None and pawn.item is not None and limit <= 1:
        return _("{field}: {name} holds {card} already and draws nothing.").format(
            field=field_name, name=pawn.name, card=_named(ruleset, pawn.item))
    drawn = race.deck.draw(rng)
    if drawn.card is None:
        return _("{field}: no card is left to draw.").format(field=field_name)
    card = _card(ruleset, drawn.card)
    if "blank" in card.tags:
        _under_pile(race, card.id)
        return _("{field}: {name} draws {card}; it goes back under the pile.").format(
            field=field_name, name=pawn.name, card=card_name(ruleset, card))
    pawn.item = card.id
    return _("{field}: {name} draws {card}.").format(field=field_name, name=pawn.name, card=card_name(ruleset, card))


def _thwomp(ruleset: Any, race: BoardRace, pawn: Pawn, rng: random.Random) -> list[str]:
    """A Thwomp space: roll at once and look the face up in the space's roll table."""
    from designer.systems.mk_board.rule_data import roll_outcome_effect

    rule = _space_rule(ruleset, "thwomp")
    if rule is None or not rule.roll_table:
        return []
    face = int(D6.roll(rng))
    index = next(i for i, outcome in enumerate(rule.roll_table) if face in outcome.rolls)
    outcome = rule.roll_table[index]
    pawn.skip += outcome.skip_turns
    return [_("{field}: {name} rolls {face}: {effect}").format(
        field=_field_name(ruleset, "thwomp"), name=pawn.name, face=face,
        effect=roll_outcome_effect(ruleset, rule, index) or "")]


def _pass_turn(race: BoardRace) -> list[str]:
    """The next pawn in the turn order that is still racing and has no turn to miss (those that have one miss it)."""
    lines: list[str] = []
    while not race.over:
        race.turn = (race.turn + 1) % len(race.pawns)
        pawn = race.pawns[race.turn]
        if pawn.place is not None:
            continue
        if pawn.skip > 0:
            pawn.skip -= 1
            lines.append(ngettext("{name} misses this turn ({n} more to miss).",
                                  "{name} misses this turn ({n} more to miss).", pawn.skip).format(
                name=pawn.name, n=pawn.skip) if pawn.skip else _("{name} misses this turn.").format(name=pawn.name))
            continue
        break
    return [*lines, _turn_line(race)]


KART_ACTIONS = {"spend": _spend, "use": _use, "discard": _discard, "roll": _roll, "move": _move,
                "shortcut": _shortcut}

ACTIONS = (
    ActionSpec("roll", kart=True, title=N_("Roll"),
               help=N_("roll the die and move (the coin face earns a coin from the bank)")),
    ActionSpec("move", kart=True, title=N_("Move"), help=N_("move the roll along the track, past the shortcut")),
    ActionSpec("shortcut", kart=True, n="optional", title=N_("Shortcut"),
               help=N_("hand in the item a shortcut needs and take it (its first space, when there are more)")),
    ActionSpec("spend", kart=True, n="required", title=N_("Spend coins"),
               help=N_("before the roll: pay coins for extra spaces, as the spending table says")),
    ActionSpec("use", kart=True, n="optional", what="optional", title=N_("Use item"),
               help=N_("before the roll: play the item held (a banana: the space; a shell or a steal: the rival)")),
    ActionSpec("discard", kart=True, title=N_("Throw away"),
               help=N_("before the roll: put the item held under the pile unused, where the rules allow it")),
)


def act(ruleset: Any, race: BoardRace, action: Action, rng: random.Random) -> list[str]:
    pawn = race.pawn(action.kart)
    return KART_ACTIONS[action.do](ruleset, race, pawn, action, rng)


def current(ruleset: Any, race: BoardRace) -> str | None:
    pawn = race.current
    return pawn.name if pawn is not None else None


def summary(ruleset: Any, race: BoardRace) -> list[str]:
    rules = _rules(ruleset)
    chips = _(" (spaces {spaces})").format(spaces=", ".join(map(str, race.bananas))) if race.bananas else ""
    lines = [_turn_line(race),
             _("Bank: {coins}; deck: {cards}; bananas on the board: {chips} of {max}{where}.").format(
                 coins=ngettext("{n} coin", "{n} coins", race.bank).format(n=race.bank),
                 cards=ngettext("{n} card", "{n} cards", len(race.deck)).format(n=len(race.deck)),
                 chips=len(race.bananas), max=rules.banana_chips,
                 where=chips)]
    if race.pending is not None:
        lines.append(_("Rolled {n}: Shortcut or Move.").format(n=race.pending))
    for rank, pawn in enumerate(race.standing(), 1):
        where = (_("finished in place {place}").format(place=pawn.place) if pawn.place is not None else
                 _("space {space}, lap {lap} of {laps}").format(space=race.space(pawn), lap=race.lap(pawn),
                                                                laps=race.laps))
        item = _named(ruleset, pawn.item) if pawn.item else _("no item")
        text = _("{rank}. {name}: {where}, coins {coins}, {item}").format(
            rank=rank, name=pawn.name, where=where, coins=pawn.coins, item=item)
        if pawn.skip:
            text += ngettext("; misses {n} turn", "; misses {n} turns", pawn.skip).format(n=pawn.skip)
        lines.append(text)
    return lines


def result(ruleset: Any, race: BoardRace) -> list[Placing]:
    """Places as the race stands: finishers by place, then the others by how far along (places only)."""
    return [Placing(p.name, rank) for rank, p in enumerate(race.standing(), 1)]


RACE = RaceRules(start=start, act=act, summary=summary, result=result, from_track=from_track, actions=ACTIONS,
                 current=current)
