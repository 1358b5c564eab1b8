"""The playability-check machinery: `Problem`, the check registry and the `CheckContext` cache.

A check is a small function registered with `@check(code, severity)`. Two shapes exist:

- a *document* check `fn(ctx) -> Iterable[Problem]` runs once per `run_checks`;
- a *per-element* check (`kinds=...`) `fn(ctx, element) -> Iterable[Problem]` runs for each element of
  those kinds. Its result depends only on the element itself and the context's *environment* (the
  table, the track, the solid scenery and the ruleset), so a `CheckContext` reused across runs keeps it
  until the element or the environment changes: moving one coin re-runs only the coin's checks.

`CheckContext` also caches every footprint by element id (rebuilt only for elements that changed),
the shapely STRtree over them, the prepared track surface and projections onto the route. Keep one
context per open document and pass it to `run_checks(document, ruleset, context)` after each edit.
Pure geometry: no Qt.
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

from designer.geometry.footprint import ROUND_KINDS, footprint, local_size
from designer.geometry.route import HEADING_WEIGHT_MM, TANGENT_STEP_MM, Projection, Route, route_of
from designer.model.edit import normalize_angle
from designer.geometry.track import surface
from designer.model.elements import ELEMENT_KINDS, Element
from designer.model.track import TrackDocument
from designer.rules import Ruleset

KIND_CODE = {kind: i for i, kind in enumerate(ELEMENT_KINDS)}
Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}


@dataclass(frozen=True)
class Problem:
    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()

    def as_dict(self) -> dict[str, Any]:
        return {"severity": self.severity, "code": self.code, "message": self.message, "ids": list(self.ids)}


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
    """Register a check under a stable `code`; the function builds problems with `ctx.problem(...)`."""
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


# --- footprints in bulk --------------------------------------------------------------------------
def bulk_footprints(elements: Sequence[Element], ruleset: Ruleset) -> list[BaseGeometry]:
    """`footprint(e, ruleset)` for many elements at once (vectorised for boxes and discs)."""
    out: list[BaseGeometry | None] = [None] * len(elements)
    rect_i, rect = [], []
    disc_i, disc = [], []
    for i, e in enumerate(elements):
        if e.kind == "scenery":
            out[i] = footprint(e, ruleset)
            continue
        length, width = local_size(e, ruleset)
        if e.kind in ROUND_KINDS:
            disc_i.append(i)
            disc.append((e.x_mm, e.y_mm, length / 2.0))
        else:
            rect_i.append(i)
            rect.append((e.x_mm, e.y_mm, e.rotation_deg, length / 2.0, width / 2.0))
    if disc:
        d = np.asarray(disc, dtype=float)
        shapes = shapely.buffer(shapely.points(d[:, :2]), d[:, 2], quad_segs=12)
        for i, shape in zip(disc_i, shapes):
            out[i] = shape
    if rect:
        for i, shape in zip(rect_i, rectangles(rect)):
            out[i] = shape
    return out  # type: ignore[return-value]


def rectangles(rows: Sequence[tuple[float, float, float, float, float]]) -> np.ndarray:
    """Rectangles from (centre x, centre y, rotation°, half length, half width) rows, vectorised."""
    r = np.asarray(rows, dtype=float).reshape(-1, 5)
    x, y, theta, hl, hw = r.T
    c, s = np.cos(np.radians(theta)), np.sin(np.radians(theta))
    local = np.array([(-1, -1), (1, -1), (1, 1), (-1, 1), (-1, -1)], dtype=float)
    lx = local[None, :, 0] * hl[:, None]
    ly = local[None, :, 1] * hw[:, None]
    px = x[:, None] + lx * c[:, None] - ly * s[:, None]
    py = y[:, None] + lx * s[:, None] + ly * c[:, None]
    return shapely.polygons(np.stack([px, py], axis=2))


# --- projections in bulk ------------------------------------------------------------------------
def project_many(route: Route, points: Sequence[tuple[float, float]],
                 headings: Sequence[float] | None = None, chunk: int = 256) -> list[Projection]:
    """`route.project` for many points (the same nearest-point rule as `Route.nearest`, vectorised)."""
    pts_all = np.asarray(points, dtype=float).reshape(-1, 2)
    a = route.points[:-1]
    v = route.points[1:] - a
    vv = np.einsum("ij,ij->i", v, v)
    safe = np.where(vv > 0, vv, 1.0)
    seg_len = np.sqrt(safe)
    length = route.length
    cum, rp = route.cumulative, route.points
    out: list[Projection] = []
    for start in range(0, len(pts_all), chunk):
        p = pts_all[start:start + chunk]
        rel_x = p[:, None, 0] - a[None, :, 0]
        rel_y = p[:, None, 1] - a[None, :, 1]
        t = np.clip((rel_x * v[None, :, 0] + rel_y * v[None, :, 1]) / safe[None, :], 0.0, 1.0)
        fx = a[None, :, 0] + t * v[None, :, 0]
        fy = a[None, :, 1] + t * v[None, :, 1]
        dist = np.hypot(fx - p[:, None, 0], fy - p[:, None, 1])
        score = dist
        if headings is not None:
            h = np.radians(np.asarray(headings[start:start + chunk], dtype=float))
            align = (v[None, :, 0] * np.cos(h)[:, None] + v[None, :, 1] * np.sin(h)[:, None]) / seg_len[None, :]
            score = dist + HEADING_WEIGHT_MM * (1.0 - align)
        i = np.argmin(score, axis=1)
        rows = np.arange(len(p))
        along = cum[i] + t[rows, i] * np.sqrt(vv[i])
        foot = np.stack([fx[rows, i], fy[rows, i]], axis=1)
        along = np.mod(along, length) if route.closed and length > 0 else along
        hstep = min(TANGENT_STEP_MM, length / 4.0) if length > 0 else 0.0
        lo, hi = along - hstep, along + hstep
        if route.closed:
            lo, hi = np.mod(lo, length), np.mod(hi, length)
        else:
            lo, hi = np.clip(lo, 0.0, length), np.clip(hi, 0.0, length)
        x0, y0 = np.interp(lo, cum, rp[:, 0]), np.interp(lo, cum, rp[:, 1])
        x1, y1 = np.interp(hi, cum, rp[:, 0]), np.interp(hi, cum, rp[:, 1])
        ang = np.degrees(np.arctan2(y1 - y0, x1 - x0))
        tx, ty = np.cos(np.radians(ang)), np.sin(np.radians(ang))
        lateral = tx * (p[:, 1] - foot[:, 1]) - ty * (p[:, 0] - foot[:, 0])
        for k in range(len(p)):
            out.append(Projection(float(along[k]), (float(foot[k, 0]), float(foot[k, 1])),
                                  normalize_angle(float(ang[k])), float(lateral[k])))
    return out


# --- the context -------------------------------------------------------------------------------
class CheckContext:
    """Per-document caches shared by the checks; reuse it across runs to re-check only what changed."""

    def __init__(self) -> None:
        self._footprints: dict[str, tuple[Element, BaseGeometry]] = {}
        self._params: dict[str, tuple[Element, tuple]] = {}
        self.pair_cache: dict[tuple[str, str], Problem] = {}   # overlaps found last run
        self.changed_ids: set[str] | None = None   # ids changed since the last run (None: first run)
        self._memo: dict[tuple[str, str], tuple[Element, int, list[Problem]]] = {}
        self._projections: dict[tuple[str, bool], tuple[Element, Projection]] = {}
        self._env_key: tuple | None = None
        self._env_version = 0
        self._track_cache: dict[str, Any] = {}
        self.document: TrackDocument | None = None
        self.ruleset: Ruleset | None = None

    # called by run_checks
    def update(self, document: TrackDocument, ruleset: Ruleset) -> None:
        if self.ruleset is not None and self.ruleset != ruleset:
            self.__init__()  # footprints come from the ruleset's sizes: start afresh
        self.document, self.ruleset = document, ruleset
        elements = document.elements
        missing = []
        for e in elements:
            cached = self._footprints.get(e.id)
            if cached is None or (cached[0] is not e and cached[0] != e):
                missing.append(e)
        first = not self._footprints
        removed = set(self._footprints) - {e.id for e in elements} if len(self._footprints) >= len(elements) else set()
        self.changed_ids = None if first else {e.id for e in missing} | removed
        if missing:
            for e, shape in zip(missing, bulk_footprints(missing, ruleset)):
                self._footprints[e.id] = (e, shape)
        if len(self._footprints) > len(elements):
            live = {e.id for e in elements}
            for stale in [k for k in self._footprints if k not in live]:
                del self._footprints[stale]
        self.elements = elements
        self.by_id = {e.id: e for e in elements}
        self.run_cache: dict[str, Any] = {}   # values shared by checks within one run
        self.by_kind: dict[str, list[Element]] = {}
        for e in elements:
            self.by_kind.setdefault(e.kind, []).append(e)
        self.geoms = np.array([self._footprints[e.id][1] for e in elements], dtype=object)
        self.tree = shapely.STRtree(self.geoms)
        self.kind_codes = np.array([KIND_CODE[e.kind] for e in elements], dtype=int)
        self.solids = [e for e in elements if e.kind == "scenery" and e.solid]
        env = (ruleset.id, document.table, document.track, tuple(self.solids))
        if self._env_key is None or self._env_key != env:
            self._env_key = env
            self._env_version += 1
            self._track_cache = {}
            self._projections = {}
            self._solid_union = None

    def element_params(self, compute: Callable[[Element], tuple]) -> np.ndarray:
        """One row per element from `compute(element)`, cached per element like the footprints."""
        rows = []
        for e in self.elements:
            hit = self._params.get(e.id)
            if hit is None or not (hit[0] is e or hit[0] == e):
                hit = self._params[e.id] = (e, compute(e))
            rows.append(hit[1])
        if len(self._params) > len(self.elements):
            for stale in [k for k in self._params if k not in self.by_id]:
                del self._params[stale]
        return np.asarray(rows, dtype=float).reshape(-1, 7)

    def of_kind(self, kind: str) -> list[Element]:
        """The elements of one kind, in document order."""
        return self.by_kind.get(kind, [])

    @property
    def env_version(self) -> int:
        return self._env_version

    def footprint(self, element: Element) -> BaseGeometry:
        return self._footprints[element.id][1]

    def memo(self, code: str, element: Element) -> list[Problem] | None:
        hit = self._memo.get((code, element.id))
        if hit is not None and hit[1] == self._env_version and (hit[0] is element or hit[0] == element):
            return hit[2]
        return None

    def remember(self, code: str, element: Element, problems: list[Problem]) -> None:
        self._memo[(code, element.id)] = (element, self._env_version, problems)

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
        key = (element.id, heading)
        hit = self._projections.get(key)
        if hit is not None and (hit[0] is element or hit[0] == element):
            return hit[1]
        self.prefetch([element], heading)
        return self._projections[key][1]

    def prefetch(self, elements: Sequence[Element], heading: bool = False) -> None:
        """Project many elements onto the route at once (numpy), filling the projection cache."""
        todo = []
        for e in elements:
            hit = self._projections.get((e.id, heading))
            if hit is None or not (hit[0] is e or hit[0] == e):
                todo.append(e)
        if not todo:
            return
        headings = [e.rotation_deg for e in todo] if heading else None
        results = project_many(self.route, [(e.x_mm, e.y_mm) for e in todo], headings)
        for e, result in zip(todo, results):
            self._projections[(e.id, heading)] = (e, result)

    def cross_section(self, distance_mm: float, width_mm: float | None = None) -> tuple[tuple[float, float], ...]:
        """End points of the segment across the track at a distance along the route (default: track width)."""
        route = self.route
        x, y = route.position(distance_mm)
        angle = math.radians(route.angle(distance_mm))
        half = (self.track.width_mm if width_mm is None else width_mm) / 2.0
        nx, ny = -math.sin(angle), math.cos(angle)
        return (x - nx * half, y - ny * half), (x + nx * half, y + ny * half)


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
