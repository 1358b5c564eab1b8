"""The checks every game system's documents get (`universal=True`) that the other modules do not hold: the
elements' kinds against what the ruleset offers, the kart count against the rule data's `karts` bounds, and
the track surface against the table's edges. (Also universal: `element-off-table` in `placement` and the
shape checks in `shapes`.)

Numbers come from the ruleset, never from code. Document checks: cheap work over the element list.
"""

from __future__ import annotations

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.report import Problem, kind_label
from designer.rules.schema import Karts

#: The track surface may run this far past the table's edge (mm) before it counts as off the table: the
#: curve through the centerline bulges a little past its control points at a corner drawn near the edge.
TRACK_OVERHANG_MM = 25.0


@check("kind-not-in-ruleset", "error", universal=True)
def kind_not_in_ruleset(ctx: CheckContext) -> list[Problem]:
    """One problem per kind the ruleset does not offer, naming every element of it."""
    offered = set(ctx.ruleset.element_kinds)
    out = []
    for kind in ctx.kinds:  # kind-table order
        elements = ctx.of_kind(kind)
        if not elements or kind in offered:
            continue
        what = f"{len(elements)} {kind_label(kind).lower()} element{'s' if len(elements) != 1 else ''}"
        out.append(problem("kind-not-in-ruleset", f"{ctx.ruleset.name} has no {kind_label(kind).lower()}: "
                           f"{what} to remove or replace", [e.id for e in elements]))
    return out


def _bounds(karts: Karts) -> str:
    if karts.min is not None and karts.max is not None:
        return f"{karts.min} to {karts.max} karts"
    if karts.max is not None:
        return f"at most {karts.max} karts"
    return f"at least {karts.min} karts"


@check("too-few-karts", "error", universal=True)
def too_few_karts(ctx: CheckContext) -> list[Problem]:
    bounds, karts = ctx.ruleset.karts, ctx.document.karts
    if bounds.min is None or karts >= bounds.min:
        return []
    return [problem("too-few-karts", f"{ctx.ruleset.name} takes {_bounds(bounds)}; this document is set for "
                    f"{karts}")]


@check("too-many-karts", "error", universal=True)
def too_many_karts(ctx: CheckContext) -> list[Problem]:
    bounds, karts = ctx.ruleset.karts, ctx.document.karts
    if bounds.max is None or karts <= bounds.max:
        return []
    return [problem("too-many-karts", f"{ctx.ruleset.name} takes {_bounds(bounds)}; this document is set for "
                    f"{karts}")]


# The rules advise their fewest karts for a race (Gaslands: "at least 4"), so it waits for a track; the
# bounds above hold for a battle in an arena too.
@check("few-karts", "warning", needs_track=True, universal=True)
def few_karts(ctx: CheckContext) -> list[Problem]:
    least, karts = ctx.ruleset.karts.recommended_min, ctx.document.karts
    if least is None or karts >= least:
        return []
    return [problem("few-karts", f"A race needs at least {least} karts; this one is set for {karts} "
                    "(a player may run several)")]


@check("track-off-table", "error", needs_track=True, universal=True)
def track_off_table(ctx: CheckContext) -> list[Problem]:
    table, t = ctx.document.table, TRACK_OVERHANG_MM
    minx, miny, maxx, maxy = ctx.surface.bounds
    past = max(-minx, -miny, maxx - table.width_mm, maxy - table.height_mm)
    if past <= t:
        return []
    if not ctx.surface.intersects(ctx.table_box):
        return [problem("track-off-table", "The track lies entirely off the table")]
    return [problem("track-off-table", f"The track surface runs up to {past:.0f} mm past the edge of the table")]
