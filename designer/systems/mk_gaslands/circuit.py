"""The work of Mario Kart Gaslands' track generator (`generate.GENERATOR`): a closed circuit, or a figure-8
with one crossover, that fits the table with a margin and whose corners are all at least as gentle as the widest
turn template (so the checks find neither a tight corner nor a pinched track), then the course on it:
the start/finish on the straightest stretch, gates numbered along the route, item-box lines of one box per
kart (one double-stacked) at some gates, boosts on straights, coins in small runs, a ramp whose jumps land
on the table, paired warp pipes beside the road and hazards by the density asked.

Deterministic per seed: one `random.Random(seed)` draws everything. A layout the checks would fault
(`designer.geometry.checks.run_checks`: any error or warning) is thrown away and the next one drawn, so
what comes out validates clean. Pure: no Qt.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import shapely
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from designer.geometry.checks import run_checks
from designer.geometry.checks.course import corner_radii
from designer.geometry.route import Route, crossings, route_of
from designer.i18n import _
from designer.model.elements import (
    BoostPad,
    ChainChomp,
    Coin,
    Gate,
    ItemBox,
    PiranhaPlant,
    Ramp,
    StartFinish,
    Thwomp,
    WanderingThreat,
    WarpPipe,
)
from designer.model.track import Table, TrackDocument, TrackSurface

#: Grass kept between the track's edge and the table's edge (mm).
TABLE_MARGIN_MM = 40.0
#: Grass kept between two passes of the track that do not cross (mm).
PASS_GAP_MM = 60.0
#: Room kept between two placed elements (mm).
ELEMENT_GAP_MM = 6.0
#: A figure-8's longer side over the shorter side a circuit needs at least.
FIGURE8_STRETCH = 1.5
#: Hazards per metre of track, by the density chosen (`generate.DENSITY_TITLES`: the same keys).
HAZARDS_PER_M = {"none": 0.0, "few": 0.2, "some": 0.4, "many": 0.7}
#: Layouts tried before giving up.
ATTEMPTS = 60


def _min_radius(ruleset: Any) -> float:
    """The gentlest turn template's radius: corners at least this wide raise no `tight-corner`."""
    return max((t.radius_mm for t in ruleset.templates.turns), default=150.0)


def generate_circuit(ruleset: Any, width_mm: float, height_mm: float, seed: int,
                     settings: Mapping[str, Any]) -> TrackDocument:
    rng = random.Random(seed)
    width = float(settings["width"])
    if width < ruleset.min_track_width_mm:
        raise ValueError(_("the track width must be at least {minimum} mm").format(
            minimum=f"{ruleset.min_track_width_mm:g}"))
    radius = max(_min_radius(ruleset), width / 2.0 + 10.0)
    least = math.ceil(2 * radius + 2 * width + 2 * TABLE_MARGIN_MM + 4 * PASS_GAP_MM)
    if min(width_mm, height_mm) < least:
        raise ValueError(_("the table is too small for a track {width} mm wide: it needs at least {side} mm "
                           "on its shorter side").format(width=f"{width:g}", side=least))
    shape = str(settings["shape"])
    eight_fits = max(width_mm, height_mm) >= FIGURE8_STRETCH * least
    if shape == "figure-8" and not eight_fits:
        raise ValueError(_("a figure-8 {width} mm wide needs at least {side} mm on the table's longer side")
                         .format(width=f"{width:g}", side=math.ceil(FIGURE8_STRETCH * least)))
    name = _("Generated circuit {seed}").format(seed=seed)
    for attempt in range(ATTEMPTS):
        figure8 = {"circuit": False, "figure-8": True}.get(shape, eight_fits and rng.random() < 0.5)
        # wild shapes first (few of them pass: a draw costs a few ms), then gentler ones, which mostly pass
        wobble = rng.uniform(0.22, 0.45) if attempt < ATTEMPTS // 2 else 0.1
        controls = _layout(rng, width_mm, height_mm, width, radius, figure8, wobble)
        if controls is None:
            continue
        document = TrackDocument(name=name, ruleset=ruleset.id, table=Table(width_mm=width_mm, height_mm=height_mm),
                                 track=TrackSurface(centerline=controls, closed=True, width_mm=width))
        elements = _course(rng, document, ruleset, settings)
        if elements is None:
            continue
        document = document.model_copy(update={"elements": elements})
        if not any(p.severity in ("error", "warning") for p in run_checks(document, ruleset)):
            return document
    raise ValueError(_("no track fits this table with these settings; try a larger table or fewer elements"))


# --- the line ------------------------------------------------------------------------------------
def _layout(rng: random.Random, table_w: float, table_h: float, width: float, radius: float, figure8: bool,
            wobble: float) -> list[tuple[float, float]] | None:
    """Control points of a loop that fits the table, with every corner at least `radius` and passes
    `PASS_GAP_MM` apart (a figure-8 crossing once, near square); None when this draw does not. `wobble`:
    how far the shape strays from an oval or two round lobes (0.1 calm, 0.3 wild)."""
    if figure8:
        points = _figure8(rng, wobble)
        if (table_h > table_w) != (rng.random() < 0.15):
            points = [(y, x) for x, y in points]
    else:
        # a circle bent by a few smooth waves (an oval, a triangle, a kidney), sampled densely
        waves = [(h, rng.uniform(0.0, amplitude) * wobble / 0.3, rng.uniform(0.0, 2 * math.pi))
                 for h, amplitude in ((2, 0.25), (3, 0.2), (4, 0.08))]
        n = rng.randint(12, 16)
        points = []
        for k in range(n):
            t = 2 * math.pi * k / n
            r = 1.0 + sum(a * math.cos(h * t + phase) for h, a, phase in waves)
            points.append((math.cos(t) * r, math.sin(t) * r))
        keep = width / 2.0 + TABLE_MARGIN_MM
        stretch = (table_w - 2 * keep) / (table_h - 2 * keep) * rng.uniform(0.8, 1.0)
        points = [(x * stretch, y) for x, y in points]  # fills the table's longer side too
    if rng.random() < 0.5:
        points = [(-x, y) for x, y in points[::-1]]  # both directions of travel
    controls = _fit(points, table_w, table_h, width)
    route = route_of(TrackSurface(centerline=controls, closed=True, width_mm=width))
    _d, radii = corner_radii(route)
    if not len(radii) or float(radii.min()) < radius + 1.0:
        return None
    found = crossings(TrackSurface(centerline=controls, closed=True, width_mm=width))
    if len(found) != (1 if figure8 else 0) or (figure8 and found[0].angle_deg < 55.0):
        return None
    if not _passes_apart(route, width, found[0] if figure8 else None):
        return None
    return controls


def _figure8(rng: random.Random, wobble: float) -> list[tuple[float, float]]:
    """Two round lobes of their own sizes either side of a crossover, joined by the two straights through
    it: each lobe touches both straights, which cross at 70° to 90°."""
    alpha = math.radians(rng.uniform(35.0, 45.0))
    lobes: list[list[tuple[float, float]]] = []
    for side in (1.0, -1.0):
        points: list[tuple[float, float]] = []
        lobes.append(points)
        c = rng.uniform(0.8, 1.2)
        radius = c * math.sin(alpha)
        n = rng.randint(8, 10)
        sweep = math.pi + 2 * alpha
        bulge = rng.uniform(-0.5, 1.0) * wobble  # the far side drawn out or pressed in, smoothly
        for k in range(n):
            # from the upper tangent point round the far side to the lower one (the right lobe clockwise)
            phi = math.pi / 2 + alpha - sweep * k / (n - 1)
            r = radius * (1.0 + bulge * math.sin(math.pi * k / (n - 1)))
            points.append((side * (c + r * math.cos(phi)), r * math.sin(phi)))
    out: list[tuple[float, float]] = []
    for k, lobe in enumerate(lobes):
        (x0, y0), (x1, y1) = lobe[-1], lobes[1 - k][0]
        out += lobe + [(x0 + (x1 - x0) * t, y0 + (y1 - y0) * t) for t in (0.3, 0.7)]  # the straight stays one
    return out


def _fit(points: list[tuple[float, float]], table_w: float, table_h: float,
         width: float) -> list[tuple[float, float]]:
    """`points` scaled alike in x and y and centred so the smooth line's surface keeps the margin."""
    from designer.geometry.curve import smooth_curve

    xs, ys = zip(*smooth_curve(points, True, 0.01), strict=True)
    keep = width / 2.0 + TABLE_MARGIN_MM + 1.0
    scale = min((table_w - 2 * keep) / (max(xs) - min(xs)), (table_h - 2 * keep) / (max(ys) - min(ys)))
    cx, cy = (max(xs) + min(xs)) / 2.0, (max(ys) + min(ys)) / 2.0
    return [(round(table_w / 2 + (x - cx) * scale, 1), round(table_h / 2 + (y - cy) * scale, 1)) for x, y in points]


def _passes_apart(route: Route, width: float, crossing: Any) -> bool:
    """No two points of the line far apart along it come nearer than a width and a gap, but where the
    passes cross."""
    length = route.length
    step = 25.0
    d = np.arange(0.0, length, step)
    xy = np.stack([np.interp(d, route.cumulative, route.points[:, k]) for k in (0, 1)], axis=1)
    along = np.abs(d[:, None] - d[None, :])
    along = np.minimum(along, length - along)
    near = np.hypot(xy[:, None, 0] - xy[None, :, 0], xy[:, None, 1] - xy[None, :, 1]) < width + PASS_GAP_MM
    far_along = along > (width + PASS_GAP_MM) * 1.6
    bad = near & far_along
    if crossing is not None:
        off = np.hypot(xy[:, 0] - crossing.x_mm, xy[:, 1] - crossing.y_mm) > width * 1.8
        bad &= off[:, None] | off[None, :]
    return not bool(bad.any())


# --- the course ----------------------------------------------------------------------------------
class _Placer:
    """Places rectangles and discs on the table, none overlapping another or a keep-out zone."""

    def __init__(self, document: TrackDocument, ruleset: Any, avoid: list[BaseGeometry]) -> None:
        self.ruleset, self.route = ruleset, route_of(document)
        self.table = shapely.box(0, 0, document.table.width_mm, document.table.height_mm)
        self.taken: list[BaseGeometry] = list(avoid)
        self.width = document.track.width_mm if document.track else 250.0

    def size(self, kind: str) -> tuple[float, float]:
        size = self.ruleset.element_sizes[kind]
        return size.length_mm, size.width_mm

    def at(self, distance: float, lateral: float) -> tuple[float, float, float]:
        """(x, y, heading) `lateral` mm left of the line (negative: right) at `distance` along it."""
        x, y = self.route.position(distance)
        heading = self.route.angle(distance)
        a = math.radians(heading)
        return x - math.sin(a) * lateral, y + math.cos(a) * lateral, heading

    def free(self, kind: str, x: float, y: float, heading: float, round_shape: bool = False) -> bool:
        shape = self.shape(kind, x, y, heading, round_shape).buffer(ELEMENT_GAP_MM)
        if not self.table.contains(shape):
            return False
        return not any(shape.intersects(t) for t in self.taken)

    def shape(self, kind: str, x: float, y: float, heading: float, round_shape: bool = False) -> BaseGeometry:
        length, across = self.size(kind)
        if round_shape:
            return shapely.Point(x, y).buffer(length / 2.0, quad_segs=8)
        a = math.radians(heading)
        c, s = math.cos(a), math.sin(a)
        corners = [(dx * length / 2, dy * across / 2) for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
        return Polygon([(x + px * c - py * s, y + px * s + py * c) for px, py in corners])

    def take(self, kind: str, x: float, y: float, heading: float, round_shape: bool = False) -> None:
        self.taken.append(self.shape(kind, x, y, heading, round_shape))


def _course(rng: random.Random, document: TrackDocument, ruleset: Any,
            settings: Mapping[str, Any]) -> list[Any] | None:
    """The elements of the course, or None when they do not all fit this line."""
    track = document.track
    assert track is not None
    route = route_of(document)
    length, width = route.length, track.width_mm
    found = crossings(track)
    avoid = [shapely.Point(c.x_mm, c.y_mm).buffer(width * 1.3) for c in found]
    place = _Placer(document, ruleset, avoid)
    d, radii = corner_radii(route)
    straightness = np.minimum(radii, 5000.0)
    # the start on the straightest stretch clear of a crossover
    order = np.argsort(-straightness)
    start = next((float(d[k]) for k in order.tolist() if _clear(route, float(d[k]), found, width)), None)
    if start is None:
        return None
    elements: list[Any] = []
    x, y, heading = place.at(start, 0.0)
    elements.append(StartFinish(id="start-finish", x_mm=round(x, 1), y_mm=round(y, 1),
                                rotation_deg=round(heading, 2), width_mm=width))
    line_gap = 200.0  # lines across the track keep this far apart along it
    lines = [start]
    gates = int(settings["gates"])
    for n in range(1, gates + 1):
        wanted = start + length * n / (gates + 1) + rng.uniform(-0.25, 0.25) * length / (gates + 1)
        at = _free_along(route, wanted, lines, found, width, line_gap)
        if at is None:
            return None
        lines.append(at)
        x, y, heading = place.at(at, 0.0)
        elements.append(Gate(id=f"gate-{n}", x_mm=round(x, 1), y_mm=round(y, 1), rotation_deg=round(heading, 2),
                             order=n, width_mm=width))
    gate_at = lines[1:]
    karts = document.karts
    boxes = min(int(settings["box_lines"]), gates)
    chosen = sorted(rng.sample(range(gates), boxes)) if boxes else []
    for k in chosen:
        double = rng.randrange(karts)
        spacing = width / karts
        for i in range(karts):
            x, y, heading = place.at(gate_at[k], -width / 2 + spacing * (i + 0.5))
            if not place.free("item_box", x, y, heading):
                return None
            place.take("item_box", x, y, heading)
            elements.append(ItemBox(id=f"gate-{k + 1}-box-{i + 1}", x_mm=round(x, 2), y_mm=round(y, 2),
                                    rotation_deg=round(heading, 2), stack=2 if i == double else 1))
    # nothing else sits on a line across the track
    for at in lines:
        x, y, heading = place.at(at, 0.0)
        place.taken.append(place.shape("start_finish", x, y, heading).buffer(20.0))
    placed = [
        _boosts(rng, place, int(settings["boosts"]), d, straightness, found),
        _ramps(rng, place, int(settings["ramps"]), d, straightness, found),
        _pipes(rng, place, int(settings["pipes"]), found),
        _coins(rng, place, int(settings["coins"]), found),
        _hazards(rng, place, HAZARDS_PER_M[str(settings["hazards"])] * length / 1000.0, found, ruleset),
    ]
    if any(p is None for p in placed):
        return None
    for group in placed:
        elements.extend(group or [])
    return elements


def _clear(route: Route, distance: float, found: list[Any], width: float, reach: float | None = None) -> bool:
    """Is the point `distance` along the route far from every crossover?"""
    x, y = route.position(distance)
    reach = width * 1.6 if reach is None else reach
    return all(math.hypot(x - c.x_mm, y - c.y_mm) > reach for c in found)


def _free_along(route: Route, wanted: float, lines: list[float], found: list[Any], width: float,
                gap: float) -> float | None:
    """The distance nearest `wanted` clear of crossovers and `gap` from every line already laid."""
    length = route.length
    for shift in range(0, int(length / 2), 20):
        for at in (wanted + shift, wanted - shift):
            at = route.wrap(at)
            apart = all(min(abs(at - o), length - abs(at - o)) >= gap for o in lines)
            if apart and _clear(route, at, found, width, width * 2.0):
                return at
    return None


def _spots(rng: random.Random, place: _Placer, tries: int, found: list[Any]) -> list[float]:
    """Random distances along the route clear of crossovers."""
    length = place.route.length
    out = []
    for _try in range(tries):
        at = rng.uniform(0.0, length)
        if _clear(place.route, at, found, place.width):
            out.append(at)
    return out


def _boosts(rng: random.Random, place: _Placer, count: int, d: np.ndarray, straightness: np.ndarray,
            found: list[Any]) -> list[Any] | None:
    out: list[Any] = []
    straights = d[straightness >= np.quantile(straightness, 0.5)] if len(d) else d
    tries = 0
    while len(out) < count and tries < 60:
        tries += 1
        at = float(rng.choice(straights.tolist()))
        lateral = rng.uniform(-0.25, 0.25) * place.width
        x, y, heading = place.at(at, lateral)
        if _clear(place.route, at, found, place.width) and place.free("boost_pad", x, y, heading):
            place.take("boost_pad", x, y, heading)
            out.append(BoostPad(id=f"boost-{len(out) + 1}", x_mm=round(x, 1), y_mm=round(y, 1),
                                rotation_deg=round(heading, 2)))
    return out if len(out) == count else None


def _ramps(rng: random.Random, place: _Placer, count: int, d: np.ndarray, straightness: np.ndarray,
           found: list[Any]) -> list[Any] | None:
    """Ramps on straights, each with room on the table (and clear of other pieces) where its jumps land."""
    out: list[Any] = []
    straights = d[straightness >= np.quantile(straightness, 0.4)] if len(d) else d
    ruleset = place.ruleset
    ramp_length = place.size("ramp")[0]
    kart = ruleset.kart_footprint
    tries = 0
    while len(out) < count and tries < 80:
        tries += 1
        at = float(rng.choice(straights.tolist()))
        x, y, heading = place.at(at, 0.0)
        if not _clear(place.route, at, found, place.width, place.width * 2.2) or not place.free("ramp", x, y,
                                                                                                 heading):
            continue
        a = math.radians(heading)
        far = ramp_length / 2.0 + ruleset.movement.long_mm + kart.length_mm + 5.0
        end = (x + math.cos(a) * far, y + math.sin(a) * far)
        if not place.table.buffer(-kart.width_mm).contains(shapely.Point(end)):
            continue
        place.take("ramp", x, y, heading)
        out.append(Ramp(id=f"ramp-{len(out) + 1}", x_mm=round(x, 1), y_mm=round(y, 1),
                        rotation_deg=round(heading, 2), hoop=rng.random() < 0.5))
    return out if len(out) == count else None


def _pipes(rng: random.Random, place: _Placer, pairs: int, found: list[Any]) -> list[Any] | None:
    """Pairs of warp pipes just beside the road, each pair's ends far apart along the route."""
    out: list[Any] = []
    length = place.route.length
    pipe = place.size("warp_pipe")[1]
    for n in range(1, pairs + 1):
        ends = []
        first = None
        for at in _spots(rng, place, 80, found):
            if first is not None and min(abs(at - first), length - abs(at - first)) < length / 3:
                continue
            side = rng.choice((-1.0, 1.0))
            x, y, heading = place.at(at, side * (place.width / 2 + pipe / 2 + ELEMENT_GAP_MM + 2))
            if place.free("warp_pipe", x, y, heading):
                place.take("warp_pipe", x, y, heading)
                ends.append((x, y, heading))
                first = at
                if len(ends) == 2:
                    break
        if len(ends) < 2:
            return None
        ids = (f"pipe-{n}a", f"pipe-{n}b")
        for (x, y, heading), own, other in zip(ends, ids, ids[::-1], strict=True):
            out.append(WarpPipe(id=own, x_mm=round(x, 1), y_mm=round(y, 1), rotation_deg=round(heading, 2),
                                pair=other))
    return out


def _coins(rng: random.Random, place: _Placer, count: int, found: list[Any]) -> list[Any] | None:
    """Coins in short runs of three to five along the road."""
    out: list[Any] = []
    tries = 0
    coin = place.size("coin")[0]
    while len(out) < count and tries < 60:
        tries += 1
        at = rng.uniform(0.0, place.route.length)
        lateral = rng.uniform(-0.3, 0.3) * place.width
        for step in range(min(rng.randint(3, 5), count - len(out))):
            spot = at + step * (coin + 20.0)
            x, y, _heading = place.at(spot, lateral)
            if not _clear(place.route, spot, found, place.width) or not place.free("coin", x, y, 0.0, True):
                break
            place.take("coin", x, y, 0.0, True)
            out.append(Coin(id=f"coin-{len(out) + 1}", x_mm=round(x, 1), y_mm=round(y, 1)))
    return out if len(out) == count else None


def _hazards(rng: random.Random, place: _Placer, expected: float, found: list[Any], ruleset: Any) -> list[Any] | None:
    """About `expected` hazards: Thwomps and Goombas on the road off its middle, piranha plants and chain
    chomps beside it with a reach that covers part of the road but never all of it."""
    count = int(expected) + (rng.random() < expected - int(expected))
    out: list[Any] = []
    defaults = ruleset.element_defaults
    half = place.width / 2
    tries = 0
    while len(out) < count and tries < 80:
        tries += 1
        kind = rng.choice(("thwomp", "wandering_threat", "piranha_plant", "chain_chomp"))
        at = rng.uniform(0.0, place.route.length)
        if not _clear(place.route, at, found, place.width, place.width * 2.0):
            continue
        side = rng.choice((-1.0, 1.0))
        size = place.size(kind)[0]
        if kind in ("thwomp", "wandering_threat"):
            lateral = side * rng.uniform(0.2, 0.5) * (half - size / 2)
        elif kind == "piranha_plant":
            lateral = side * (half + size / 2 + ELEMENT_GAP_MM + 1)
        else:
            reach = float(defaults.chain_chomp_reach_mm or 150.0)
            lateral = side * (half + min(size / 2 + 30.0, reach / 2))
        x, y, heading = place.at(at, lateral)
        round_shape = False
        if not place.free(kind, x, y, heading, round_shape):
            continue
        place.take(kind, x, y, heading, round_shape)
        number = sum(e.kind == kind for e in out) + 1
        common = {"id": f"{kind.replace('_', '-')}-{number}", "x_mm": round(x, 1), "y_mm": round(y, 1)}
        if kind == "thwomp":
            out.append(Thwomp(**common, rotation_deg=round(heading, 2)))
        elif kind == "wandering_threat":
            out.append(WanderingThreat(**common))
        elif kind == "piranha_plant":
            out.append(PiranhaPlant(**common, range_mm=float(defaults.piranha_range_mm or 75.0)))
        else:
            out.append(ChainChomp(**common, reach_mm=float(defaults.chain_chomp_reach_mm or 150.0)))
    return out if len(out) == count else None
