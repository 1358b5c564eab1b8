"""Axles and Alloys II's own checks of ramps, bends and Badlands Ambush entry points (the race width is
`track_width`'s). Pure geometry: no Qt.

- `axles-ramp-landing-off-track` (warning): a ramp for a crossover must bring a car down on the track. The
  rules give no jump length for a ramp (a car flies half its speed), so the landing point is taken from the
  rule data's ramp size: one ramp length (`element_sizes.ramp.length_mm`, 4") past the ramp's far edge,
  along its heading — a car leaving a 4" ramp clears at least as much again. That point must lie on the
  track's surface.
- `axles-bend-at-max` (info): per weight class, each bend where the centerline's heading turns by more than
  the class's race TURN × 45° within one move at its race MAX (that many inches of centerline): such a car
  must slow for it. The turning is summed along the centerline (an S-bend counts both ways, as the car's
  45° pivots would), and one note is given per class per bend, at the bend's sharpest move.
- `axles-ambush-placement` (warning): in a Badlands Ambush set-up (a document with a defender's entry point)
  the defender starts in the table's centre (within `axles.ambush.centre_tolerance_mm`), all its cars heading
  the one direction it nominated; each attacker enters within `entry_within_mm` (6") of a table corner or
  edge midpoint, at most `entry_points_max` (2) such points in all (the points used are the ones nominated);
  an entry point more than half off the table is a lost car. The seed's 10" and 15" are speeds, not distances:
- `axles-ambush-speed` (warning): each entry point's speed is its side's, `defender_speed_mm` (10") or
  `attackers_speed_mm` (15"). A deathmatch's entry points (no defender) are not checked.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.report import Problem, namer
from designer.geometry.footprint import local_size
from designer.geometry.route import Route
from designer.geometry.units import format_length
from designer.i18n import _
from designer.model.elements import Element, Gate, Ramp, StartFinish
from designer.model.track import MM_PER_UNIT
from designer.systems.axles_alloys_2.elements import EntryPoint
from designer.systems.axles_alloys_2.rule_data import AmbushRules, axles_rules, weight_class_name
from designer.systems.axles_alloys_2.track_width import sample_distances, stretches

#: One of a car's pivots (degrees): TURN counts them.
PIVOT_DEG = 45.0
#: Room for rounding (degrees) before a bend counts as sharper than a class's pivots.
TURN_TOLERANCE_DEG = 1.0
#: The kinds named with a bend (the elements to look at there).
BEND_KINDS = ("start_finish", "gate", "ramp")


# --- ramps ------------------------------------------------------------------------------------------------
def landing_point(ctx: CheckContext, ramp: Element) -> tuple[float, float]:
    """Where a car leaving the ramp comes down: one ramp length past its far edge, along its heading."""
    length, _width = local_size(ramp, ctx.ruleset)
    ahead = length / 2.0 + length
    radians = math.radians(ramp.rotation_deg)
    return ramp.x_mm + math.cos(radians) * ahead, ramp.y_mm + math.sin(radians) * ahead


def _landings_off_track(ctx: CheckContext, ramps: list[Element]) -> dict[str, list[Problem]]:
    if not ramps:
        return {}
    landings = [landing_point(ctx, ramp) for ramp in ramps]
    off = ~shapely.covers(ctx.surface, shapely.points(landings))
    message = _("{ramp} brings a car down off the track: it lands {distance} past the ramp's far edge")
    name = namer(message, "ramp")
    units = ctx.document.display_units
    out = {}
    for k in np.flatnonzero(off).tolist():
        ramp = ramps[k]
        distance = format_length(local_size(ramp, ctx.ruleset)[0], units, 1)
        out[ramp.id] = [problem("axles-ramp-landing-off-track", message.format(ramp=name(ramp), distance=distance),
                                (ramp.id,), landings[k])]
    return out


@check("axles-ramp-landing-off-track", "warning", kinds=["ramp"], needs_track=True)
def axles_ramp_landing_off_track(ctx: CheckContext, ramp: Element) -> list[Problem]:
    return _landings_off_track(ctx, [ramp]).get(ramp.id, [])


axles_ramp_landing_off_track.batch = _landings_off_track


# --- bends against each class's TURN ------------------------------------------------------------------------
def turning_within(ctx: CheckContext, move_mm: float) -> tuple[np.ndarray, np.ndarray, int]:
    """(sample distances, the degrees the centerline turns in the move starting at each sample, samples per
    move). On an open route the moves that would run past the end are left out."""
    route = ctx.route
    d = sample_distances(route.length, route.closed)
    step = route.length / len(d) if route.closed else route.length / max(len(d) - 1, 1)
    per_move = max(1, round(move_mm / step))
    heading = np.unwrap(np.radians(route.angles(d)))
    if route.closed:
        # turns[i]: from sample i to the next, the last one back round to the first
        turns = np.append(np.abs(np.diff(heading)), abs(_fold(float(heading[0] - heading[-1]))))
        laps = max(1, math.ceil(per_move / len(d)) + 1)
        total = np.concatenate([[0.0], np.cumsum(np.tile(turns, laps))])
        moves = total[np.arange(len(d)) + per_move] - total[: len(d)]
    else:
        total = np.concatenate([[0.0], np.cumsum(np.abs(np.diff(heading)))])
        count = max(0, len(d) - per_move)
        moves = total[np.arange(count) + per_move] - total[:count]
        d = d[:count]
    return d, np.degrees(moves), per_move


def _middle(route: Route, first: float, last: float) -> float:
    """Halfway from `first` to `last` along the route (past the end of a closed route's lap, if need be)."""
    span = route.wrap(last - first) if route.closed else last - first
    return first + span / 2.0


def _fold(radians: float) -> float:
    return (radians + math.pi) % (2 * math.pi) - math.pi


def _along_lap(ctx: CheckContext, distance: float) -> float:
    start = next(iter(ctx.of_class(StartFinish)), None)
    if start is None or not ctx.route.closed:
        return distance
    return ctx.route.wrap(distance - ctx.projection(start, heading=True).distance_mm)


def _elements_between(ctx: CheckContext, first: float, last: float) -> tuple[str, ...]:
    """The ids of the start line, gates and ramps lying along the route from `first` to `last` (mm)."""
    route = ctx.route
    found = []
    for element in [e for kind in BEND_KINDS for e in ctx.of_kind(kind)]:
        if isinstance(element, Gate | StartFinish | Ramp):
            at = ctx.projection(element, heading=True).distance_mm
            inside = route.wrap(at - first) <= route.wrap(last - first) if route.closed else first <= at <= last
            if inside:
                found.append(element.id)
    return tuple(sorted(found, key=ctx.index.__getitem__))


@check("axles-bend-at-max", "info", needs_track=True)
def axles_bend_at_max(ctx: CheckContext) -> list[Problem]:
    rules = axles_rules(ctx.ruleset)
    if rules is None:
        return []
    units = ctx.document.display_units
    route = ctx.route
    message = _("{weight_class} cars (TURN {turn}, race MAX {max}) cannot take the bend at {along} along the lap "
                "at full speed: it turns {angle}° within {move}")
    out = []
    for weight_class in rules.weight_classes:
        stats = weight_class.race
        move = stats.max * MM_PER_UNIT["in"]
        limit = stats.turn * PIVOT_DEG
        d, turned, per_move = turning_within(ctx, move)
        step = move / per_move
        for run in stretches(turned > limit + TURN_TOLERANCE_DEG, route.closed):
            worst = int(run[np.argmax(turned[run])])
            # the bend's middle: the middle of the moves that turn (nearly) the most, which for a bend shorter
            # than a move are all those that hold the whole bend
            sharpest = run[turned[run] >= turned[worst] - TURN_TOLERANCE_DEG / 2.0]
            apex = _middle(route, float(d[sharpest[0]]), float(d[sharpest[-1]])) + move / 2.0
            first, last = float(d[run[0]]), float(d[run[-1]] + per_move * step)
            text = message.format(weight_class=weight_class_name(ctx.ruleset, weight_class), turn=stats.turn,
                                  max=stats.max, along=format_length(_along_lap(ctx, apex), units, 0),
                                  angle=f"{turned[worst]:.0f}", move=format_length(move, units, 0))
            out.append(problem("axles-bend-at-max", text, _elements_between(ctx, first, last), route.position(apex)))
    return out


# --- Badlands Ambush ------------------------------------------------------------------------------------------
def _ambush(ctx: CheckContext) -> tuple[AmbushRules, list[EntryPoint]] | None:
    """The rules and entry points of a Badlands Ambush set-up: a document with a defender's entry point."""
    rules = axles_rules(ctx.ruleset)
    entries = ctx.of_class(EntryPoint)
    if rules is None or rules.ambush is None or not any(e.role == "defender" for e in entries):
        return None
    return rules.ambush, entries


def entry_sites(width_mm: float, height_mm: float) -> list[tuple[float, float]]:
    """The points an attacker may nominate: the table's four corners and the middles of its four edges."""
    xs, ys = (0.0, width_mm / 2.0, width_mm), (0.0, height_mm / 2.0, height_mm)
    return [(x, y) for x in xs for y in ys if (x, y) != (xs[1], ys[1])]


def _same_heading(a: float, b: float) -> bool:
    return abs((a - b + 180.0) % 360.0 - 180.0) <= TURN_TOLERANCE_DEG


@check("axles-ambush-placement", "warning")
def axles_ambush_placement(ctx: CheckContext) -> list[Problem]:
    found = _ambush(ctx)
    if found is None:
        return []
    ambush, entries = found
    table = ctx.document.table
    units = ctx.document.display_units
    centre = (table.width_mm / 2.0, table.height_mm / 2.0)
    sites = entry_sites(table.width_mm, table.height_mm)
    off_centre = _("{entry} is {distance} from the table's centre: in a Badlands Ambush the defender starts in "
                   "the centre (give or take {tolerance})")
    far = _("{entry} is {distance} from the nearest table corner or edge midpoint: in a Badlands Ambush the "
            "attackers enter within {within} of one of the entry points they nominated")
    off_table = _("{entry} is more than half off the table: a car that leaves the table is lost")
    out = []
    used: dict[int, list[str]] = {}
    for entry in entries:
        if entry.role == "defender":
            distance = math.hypot(entry.x_mm - centre[0], entry.y_mm - centre[1])
            if distance > ambush.centre_tolerance_mm + 1e-6:
                text = off_centre.format(entry=namer(off_centre, "entry")(entry),
                                         distance=format_length(distance, units, 1),
                                         tolerance=format_length(ambush.centre_tolerance_mm, units, 1))
                out.append(problem("axles-ambush-placement", text, (entry.id,)))
        else:
            distances = [math.hypot(entry.x_mm - x, entry.y_mm - y) for x, y in sites]
            nearest = int(np.argmin(distances))
            if distances[nearest] > ambush.entry_within_mm + 1e-6:
                text = far.format(entry=namer(far, "entry")(entry),
                                  distance=format_length(distances[nearest], units, 1),
                                  within=format_length(ambush.entry_within_mm, units, 1))
                out.append(problem("axles-ambush-placement", text, (entry.id,)))
            else:
                used.setdefault(nearest, []).append(entry.id)
        if not (0.0 <= entry.x_mm <= table.width_mm and 0.0 <= entry.y_mm <= table.height_mm):
            text = off_table.format(entry=namer(off_table, "entry")(entry))
            out.append(problem("axles-ambush-placement", text, (entry.id,)))
    if len(used) > ambush.entry_points_max:
        text = _("The attackers enter at {count} corners or edge midpoints: in a Badlands Ambush they nominate at "
                 "most {most}").format(count=len(used), most=ambush.entry_points_max)
        ids = tuple(e.id for e in entries if any(e.id in group for group in used.values()))
        out.append(problem("axles-ambush-placement", text, ids))
    defenders = [e for e in entries if e.role == "defender"]
    if any(not _same_heading(e.rotation_deg, defenders[0].rotation_deg) for e in defenders[1:]):
        text = _("The defender's entry points head different ways: in a Badlands Ambush its cars all travel in the "
                 "one direction it nominated")
        out.append(problem("axles-ambush-placement", text, tuple(e.id for e in defenders)))
    return out


@check("axles-ambush-speed", "warning")
def axles_ambush_speed(ctx: CheckContext) -> list[Problem]:
    found = _ambush(ctx)
    if found is None:
        return []
    ambush, entries = found
    units = ctx.document.display_units
    defender = _("{entry} enters at {speed}: in a Badlands Ambush the defender travels at {expected}")
    attacker = _("{entry} enters at {speed}: in a Badlands Ambush the attackers travel at {expected}")
    out = []
    for entry in entries:
        message = defender if entry.role == "defender" else attacker
        expected = ambush.defender_speed_mm if entry.role == "defender" else ambush.attackers_speed_mm
        if abs(entry.speed_mm - expected) > 0.05:
            text = message.format(entry=namer(message, "entry")(entry), speed=format_length(entry.speed_mm, units, 1),
                                  expected=format_length(expected, units, 1))
            out.append(problem("axles-ambush-speed", text, (entry.id,)))
    return out
