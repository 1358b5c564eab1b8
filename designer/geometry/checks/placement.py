"""Where elements stand: on the table, clear of solid scenery, not piled on each other, pickups on the
track, ramp landings somewhere a kart can land.

Per-element checks (cached by `CheckContext` until the element or the environment changes) plus one
pairwise check (`elements-overlap`) that queries the STRtree of footprints.
"""

from __future__ import annotations

import math

import numpy as np
import shapely

from designer.geometry.checks.base import CheckContext, Problem, check, label, lowered, problem, rectangles
from designer.geometry.footprint import ROUND_KINDS, local_size
from designer.model.elements import ELEMENT_KINDS

#: Overlaps smaller than this (mm²) are touching, not overlapping.
OVERLAP_TOLERANCE_MM2 = 4.0
#: Two elements overlap when their footprints, shrunk by this much all round (mm), still meet.
OVERLAP_DEPTH_MM = 1.0
#: A footprint may poke this far past the table's edge (mm) before it counts as off the table.
TABLE_TOLERANCE_MM = 0.5
#: Kinds that may stand on solid scenery: a warp pipe is often set into a wall or a block.
MAY_STAND_ON_SCENERY = frozenset({"scenery", "warp_pipe"})
#: Lines across the track: other elements (a line of boxes, coins) may lie across them.
LINE_KINDS = frozenset({"gate", "start_finish"})
#: Pairs of kinds that belong together on the table (a piranha plant grows out of a warp pipe).
FRIENDLY_PAIRS = frozenset({frozenset({"warp_pipe", "piranha_plant"})})
PICKUP_KINDS = ("coin", "item_box")

NON_SCENERY = tuple(k for k in ELEMENT_KINDS if k != "scenery")


@check("element-off-table", "error", kinds=ELEMENT_KINDS)
def off_table(ctx: CheckContext, element):
    shape = ctx.footprint(element)
    table = ctx.document.table
    minx, miny, maxx, maxy = shape.bounds
    t = TABLE_TOLERANCE_MM
    if minx >= -t and miny >= -t and maxx <= table.width_mm + t and maxy <= table.height_mm + t:
        return []
    if not shape.intersects(ctx.table_box):
        how = "is entirely off the table"
    else:
        how = "hangs over the edge of the table"
    return [problem("element-off-table", f"{label(element)} {how}", (element.id,))]


def _in_scenery_batch(ctx: CheckContext, elements) -> dict[str, list]:
    """Elements that reach more than OVERLAP_DEPTH_MM into solid scenery: a footprint meets the scenery
    shrunk by that depth (the shrunk scenery and its STRtree are built once per environment)."""
    out: dict[str, list] = {e.id: [] for e in elements}
    if not ctx.solids or not elements:
        return out

    def shrunk_solids():
        shapes = shapely.buffer(np.array([ctx.footprint(e) for e in ctx.solids], dtype=object), -OVERLAP_DEPTH_MM)
        return shapes, shapely.STRtree(shapes)

    _, tree = ctx.track_value("shrunk_solids", shrunk_solids)
    shapes = np.array([ctx.footprint(e) for e in elements], dtype=object)
    left, right = tree.query(shapes, predicate="intersects")
    hits: dict[int, list[int]] = {}
    for i, j in zip(left.tolist(), right.tolist()):
        hits.setdefault(i, []).append(j)
    for i, js in hits.items():
        element = elements[i]
        ids = [ctx.solids[j].id for j in sorted(js)]
        names = ", ".join(f"'{x}'" for x in ids)
        out[element.id] = [problem("element-in-solid-scenery", f"{label(element)} stands in solid scenery {names}",
                                   (element.id, *ids))]
    return out


def _off_table_batch(ctx: CheckContext, elements) -> dict[str, list]:
    """`off_table` for many elements: one vectorised bounds test, shapely only for the few outside."""
    shapes = np.array([ctx.footprint(e) for e in elements], dtype=object)
    bounds = shapely.bounds(shapes)
    table, t = ctx.document.table, TABLE_TOLERANCE_MM
    inside = ((bounds[:, 0] >= -t) & (bounds[:, 1] >= -t)
              & (bounds[:, 2] <= table.width_mm + t) & (bounds[:, 3] <= table.height_mm + t))
    out: dict[str, list] = {e.id: [] for e in elements}
    for k in np.flatnonzero(~inside).tolist():
        out[elements[k].id] = list(off_table(ctx, elements[k]))
    return out


off_table.batch = _off_table_batch


@check("element-in-solid-scenery", "error", kinds=[k for k in NON_SCENERY if k not in MAY_STAND_ON_SCENERY])
def in_scenery(ctx: CheckContext, element):
    return _in_scenery_batch(ctx, [element])[element.id]


in_scenery.batch = _in_scenery_batch


def landing_zones(ctx: CheckContext, ramps) -> dict[str, dict[str, object]]:
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


@check("ramp-landing-off-table", "error", kinds=["ramp"])
def ramp_landing_off_table(ctx: CheckContext, ramp):
    zones = landing_zones(ctx, [ramp])[ramp.id]
    out = [name for name in ("medium", "long") if not ctx.table_box.covers(zones[name])]
    if not out:
        return []
    which = " and ".join({"medium": "a Medium jump", "long": "a Long jump"}[n] for n in out)
    return [problem("ramp-landing-off-table", f"{label(ramp)}: {which} lands off the table", (ramp.id,))]


@check("ramp-landing-in-scenery", "error", kinds=["ramp"])
def ramp_landing_in_scenery(ctx: CheckContext, ramp):
    solids = ctx.solid_union
    if solids is None:
        return []
    zones = landing_zones(ctx, [ramp])[ramp.id]
    hit = [name for name in ("medium", "long")
           if solids.intersects(zones[name]) and zones[name].intersection(solids).area > OVERLAP_TOLERANCE_MM2]
    if not hit:
        return []
    which = " and ".join({"medium": "a Medium jump", "long": "a Long jump"}[n] for n in hit)
    return [problem("ramp-landing-in-scenery", f"{label(ramp)}: {which} lands in solid scenery", (ramp.id,))]


@check("pickup-off-surface", "warning", kinds=PICKUP_KINDS, needs_track=True)
def pickup_off_surface(ctx: CheckContext, element):
    if ctx.surface.covers(shapely.Point(element.x_mm, element.y_mm)):
        return []
    return [problem("pickup-off-surface", f"{label(element)} is not on the track", (element.id,))]


def _ignored_kinds(a: str, b: str) -> bool:
    if a == "scenery" or b == "scenery":
        return True
    lines = (a in LINE_KINDS) + (b in LINE_KINDS)
    if lines == 1:
        return True  # boxes, coins … laid across a gate line are normal
    return frozenset({a, b}) in FRIENDLY_PAIRS


def _ignored_matrix() -> np.ndarray:
    n = len(ELEMENT_KINDS)
    out = np.zeros((n, n), dtype=bool)
    for i, a in enumerate(ELEMENT_KINDS):
        for j, b in enumerate(ELEMENT_KINDS):
            out[i, j] = _ignored_kinds(a, b)
    return out


IGNORED = _ignored_matrix()


def shape_params(element, ruleset, inset_mm: float = OVERLAP_DEPTH_MM) -> tuple:
    """(x, y, cos, sin, half length, half width, radius or 0) of an element's box or disc footprint,
    shrunk by `inset_mm` all round (zeros for scenery, which is never compared)."""
    if element.kind == "scenery":
        return (0.0,) * 7
    length, width = local_size(element, ruleset)
    if element.kind in ROUND_KINDS:
        return (element.x_mm, element.y_mm, 1.0, 0.0, 0.0, 0.0, max(length / 2.0 - inset_mm, 0.01))
    theta = math.radians(element.rotation_deg)
    return (element.x_mm, element.y_mm, math.cos(theta), math.sin(theta),
            max(length / 2.0 - inset_mm, 0.01), max(width / 2.0 - inset_mm, 0.01), 0.0)


def convex_overlap(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Do the boxes/discs in rows `a` and `b` (see `shape_params`) overlap? Vectorised, exact for true
    discs: separating axes for two boxes, the box's nearest point for a box and a disc."""
    dx, dy = b[:, 0] - a[:, 0], b[:, 1] - a[:, 1]
    ra, rb = a[:, 6], b[:, 6]
    disc_a, disc_b = ra > 0, rb > 0
    out = np.zeros(len(a), dtype=bool)
    both = disc_a & disc_b
    out[both] = np.hypot(dx[both], dy[both]) < ra[both] + rb[both]
    boxes = ~disc_a & ~disc_b
    if boxes.any():
        A, B, x, y = a[boxes], b[boxes], dx[boxes], dy[boxes]
        separated = np.zeros(len(A), dtype=bool)
        for ux, uy in ((A[:, 2], A[:, 3]), (-A[:, 3], A[:, 2]), (B[:, 2], B[:, 3]), (-B[:, 3], B[:, 2])):
            reach = (A[:, 4] * np.abs(A[:, 2] * ux + A[:, 3] * uy) + A[:, 5] * np.abs(-A[:, 3] * ux + A[:, 2] * uy)
                     + B[:, 4] * np.abs(B[:, 2] * ux + B[:, 3] * uy) + B[:, 5] * np.abs(-B[:, 3] * ux + B[:, 2] * uy))
            separated |= np.abs(x * ux + y * uy) >= reach
        out[boxes] = ~separated
    mixed = disc_a ^ disc_b
    if mixed.any():
        box = np.where(disc_a[mixed, None], b[mixed], a[mixed])
        disc = np.where(disc_a[mixed, None], a[mixed], b[mixed])
        px, py = disc[:, 0] - box[:, 0], disc[:, 1] - box[:, 1]
        lx = px * box[:, 2] + py * box[:, 3]
        ly = -px * box[:, 3] + py * box[:, 2]
        cx = np.clip(lx, -box[:, 4], box[:, 4])
        cy = np.clip(ly, -box[:, 5], box[:, 5])
        out[mixed] = np.hypot(lx - cx, ly - cy) < disc[:, 6]
    return out


def _overlaps(ctx: CheckContext, rows: np.ndarray) -> list[tuple[int, int]]:
    """Overlapping pairs (indices, smaller first) with at least one element among `rows`.

    Two footprints overlap when they still meet after each is shrunk by OVERLAP_DEPTH_MM all round,
    so footprints that merely touch do not count.
    """
    if not len(rows):
        return []
    left, right = ctx.tree.query(ctx.geoms[rows])
    left = rows[left]
    keep = left != right
    left, right = left[keep], right[keep]
    kinds = ctx.kind_codes
    ok = ~IGNORED[kinds[left], kinds[right]]
    left, right = left[ok], right[ok]
    params = ctx.element_params(lambda e: shape_params(e, ctx.ruleset))
    hit = convex_overlap(params[left], params[right])
    lo, hi = np.minimum(left[hit], right[hit]), np.maximum(left[hit], right[hit])
    return sorted(set(zip(lo.tolist(), hi.tolist())))


@check("elements-overlap", "warning")
def elements_overlap(ctx: CheckContext):
    elements = ctx.elements
    if len(elements) < 2:
        return []
    changed = ctx.changed_ids
    candidates = np.array([i for i, e in enumerate(elements) if e.kind != "scenery"
                           and (changed is None or e.id in changed)], dtype=int)
    found = {}
    for i, j in _overlaps(ctx, candidates):
        a, b = elements[i], elements[j]
        found[a.id, b.id] = Problem("elements-overlap", "warning", f"{label(a)} and {lowered(label(b))} overlap",
                                    (a.id, b.id))
    if changed is not None:  # keep last run's pairs between unchanged elements
        for pair, found_before in ctx.pair_cache.items():
            if pair[0] not in changed and pair[1] not in changed:
                found[pair] = found_before
    ctx.pair_cache = found
    return [found[pair] for pair in sorted(found)]


def _with_zones(per_element):
    """A batch runner for the ramp checks: build every ramp's landing zones in one go first."""
    def batch(ctx: CheckContext, ramps):
        landing_zones(ctx, ramps)
        return {r.id: list(per_element(ctx, r)) for r in ramps}
    return batch


ramp_landing_off_table.batch = _with_zones(ramp_landing_off_table)
ramp_landing_in_scenery.batch = _with_zones(ramp_landing_in_scenery)
