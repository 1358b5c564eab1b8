"""Axles and Alloys II on race day: a deathmatch or a race of cars, every number from the rule data.

Per car: its plotted speed (within ACC, DEC and MAX of its weight class's arena or race line, the vehicle file's
rolled adjustments, and what damage did to them), nitro and dropper charges, hit points crossed out line by line:
each full line is a threshold (`axles.thresholds`) where every working component (the systems every car has —
engine, steering, brakes, fuel tank, driver — and those fitted) rolls a d6 and is lost on the line's faces, and
the last line destroys the car; equipment the rule data says rerolls a system's loss (Body Armour: the Driver)
does so once a game, and its second roll stands. A barrier hit costs the damage of the car's speed band
(`axles.barrier_bands`); a head-on (90°) hit or a solid object destroys the car. A destroyed car's driver
dies on `axles.driver_dies_on`; a driver can also die with the car whole (the Driver lost at a threshold, a
Deathshead). A roll that kills the driver waits for the player: spend one of the driver's career rerolls (the
second roll stands) or accept it; a Deathshead allows none. Kills go to whoever dealt the damage that destroyed
a car. The result feeds a career (`game`: destroyed, died, kills, finished, won, rerolls spent) or a race
series (places). Pure: the shared engine (`designer.race.engine`) replays these actions from the race's seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _, ngettext
from designer.race.dice import D6, numbered
from designer.race.engine import ActionSpec, GameOutcome, Placing, RaceError, RaceRules, Start

if TYPE_CHECKING:
    from designer.race.document import Action

DEATHMATCH, RACE = "deathmatch", "race"
MM_PER_INCH = 25.4
#: The systems every car has (ours, from the rulebook's damage section; the rule data lists only what is
#: fitted): key, name, how many losses it takes (2: damaged first), what losing it does.
FIXED_PARTS: tuple[tuple[str, str, int, str], ...] = (
    ("engine", N_("Engine"), 2, ""),
    ("steering", N_("Steering"), 2, ""),
    ("brakes", N_("Brakes"), 1, ""),
    ("fuel", N_("Fuel tank"), 1, "car"),
    ("driver", N_("Driver"), 1, "driver"),
)
#: A car's stats the race reads of its vehicle file besides the components fitted.
SPEED_STATS = ("max", "acc", "dec")


@dataclass
class Part:
    """One component a threshold can take: `key` a fixed system's or the rule data's component id (an included
    one, the Flamethrower's Flame Tank, is "<id>+"); `losses` taken of `steps`; `effect` "car" (losing it
    destroys the car) or "driver"; `charges` left (nitro, droppers)."""

    key: str
    steps: int = 1
    losses: int = 0
    effect: str = ""
    charges: int | None = None
    spent: bool = False  # equipment whose one reroll is used

    @property
    def lost(self) -> bool:
        return self.losses >= self.steps


@dataclass
class Car:
    name: str
    weight: str
    lines: int
    boxes: int
    max: int
    acc: int
    dec: int
    turn: int
    rerolls: int
    parts: list[Part] = field(default_factory=list)
    speed: int = 0
    last: int = 0  # the speed of the game-turn before: what this game-turn's plot is measured from
    boost: int = 0  # nitro inches this game-turn
    damage: int = 0
    destroyed: bool = False
    dead: bool = False
    pending: tuple[int, ...] | None = None  # the faces of a killing roll a reroll may still change
    rerolls_used: int = 0
    kills: int = 0
    laps: int = 0
    place: int | None = None
    out_at: int | None = None  # the order it left the game in (1: first out)
    brakes_dec: int | None = None

    def part(self, key: str) -> Part | None:
        return next((p for p in self.parts if p.key == key), None)

    @property
    def rerolls_left(self) -> int:
        return self.rerolls - self.rerolls_used


@dataclass
class AxlesRace:
    cars: list[Car]
    scenario: str
    laps: int
    turn: int = 1
    gone: int = 0  # cars out of the game so far

    def car(self, name: str | None) -> Car:
        key = (name or "").strip().casefold()
        found = next((c for c in self.cars if c.name.casefold() == key), None)
        if found is None:
            raise RaceError(_("no car {name} in this game (cars: {cars})").format(
                name=repr(name), cars=", ".join(c.name for c in self.cars)))
        return found

    def standing(self) -> list[Car]:
        """First to last: finishers by place, cars still running by laps, then the others, last out first."""
        def key(car: Car) -> tuple[int, int, int, int]:
            order = self.cars.index(car)
            if car.place is not None:
                return 0, car.place, 0, order
            if car.out_at is None:
                return 1, -car.laps, 0, order
            return 2, -car.out_at, 0, order
        return sorted(self.cars, key=key)


def _axles(ruleset: Any) -> Any:
    from designer.systems.axles_alloys_2.rule_data import axles_rules

    rules = axles_rules(ruleset)
    if rules is None:
        raise RaceError(_("this rule data has no Axles and Alloys rules"))
    return rules


def from_track(document: Any) -> dict[str, int]:
    """A track with a start/finish line is a race of its laps; any other table is a deathmatch arena."""
    if any(e.kind == "start_finish" for e in document.elements):
        return {"laps": int(document.laps)}
    return {}


def game_setup(ruleset: Any, scenario: str) -> dict[str, int]:
    """A game played without a track file: a race of the rule data's laps, or a deathmatch."""
    return {"laps": _axles(ruleset).race_laps} if scenario == RACE else {}


def vehicle_stats(ruleset: Any, vehicle: Any) -> dict[str, int]:
    """What a race reads of a car's vehicle file: its rolled MAX/ACC/DEC changes (stored offset by 10, stats
    are never negative) and how many of each component it has fitted (by id, "-" read as "_")."""
    stats = {f"{stat}_roll": 10 + getattr(vehicle.adjustments, stat) for stat in SPEED_STATS}
    for fitted in vehicle.components:
        key = fitted.component.replace("-", "_")
        stats[key] = stats.get(key, 0) + 1
    return stats


def _speed_line(weight: Any, scenario: str) -> tuple[int, int, int, int]:
    line = weight.race if scenario == RACE else weight
    return line.max, line.acc, line.dec, line.turn


def _car(ruleset: Any, entrant: Any, scenario: str, start_speed: int) -> Car:
    rules = _axles(ruleset)
    weight = rules.find_weight_class(entrant.character) if entrant.character else None
    if weight is None:
        if entrant.character is not None:
            raise RaceError(_("{name} drives a {vehicle} car, which is no weight class of this rule data").format(
                name=entrant.name, vehicle=repr(entrant.character)))
        weight = rules.weight_classes[len(rules.weight_classes) // 2]  # no class chosen: the middle one
    stats = dict(entrant.stats or {})
    top, acc, dec, turn = _speed_line(weight, scenario)
    top, acc, dec = (value + stats.pop(f"{stat}_roll", 10) - 10 for stat, value in zip(SPEED_STATS, (top, acc, dec),
                                                                                        strict=True))
    car = Car(entrant.name, weight.id, weight.hit_point_lines, weight.boxes_per_line, max(top, 1), max(acc, 1),
              max(dec, 1), turn, stats.pop("rerolls", 0), speed=start_speed, last=start_speed)
    car.parts = [Part(key, steps, effect=effect) for key, _name, steps, effect in FIXED_PARTS]
    for component in rules.components:
        for _n in range(stats.pop(component.id.replace("-", "_"), 0)):
            car.parts.append(Part(component.id, charges=component.charges))
            if component.includes:  # the Flamethrower's Flame Tank: losing it destroys the car
                car.parts.append(Part(component.id + "+", effect="car"))
    return car


def start(begin: Start, rng: random.Random) -> tuple[AxlesRace, list[str]]:
    from designer.systems.axles_alloys_2.rule_data import weight_class_name

    rules = _axles(begin.ruleset)
    scenario = RACE if "laps" in begin.setup else DEATHMATCH
    entry = round(rules.deathmatch_entry_speed_mm / MM_PER_INCH) if scenario == DEATHMATCH else 0
    cars = [_car(begin.ruleset, entrant, scenario, entry) for entrant in begin.players]
    race = AxlesRace(cars, scenario, begin.setup.get("laps", rules.race_laps))
    if scenario == RACE:
        lines = [ngettext("A race of {n} lap.", "A race of {n} laps.", race.laps).format(n=race.laps)]
    else:
        lines = [_("A deathmatch: the last car running wins; the table's edge is solid.")]
    for car in cars:
        lines.append(_("{name}: {vehicle} car, {points} hit points in {lines} lines, MAX {max} ACC {acc} "
                       "DEC {dec}, speed {speed}.").format(
            name=car.name, vehicle=weight_class_name(begin.ruleset, rules.weight_class_by_id(car.weight)),
            points=car.lines * car.boxes, lines=car.lines, max=car.max, acc=car.acc, dec=car.dec, speed=car.speed))
    return race, [*lines, _("Game-turn {n}: plot speeds.").format(n=race.turn)]


# --- names -------------------------------------------------------------------------------------------------

def part_name(ruleset: Any, key: str) -> str:
    from designer.systems.axles_alloys_2.rule_data import component_includes, component_name

    fixed = next((name for k, name, _s, _e in FIXED_PARTS if k == key), None)
    if fixed is not None:
        return _(fixed)
    component = next((c for c in _axles(ruleset).components if c.id == key.rstrip("+")), None)
    if component is None:
        return key
    if key.endswith("+"):
        return component_includes(ruleset, component) or component_name(ruleset, component)
    return component_name(ruleset, component)


def _faces(faces: tuple[int, ...] | list[int]) -> str:
    faces = sorted(faces)
    if len(faces) > 1 and faces == list(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]}–{faces[-1]}"
    return ", ".join(map(str, faces))


# --- damage, destruction, the driver ---------------------------------------------------------------------

def _leave(race: AxlesRace, car: Car) -> None:
    if car.out_at is None:
        race.gone += 1
        car.out_at = race.gone


def _destroy(ruleset: Any, race: AxlesRace, car: Car, by: Car | None, rng: random.Random,
             no_reroll: bool = False) -> list[str]:
    if car.destroyed:
        return []
    car.destroyed = True
    _leave(race, car)
    lines = [_("{name}'s car is destroyed.").format(name=car.name)]
    if by is not None and by is not car:
        by.kills += 1
        lines.append(ngettext("{name} is credited with the kill ({n} in this game).",
                              "{name} is credited with the kill ({n} in this game).", by.kills).format(
            name=by.name, n=by.kills))
    if car.dead or car.pending is not None:
        return lines
    if no_reroll:
        car.dead = True
        return [*lines, _("{name} is killed: no reroll can save him.").format(name=car.name)]
    return lines + _death_roll(car, tuple(_axles(ruleset).driver_dies_on), rng)


def _death_roll(car: Car, faces: tuple[int, ...], rng: random.Random) -> list[str]:
    face = int(D6.roll(rng))
    if face not in faces:
        return [_("{name} rolls {face} for the driver (dies on {faces}): the driver lives.").format(
            name=car.name, face=face, faces=_faces(faces))]
    if car.rerolls_left > 0:
        car.pending = faces
        return [ngettext("{name} rolls {face} for the driver (dies on {faces}): dead, unless a reroll is spent "
                         "({n} left).",
                         "{name} rolls {face} for the driver (dies on {faces}): dead, unless a reroll is spent "
                         "({n} left).", car.rerolls_left).format(
            name=car.name, face=face, faces=_faces(faces), n=car.rerolls_left)]
    return [_("{name} rolls {face} for the driver (dies on {faces}): the driver is dead.").format(
        name=car.name, face=face, faces=_faces(faces)), *_kill_driver(car)]


def _kill_driver(car: Car) -> list[str]:
    car.dead = True
    car.pending = None
    if car.destroyed:
        return []
    return [_("{name}'s car loses control and is abandoned.").format(name=car.name)]


def _lose(ruleset: Any, race: AxlesRace, car: Car, part: Part, by: Car | None, rng: random.Random) -> list[str]:
    """What losing `part` once more does."""
    part.losses += 1
    name = part_name(ruleset, part.key)
    rules = _axles(ruleset)
    if part.effect == "car":
        return [_("{part} lost: the car goes up in flames.").format(part=name),
                *_destroy(ruleset, race, car, by, rng)]
    if part.steps > 1 and not part.lost:
        return [_("{part} damaged.").format(part=name)]
    if part.key == "brakes":
        car.brakes_dec = rules.brakes_lost_dec
    if part.charges:
        part.charges = 0
    return [_("{part} destroyed.").format(part=name)]


def _guarded(ruleset: Any, car: Car, part: Part, faces: tuple[int, ...],
             rng: random.Random) -> tuple[bool | None, list[str]]:
    """A loss the car's equipment may reroll once a game (Body Armour: the Driver): None when none does; else
    whether the reroll saved the part, and the log line. The second roll stands."""
    guards = {c.id for c in _axles(ruleset).components if c.rerolls_loss_of == part.key}
    guard = next((p for p in car.parts if p.key in guards and not p.lost and not p.spent), None)
    if guard is None:
        return None, []
    guard.spent = True
    face = int(D6.roll(rng))
    saved = face not in faces
    text = (_("{equipment} rerolls the loss of {part}: {face}, it holds.") if saved else
            _("{equipment} rerolls the loss of {part}: {face}, lost all the same."))
    return saved, [text.format(equipment=part_name(ruleset, guard.key), part=part_name(ruleset, part.key), face=face)]


def _threshold(ruleset: Any, race: AxlesRace, car: Car, line: int, by: Car | None,
               rng: random.Random) -> list[str]:
    rule = next((t for t in _axles(ruleset).thresholds if t.line == line), None)
    lines = [_("{name} crosses out hit-point line {line} of {lines}.").format(name=car.name, line=line,
                                                                           lines=car.lines)]
    if rule is None:
        return lines
    if rule.destroys_vehicle:
        return lines + _destroy(ruleset, race, car, by, rng)
    faces = tuple(rule.component_lost_on)
    if not faces:
        return lines
    rolls, losses = [], []
    for part in car.parts:
        if part.lost:
            continue
        face = int(D6.roll(rng))
        rolls.append(f"{part_name(ruleset, part.key)} {face}")
        if face in faces:
            losses.append(part)
    lines.append(_("Each component rolls (lost on {faces}): {rolls}.").format(faces=_faces(faces),
                                                                            rolls=", ".join(rolls)))
    for part in losses:
        saved, said = _guarded(ruleset, car, part, faces, rng)
        lines += said
        if saved:
            continue
        if part.effect == "driver":
            if car.rerolls_left > 0 and not car.dead and saved is None:  # a rerolled die is never rolled again
                car.pending = faces
                lines.append(ngettext("{name}'s Driver is lost: dead, unless a reroll is spent ({n} left).",
                                      "{name}'s Driver is lost: dead, unless a reroll is spent ({n} left).",
                                      car.rerolls_left).format(name=car.name, n=car.rerolls_left))
            else:
                lines.append(_("{name}'s Driver is lost: the driver is dead.").format(name=car.name))
                lines += _kill_driver(car)
                _leave(race, car)
            part.losses += 1
            continue
        lines += _lose(ruleset, race, car, part, by, rng)
        if car.destroyed:
            break
    return lines


def _take(ruleset: Any, race: AxlesRace, car: Car, points: int, by: Car | None, rng: random.Random) -> list[str]:
    total = car.lines * car.boxes
    before = car.damage
    car.damage = min(total, car.damage + points)
    lines = [ngettext("{name} takes {n} hit point ({left} of {total} left).",
                      "{name} takes {n} hit points ({left} of {total} left).", points).format(
        name=car.name, n=points, left=total - car.damage, total=total)]
    for line in range(before // car.boxes + 1, car.damage // car.boxes + 1):
        lines += _threshold(ruleset, race, car, line, by, rng)
        if car.destroyed:
            break
    return lines


# --- the actions ------------------------------------------------------------------------------------------

def _now(ruleset: Any, car: Car) -> tuple[int, int, int]:
    """MAX, DEC and TURN as damage left them: a damaged engine divides MAX (`axles.engine_damaged_max_divisor`;
    a destroyed one winds down each game-turn), lost brakes set DEC, each steering loss takes
    `axles.steering_damaged_turn_loss` off TURN."""
    engine, steering = car.part("engine"), car.part("steering")
    rules = _axles(ruleset)
    top = car.max // rules.engine_damaged_max_divisor if engine is not None and engine.losses == 1 else car.max
    if engine is not None and engine.lost:
        top = max(car.last - rules.engine_lost_slowdown_in, 0)
    dec = car.brakes_dec if car.brakes_dec is not None else car.dec
    turn = 0 if steering is not None and steering.lost else car.turn - (
        steering.losses * rules.steering_damaged_turn_loss if steering else 0)
    return top, dec, max(turn, 0)


def _limits(ruleset: Any, car: Car) -> tuple[int, int]:
    """The slowest and fastest speed the car may plot for the next game-turn."""
    engine = car.part("engine")
    top, dec, _turn = _now(ruleset, car)
    if engine is not None and engine.lost:
        return 0, max(car.last - _axles(ruleset).engine_lost_slowdown_in, 0)
    return min(max(car.last - dec, 0), top), min(car.last + car.acc, top)


def _speed(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    low, high = _limits(ruleset, car)
    wanted = int(action.n or 0)
    if not low <= wanted <= high:
        raise RaceError(_("{name} may plot {low} to {high} this game-turn, not {speed}").format(
            name=car.name, low=low, high=high, speed=wanted))
    car.speed = wanted
    return [_("{name} plots speed {speed}.").format(name=car.name, speed=wanted)]


def _charged(ruleset: Any, car: Car, kind: str, what: str | None) -> Part:
    rules = _axles(ruleset)
    kinds = {c.id: c.kind for c in rules.components}
    parts = [p for p in car.parts if p.charges is not None and kinds.get(p.key) == kind
             and (what is None or what.casefold() in (p.key, part_name(ruleset, p.key).casefold()))]
    usable = next((p for p in parts if not p.lost and p.charges), None)
    if usable is None:
        raise RaceError(_("{name} has no {what} with a charge left").format(
            name=car.name, what=what or (_("nitro") if kind == "equipment" else _("dropper"))))
    return usable


def _nitro(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    rules = _axles(ruleset)
    part = _charged(ruleset, car, "equipment", None)
    part.charges = (part.charges or 0) - 1
    dice = [int(D6.roll(rng)) for _n in range(rules.nitro_dice)]
    car.boost += sum(dice)
    return [ngettext("{name} fires a nitro charge: {dice} = +{inches} inches this game-turn ({n} charge left).",
                     "{name} fires a nitro charge: {dice} = +{inches} inches this game-turn ({n} charges left).",
                     part.charges).format(name=car.name, dice=" + ".join(map(str, dice)), inches=sum(dice),
                                          n=part.charges)]


def _drop(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if race.scenario == RACE and not _axles(ruleset).dropped_weapons_in_races:
        raise RaceError(_("no dropped weapons in a race"))
    part = _charged(ruleset, car, "dropper", action.what)
    part.charges = (part.charges or 0) - 1
    return [ngettext("{name} drops from the {dropper} ({n} drop left).",
                     "{name} drops from the {dropper} ({n} drops left).", part.charges).format(
        name=car.name, dropper=part_name(ruleset, part.key), n=part.charges)]


def _damage(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    points = int(action.n or 0)
    if points < 1:
        raise RaceError(_("a car takes 1 hit point or more, not {n}").format(n=points))
    by = race.car(action.what) if action.what else None
    lines = [_("{by} hits {name}.").format(by=by.name, name=car.name)] if by is not None and by is not car else []
    return lines + _take(ruleset, race, car, points, by, rng)


def _band_damage(damage: str, rng: random.Random) -> tuple[int, str]:
    """Roll a band's damage ("none", "d6", "d6+2"): the points and the roll in words."""
    if damage == "none":
        return 0, ""
    die, _plus, bonus = damage.partition("+")
    face = int(numbered(int(die.lstrip("d"))).roll(rng))
    extra = int(bonus) if bonus else 0
    return face + extra, f"{face}+{extra}" if extra else f"{face}"


def _barrier(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    speed = car.speed + car.boost if action.n is None else action.n
    band = next((b for b in _axles(ruleset).barrier_bands
                 if b.min_speed_in <= speed and (b.max_speed_in is None or speed <= b.max_speed_in)), None)
    if band is None:
        raise RaceError(_("no barrier band of the rule data covers speed {speed}").format(speed=speed))
    points, roll = _band_damage(band.damage, rng)
    if points == 0:
        return [_("{name} glances off a barrier at {speed}: turned parallel to it, no damage.").format(
            name=car.name, speed=speed)]
    line = _("{name} glances off a barrier at {speed}: turned parallel to it, {damage} rolled: {roll}.").format(
        name=car.name, speed=speed, damage=band.damage, roll=roll)
    return [line, *_take(ruleset, race, car, points, None, rng)]


def _headon(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if not _axles(ruleset).head_on_barrier_destroys:
        raise RaceError(_("in this rule data a head-on barrier hit does not destroy a car"))
    return [_("{name} hits a barrier head-on (90°) or a solid object.").format(name=car.name),
            *_destroy(ruleset, race, car, None, rng)]


def _deathshead(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    car.damage = car.lines * car.boxes
    lines = [_("{name} hits a raised Deathshead: the spikes impale the driver.").format(name=car.name)]
    return lines + _destroy(ruleset, race, car, None, rng, no_reroll=True)


def _reroll(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if car.pending is None:
        raise RaceError(_("{name} has no roll to reroll").format(name=car.name))
    faces, car.pending = car.pending, None
    car.rerolls_used += 1
    face = int(D6.roll(rng))
    lines = [ngettext("{name} spends a reroll ({n} left) and rolls {face}.",
                      "{name} spends a reroll ({n} left) and rolls {face}.", car.rerolls_left).format(
        name=car.name, n=car.rerolls_left, face=face)]
    if face in faces:
        lines.append(_("The second roll stands: the driver is dead."))
        lines += _kill_driver(car)
        _leave(race, car)
    else:
        lines.append(_("{name}'s driver lives.").format(name=car.name))
        part = car.part("driver")
        if part is not None and not car.destroyed:
            part.losses = 0  # the Driver component is saved with him
    return lines


def _accept(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if car.pending is None:
        raise RaceError(_("{name} has no roll to accept").format(name=car.name))
    lines = [_("{name} keeps the roll: the driver is dead.").format(name=car.name), *_kill_driver(car)]
    _leave(race, car)
    return lines


def _lap(ruleset: Any, race: AxlesRace, car: Car, action: Action, rng: random.Random) -> list[str]:
    if race.scenario != RACE:
        raise RaceError(_("a deathmatch has no laps"))
    car.laps += 1
    if car.laps >= race.laps:
        car.place = 1 + sum(1 for c in race.cars if c.place is not None)
        return [_("{name} finishes in place {place}.").format(name=car.name, place=car.place)]
    return [_("{name} completes lap {lap} of {laps}.").format(name=car.name, lap=car.laps, laps=race.laps)]


def _turn(ruleset: Any, race: AxlesRace, action: Action, rng: random.Random) -> list[str]:
    if any(c.pending is not None for c in race.cars):
        waiting = ", ".join(c.name for c in race.cars if c.pending is not None)
        raise RaceError(_("spend a reroll or accept the roll first: {cars}").format(cars=waiting))
    lines = [_("Game-turn {n} ends.").format(n=race.turn)]
    for car in race.cars:
        car.boost, car.last = 0, car.speed
    race.turn += 1
    running = [c for c in race.cars if c.out_at is None and c.place is None]
    if race.scenario == DEATHMATCH and len(running) == 1 and len(race.cars) > 1:
        lines.append(_("{name} is the last car running.").format(name=running[0].name))
    order = sorted(running, key=lambda c: -c.speed)
    lines.append(_("Game-turn {n}: plot speeds; fastest moves first ({cars}).").format(
        n=race.turn, cars=", ".join(f"{c.name} {c.speed}" for c in order) or _("nobody")))
    return lines


def _roll(ruleset: Any, race: AxlesRace, action: Action, rng: random.Random) -> list[str]:
    dice = 1 if action.n is None else action.n
    if not 1 <= dice <= 6:
        raise RaceError(_("roll 1 to 6 dice, not {n}").format(n=dice))
    faces = [int(D6.roll(rng)) for _n in range(dice)]
    return [_("{n}d6 rolled: {faces} = {total}.").format(n=dice, faces=" + ".join(map(str, faces)),
                                                         total=sum(faces))]


CAR_ACTIONS = {"speed": _speed, "nitro": _nitro, "drop": _drop, "damage": _damage, "barrier": _barrier,
               "headon": _headon, "deathshead": _deathshead, "reroll": _reroll, "accept": _accept, "lap": _lap}
GAME_ACTIONS = {"turn": _turn, "roll": _roll}
#: What a car whose game is over may still do: settle its driver's fate.
AFTER_THE_END = ("reroll", "accept")

ACTIONS = (
    ActionSpec("speed", kart=True, n="required", title=N_("Speed"),
               help=N_("plot the car's speed for this game-turn (within ACC, DEC and MAX)")),
    ActionSpec("damage", kart=True, n="required", what="optional", title=N_("Damage"),
               help=N_("the car takes hit points (and who dealt them: 5 Ben)")),
    ActionSpec("barrier", kart=True, n="optional", title=N_("Barrier"),
               help=N_("the car glances off a barrier at its speed (or the speed given)")),
    ActionSpec("headon", kart=True, title=N_("Head-on"),
               help=N_("the car hits a barrier at 90° or a solid object: destroyed")),
    ActionSpec("nitro", kart=True, title=N_("Nitro"), help=N_("fire a nitro charge: extra inches this game-turn")),
    ActionSpec("drop", kart=True, what="optional", title=N_("Drop"),
               help=N_("drop a template from a dropper (which one, when it has several)")),
    ActionSpec("reroll", kart=True, title=N_("Spend reroll"),
               help=N_("spend a career reroll on the roll that killed the driver")),
    ActionSpec("accept", kart=True, title=N_("Accept roll"), help=N_("keep the roll: the driver is dead")),
    ActionSpec("deathshead", kart=True, title=N_("Deathshead"),
               help=N_("the car hits a raised Deathshead: destroyed, the driver killed, no reroll")),
    ActionSpec("lap", kart=True, title=N_("Lap"), help=N_("cross the finish line (a race)")),
    ActionSpec("roll", n="optional", title=N_("Roll"), help=N_("roll d6 (or as many d6 as given)")),
    ActionSpec("turn", title=N_("Next game-turn"), help=N_("end the game-turn")),
)


def act(ruleset: Any, race: AxlesRace, action: Action, rng: random.Random) -> list[str]:
    if action.do in CAR_ACTIONS:
        car = race.car(action.kart)
        if car.pending is not None and action.do not in AFTER_THE_END:
            raise RaceError(_("{name}'s driver is waiting: spend a reroll or accept the roll").format(
                name=car.name))
        if (car.destroyed or car.dead or car.place is not None) and action.do not in AFTER_THE_END:
            raise RaceError(_("{name} is out of the game").format(name=car.name))
        return CAR_ACTIONS[action.do](ruleset, race, car, action, rng)
    return GAME_ACTIONS[action.do](ruleset, race, action, rng)


def _state(ruleset: Any, car: Car) -> str:
    if car.pending is not None:
        return _("driver's roll waiting")
    if car.destroyed and car.dead:
        return _("destroyed, driver dead")
    if car.destroyed:
        return _("destroyed, driver alive")
    if car.dead:
        return _("driver dead")
    if car.place is not None:
        return _("finished in place {place}").format(place=car.place)
    return _("running")


def _more(text: str, more: str) -> str:
    return _("{text}; {more}").format(text=text, more=more)


def summary(ruleset: Any, race: AxlesRace) -> list[str]:
    title = _("Deathmatch") if race.scenario == DEATHMATCH else ngettext(
        "Race of {n} lap", "Race of {n} laps", race.laps).format(n=race.laps)
    lines = [_("{title}, game-turn {n}.").format(title=title, n=race.turn)]
    for car in race.standing():
        lost = [part_name(ruleset, p.key) + ("" if p.lost else " " + _("(damaged)"))
                for p in car.parts if p.losses and p.key != "driver"]
        charges = [f"{part_name(ruleset, p.key)} {p.charges}" for p in car.parts
                   if p.charges is not None and not p.lost]
        total = car.lines * car.boxes
        line = car.damage // car.boxes + 1 if car.damage < total else car.lines
        details = _("{name}: {state}; speed {speed}{boost}, hit points {left}/{total} (line {line}), "
                    "rerolls {rerolls}, kills {kills}").format(
            name=car.name, state=_state(ruleset, car), speed=car.speed,
            boost=f" +{car.boost}" if car.boost else "", left=total - car.damage, total=total, line=line,
            rerolls=car.rerolls_left, kills=car.kills)
        if race.scenario == RACE:
            details = _more(details, _("laps {laps}/{total}").format(laps=car.laps, total=race.laps))
        if any(p.losses for p in car.parts if p.key in ("engine", "steering", "brakes")):
            top, dec, turn = _now(ruleset, car)
            details = _more(details, _("now MAX {max}, DEC {dec}, TURN {turn}").format(max=top, dec=dec, turn=turn))
        if charges:
            details = _more(details, _("charges: {charges}").format(charges=", ".join(charges)))
        if lost:
            details = _more(details, _("components hit: {parts}").format(parts=", ".join(lost)))
        lines.append(details)
    return lines


def result(ruleset: Any, race: AxlesRace) -> list[Placing]:
    """Places: finishers by place, cars still running, then the others, the last out first."""
    return [Placing(car.name, rank) for rank, car in enumerate(race.standing(), 1)]


def game(ruleset: Any, race: AxlesRace) -> tuple[str, list[GameOutcome]]:
    """The game for a career: a driver whose killing roll still waits counts as dead (the roll stands)."""
    outcomes = []
    for car in race.cars:
        died = car.dead or car.pending is not None
        finished = race.scenario == RACE and car.place is not None and not car.destroyed and not died
        outcomes.append(GameOutcome(car.name, destroyed=car.destroyed, died=died, kills=car.kills,
                                    finished=finished, won=finished and car.place == 1,
                                    rerolls_used=car.rerolls_used))
    return race.scenario, outcomes


def _career_entrants(doc: Any, ctx: Any, campaign_path: Any, ruleset: Any) -> list[Any]:
    from designer.systems.axles_alloys_2.race_entrants import career_entrants

    return career_entrants(doc, ctx, campaign_path, ruleset, RACE_RULES)


def _file_career_game(doc: Any, ctx: Any, scenario: str, outcomes: Any, track: str | None) -> Any:
    from designer.systems.axles_alloys_2.race_entrants import file_career_game

    return file_career_game(doc, ctx, scenario, outcomes, track)


RACE_RULES = RaceRules(start=start, act=act, summary=summary, result=result, from_track=from_track,
                       actions=ACTIONS, game=game, vehicle_stats=vehicle_stats, game_setup=game_setup,
                       entrant_word=N_("Driver"), entrants=_career_entrants, file_game=_file_career_game)
