"""Where elements stand: on the table, clear of solid scenery, pickups on the track, ramp landings
somewhere a kart can land (elements piled on each other: `overlaps`).

Per-element checks, cached by `CheckContext` until the element or the environment changes; each has a
`batch` form that checks many elements with shapely's array functions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import shapely
from shapely.geometry.base import BaseGeometry

from designer.geometry.checks.base import ALL_KINDS, CheckContext, check, problem
from designer.geometry.checks.bulk import rectangles
from designer.geometry.checks.overlaps import OVERLAP_DEPTH_MM
from designer.geometry.checks.report import Problem, fill, labels, named, namer, opens, problems
from designer.geometry.footprint import local_size
from designer.i18n import _
from designer.model.elements import ELEMENT_KINDS, Element

#: Overlaps smaller than this (mm²) are touching, not overlapping.
OVERLAP_TOLERANCE_MM2 = 4.0
#: A footprint may poke this far past the table's edge (mm) before it counts as off the table.
TABLE_TOLERANCE_MM = 0.5
#: Kinds that may stand on solid scenery: a warp pipe is often set into a wall or a block.
MAY_STAND_ON_SCENERY = frozenset({"scenery", "warp_pipe"})
PICKUP_KINDS = ("coin", "item_box")

NON_SCENERY = tuple(k for k in ELEMENT_KINDS if k != "scenery")


@check("element-off-table", "error", kinds=ALL_KINDS, universal=True)
def off_table(ctx: CheckContext, element: Element) -> list[Problem]:
    shape = ctx.footprint(element)
    if shape.is_empty:  # scenery enclosing no area: `degenerate-scenery` reports it
        return []
    table = ctx.document.table
    minx, miny, maxx, maxy = shape.bounds
    t = TABLE_TOLERANCE_MM
    if minx >= -t and miny >= -t and maxx <= table.width_mm + t and maxy <= table.height_mm + t:
        return []
    message = (_("{element} is entirely off the table") if not shape.intersects(ctx.table_box)
               else _("{element} hangs over the edge of the table"))
    return [problem("element-off-table", message.format(element=named(message, "element", element)), (element.id,))]


def _in_scenery_batch(ctx: CheckContext, elements: Sequence[Element]) -> dict[str, list[Problem]]:
    """Elements that reach more than OVERLAP_DEPTH_MM into solid scenery: a footprint meets the scenery
    shrunk by that depth (the shrunk scenery, prepared, and its STRtree are built once per environment)."""
    if not ctx.solids or not elements:
        return {}

    def shrunk_solids() -> tuple[np.ndarray, shapely.STRtree]:
        shapes = shapely.buffer(ctx.footprints(ctx.solids), -OVERLAP_DEPTH_MM)
        shapely.prepare(shapes)
        return shapes, shapely.STRtree(shapes)

    shrunk, solid_tree = ctx.track_value("shrunk_solids", shrunk_solids)
    rows = ctx.rows_of(elements)
    if len(elements) * 8 < len(ctx.elements):  # a few (changed) elements: look each up among the solids
        where, solid = solid_tree.query(ctx.geoms[rows], predicate="intersects")
        where = rows[where]
    else:  # most of the table: look each solid up among the footprints
        solid, where = ctx.tree.query(shrunk, predicate="intersects")
        wanted = np.zeros(len(ctx.elements), dtype=bool)
        wanted[rows] = True
        solid, where = solid[wanted[where]], where[wanted[where]]
    if not len(where):
        return {}
    order = np.lexsort((solid, where))  # by element, then solid
    solid, where = solid[order].tolist(), where[order]
    firsts = np.flatnonzero(np.r_[True, where[1:] != where[:-1]]).tolist()
    hit = where[firsts].tolist()
    groups = [solid[lo:hi] for lo, hi in zip(firsts, [*firsts[1:], len(solid)], strict=True)]
    solid_ids = [e.id for e in ctx.solids]
    quoted = [f"'{x}'" for x in solid_ids]
    template = _("{element} stands in solid scenery {scenery}")
    names = labels(ctx.elements, ctx.ids, ctx.kind_codes, hit, not opens(template, "element"))
    element_ids = [ctx.ids[i] for i in hit]
    scenery = [", ".join([quoted[j] for j in js]) for js in groups]
    messages = fill(template, element=names, scenery=scenery)
    found = problems("element-in-solid-scenery", messages,
                     [(element_id, *[solid_ids[j] for j in js])
                      for element_id, js in zip(element_ids, groups, strict=True)])
    return {element_id: [p] for element_id, p in zip(element_ids, found, strict=True)}


def _off_table_batch(ctx: CheckContext, elements: Sequence[Element]) -> dict[str, list[Problem]]:
    """`off_table` for many elements: one vectorised bounds test, shapely only for the few outside."""
    bounds = shapely.bounds(ctx.footprints(elements))
    table, t = ctx.document.table, TABLE_TOLERANCE_MM
    inside = ((bounds[:, 0] >= -t) & (bounds[:, 1] >= -t)
              & (bounds[:, 2] <= table.width_mm + t) & (bounds[:, 3] <= table.height_mm + t))
    out: dict[str, list[Problem]] = {}
    for k in np.flatnonzero(~inside).tolist():
        out[elements[k].id] = list(off_table(ctx, elements[k]))
    return out


off_table.batch = _off_table_batch


@check("element-in-solid-scenery", "error", kinds=[k for k in NON_SCENERY if k not in MAY_STAND_ON_SCENERY])
def in_scenery(ctx: CheckContext, element: Element) -> list[Problem]:
    return _in_scenery_batch(ctx, [element]).get(element.id, [])


in_scenery.batch = _in_scenery_batch


def landing_zones(ctx: CheckContext, ramps: Sequence[Element]) -> dict[str, dict[str, BaseGeometry]]:
    """{ramp id: {"medium", "long": zone}}: `ramp_landing_zones` in bulk (the same boxes), cached per run."""
    cache = ctx.run_cache.setdefault("landing_zones", {})
    todo = [r for r in ramps if r.id not in cache]
    if todo:
        rows = []
        kart_length = ctx.ruleset.kart_footprint.length_mm
        for ramp in todo:
            ramp_length, ramp_width = local_size(ramp, ctx.ruleset)
            half_width = max(ramp_width, ctx.ruleset.kart_footprint.width_mm) / 2.0
            ux, uy = math.cos(math.radians(ramp.rotation_deg)), math.sin(math.radians(ramp.rotation_deg))
            for distance in (ctx.ruleset.movement.medium_mm, ctx.ruleset.movement.long_mm):
                along = ramp_length / 2.0 + distance + kart_length / 2.0
                rows.append((ramp.x_mm + ux * along, ramp.y_mm + uy * along, ramp.rotation_deg,
                             kart_length / 2.0, half_width))
        shapes = rectangles(rows)
        for k, ramp in enumerate(todo):
            cache[ramp.id] = {"medium": shapes[2 * k], "long": shapes[2 * k + 1]}
    return cache


#: The landing zones of a ramp, one per jump.
JUMPS = ("medium", "long")


def _zone_arrays(ctx: CheckContext, ramps: Sequence[Element]) -> dict[str, np.ndarray]:
    zones = landing_zones(ctx, ramps)
    return {name: np.array([zones[r.id][name] for r in ramps], dtype=object) for name in JUMPS}


def _jump_messages(code: str) -> dict[tuple[bool, bool], str]:
    """{(the Medium jump lands badly?, the Long one?): the message} of a landing check, translated."""
    if code == "ramp-landing-off-table":
        return {(True, False): _("{ramp}: a Medium jump lands off the table"),
                (False, True): _("{ramp}: a Long jump lands off the table"),
                (True, True): _("{ramp}: a Medium jump and a Long jump lands off the table")}
    return {(True, False): _("{ramp}: a Medium jump lands in solid scenery"),
            (False, True): _("{ramp}: a Long jump lands in solid scenery"),
            (True, True): _("{ramp}: a Medium jump and a Long jump lands in solid scenery")}


def _jump_problems(code: str, ramps: Sequence[Element], bad: dict[str, np.ndarray]) -> dict[str, list[Problem]]:
    """{ramp id: [problem]} for the ramps with a bad landing (`bad[jump][k]` for the k-th ramp)."""
    out = {}
    messages = _jump_messages(code)
    for k, ramp in enumerate(ramps):
        which = (bool(bad["medium"][k]), bool(bad["long"][k]))
        if any(which):
            message = messages[which]
            out[ramp.id] = [problem(code, message.format(ramp=named(message, "ramp", ramp)), (ramp.id,))]
    return out


def _landing_off_table(ctx: CheckContext, ramps: Sequence[Element]) -> dict[str, list[Problem]]:
    zones = _zone_arrays(ctx, ramps)
    bad = {name: ~shapely.covers(ctx.table_box, shapes) for name, shapes in zones.items()}
    return _jump_problems("ramp-landing-off-table", ramps, bad)


def _landing_in_scenery(ctx: CheckContext, ramps: Sequence[Element]) -> dict[str, list[Problem]]:
    if not ctx.solids or not ramps:
        return {}
    bad = {name: _deep_in_solids(ctx, shapes) for name, shapes in _zone_arrays(ctx, ramps).items()}
    return _jump_problems("ramp-landing-in-scenery", ramps, bad)


#: Room for rounding (mm²) when the areas shared with each solid alone settle a zone's overlap: far
#: more than the rounding of GEOS's areas on a table (~1e-9 mm²), far less than the tolerance.
AREA_ROUNDING_MM2 = 1e-3


def _with_tree(shapes: np.ndarray) -> tuple[np.ndarray, shapely.STRtree]:
    return shapes, shapely.STRtree(shapes)


def _deep_in_solids(ctx: CheckContext, shapes: np.ndarray) -> np.ndarray:
    """Does each shape share more than OVERLAP_TOLERANCE_MM2 with the union of the solid scenery?

    That area is at least the largest and at most the sum of the areas the shape shares with each solid
    alone (small overlays, found through an STRtree), so the union (slow to build and to intersect) is
    needed only where those bounds fall either side of the tolerance.
    """
    solids, tree = ctx.track_value("solids_tree", lambda: _with_tree(ctx.footprints(ctx.solids)))
    zone, solid = tree.query(shapes, predicate="intersects")
    shared = shapely.area(shapely.intersection(shapes[zone], solids[solid]))
    most, total = np.zeros(len(shapes)), np.zeros(len(shapes))
    np.maximum.at(most, zone, shared)
    np.add.at(total, zone, shared)
    out = most > OVERLAP_TOLERANCE_MM2 + AREA_ROUNDING_MM2
    unsure = np.flatnonzero(~out & (total > OVERLAP_TOLERANCE_MM2 - AREA_ROUNDING_MM2))
    if len(unsure):
        union, some = ctx.solid_union, shapes[unsure]
        hit = shapely.intersects(union, some)
        hit[hit] = shapely.area(shapely.intersection(some[hit], union)) > OVERLAP_TOLERANCE_MM2
        out[unsure] = hit
    return out


@check("ramp-landing-off-table", "error", kinds=["ramp"])
def ramp_landing_off_table(ctx: CheckContext, ramp: Element) -> list[Problem]:
    return _landing_off_table(ctx, [ramp]).get(ramp.id, [])


@check("ramp-landing-in-scenery", "error", kinds=["ramp"])
def ramp_landing_in_scenery(ctx: CheckContext, ramp: Element) -> list[Problem]:
    return _landing_in_scenery(ctx, [ramp]).get(ramp.id, [])


ramp_landing_off_table.batch = _landing_off_table
ramp_landing_in_scenery.batch = _landing_in_scenery


def _pickups_off_surface(ctx: CheckContext, elements: Sequence[Element]) -> dict[str, list[Problem]]:
    points = shapely.points([(e.x_mm, e.y_mm) for e in elements]) if elements else np.zeros(0, dtype=object)
    off = ~shapely.covers(ctx.surface, points)
    message = _("{element} is not on the track")
    name = namer(message, "element")
    return {e.id: [problem("pickup-off-surface", message.format(element=name(e)), (e.id,))]
            for e, is_off in zip(elements, off.tolist(), strict=True) if is_off}


@check("pickup-off-surface", "warning", kinds=PICKUP_KINDS, needs_track=True)
def pickup_off_surface(ctx: CheckContext, element: Element) -> list[Problem]:
    return _pickups_off_surface(ctx, [element]).get(element.id, [])


pickup_off_surface.batch = _pickups_off_surface
