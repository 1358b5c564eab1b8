"""The checks every game system's documents get (`universal=True`) that the other modules do not hold: the
elements' kinds against what the ruleset offers, the kart count against the rule data's `karts` bounds, the
track surface against the table's edges, and a document with nothing on the table yet (not "ok"). (Also
universal: `element-off-table` in `placement` and the shape checks in `shapes`.)

Numbers come from the ruleset, never from code. Document checks: cheap work over the element list.
"""

from __future__ import annotations

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.lengths import length_text
from designer.geometry.checks.report import Problem, kind_name
from designer.i18n import _, ngettext
from designer.rules.schema import Karts
from designer.rules.texts import ruleset_name

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
        message = ngettext("{ruleset} has no {kind}: {n} {kind} element to remove or replace",
                           "{ruleset} has no {kind}: {n} {kind} elements to remove or replace", len(elements))
        out.append(problem("kind-not-in-ruleset", message.format(
            ruleset=ruleset_name(ctx.ruleset), kind=kind_name(kind, middle=True), n=len(elements)),
            [e.id for e in elements]))
    return out


def _takes(ruleset: str, karts: Karts, document_karts: int) -> str:
    """"<ruleset> takes 2 to 7 karts; this document is set for 9" (or "at most", "at least")."""
    if karts.min is not None and karts.max is not None:
        message = _("{ruleset} takes {low} to {high} karts; this document is set for {karts}")
    elif karts.max is not None:
        message = _("{ruleset} takes at most {high} karts; this document is set for {karts}")
    else:
        message = _("{ruleset} takes at least {low} karts; this document is set for {karts}")
    return message.format(ruleset=ruleset, low=karts.min, high=karts.max, karts=document_karts)


@check("too-few-karts", "error", universal=True)
def too_few_karts(ctx: CheckContext) -> list[Problem]:
    bounds, karts = ctx.ruleset.karts, ctx.document.karts
    if bounds.min is None or karts >= bounds.min:
        return []
    return [problem("too-few-karts", _takes(ruleset_name(ctx.ruleset), bounds, karts))]


@check("too-many-karts", "error", universal=True)
def too_many_karts(ctx: CheckContext) -> list[Problem]:
    bounds, karts = ctx.ruleset.karts, ctx.document.karts
    if bounds.max is None or karts <= bounds.max:
        return []
    return [problem("too-many-karts", _takes(ruleset_name(ctx.ruleset), bounds, karts))]


# The rules advise their fewest karts for a race (Gaslands: "at least 4"), so it waits for a track; the
# bounds above hold for a battle in an arena too.
@check("few-karts", "warning", needs_track=True, universal=True)
def few_karts(ctx: CheckContext) -> list[Problem]:
    least, karts = ctx.ruleset.karts.recommended_min, ctx.document.karts
    if least is None or karts >= least:
        return []
    return [problem("few-karts", _("A race needs at least {least} karts; this one is set for {karts} "
                                   "(a player may run several)").format(least=least, karts=karts))]


@check("track-off-table", "error", needs_track=True, universal=True)
def track_off_table(ctx: CheckContext) -> list[Problem]:
    table, t = ctx.document.table, TRACK_OVERHANG_MM
    minx, miny, maxx, maxy = ctx.surface.bounds
    past = max(-minx, -miny, maxx - table.width_mm, maxy - table.height_mm)
    if past <= t:
        return []
    if not ctx.surface.intersects(ctx.table_box):
        return [problem("track-off-table", _("The track lies entirely off the table"))]
    return [problem("track-off-table", _("The track surface runs up to {distance} past the edge of the table")
                    .format(distance=length_text(past, ctx.document.display_units, ".0f")))]


# An empty document passes every other check, and "no problems" would read as a playable track.
@check("empty-document", "info", universal=True)
def empty_document(ctx: CheckContext) -> list[Problem]:
    if ctx.document.elements or ctx.document.track is not None:
        return []
    return [problem("empty-document", _("Nothing on the table yet: draw a track or place some pieces"))]
