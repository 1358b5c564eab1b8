"""Playability checks: `run_checks(document, ruleset, context=None) -> list[Problem]`.

Each check is a small function with a stable code (see `CHECKS`), registered by the modules
`placement` (where elements stand), `overlaps` (elements piled on each other), `links` (numbering and
links between elements), `shapes` (degenerate tracks and outlines), `course` (against the track;
skipped for an arena and for a degenerate track) and `common` (kinds, karts and the track against the
rule data and the table), or by a game system's own check modules (`System.check_modules`, imported
here the first time that system's checks are asked for: `registered_checks()`, `checks_for`). A run takes
the universal checks plus exactly those the document's game system lists (`System.checks`, found
through `designer.systems.registry` by `document.ruleset`; a ruleset no system registers gets every check,
as before systems existed).
Problems come sorted by severity (error, warning, info), then code. Pass the same `CheckContext` on every
run for a document: footprints, per-element results and the overlapping pairs are reused for elements that
did not change. Pure geometry: no Qt.
"""

from __future__ import annotations

import gc
import importlib
from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from designer.geometry.checks import common, course, links, overlaps, placement, shapes  # noqa: F401  (register them)
from designer.geometry.checks.base import CHECKS, SEVERITY_RANK, Check, CheckContext, Problem, Severity
from designer.geometry.checks.course import PROJECTED_KINDS
from designer.geometry.checks.shapes import degenerate_track
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems import registry
from designer.systems.api import System

__all__ = ["CHECKS", "Check", "CheckContext", "Problem", "Severity", "check_codes", "checks_for",
           "registered_checks", "run_checks"]


def _import_check_modules(systems: Iterable[System]) -> None:
    for system in systems:
        for name in system.check_modules:
            importlib.import_module(name)  # registers its checks in CHECKS (once: the import is cached)


def registered_checks() -> list[Check]:
    """Every check: the universal ones and every registered game system's own, in registration order."""
    _import_check_modules(registry.systems())
    return CHECKS


def check_codes() -> dict[str, str]:
    """{code: severity} of every registered check."""
    return {c.code: c.severity for c in registered_checks()}


def checks_for(system_id: str) -> list[Check]:
    """The checks a document of this game system gets, in run order: the universal ones and those the system
    lists (every check for an id no system registers)."""
    system = registry.find(system_id)
    _import_check_modules(registry.systems() if system is None else (system,))
    wanted = None if system is None else frozenset(system.checks)
    return [chk for chk in sorted(CHECKS, key=lambda c: (SEVERITY_RANK[c.severity], c.code))
            if wanted is None or chk.universal or chk.code in wanted]


def run_checks(document: TrackDocument, ruleset: Ruleset, context: CheckContext | None = None) -> list[Problem]:
    """Every problem in the document, sorted by severity then code (within a code: by kind, then
    document order)."""
    chosen = checks_for(document.ruleset)
    with _cyclic_gc_paused():
        ctx = context if context is not None else CheckContext()
        ctx.update(document, ruleset)
        has_track = document.track is not None and not degenerate_track(ctx)
        if has_track:  # project everything the course checks place along the route in two numpy passes
            ctx.prefetch([e for kind in PROJECTED_KINDS for e in ctx.of_kind(kind)])
            ctx.prefetch([*ctx.of_kind("gate"), *ctx.of_kind("start_finish")], heading=True)
        problems: list[Problem] = []
        for chk in chosen:
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
