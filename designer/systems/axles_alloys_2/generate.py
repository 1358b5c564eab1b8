"""Axles and Alloys II's track generator (`SYSTEM.generator`), pure (no Qt): a whole set-up from a seed.

- **race**: a closed track of the width the user picks within the rule data's race width (8–12"), its
  centerline a smooth curve through 5–8 points spread round an ellipse filling the table, or through a
  figure-8 whose crossover is taken by a ramp on each road's approach (the rules' crossovers by ramp); a
  barrier along both edges (`barriers.edge_barriers`: the rings of the drivable surface, so at a crossover
  each road stays open to the other); the start/finish line across the track; and, if asked, the race hazards
  the rule data's dice scatter (`scatter.roll_scatter`: templates, ramps, wrecks).
- **arena**: a deathmatch table (its edge is the wall): no track, solid scenery blocks, the rule data's dice of
  wrecks and ramps, and one Sword, one Shield and one Deathshead counter, all clear of each other.

The same seed and settings give the same document: a shape the checks would refuse (a bend tighter than half
the width, a road too close to another) is thrown away and the next one drawn from the same seeded generator.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from typing import Any

from designer.i18n import N_, _
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.systems.api import Generator, GeneratorOption

#: Shapes drawn before giving up on a table.
ATTEMPTS = 40
#: Room kept between the track's barriers and the table's edge, and between pieces of an arena (mm).
MARGIN_MM = 25.4
#: Solid scenery blocks of an arena, at least and at most.
ARENA_BLOCKS = (2, 4)
RACE, ARENA = "race", "arena"


def _axles(ruleset: Any) -> Any:
    from designer.systems.axles_alloys_2.rule_data import axles_rules

    rules = axles_rules(ruleset)
    if rules is None:
        raise ValueError(_("The game system has no Axles and Alloys rules"))
    return rules


def _loop_points(rng: random.Random, width: float, height: float, inset: float) -> list[tuple[float, float]]:
    count = rng.randint(5, 8)
    cx, cy, rx, ry = width / 2.0, height / 2.0, width / 2.0 - inset, height / 2.0 - inset
    phase = rng.uniform(0.0, 2 * math.pi)
    out = []
    for i in range(count):
        angle = phase + 2 * math.pi * (i + rng.uniform(-0.2, 0.2)) / count
        reach = rng.uniform(0.7, 1.0)
        out.append((cx + rx * reach * math.cos(angle), cy + ry * reach * math.sin(angle)))
    return out


def _figure8_points(rng: random.Random, width: float, height: float, inset: float) -> list[tuple[float, float]]:
    """A figure-8 along the table's long side: two lobes crossing in the middle."""
    cx, cy, rx, ry = width / 2.0, height / 2.0, width / 2.0 - inset, height / 2.0 - inset
    across = width >= height
    count = 12
    out = []
    for i in range(count):
        t = 2 * math.pi * i / count
        a = rx * math.sin(t) * rng.uniform(0.9, 1.0) if across else rx * math.sin(2 * t) / 1.0 * 0.9
        b = ry * math.sin(2 * t) * rng.uniform(0.8, 1.0) if across else ry * math.sin(t) * rng.uniform(0.9, 1.0)
        out.append((cx + a, cy + b))
    return out


def _ramp_length(ruleset: Any) -> float:
    size = ruleset.element_size("ramp")
    if size is None:
        raise ValueError(_("The game system has no ramps for a crossover"))
    return float(size.length_mm)


def _crossover_ramps(track: TrackSurface, ruleset: Any) -> list[Any]:
    """A ramp on each road's approach to the crossover, heading into it, its far edge one ramp length short
    of the crossing point."""
    from designer.geometry.route import crossings, route_of
    from designer.rules.defaults import new_element

    found = crossings(track)
    if not found:
        return []
    route = route_of(track)
    length = _ramp_length(ruleset)
    out: list[Any] = []
    crossing = found[0]
    for along in crossing.distances_mm:
        at = along - 1.5 * length
        x, y = route.position(at)
        out.append(new_element(ruleset, "ramp", f"ramp-{len(out) + 1}", round(x, 2), round(y, 2),
                               round(route.angle(at), 2)))
    return out


def _landing_on_track(ramp: Any, track: TrackSurface, ruleset: Any) -> bool:
    from shapely.geometry import Point

    from designer.geometry.track import surface

    length = _ramp_length(ruleset)
    heading = math.radians(ramp.rotation_deg)
    ahead = 1.5 * length
    return bool(surface(track).covers(Point(ramp.x_mm + ahead * math.cos(heading),
                                            ramp.y_mm + ahead * math.sin(heading))))


def _clean(document: TrackDocument, ruleset: Any) -> bool:
    from designer.geometry.checks import run_checks

    return not any(p.severity in ("error", "warning") for p in run_checks(document, ruleset))


def _race(ruleset: Any, width_mm: float, height_mm: float, rng: random.Random, seed: int,
          settings: Mapping[str, Any]) -> TrackDocument:
    from designer.geometry.route import crossings, route_of
    from designer.rules.defaults import new_element
    from designer.systems.axles_alloys_2.scatter import roll_scatter

    rules = _axles(ruleset)
    road = float(settings["width"])
    if not rules.race_track_width_min_mm - 1e-6 <= road <= rules.race_track_width_max_mm + 1e-6:
        raise ValueError(_("A race track is {least} to {most} mm wide").format(
            least=f"{rules.race_track_width_min_mm:g}", most=f"{rules.race_track_width_max_mm:g}"))
    figure8 = settings["crossover"] == "ramps"
    inset = road / 2.0 + MARGIN_MM + road * 0.3
    if min(width_mm, height_mm) < 2 * inset + 1.5 * road:
        raise ValueError(_("The table is too small for a race track {width} mm wide").format(width=f"{road:g}"))
    for _attempt in range(ATTEMPTS):
        maker = _figure8_points if figure8 else _loop_points
        points = [(round(x, 1), round(y, 1)) for x, y in maker(rng, width_mm, height_mm, inset)]
        track = TrackSurface(centerline=points, closed=True, width_mm=road)
        route = route_of(track)
        start = 0.0
        if figure8:  # the line in the middle of the first lobe, well away from the crossover
            found = crossings(track)
            if not found:
                continue
            first, second = sorted(found[0].distances_mm)
            start = (first + second) / 2.0
        x, y = route.position(start)
        line = new_element(ruleset, "start_finish", "start-finish", round(x, 2), round(y, 2),
                           round(route.angle(start), 2), width_mm=road)
        from designer.systems.axles_alloys_2.barriers import edge_barriers  # shapely: loaded when generating

        elements: list[Any] = [line, *edge_barriers(track, prefix="barrier")]
        if figure8:
            ramps = _crossover_ramps(track, ruleset)
            if len(ramps) != 2:
                continue
            elements += ramps
        document = TrackDocument(name=_("Generated race (seed {seed})").format(seed=seed), ruleset=ruleset.id,
                                 table=Table(width_mm=width_mm, height_mm=height_mm), track=track,
                                 laps=rules.race_laps, elements=elements)
        if settings["hazards"] == "scatter":
            scattered = [e for e in roll_scatter(document, ruleset, seed).elements
                         if e.kind != "ramp" or _landing_on_track(e, track, ruleset)]
            document = document.model_copy(update={"elements": [*elements, *scattered]})
        if _clean(document, ruleset):
            return document
    raise ValueError(_("No race track fits this table: try a larger table or a narrower track"))


def _arena(ruleset: Any, width_mm: float, height_mm: float, rng: random.Random, seed: int) -> TrackDocument:
    from shapely.geometry import box

    from designer.geometry.footprint import footprint
    from designer.rules.defaults import new_element

    rules = _axles(ruleset)
    block = ruleset.element_size("scenery")
    if block is None:
        raise ValueError(_("The game system has no scenery for an arena"))
    if min(width_mm, height_mm) < 4 * max(block.length_mm, block.width_mm):
        raise ValueError(_("The table is too small for an arena"))
    scatter = rules.scatter
    wanted: list[tuple[str, dict[str, Any]]] = []
    for _n in range(rng.randint(*ARENA_BLOCKS)):
        half_l, half_w = block.length_mm / 2.0 * rng.uniform(0.8, 1.5), block.width_mm / 2.0 * rng.uniform(0.8, 1.5)
        wanted.append(("scenery", {"polygon": [(-half_l, -half_w), (half_l, -half_w), (half_l, half_w),
                                               (-half_l, half_w)], "solid": True}))
    dice = scatter.wrecks_d6 if scatter is not None else 1
    wanted += [("wreck", {})] * sum(rng.randint(1, 6) for _d in range(dice))
    dice = scatter.ramps_d6 if scatter is not None else 1
    wanted += [("ramp", {})] * sum(rng.randint(1, 6) for _d in range(dice))
    wanted += [("counter", {"variant": v}) for v in ("sword", "shield", "deathshead")]
    table = box(MARGIN_MM, MARGIN_MM, width_mm - MARGIN_MM, height_mm - MARGIN_MM)
    taken: list[Any] = []
    elements: list[Any] = []
    counts: dict[str, int] = {}
    for kind, extra in wanted:
        for _try in range(400):
            counts[kind] = counts.get(kind, 0)
            element = new_element(ruleset, kind, f"{kind}-{counts[kind] + 1}",
                                  round(rng.uniform(0.0, width_mm), 2), round(rng.uniform(0.0, height_mm), 2),
                                  round(rng.uniform(0.0, 360.0), 2), **extra)
            shape = footprint(element, ruleset)
            if not table.contains(shape) or any(shape.distance(other) < MARGIN_MM for other in taken):
                continue
            counts[kind] += 1
            taken.append(shape)
            elements.append(element)
            break
    document = TrackDocument(name=_("Generated arena (seed {seed})").format(seed=seed), ruleset=ruleset.id,
                             table=Table(width_mm=width_mm, height_mm=height_mm), elements=elements)
    if not _clean(document, ruleset):
        raise ValueError(_("No arena fits this table: try a larger table"))
    return document


def generate(ruleset: Any, width_mm: float, height_mm: float, seed: int, settings: Mapping[str, Any]) -> TrackDocument:
    """A race track or a deathmatch arena (see the module). Raises ValueError with a one-line reason."""
    rng = random.Random(seed)
    if settings["layout"] == ARENA:
        return _arena(ruleset, width_mm, height_mm, rng, seed)
    return _race(ruleset, width_mm, height_mm, rng, seed, settings)


def _middle_width(ruleset: Any) -> float:
    rules = _axles(ruleset)
    return round((rules.race_track_width_min_mm + rules.race_track_width_max_mm) / 2.0, 1)


OPTIONS: tuple[GeneratorOption, ...] = (
    GeneratorOption("layout", N_("Layout"), lambda _r: RACE,
                    choices={RACE: N_("Race between barriers"), ARENA: N_("Deathmatch arena")}),
    GeneratorOption("width", N_("Track width"), _middle_width, 203.2, 304.8, 1, "mm"),
    GeneratorOption("crossover", N_("Crossover"), lambda _r: "none",
                    choices={"none": N_("None (a loop)"), "ramps": N_("Figure-8 with ramps")}),
    GeneratorOption("hazards", N_("Race hazards"), lambda _r: "scatter",
                    choices={"none": N_("None"), "scatter": N_("Scattered by the rule data's dice")}),
)

#: A 6' × 4' table, the rules' usual.
GENERATOR = Generator(generate=generate, options=OPTIONS, table_mm=lambda _r: (1828.8, 1219.2))
