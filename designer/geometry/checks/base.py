"""The playability-check machinery: the check registry and the `CheckContext` cache (`Problem` and the
message helpers live in `report` and are re-exported here).

A check is a small function registered with `@check(code, severity)`; `universal=True` marks the checks
every game system's documents get, the others run only for the systems that list their code
(`System.checks`, see `run_checks`). Two shapes exist:

- a *document* check `fn(ctx) -> Iterable[Problem]` runs once per `run_checks`;
- a *per-element* check (`kinds=...`, or `kinds=ALL_KINDS` for every kind in the kind table, those of the
  game systems included) `fn(ctx, element) -> Iterable[Problem]` runs for each element of those kinds.
  Its result depends only on the element itself and the context's *environment* (the table, the track,
  the solid scenery and the ruleset), so a `CheckContext` reused across runs keeps it until the element
  or the environment changes: moving one coin re-runs only the coin's checks.
  It may carry a `batch(ctx, elements) -> {element id: problems}` attribute that checks many elements
  at once; elements without problems may be left out of that dict.

`CheckContext` also keeps one entry per element in document order — footprint, kind code and placement
(`geoms`, `kind_codes`, `placements`; rebuilt only for elements that changed) — the shapely STRtree over
the footprints, the prepared track surface and projections onto the route, and lets a document check
`keep` its own results for the next run to update (`changed_ids` say what changed).
Keep one context per open document and pass it to `run_checks(document, ruleset, context)` after
each edit. Pure geometry: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from operator import attrgetter, is_
from typing import Any, Final, Literal, TypeVar

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from designer.geometry.checks.bulk import bulk_footprints, kind_codes, placements, project_many
from designer.geometry.checks.report import (  # noqa: F401  (re-exported: what checks build problems with)
    KIND_LABEL,
    SEVERITY_OF,
    SEVERITY_RANK,
    Problem,
    Severity,
    label,
    lowered,
    ordinal,
    problem,
    sort_key,
)
from designer.geometry.route import Projection, Route, route_of
from designer.geometry.track import surface
from designer.model.elements import Element, ElementBase, Scenery, element_kinds, kinds_version
from designer.model.track import TrackDocument, TrackSurface
from designer.rules import Ruleset

_ID = attrgetter("id")
_Kind = TypeVar("_Kind", bound=ElementBase)


#: `kinds=ALL_KINDS`: a per-element check of every kind in the kind table.
ALL_KINDS: Final = "all"


@dataclass(frozen=True)
class Check:
    code: str
    severity: Severity
    fn: Callable[..., Iterable[Problem]]
    kinds: frozenset[str] | None = None   # None: a document check; else per element of these kinds
    needs_track: bool = False
    universal: bool = False   # run for every game system (else for the systems that list the code)
    every_kind: bool = False   # per element of every kind in the kind table (`kinds` is then empty)


#: Every check, in registration order (the modules of this package, and game systems' own check modules,
#: append to it on import).
CHECKS: list[Check] = []


def check(code: str, severity: Severity, *, kinds: Sequence[str] | Literal["all"] | None = None,
          needs_track: bool = False, universal: bool = False) -> Callable:
    """Register a check under a stable `code`; the function builds problems with `problem(...)`."""
    def register(fn: Callable) -> Callable:
        if any(c.code == code for c in CHECKS):
            raise ValueError(f"check code {code!r} registered twice")
        every = kinds == ALL_KINDS
        own = frozenset() if every else frozenset(kinds) if kinds is not None else None
        CHECKS.append(Check(code, severity, fn, own, needs_track, universal, every))
        SEVERITY_OF[code] = severity
        return fn
    return register


# --- the context -------------------------------------------------------------------------------
class CheckContext:
    """Per-document caches shared by the checks; reuse it across runs to re-check only what changed."""

    def __init__(self) -> None:
        self._reset()

    def _reset(self) -> None:
        self.changed_ids: set[str] | None = None   # ids changed since the last run (None: first run)
        self.ids_reordered = True   # the element ids differ from last run's (added, removed, reordered)
        self.ids: list[str] = []   # the element ids, in document order
        self.by_id: dict[str, Element] = {}
        self.index: dict[str, int] = {}   # {element id: its place in the document}
        # one entry per element, in document order: footprints, KIND_CODE, `placements` rows
        self.geoms = np.zeros(0, dtype=object)
        self.kind_codes = np.zeros(0, dtype=int)
        self.placements = np.zeros((0, 5))
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
        self._document: TrackDocument | None = None
        self._ruleset: Ruleset | None = None
        self.kinds_version = kinds_version()
        self.kinds = element_kinds()   # the kind table: a kind code is a place in it
        self.all_kinds = frozenset(self.kinds)

    # called by run_checks
    def update(self, document: TrackDocument, ruleset: Ruleset) -> None:
        if (self._ruleset is not None and self._ruleset != ruleset) or self.kinds_version != kinds_version():
            self._reset()  # footprints come from the ruleset's sizes, kind codes from the kind table: afresh
        self._document, self._ruleset = document, ruleset
        self._run += 1
        self.run_cache: dict[str, Any] = {}   # values shared by checks within one run
        elements = self.elements = document.elements
        self._sync_geometry(elements, ruleset)
        order = np.argsort(self.kind_codes, kind="stable").tolist()   # by kind, then document order
        ends = np.cumsum(np.bincount(self.kind_codes, minlength=len(self.kinds))).tolist()
        self.by_kind: dict[str, list[Element]] = {
            kind: [elements[i] for i in order[start:end]]
            for kind, start, end in zip(self.kinds, [0, *ends], ends, strict=False) if end > start}
        self.solids = [e for e in self.by_kind.get("scenery", ()) if isinstance(e, Scenery) and e.solid]
        env = (ruleset.id, document.table, document.track, tuple(self.solids))
        if self._env_key is None or self._env_key != env:
            self._env_key = env
            self._env_version += 1
            self._track_cache = {}
            self._projections = {False: {}, True: {}}
            self._solid_union = None

    def _sync_geometry(self, elements: Sequence[Element], ruleset: Ruleset) -> None:
        """Set the ids, `changed_ids` and `ids_reordered`; rebuild the per-element arrays (footprints,
        kind codes, placements) and the STRtree for new and changed elements only."""
        first = self._run == 1
        before, before_index, before_geoms = self.by_id, self.index, self.geoms
        ids = list(map(_ID, elements))
        self.by_id = dict(zip(ids, elements, strict=True))
        self.ids_reordered = first or ids != self.ids
        self.ids = ids
        if first:
            missing = list(range(len(elements)))
        else:  # elements not seen last run, or changed since (identity first: most are the same objects)
            same = list(map(is_, elements, map(before.get, ids)))
            missing = [i for i in np.flatnonzero(~np.array(same, dtype=bool)).tolist()
                       if before.get(ids[i]) != elements[i]]
        removed = set(before) - set(self.by_id) if self.ids_reordered and not first else set()
        self.changed_ids = None if first else {ids[i] for i in missing} | removed
        if self.ids_reordered:
            self.index = dict(zip(ids, range(len(ids)), strict=True))
            self.kind_codes = kind_codes(elements)
            self.placements = placements(elements, self.kind_codes, ruleset)
            geoms = np.empty(len(elements), dtype=object)
            if len(missing) < len(elements):  # the unchanged keep their footprints
                kept = np.ones(len(elements), dtype=bool)
                kept[missing] = False
                geoms[kept] = before_geoms[[before_index[ids[i]] for i in np.flatnonzero(kept).tolist()]]
        elif missing:  # the same ids in the same order: patch the changed rows
            geoms = before_geoms.copy()
            self.kind_codes, self.placements = self.kind_codes.copy(), self.placements.copy()
            changed = [elements[i] for i in missing]
            self.kind_codes[missing] = kind_codes(changed)
            self.placements[missing] = placements(changed, self.kind_codes[missing], ruleset)
        else:
            return
        if missing:
            geoms[missing] = bulk_footprints([elements[i] for i in missing], self.kind_codes[missing],
                                             self.placements[missing])
        self.geoms = geoms
        self.tree = shapely.STRtree(geoms)

    def element_params(self, name: str, compute: Callable[[np.ndarray], np.ndarray]) -> np.ndarray:
        """`compute(rows)`: one row per element (of those at these places in the document), kept for the
        next run under `name` (which then computes only the rows of changed elements again)."""
        before = self.kept(name)
        if before is None or self.ids_reordered:
            rows = compute(np.arange(len(self.elements)))
        elif self.changed_ids:
            rows = before.copy()
            changed = np.array([self.index[element_id] for element_id in self.changed_ids], dtype=int)
            rows[changed] = compute(changed)
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

    def of_class(self, cls: type[_Kind]) -> list[_Kind]:
        """The elements of the kind `cls` stands for, in document order, typed as `cls`."""
        return [e for e in self.by_kind.get(cls.model_fields["kind"].default, ()) if isinstance(e, cls)]

    @property
    def env_version(self) -> int:
        return self._env_version

    def footprint(self, element: Element) -> BaseGeometry:
        return self.geoms[self.index[element.id]]

    def footprints(self, elements: Iterable[Element]) -> np.ndarray:
        """The footprints of these elements, as an array."""
        return self.geoms[self.rows_of(elements)]

    def rows_of(self, elements: Iterable[Element]) -> np.ndarray:
        """The elements' places in the document (indices into `elements`, `geoms`, `kind_codes` …)."""
        return np.fromiter(map(self.index.__getitem__, map(_ID, elements)), dtype=np.int64)

    def of_kinds(self, kinds: Iterable[str]) -> list[Element]:
        """The elements of these kinds, by kind (in kind-table order), then in document order."""
        return [e for kind in self.kinds if kind in kinds for e in self.by_kind.get(kind, ())]

    def kinds_of(self, chk: Check) -> frozenset[str]:
        """The kinds a per-element check runs for."""
        return self.all_kinds if chk.every_kind else chk.kinds or frozenset()

    def per_element(self, chk: Check) -> list[Problem]:
        """The problems of a per-element check, in the order of `of_kinds`. Last run's results are
        reused for the elements unchanged since, when the environment is the same."""
        memo = self._memo.get(chk.code)
        changed = self.changed_ids
        kinds = self.kinds_of(chk)
        problems: list[Problem] | None = None
        if memo is not None and memo[0] == self._run - 1 and memo[1] == self._env_version and changed is not None:
            found, problems = memo[2], memo[3]
            todo = [e for e in map(self.by_id.get, changed) if e is not None and e.kind in kinds]
            stale = [element_id for element_id in changed if element_id in found]
            for element_id in stale:
                del found[element_id]
            if stale or self.ids_reordered:
                problems = None
        else:
            found, todo = {}, self.of_kinds(kinds)
        if todo:
            fresh = {element_id: hit for element_id, hit in _check_each(self, chk, todo).items() if hit}
            if fresh:
                found.update(fresh)
                problems = None
        if problems is None:  # in the order of of_kinds
            problems = [p for element_id in self._kind_then_place(list(found)) for p in found[element_id]]
        self._memo[chk.code] = (self._run, self._env_version, found, problems)
        return problems

    def _kind_then_place(self, element_ids: list[str]) -> list[str]:
        """The ids sorted by their element's kind (in kind-table order), then place in the document."""
        at = np.fromiter(map(self.index.__getitem__, element_ids), dtype=np.int64, count=len(element_ids))
        return [element_ids[k] for k in np.argsort(self.kind_codes[at] * len(self.ids) + at).tolist()]

    # --- the environment ---
    @property
    def document(self) -> TrackDocument:
        """The document of this run (set by `update`)."""
        if self._document is None:
            raise RuntimeError("CheckContext.update() has not run yet")
        return self._document

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset of this run (set by `update`)."""
        if self._ruleset is None:
            raise RuntimeError("CheckContext.update() has not run yet")
        return self._ruleset

    @ruleset.setter
    def ruleset(self, ruleset: Ruleset) -> None:
        self._ruleset = ruleset

    @property
    def table_box(self) -> BaseGeometry:
        if "table" not in self._track_cache:
            t = self.document.table
            shape = box(0.0, 0.0, t.width_mm, t.height_mm)
            shapely.prepare(shape)
            self._track_cache["table"] = shape
        return self._track_cache["table"]

    @property
    def track(self) -> TrackSurface:
        """The document's track, for the checks registered with `needs_track=True` (which run only with one;
        others read `document.track`, None for an arena)."""
        track = self.document.track
        if track is None:
            raise RuntimeError("the document has no track: a check reading it needs needs_track=True")
        return track

    @property
    def surface(self) -> BaseGeometry:
        """The track's surface, prepared (a `needs_track` check's, see `track`)."""
        if "surface" not in self._track_cache:
            shape = surface(self.track)
            shapely.prepare(shape)
            self._track_cache["surface"] = shape
        return self._track_cache["surface"]

    @property
    def route(self) -> Route:
        """The route along the track's centerline (a `needs_track` check's, see `track`)."""
        return route_of(self.track)

    def track_value(self, name: str, compute: Callable[[], Any]) -> Any:
        """A value derived from the environment only (the track, table, scenery), computed once."""
        if name not in self._track_cache:
            self._track_cache[name] = compute()
        return self._track_cache[name]

    @property
    def solid_union(self) -> BaseGeometry | None:
        if self._solid_union is None and self.solids:
            self._solid_union = shapely.union_all(self.footprints(self.solids))
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
        placed = self.placements[self.rows_of(todo)]   # x, y, rotation
        results = project_many(self.route, placed[:, :2], placed[:, 2] if heading else None)
        cache.update(zip(map(_ID, todo), zip(todo, results, strict=True), strict=True))

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
