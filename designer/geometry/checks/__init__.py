"""Playability checks: `run_checks(document, ruleset, context=None) -> list[Problem]`.

Each check is a small function with a stable code (see `CHECKS`), registered by the modules
`placement` (where elements stand), `overlaps` (elements piled on each other), `links` (numbering and
links between elements), `shapes` (degenerate tracks and outlines) and `course` (against the track;
skipped for an arena and for a degenerate track). Problems come sorted by severity (error, warning,
info), then code. Pass the same `CheckContext` on every run for a document: footprints, per-element
results and the overlapping pairs are reused for elements that did not change. Pure geometry: no Qt.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager

from designer.geometry.checks import course, links, overlaps, placement, shapes  # noqa: F401  (register the checks)
from designer.geometry.checks.base import CHECKS, SEVERITY_RANK, Check, CheckContext, Problem, Severity
from designer.geometry.checks.course import PROJECTED_KINDS
from designer.geometry.checks.shapes import degenerate_track
from designer.model.track import TrackDocument
from designer.rules import Ruleset

__all__ = ["CHECKS", "Check", "CheckContext", "Problem", "Severity", "check_codes", "run_checks"]


def check_codes() -> dict[str, str]:
    """{code: severity} of every registered check."""
    return {c.code: c.severity for c in CHECKS}


def run_checks(document: TrackDocument, ruleset: Ruleset, context: CheckContext | None = None) -> list[Problem]:
    """Every problem in the document, sorted by severity then code (within a code: by kind, then
    document order)."""
    with _cyclic_gc_paused():
        ctx = context if context is not None else CheckContext()
        ctx.update(document, ruleset)
        has_track = document.track is not None and not degenerate_track(ctx)
        if has_track:  # project everything the course checks place along the route in two numpy passes
            ctx.prefetch([e for kind in PROJECTED_KINDS for e in ctx.of_kind(kind)])
            ctx.prefetch([*ctx.of_kind("gate"), *ctx.of_kind("start_finish")], heading=True)
        problems: list[Problem] = []
        for chk in sorted(CHECKS, key=lambda c: (SEVERITY_RANK[c.severity], c.code)):
            if chk.needs_track and not has_track:
                continue
            if chk.kinds is None:
                problems.extend(chk.fn(ctx))
                continue
            problems.extend(ctx.per_element(chk))
        return problems  # each check reports only its own code, so this is already in order


@contextmanager
def _cyclic_gc_paused() -> Iterator[None]:
    """A run builds thousands of small acyclic objects (problems, tuples, arrays), which would trigger
    full collections of the whole application heap mid-run; reference counting frees them anyway."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()
