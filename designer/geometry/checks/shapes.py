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
from designer.geometry.checks.lengths import length_text, point_text
from designer.geometry.checks.report import Problem, named, opens
from designer.geometry.outline import OutlineFlaw, outline_flaws, outline_report
from designer.geometry.track import TrackDefect, track_defect
from designer.i18n import _, ngettext
from designer.io.errors import DocumentError
from designer.model.elements import Element, Scenery
from designer.model.track import TrackDocument


def degenerate_track(ctx: CheckContext) -> bool:
    """Is the document's track degenerate (see `designer.geometry.track.track_defect`)?"""
    track = ctx.document.track
    return track is not None and ctx.track_value("flaw", lambda: track_defect(track)) is not None


def flaw_sentence(defect: TrackDefect, units: str = "mm") -> str:
    """Why the track is degenerate, as a whole sentence in the current language: "The track has all its
    centerline points in one place"."""
    if defect.kind == "one-place":
        return _("The track has all its centerline points in one place")
    if defect.kind == "two-points":
        return _("The track is closed but has only 2 distinct centerline points: a loop needs at least 3")
    if defect.kind == "on-one-line":
        return _("The track is closed but its centerline points all lie on one line: the loop encloses nothing")
    return _("The track has a centerline only {length} long").format(length=length_text(defect.length_mm, units, ".2g"))


@check("degenerate-track", "error", universal=True)
def track_degenerate(ctx: CheckContext) -> list[Problem]:
    track = ctx.document.track
    defect = ctx.track_value("flaw", lambda: track_defect(track)) if track is not None else None
    if defect is None:
        return []
    return [problem("degenerate-track", _("{flaw}; the checks along the track wait until it is fixed")
                    .format(flaw=flaw_sentence(defect, ctx.document.display_units)))]


def _on_table(element: Element, point: tuple[float, float]) -> tuple[float, float]:
    """A point of the element's own frame on the table (rotated clockwise, then moved)."""
    a = math.radians(element.rotation_deg)
    x, y = point
    return element.x_mm + x * math.cos(a) - y * math.sin(a), element.y_mm + x * math.sin(a) + y * math.cos(a)


def _degenerate_message(element: Element, flaw: OutlineFlaw, middle: bool = False) -> str:
    """What `degenerate-scenery` says of a flawed outline (`middle`: naming the element as in mid-sentence)."""
    if flaw.kind == "no-area":
        message = _("{element} encloses no area: its outline's points lie on, or very near, one line")
    else:
        message = _("{element} has two outline points in the same place (points {first} and {second}): delete one")
    first, second = (k + 1 for k in flaw.points) if flaw.kind != "no-area" else (0, 0)
    return message.format(element=label(element, middle or not opens(message, "element")), first=first,
                          second=second)


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


def _crossing_problem(element: Element, flaw: OutlineFlaw, units: str) -> list[Problem]:
    x, y = _on_table(element, flaw.point)
    message = (_("The outline of {element} crosses itself near {point}: move its points so that no edges meet")
               if flaw.kind == "crosses" else
               _("The outline of {element} touches itself near {point}: move its points so that no edges meet"))
    return [problem("scenery-self-crossing", message.format(element=named(message, "element", element),
                                                            point=point_text(x, y, units)), (element.id,),
                    at=(x, y))]


def _crossing_batch(ctx: CheckContext, sceneries: Sequence[Scenery]) -> dict[str, list[Problem]]:
    report = _outline_report(ctx, sceneries)
    units = ctx.document.display_units
    return {e.id: _crossing_problem(e, flaw, units) for e in sceneries if (flaw := report[e.id][1]) is not None}


@check("scenery-self-crossing", "error", kinds=["scenery"], universal=True)
def scenery_self_crossing(ctx: CheckContext, element: Scenery) -> list[Problem]:
    return _crossing_batch(ctx, [element]).get(element.id, [])


scenery_degenerate.batch = _degenerate_batch
scenery_self_crossing.batch = _crossing_batch


def degenerate_reasons(document: TrackDocument) -> list[str]:
    """What makes the document's geometry degenerate (its track, its scenery outlines), in words that
    continue a sentence after a colon ("the track has all its centerline points in one place")."""
    defect = track_defect(document.track) if document.track is not None else None
    found = [lowered(flaw_sentence(defect, document.display_units))] if defect is not None else []
    sceneries = [e for e in document.elements if e.kind == "scenery"]
    for element, outline in zip(sceneries, outline_flaws([e.polygon for e in sceneries]), strict=True):
        if outline is not None:
            found.append(_degenerate_message(element, outline, middle=True))
    return found


def refuse_degenerate(document: TrackDocument, source: str | Path) -> None:
    """DocumentError (one line naming the first reason) when the document's geometry is degenerate."""
    found = degenerate_reasons(document)
    if len(found) > 1:
        raise DocumentError(source, ngettext("cannot print it: {reason} (and {n} more such problem)",
                                             "cannot print it: {reason} (and {n} more such problems)",
                                             len(found) - 1).format(reason=found[0], n=len(found) - 1))
    if found:
        raise DocumentError(source, _("cannot print it: {reason}").format(reason=found[0]))
