"""The playability-check machinery: `Problem`, the check registry and the `CheckContext` cache.

A check is a small function registered with `@check(code, severity)`. Two shapes exist:

- a *document* check `fn(ctx) -> Iterable[Problem]` runs once per `run_checks`;
- a *per-element* check (`kinds=...`) `fn(ctx, element) -> Iterable[Problem]` runs for each element of
  those kinds. Its result depends only on the element itself and the context's *environment* (the
  table, the track, the solid scenery and the ruleset), so a `CheckContext` reused across runs keeps it
  until the element or the environment changes: moving one coin re-runs only the coin's checks.
  It may carry a `batch(ctx, elements) -> {element id: problems}` attribute that checks many elements
  at once; elements without problems may be left out of that dict.

`CheckContext` also caches every footprint by element id (rebuilt only for elements that changed),
the shapely STRtree over them, the prepared track surface and projections onto the route, and lets a
document check `keep` its own results for the next run to update (`changed_ids` say what changed).
Keep one context per open document and pass it to `run_checks(document, ruleset, context)` after
each edit. Pure geometry: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from designer.geometry.checks.bulk import bulk_footprints, project_many
from designer.geometry.route import Projection, Route, route_of
from designer.geometry.track import surface
from designer.model.elements import ELEMENT_KINDS, Element
from designer.model.track import TrackDocument
from designer.rules import Ruleset

KIND_CODE = {kind: i for i, kind in enumerate(ELEMENT_KINDS)}
Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True, slots=True, init=False)
class Problem:
    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()

    def __init__(self, code: str, severity: Severity, message: str, ids: tuple[str, ...] = ()) -> None:
        # a run may build thousands of problems: setting the slots through their descriptors is about
        # twice as fast as the object.__setattr__ calls of the __init__ a frozen dataclass generates
        _SET_CODE(self, code)
        _SET_SEVERITY(self, severity)
        _SET_MESSAGE(self, message)
        _SET_IDS(self, ids)

    def as_dict(self) -> dict[str, Any]:
        return {"severity": self.severity, "code": self.code, "message": self.message, "ids": list(self.ids)}


_SET_CODE, _SET_SEVERITY, _SET_MESSAGE, _SET_IDS = (Problem.__dict__[name].__set__
                                                    for name in ("code", "severity", "message", "ids"))


def sort_key(problem: Problem) -> tuple:
    return SEVERITY_RANK[problem.severity], problem.code, problem.ids, problem.message


@dataclass(frozen=True)
class Check:
    code: str
    severity: Severity
    fn: Callable[..., Iterable[Problem]]
    kinds: frozenset[str] | None = None   # None: a document check; else per element of these kinds
    needs_track: bool = False


#: Every check, in registration order (the modules of this package append to it on import).
CHECKS: list[Check] = []
_SEVERITY_OF: dict[str, Severity] = {}


def check(code: str, severity: Severity, *, kinds: Sequence[str] | None = None,
          needs_track: bool = False) -> Callable:
    """Register a check under a stable `code`; the function builds problems with `problem(...)`."""
    def register(fn: Callable) -> Callable:
        if any(c.code == code for c in CHECKS):
            raise ValueError(f"check code {code!r} registered twice")
        CHECKS.append(Check(code, severity, fn, frozenset(kinds) if kinds is not None else None, needs_track))
        _SEVERITY_OF[code] = severity
        return fn
    return register


def problem(code: str, message: str, ids: Iterable[str] = ()) -> Problem:
    """A problem with the severity its code was registered with."""
    severity = _SEVERITY_OF.get(code)
    if severity is None:
        raise KeyError(f"unknown check code {code!r}")
    return Problem(code, severity, message, tuple(ids))


# --- the context -------------------------------------------------------------------------------
class CheckContext:
    """Per-document caches shared by the checks; reuse it across runs to re-check only what changed."""

    def __init__(self) -> None:
        self._footprints: dict[str, tuple[Element, BaseGeometry]] = {}
        self.changed_ids: set[str] | None = None   # ids changed since the last run (None: first run)
        self.ids_reordered = True   # the element ids differ from last run's (added, removed, reordered)
        self.ids: list[str] = []   # the element ids, in document order
        self._run = 0
        # per-element results: {code: (run, environment version, {element id: its problems, if any},
        # all of them in order)}
        self._memo: dict[str, tuple[int, int, dict[str, list[Problem]], list[Problem]]] = {}
        # {heading?: {element id: (element, its projection)}}
        self._projections: dict[bool, dict[str, tuple[Element, Projection]]] = {False: {}, True: {}}
        self._env_key: tuple | None = None
        self._env_version = 0
        self._track_cache: dict[str, Any] = {}
        self._kept: dict[str, tuple[int, Any]] = {}   # see keep()
        self.document: TrackDocument | None = None
        self.ruleset: Ruleset | None = None

    # called by run_checks
    def update(self, document: TrackDocument, ruleset: Ruleset) -> None:
        if self.ruleset is not None and self.ruleset != ruleset:
            self.__init__()  # footprints come from the ruleset's sizes: start afresh
        self.document, self.ruleset = document, ruleset
        self._run += 1
        self.run_cache: dict[str, Any] = {}   # values shared by checks within one run
        elements = self.elements = document.elements
        self._sync_footprints(elements, ruleset)
        self.by_id = dict(zip(self.ids, elements))
        self.by_kind: dict[str, list[Element]] = {}
        for e in elements:
            self.by_kind.setdefault(e.kind, []).append(e)
        changed = self.changed_ids
        if changed is None or self.ids_reordered:
            self.index = {element_id: i for i, element_id in enumerate(self.ids)}
            self.geoms = np.array([self._footprints[i][1] for i in self.ids], dtype=object)
            self.kind_codes = np.array([KIND_CODE[e.kind] for e in elements], dtype=int)
            self.tree = shapely.STRtree(self.geoms)
        elif changed:  # the same ids in the same order: patch the changed rows
            self.geoms, self.kind_codes = self.geoms.copy(), self.kind_codes.copy()
            for element_id in changed:
                i = self.index[element_id]
                self.geoms[i] = self._footprints[element_id][1]
                self.kind_codes[i] = KIND_CODE[elements[i].kind]
            self.tree = shapely.STRtree(self.geoms)
        self.solids = [e for e in self.by_kind.get("scenery", ()) if e.solid]
        env = (ruleset.id, document.table, document.track, tuple(self.solids))
        if self._env_key is None or self._env_key != env:
            self._env_key = env
            self._env_version += 1
            self._track_cache = {}
            self._projections = {False: {}, True: {}}
            self._solid_union = None

    def _sync_footprints(self, elements: Sequence[Element], ruleset: Ruleset) -> None:
        """Build the footprints of new and changed elements; set `ids`, `ids_reordered`, `changed_ids`."""
        footprints = self._footprints
        first = not footprints
        missing = list(elements) if first else [
            e for e in elements if (cached := footprints.get(e.id)) is None or (cached[0] is not e and cached[0] != e)]
        ids = [e.id for e in elements]
        self.ids_reordered = first or ids != self.ids
        self.ids = ids
        removed = set(footprints) - set(ids) if self.ids_reordered and not first else set()
        self.changed_ids = None if first else {e.id for e in missing} | removed
        if missing:
            for e, shape in zip(missing, bulk_footprints(missing, ruleset)):
                footprints[e.id] = (e, shape)
        for stale in removed:
            del footprints[stale]

    def element_params(self, name: str, compute: Callable[[Sequence[Element]], np.ndarray]) -> np.ndarray:
        """`compute(elements)`: one row per element, kept for the next run under `name` (which then
        computes only the rows of changed elements again)."""
        before = self.kept(name)
        if before is None or self.ids_reordered:
            rows = compute(self.elements)
        elif self.changed_ids:
            rows = before.copy()
            changed = [self.index[element_id] for element_id in self.changed_ids]
            rows[changed] = compute([self.elements[i] for i in changed])
        else:
            rows = before
        self.keep(name, rows)
        return rows

    def keep(self, name: str, value: Any) -> None:
        """Keep a check's own value (e.g. the overlapping pairs) for the next run to update."""
        self._kept[name] = (self._run, value)

    def kept(self, name: str) -> Any:
        """The value kept under `name` by the last run (None if it kept none); `changed_ids` tell what
        changed since."""
        hit = self._kept.get(name)
        return hit[1] if hit is not None and hit[0] == self._run - 1 and self.changed_ids is not None else None

    def of_kind(self, kind: str) -> list[Element]:
        """The elements of one kind, in document order."""
        return self.by_kind.get(kind, [])

    @property
    def env_version(self) -> int:
        return self._env_version

    def footprint(self, element: Element) -> BaseGeometry:
        return self._footprints[element.id][1]

    def of_kinds(self, kinds: Iterable[str]) -> list[Element]:
        """The elements of these kinds, by kind (in ELEMENT_KINDS order), then in document order."""
        return [e for kind in ELEMENT_KINDS if kind in kinds for e in self.by_kind.get(kind, ())]

    def per_element(self, chk: Check) -> list[Problem]:
        """The problems of a per-element check, in the order of `of_kinds`. Last run's results are
        reused for the elements unchanged since, when the environment is the same."""
        memo = self._memo.get(chk.code)
        changed = self.changed_ids
        problems: list[Problem] | None = None
        if memo is not None and memo[0] == self._run - 1 and memo[1] == self._env_version and changed is not None:
            found, problems = memo[2], memo[3]
            todo = [e for e in map(self.by_id.get, changed) if e is not None and e.kind in chk.kinds]
            stale = [element_id for element_id in changed if element_id in found]
            for element_id in stale:
                del found[element_id]
            if stale or self.ids_reordered:
                problems = None
        else:
            found, todo = {}, self.of_kinds(chk.kinds)
        if todo:
            fresh = {element_id: hit for element_id, hit in _check_each(self, chk, todo).items() if hit}
            if fresh:
                found.update(fresh)
                problems = None
        if problems is None:  # in the order of of_kinds
            problems = [p for element_id in sorted(found, key=self._kind_then_place) for p in found[element_id]]
        self._memo[chk.code] = (self._run, self._env_version, found, problems)
        return problems

    def _kind_then_place(self, element_id: str) -> tuple[int, int]:
        return KIND_CODE[self.by_id[element_id].kind], self.index[element_id]

    # --- the environment ---
    @property
    def table_box(self) -> BaseGeometry:
        if "table" not in self._track_cache:
            t = self.document.table
            shape = box(0.0, 0.0, t.width_mm, t.height_mm)
            shapely.prepare(shape)
            self._track_cache["table"] = shape
        return self._track_cache["table"]

    @property
    def track(self):
        return self.document.track

    @property
    def surface(self) -> BaseGeometry | None:
        if self.track is None:
            return None
        if "surface" not in self._track_cache:
            shape = surface(self.track)
            shapely.prepare(shape)
            self._track_cache["surface"] = shape
        return self._track_cache["surface"]

    @property
    def route(self) -> Route | None:
        return route_of(self.track) if self.track is not None else None

    def track_value(self, name: str, compute: Callable[[], Any]) -> Any:
        """A value derived from the environment only (the track, table, scenery), computed once."""
        if name not in self._track_cache:
            self._track_cache[name] = compute()
        return self._track_cache[name]

    @property
    def solid_union(self) -> BaseGeometry | None:
        if self._solid_union is None and self.solids:
            self._solid_union = shapely.union_all([self.footprint(e) for e in self.solids])
            shapely.prepare(self._solid_union)
        return self._solid_union

    def projection(self, element: Element, heading: bool = False) -> Projection:
        """Where an element lies along the route (cached while the element and track are unchanged)."""
        hit = self._projections[heading].get(element.id)
        if hit is not None and (hit[0] is element or hit[0] == element):
            return hit[1]
        self.prefetch([element], heading)
        return self._projections[heading][element.id][1]

    def prefetch(self, elements: Sequence[Element], heading: bool = False) -> None:
        """Project many elements onto the route at once (numpy), filling the projection cache."""
        cache = self._projections[heading]
        todo = [e for e in elements if (hit := cache.get(e.id)) is None or (hit[0] is not e and hit[0] != e)]
        if not todo:
            return
        headings = [e.rotation_deg for e in todo] if heading else None
        results = project_many(self.route, [(e.x_mm, e.y_mm) for e in todo], headings)
        cache.update(zip([e.id for e in todo], zip(todo, results)))

    def cross_section(self, distance_mm: float, width_mm: float | None = None) -> tuple[tuple[float, float], ...]:
        """End points of the segment across the track at a distance along the route (default: track width)."""
        route = self.route
        x, y = route.position(distance_mm)
        angle = math.radians(route.angle(distance_mm))
        half = (self.track.width_mm if width_mm is None else width_mm) / 2.0
        nx, ny = -math.sin(angle), math.cos(angle)
        return (x - nx * half, y - ny * half), (x + nx * half, y + ny * half)


def _check_each(ctx: CheckContext, chk: Check, elements: Sequence[Element]) -> dict[str, list[Problem]]:
    """{element id: problems} of a per-element check (through its batch form when it has one)."""
    batch = getattr(chk.fn, "batch", None)
    if batch is not None:
        return batch(ctx, elements)
    found = {}
    for e in elements:
        hit = list(chk.fn(ctx, e))
        if hit:
            found[e.id] = hit
    return found


KIND_LABEL = {kind: kind.replace("_", " ").capitalize() for kind in ELEMENT_KINDS}


def label(element: Element) -> str:
    """How messages name an element: "Gate 3", "Warp pipe 'p1'", "Coin 'c4'"."""
    if element.kind == "gate":
        return f"Gate {element.order}"
    if element.kind == "start_finish":
        return "The start/finish line"
    return f"{KIND_LABEL[element.kind]} '{element.id}'"


def lowered(text: str) -> str:
    """A label in the middle of a sentence: "Gate 3" → "gate 3" (ids keep their case)."""
    return text[:1].lower() + text[1:]


def ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"
