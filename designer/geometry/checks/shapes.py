"""Shapes the other checks cannot measure: a track whose centerline makes no track (`degenerate-track`),
scenery whose outline encloses no area or doubles a point (`degenerate-scenery`) or crosses itself
(`scenery-self-crossing`). A file may hold any of them (the editor does not make them).

With a degenerate track, `run_checks` skips the checks along the track: nothing measured along a curve
of no length means anything. `refuse_degenerate` stops a print of a degenerate document with one line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

from designer.geometry.checks.base import CheckContext, check, label, lowered, problem
from designer.geometry.checks.report import Problem
from designer.geometry.outline import OutlineFlaw, outline_flaws, outline_report
from designer.geometry.track import track_flaw
from designer.io.errors import DocumentError
from designer.model.elements import Element, Scenery
from designer.model.track import TrackDocument


def degenerate_track(ctx: CheckContext) -> bool:
    """Is the document's track degenerate (see `designer.geometry.track.track_flaw`)?"""
    track = ctx.document.track
    return track is not None and ctx.track_value("flaw", lambda: track_flaw(track)) is not None


@check("degenerate-track", "error", universal=True)
def track_degenerate(ctx: CheckContext) -> list[Problem]:
    track = ctx.document.track
    flaw = ctx.track_value("flaw", lambda: track_flaw(track)) if track is not None else None
    if flaw is None:
        return []
    return [problem("degenerate-track", f"The track {flaw}; the checks along the track wait until it is fixed")]


def _on_table(element: Element, point: tuple[float, float]) -> tuple[float, float]:
    """A point of the element's own frame on the table (rotated clockwise, then moved)."""
    a = math.radians(element.rotation_deg)
    x, y = point
    return element.x_mm + x * math.cos(a) - y * math.sin(a), element.y_mm + x * math.sin(a) + y * math.cos(a)


def _degenerate_message(element: Element, flaw: OutlineFlaw) -> str:
    if flaw.kind == "no-area":
        return f"{label(element)} encloses no area: its outline's points lie on, or very near, one line"
    first, second = (k + 1 for k in flaw.points)
    return f"{label(element)} has two outline points in the same place (points {first} and {second}): delete one"


def _outline_report(ctx: CheckContext, sceneries: Sequence[Scenery]
                    ) -> dict[str, tuple[OutlineFlaw | None, OutlineFlaw | None]]:
    """{scenery id: (its outline's flaw, its crossing)} for both checks, worked out once per run."""
    report = ctx.run_cache.setdefault("outline_report", {})
    todo = [e for e in sceneries if e.id not in report]
    if todo:
        report.update(zip([e.id for e in todo], outline_report([e.polygon for e in todo]), strict=True))
    return report


def _degenerate_batch(ctx: CheckContext, sceneries: Sequence[Scenery]) -> dict[str, list[Problem]]:
    report = _outline_report(ctx, sceneries)
    return {e.id: [problem("degenerate-scenery", _degenerate_message(e, flaw), (e.id,))]
            for e in sceneries if (flaw := report[e.id][0]) is not None}


@check("degenerate-scenery", "error", kinds=["scenery"], universal=True)
def scenery_degenerate(ctx: CheckContext, element: Scenery) -> list[Problem]:
    return _degenerate_batch(ctx, [element]).get(element.id, [])


def _crossing_problem(element: Element, flaw: OutlineFlaw) -> list[Problem]:
    x, y = _on_table(element, flaw.point)
    how = "crosses" if flaw.kind == "crosses" else "touches"
    message = (f"The outline of {lowered(label(element))} {how} itself near ({x:.0f}, {y:.0f}) mm: "
               "move its points so that no edges meet")
    return [problem("scenery-self-crossing", message, (element.id,))]


def _crossing_batch(ctx: CheckContext, sceneries: Sequence[Scenery]) -> dict[str, list[Problem]]:
    report = _outline_report(ctx, sceneries)
    return {e.id: _crossing_problem(e, flaw) for e in sceneries if (flaw := report[e.id][1]) is not None}


@check("scenery-self-crossing", "error", kinds=["scenery"], universal=True)
def scenery_self_crossing(ctx: CheckContext, element: Scenery) -> list[Problem]:
    return _crossing_batch(ctx, [element]).get(element.id, [])


scenery_degenerate.batch = _degenerate_batch
scenery_self_crossing.batch = _crossing_batch


def degenerate_reasons(document: TrackDocument) -> list[str]:
    """What makes the document's geometry degenerate (its track, its scenery outlines), in words."""
    flaw = track_flaw(document.track) if document.track is not None else None
    found = [f"the track {flaw}"] if flaw is not None else []
    sceneries = [e for e in document.elements if e.kind == "scenery"]
    for element, outline in zip(sceneries, outline_flaws([e.polygon for e in sceneries]), strict=True):
        if outline is not None:
            found.append(lowered(_degenerate_message(element, outline)))
    return found


def refuse_degenerate(document: TrackDocument, source: str | Path) -> None:
    """DocumentError (one line naming the first reason) when the document's geometry is degenerate."""
    found = degenerate_reasons(document)
    if found:
        more = f" (and {len(found) - 1} more such problem{'s' if len(found) > 2 else ''})" if len(found) > 1 else ""
        raise DocumentError(source, f"cannot print it: {found[0]}{more}")
