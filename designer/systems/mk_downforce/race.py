"""Mario Kart for Downforce on race day: the six cars, their owners, the item die and the red die, every number
from the rule data (`downforce` of `resources/rulesets/mk-downforce.json`).

A race always has one car per colour of the rule data (six), whatever the number of players; a player owns a
car by its driver's colour or by buying it (`buy`, with the price paid). The table tells the race the position
order (`order`, first to last, as the variant's position rule gives it). The start boost rolls the red die for
each car in position order. A car crossing a yellow betting line takes a ? block (`block`), at most one per
lane space of that line; at the end of the turn the cars holding ? blocks roll the item die in position order
(`items`): Coins roll the red die on the coin table, Lightning moves the cars by position on the Lightning
table, any other face is a token put on the driver card (no limit; lost only when used, `use`). Then every ?
block goes back on the track. Finishing places and coins file into a season race as its cars, in one edit.
Pure: the shared engine (`designer.race.engine`) replays these actions from the race's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _, format_dollars, ngettext
from designer.race.dice import D6, custom
from designer.race.engine import ActionSpec, Placing, RaceError, RaceRules, Start

if TYPE_CHECKING:  # the registry loads every system for any document: the campaign code only when a result is filed
    from designer.campaign.context import Context
    from designer.model.campaign import CampaignDocument
    from designer.race.document import Action

#: Item die faces (the rule data's English names) with an effect of their own; any other face is a token.
COINS_FACE = "Coins"
LIGHTNING_FACE = "Lightning"
#: Prices are typed in millions, as the auction is bid.
MILLION = 1_000_000


@dataclass
class Car:
    colour: str
    owner: str | None = None
    paid: int = 0  # dollars paid at the auction
    coins: int = 0
    tokens: dict[str, int] = field(default_factory=dict)  # token (rule data name) → held on the driver card
    blocks: int = 0  # ? blocks on the driver card, waiting for the item die
    place: int | None = None


@dataclass
class DownforceRace:
    cars: list[Car]
    order: list[str]  # position, first to last, of the cars still racing
    players: list[str]
    taken: list[int]  # ? blocks taken from each betting line since they were last re-placed
    took: list[str] = field(default_factory=list)  # "colour/line": a car takes one block a line until re-placed
    crossed: list[int] = field(default_factory=list)  # betting lines crossed at least once (their bets made)
    boosted: bool = False
    rolls: int = 0  # item die rolls so far

    def car(self, name: str | None, ruleset: Any) -> Car:
        from designer.systems.mk_downforce.rule_data import kart_colour_name

        key = (name or "").strip().casefold()
        found = next((c for c in self.cars if key in (c.colour.casefold(),
                                                       kart_colour_name(ruleset, c.colour).casefold())), None)
        if found is None:
            raise RaceError(_("no {name} car in this race (cars: {cars})").format(
                name=repr(name), cars=", ".join(kart_colour_name(ruleset, c.colour) for c in self.cars)))
        return found

    def standing(self) -> list[Car]:
        """First to last: finishers by place, then the others in position order."""
        finished = sorted((c for c in self.cars if c.place is not None), key=lambda c: c.place or 0)
        return finished + [self.by_colour(colour) for colour in self.order]

    def by_colour(self, colour: str) -> Car:
        return next(c for c in self.cars if c.colour == colour)


def _rules(ruleset: Any) -> Any:
    from designer.systems.mk_downforce.rule_data import downforce_rules

    rules = downforce_rules(ruleset)
    if rules is None:
        raise RaceError(_("this rule data has no Downforce section"))
    return rules


def _car_name(ruleset: Any, car: Car) -> str:
    from designer.systems.mk_downforce.rule_data import kart_colour_name

    name = _("the {colour} car").format(colour=kart_colour_name(ruleset, car.colour))
    return _("{car} ({owner})").format(car=name, owner=car.owner) if car.owner else name


def lightning_moves(ruleset: Any, order: list[str]) -> list[tuple[str, int, int]]:
    """(colour, place, spaces) for each car Lightning moves: by its place in `order` (the cars still racing,
    first to last), on the rule data's Lightning table; the leader and places the table omits stay."""
    table = {row.place: row.spaces for row in _rules(ruleset).lightning_table}
    return [(colour, place, table[place]) for place, colour in enumerate(order, 1) if table.get(place)]


def coins_for(ruleset: Any, face: int) -> int:
    """The coins a red die face wins on the coin table."""
    return next((row.coins for row in _rules(ruleset).coin_table if face in row.rolls), 0)


def from_track(document: Any) -> dict[str, int]:
    gates = sum(1 for e in document.elements if e.kind == "gate")
    return {"gate": gates} if gates else {}


def start(begin: Start, rng: random.Random) -> tuple[DownforceRace, list[str]]:
    ruleset = begin.ruleset
    rules = _rules(ruleset)
    owners: dict[str, str] = {}
    for entrant in begin.players:
        colour = rules.colour_of(entrant.character) if entrant.character else None
        if colour is not None and colour not in owners:
            owners[colour] = entrant.name
    cars = [Car(k.colour, owners.get(k.colour)) for k in rules.karts]
    lines_count = begin.setup.get("gate") or rules.kit.betting_lines
    race = DownforceRace(cars, [c.colour for c in cars], [p.name for p in begin.players], [0] * lines_count)
    lines = [ngettext("{n} car races: {cars}.", "{n} cars race: {cars}.", len(cars)).format(
        n=len(cars), cars=", ".join(_car_name(ruleset, c) for c in cars)),
        ngettext("{n} betting line, {lanes} ? blocks after each.", "{n} betting lines, {lanes} ? blocks after each.",
                 lines_count).format(n=lines_count, lanes=rules.kit.lanes),
        _("Set the position order, then roll the start boost.")]
    return race, _capitalised(lines)


# --- the actions ------------------------------------------------------------------------------------------

def _buy(ruleset: Any, race: DownforceRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    from designer.systems.mk_downforce.rule_data import kart_colour_name

    who, price = (action.what or "").strip(), action.n
    first, _space, rest = who.partition(" ")
    if price is None and first.isdigit() and rest.strip():  # typed as one value in the window: "7 Ann"
        price, who = int(first), rest.strip()
    if who == "-":
        car.owner, car.paid = None, 0
        return [_("Nobody owns {car}.").format(car=_car_name(ruleset, car))]
    owner = next((p for p in race.players if p.casefold() == who.casefold()), None)
    if owner is None:
        raise RaceError(_("{name} is not a player of this race (players: {players})").format(
            name=repr(who), players=", ".join(race.players)))
    price = price or 0
    if price < 0:
        raise RaceError(_("money cannot be negative ({amount})").format(amount=price))
    car.owner, car.paid = owner, price * MILLION
    return [_("{owner} owns the {colour} car, paid {price}.").format(
        owner=owner, colour=kart_colour_name(ruleset, car.colour), price=format_dollars(car.paid))]


def _block(ruleset: Any, race: DownforceRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    rules = _rules(ruleset)
    line = action.n or 0
    if not 1 <= line <= len(race.taken):
        raise RaceError(_("betting line {n} is not one of 1…{lines}").format(n=line, lines=len(race.taken)))
    key = f"{car.colour}/{line}"
    if key in race.took:
        raise RaceError(_("{car} took a ? block at line {n} already").format(car=_car_name(ruleset, car), n=line))
    if race.taken[line - 1] >= rules.kit.lanes:
        raise RaceError(_("no ? block is left at line {n} until they are re-placed").format(n=line))
    race.taken[line - 1] += 1
    race.took.append(key)
    car.blocks += 1
    lines = [_("{car} crosses betting line {n} and takes a ? block.").format(car=_car_name(ruleset, car), n=line)]
    if line not in race.crossed:
        race.crossed.append(line)
        lines.append(_("Betting line {n} is crossed for the first time: everyone bets now.").format(n=line))
    return lines


def _apply_face(ruleset: Any, race: DownforceRace, car: Car, face: str, rng: random.Random) -> list[str]:
    from designer.systems.mk_downforce.rule_data import die_face, token_name

    name = _car_name(ruleset, car)
    said = [_("{car} rolls the item die: {face}.").format(car=name, face=die_face(ruleset, face))]
    if face == COINS_FACE:
        red = int(D6.roll(rng))
        won = coins_for(ruleset, red)
        car.coins += won
        said.append(ngettext("Red die {face}: {n} coin ({total} held).", "Red die {face}: {n} coins ({total} held).",
                             won).format(face=red, n=won, total=car.coins))
    elif face == LIGHTNING_FACE:
        for colour, place, spaces in lightning_moves(ruleset, race.order):
            said.append(ngettext("{car}, in place {place}, moves {n} space ahead.",
                                 "{car}, in place {place}, moves {n} spaces ahead.", spaces).format(
                car=_car_name(ruleset, race.by_colour(colour)), place=place, n=spaces))
    else:
        car.tokens[face] = car.tokens.get(face, 0) + 1
        said.append(_("{car} puts a {token} on the driver card.").format(car=name, token=token_name(ruleset, face)))
    return said


def _items(ruleset: Any, race: DownforceRace, action: Action, rng: random.Random) -> list[str]:
    rules = _rules(ruleset)
    if not any(c.blocks for c in race.cars):
        raise RaceError(_("no car holds a ? block"))
    die = custom(rules.item_die_faces)
    lines: list[str] = []
    for car in [c for c in race.standing() if c.blocks]:
        for _block_held in range(car.blocks):
            race.rolls += 1
            lines += _apply_face(ruleset, race, car, str(die.roll(rng)), rng)
        car.blocks = 0
    race.taken = [0] * len(race.taken)
    race.took = []
    lines.append(_("Every ? block goes back on the track."))
    return lines


def _use(ruleset: Any, race: DownforceRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    from designer.systems.mk_downforce.rule_data import kart_colour_name, token_name

    rules = _rules(ruleset)
    wanted = (action.what or "").strip().casefold()
    token = next((t for t, n in car.tokens.items()
                  if n and wanted in (t.casefold(), token_name(ruleset, t).casefold())), None)
    if token is None:
        held = [token_name(ruleset, t) for t, n in car.tokens.items() if n]
        raise RaceError(_("{car} holds no {token} (holds: {held})").format(
            car=_car_name(ruleset, car), token=repr(action.what), held=", ".join(held) or "-"))
    car.tokens[token] -= 1
    name = _car_name(ruleset, car)
    lines = [_("{car} uses a {token}.").format(car=name, token=token_name(ruleset, token))]
    if token == "Green Shell" and car.colour in race.order:
        at = race.order.index(car.colour)
        if at > 0:
            ahead = race.order[at - 1]
            race.order[at - 1], race.order[at] = car.colour, ahead
            lines.append(ngettext("It trades places with {other}, {n} space ahead.",
                                  "It trades places with {other}, {n} spaces ahead.",
                                  rules.green_shell_swap_spaces).format(
                other=_car_name(ruleset, race.by_colour(ahead)), n=rules.green_shell_swap_spaces))
    elif token == "Blue Shell" and race.order:
        lines.append(_("The leader, {car}, moves 0 on this speed card; {colour} is no wild colour for it.").format(
            car=_car_name(ruleset, race.by_colour(race.order[0])), colour=kart_colour_name(ruleset, car.colour)))
    elif token == "Banana":
        lines.append(ngettext("Put it on the free space just behind, or up to {n} space ahead.",
                              "Put it on the free space just behind, or up to {n} spaces ahead.",
                              rules.banana_reach_ahead).format(n=rules.banana_reach_ahead))
    return lines


def _finish(ruleset: Any, race: DownforceRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if car.place is not None:
        raise RaceError(_("{car} has finished already").format(car=_car_name(ruleset, car)))
    car.place = 1 + sum(1 for c in race.cars if c.place is not None)
    race.order.remove(car.colour)
    return [_("{car} finishes in place {place}.").format(car=_car_name(ruleset, car), place=car.place)]


def _order(ruleset: Any, race: DownforceRace, action: Action, rng: random.Random) -> list[str]:
    from designer.systems.mk_downforce.rule_data import kart_colour_name

    named = [race.car(w, ruleset).colour for w in (action.what or "").split(",") if w.strip()]
    if sorted(named) != sorted(race.order):
        raise RaceError(_("give every car still racing once, first to last ({cars})").format(
            cars=", ".join(kart_colour_name(ruleset, c) for c in race.order)))
    race.order = named
    return [_("Position: {cars}.").format(cars=", ".join(kart_colour_name(ruleset, c) for c in named))]


def _boost(ruleset: Any, race: DownforceRace, action: Action, rng: random.Random) -> list[str]:
    boost = _rules(ruleset).start_boost
    if race.boosted:
        raise RaceError(_("the start boost was rolled already"))
    race.boosted = True
    lines = []
    for colour in race.order:
        face = int(D6.roll(rng))
        car = _car_name(ruleset, race.by_colour(colour))
        lines.append(ngettext("Start boost: {car} rolls {face} and moves {n} space ahead.",
                              "Start boost: {car} rolls {face} and moves {n} spaces ahead.",
                              boost.advance_spaces).format(car=car, face=face, n=boost.advance_spaces)
                     if face in boost.rolls else
                     _("Start boost: {car} rolls {face} and stays.").format(car=car, face=face))
    lines.append(_("The leader now plays the first speed card."))
    return lines


CAR_ACTIONS = {"buy": _buy, "block": _block, "use": _use, "finish": _finish}
RACE_ACTIONS = {"order": _order, "boost": _boost, "items": _items}

ACTIONS = (
    ActionSpec("order", what="required", title=N_("Position"),
               help=N_("set the position order, first to last: red,green,blue")),
    ActionSpec("boost", title=N_("Start boost"), help=N_("roll the red die for each car, in position order")),
    ActionSpec("block", kart=True, n="required", title=N_("? block"),
               help=N_("a car crosses a betting line (its number) and takes a ? block")),
    ActionSpec("items", title=N_("Roll ? blocks"),
               help=N_("each car holding a ? block rolls the item die, in position order; the blocks go back")),
    ActionSpec("use", kart=True, what="required", title=N_("Use token"),
               help=N_("use a token from the driver card: Banana, Green Shell or Blue Shell")),
    ActionSpec("finish", kart=True, title=N_("Finish"), help=N_("a car crosses the finish line")),
    ActionSpec("buy", kart=True, n="optional", what="required", title=N_("Owner"),
               help=N_("who owns a car and the price paid in millions: 7 Ann (- for nobody)")),
)


def _capitalised(lines: list[str]) -> list[str]:
    return [line[:1].upper() + line[1:] for line in lines]


def act(ruleset: Any, race: DownforceRace, action: Action, rng: random.Random) -> list[str]:
    if action.do in CAR_ACTIONS:
        car = race.car(action.kart, ruleset)
        if car.place is not None and action.do in ("block", "use"):
            raise RaceError(_("{car} has finished").format(car=_car_name(ruleset, car)))
        return _capitalised(CAR_ACTIONS[action.do](ruleset, race, car, action, rng))
    return _capitalised(RACE_ACTIONS[action.do](ruleset, race, action, rng))


def summary(ruleset: Any, race: DownforceRace) -> list[str]:
    from designer.systems.mk_downforce.rule_data import token_name

    lines = [_("? blocks taken: {taken}.").format(taken=", ".join(
        _("line {n}: {count}").format(n=i, count=n) for i, n in enumerate(race.taken, 1)))]
    for rank, car in enumerate(race.standing(), 1):
        tokens = ", ".join(f"{token_name(ruleset, t)} ×{n}" for t, n in car.tokens.items() if n) or _("no tokens")
        lines.append(_("{rank}. {car}: coins {coins}, ? blocks {blocks}; {tokens}").format(
            rank=rank, car=_car_name(ruleset, car), coins=car.coins, blocks=car.blocks, tokens=tokens))
    return lines


def result(ruleset: Any, race: DownforceRace) -> list[Placing]:
    """Each car by colour: its place (finishers, then the position order) and its coins."""
    return [Placing(car.colour, rank, None, car.coins) for rank, car in enumerate(race.standing(), 1)]


def karts(ruleset: Any, race: DownforceRace) -> list[tuple[str, str]]:
    return [(car.colour, _car_name(ruleset, car)) for car in race.cars]


def file(ruleset: Any, race: DownforceRace, doc: CampaignDocument, ctx: Context, number: int) -> CampaignDocument:
    """A season race gets every car (place, owner, price paid, coins); a race series ranks the players by their
    best car (places among the players, as a race series records them), with that car's coins."""
    from designer.campaign.edit import enter_results
    from designer.campaign.modes import in_money
    from designer.systems.mk_downforce.fields import DownforceRace as SeasonRace
    from designer.systems.mk_downforce.season_edit import clear_car, set_car

    placings = result(ruleset, race)
    if in_money(doc):
        filed = doc
        if number <= len(doc.races):
            for old in SeasonRace.of(doc.races[number - 1]).cars:
                filed = clear_car(filed, ctx, number, old.colour)
        for placing in placings:
            car = race.by_colour(placing.player)
            filed = set_car(filed, ctx, number, car.colour, placing.place, car.owner, car.paid, car.coins)
        return filed
    best: dict[str, Placing] = {}
    for placing in placings:
        owner = race.by_colour(placing.player).owner
        if owner is not None and owner not in best:
            best[owner] = placing
    # places only among the players: ranked by their best car
    return enter_results(doc, ctx, number, [(o, rank, None, p.coins) for rank, (o, p) in enumerate(best.items(), 1)])


RACE = RaceRules(start=start, act=act, summary=summary, result=result, from_track=from_track, actions=ACTIONS,
                 karts=karts, file=file)
