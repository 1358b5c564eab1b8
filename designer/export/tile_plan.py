"""Which pages a 1:1 tile print prints: the grid (orientation and origin) and, on it, the pages worth printing.

Pure layout with shapely, no drawing (`tiles.py` draws the plan). Given where the ink lies on the table:

* a page whose part of the table holds no ink is left out as empty;
* a page whose ink all lies in the strips and corners that printed neighbours also show is left out as
  covered: its neighbours print everything on it. Pages are dropped smallest ink first, one at a time,
  each only while the pages still kept show all of its ink, so the kept windows always cover every bit of
  ink on the table;
* the grid may start up to one page step left of and above the table, centred on the ink or at a few
  fixed offsets, and the orientation and origin that print the fewest pages win (ties: fewer grid pages,
  then the plain grid at the table's corner, then portrait).

The ink is read as the shapes it is made of (`Ink`: an STRtree of every element's, the surface's …), never
merged into one: a crowded table's union cost more than drawing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from designer.export.paper import ORIENTATIONS, LayoutError, Paper, Rect, TileGrid, _count, check_margin, tile_grid
from designer.i18n import _

#: Ink smaller than this (mm²) is rounding noise of the shape arithmetic, not something printed.
SPECK_MM2 = 1e-3
#: The fixed origin offsets tried on each axis, as fractions of a page step (besides centring on the ink).
OFFSETS = (0.0, 0.25, 0.5, 0.75)
#: A window whose ink, clipped roughly, is below this (mm²) has it measured again exactly (sort_cells).
SURE_MM2 = 1.0

Cell = tuple[int, int]


@dataclass(frozen=True)
class TilePlan:
    """The chosen grid and which of its pages are printed (reading order) or skipped; `covered` are the
    skipped pages that do carry ink, all of it printed by their neighbours (the rest of `skipped` is empty)."""

    grid: TileGrid
    printed: tuple[Cell, ...]
    skipped: tuple[Cell, ...]
    covered: tuple[Cell, ...] = ()

    @property
    def page_count(self) -> int:
        """Pages in the PDF: the assembly map plus every printed tile."""
        return 1 + len(self.printed)

    def is_printed(self, cell: Cell) -> bool:
        return cell in self._printed_set

    def is_covered(self, cell: Cell) -> bool:
        return cell in self.covered

    @cached_property
    def _printed_set(self) -> frozenset[Cell]:
        return frozenset(self.printed)


def table_window(grid: TileGrid, col: int, row: int) -> Rect | None:
    """The part of page (col, row)'s window that lies on the table, or None."""
    w = grid.window(col, row)
    x0, y0 = max(w.x, 0.0), max(w.y, 0.0)
    x1, y1 = min(w.right, grid.table_w), min(w.bottom, grid.table_h)
    if x1 <= x0 or y1 <= y0:
        return None
    return Rect(x0, y0, x1 - x0, y1 - y0)


def _box(r: Rect) -> BaseGeometry:
    return box(r.x, r.y, r.right, r.bottom)


def _boxes(rects: Sequence[Rect]) -> Any:
    return shapely.box([r.x for r in rects], [r.y for r in rects], [r.right for r in rects], [r.bottom for r in rects])


def _clipped_area(ink: BaseGeometry, r: Rect) -> float:
    """The ink's area in `r` by a rectangle clip; 0 (so measured again exactly) where GEOS's clip gives up
    (it refuses some shapes the overlay takes, e.g. with a ring that collapses to three points)."""
    try:
        return float(shapely.clip_by_rect(ink, r.x, r.y, r.right, r.bottom).area)
    except shapely.errors.GEOSException:
        return 0.0


class Ink:
    """Everything drawn on the table as the shapes it is made of (table mm), never merged into one: each
    question about a page's window is asked of the few shapes that reach into it (an STRtree), so a crowded
    table costs no union of thousands of outlines. Ink off the table is not looked at."""

    def __init__(self, shapes: Sequence[BaseGeometry], table_w: float, table_h: float) -> None:
        self.shapes = [s for s in shapes if not s.is_empty]
        self.table = (0.0, 0.0, table_w, table_h)
        self.tree = shapely.STRtree(self.shapes)
        big = [i for i, s in enumerate(self.shapes) if s.area >= SURE_MM2]
        self.solid = shapely.STRtree([self.shapes[i] for i in big]) if big else None
        self.solid_bounds = shapely.bounds([self.shapes[i] for i in big]).reshape(-1, 4)

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The bounds of the ink on the table ((0, 0, 0, 0) when there is none)."""
        x0, y0, x1, y1 = self.table
        found: list[tuple[float, float, float, float]] = []
        for shape in self.shapes:
            b = shape.bounds
            if not (b[0] >= x0 and b[1] >= y0 and b[2] <= x1 and b[3] <= y1):
                on_table = shapely.intersection(shape, box(*self.table))
                if on_table.is_empty:
                    continue
                b = on_table.bounds
            found.append(b)
        if not found:
            return (0.0, 0.0, 0.0, 0.0)
        return (min(b[0] for b in found), min(b[1] for b in found), max(b[2] for b in found),
                max(b[3] for b in found))

    def near(self, rects: Sequence[Rect]) -> list[list[int]]:
        """For each rectangle (within the table), the shapes whose bounds reach into it."""
        hits: list[list[int]] = [[] for _ in rects]
        if rects:
            for i, j in zip(*self.tree.query(_boxes(rects)), strict=True):
                hits[i].append(int(j))
        return hits

    def holds_whole(self, edges: np.ndarray) -> np.ndarray:
        """Whether each rectangle (rows of left, top, right, bottom) holds a whole shape of at least SURE_MM2.
        A rectangle contains a shape with an inside exactly when it contains the shape's bounds."""
        out = np.zeros(len(edges), dtype=bool)
        if self.solid is not None and len(edges):
            rect, shape = self.solid.query(shapely.box(*edges.T))
            r, b = edges[rect], self.solid_bounds[shape]
            inside = (b[:, 0] >= r[:, 0]) & (b[:, 1] >= r[:, 1]) & (b[:, 2] <= r[:, 2]) & (b[:, 3] <= r[:, 3])
            out[rect[inside]] = True
        return out

    def touches(self, rects: Sequence[Rect]) -> list[bool]:
        """Whether any ink on the table lies in each rectangle (which may reach off the table)."""
        x0, y0, x1, y1 = self.table
        edges = np.array([(r.x, r.y, r.right, r.bottom) for r in rects], dtype=float).reshape(-1, 4)
        edges = np.clip(edges, [x0, y0, x0, y0], [x1, y1, x1, y1])
        out = self.holds_whole(edges)
        rest = np.flatnonzero(~out & (edges[:, 2] > edges[:, 0]) & (edges[:, 3] > edges[:, 1]))
        if len(rest):
            out[rest[self.tree.query(shapely.box(*edges[rest].T), predicate="intersects")[0]]] = True
        return out.tolist()

    def rough_area(self, r: Rect, near: Sequence[int]) -> float:
        """A lower bound of the ink's area in `r`: the largest by a rectangle clip of one shape reaching in
        (SURE_MM2 as soon as one reaches that: enough to keep the page)."""
        most = 0.0
        for j in near:
            most = max(most, _clipped_area(self.shapes[j], r))
            if most >= SURE_MM2:
                return SURE_MM2
        return most

    def part(self, r: Rect, near: Sequence[int]) -> BaseGeometry:
        """The ink in `r`, exactly: the shapes reaching in, each cut to it, merged."""
        pieces = shapely.intersection([self.shapes[j] for j in near], _box(r)) if near else []
        if len(pieces) == 1:
            return pieces[0]
        return shapely.union_all(pieces)


def sort_cells(grid: TileGrid, ink: Ink, keep_empty: bool = False) -> TilePlan:
    """The plan for one grid, for the ink on the table."""
    windows = {cell: w for cell in grid.cells() if (w := table_window(grid, *cell)) is not None}
    on_table = list(windows)
    if keep_empty:
        return TilePlan(grid, tuple(on_table), tuple(c for c in grid.cells() if c not in windows))
    rects = list(windows.values())
    boxes = dict(zip(on_table, _boxes(rects), strict=True))
    # Ink in a window's core (the window less an overlap all round) is seen by no neighbour: that page stays.
    ov = grid.overlap_mm
    in_core = dict(zip(on_table, ink.touches([grid.window(*cell).inset(ov) for cell in on_table]), strict=True))
    # Every decision below is taken on exact areas (the ink cut to the window); a rectangle clip of each shape
    # reaching in, faster, spares that where the answer is sure: plenty of ink, some of it in the core. A
    # window holding a whole element holds plenty; the others are clipped.
    edges = np.array([(r.x, r.y, r.right, r.bottom) for r in rects], dtype=float).reshape(-1, 4)
    whole = {cell for cell, held in zip(on_table, ink.holds_whole(edges), strict=True) if held}
    doubtful = [cell for cell in on_table if cell not in whole or not in_core[cell]]
    near = dict(zip(doubtful, ink.near([windows[cell] for cell in doubtful]), strict=True))
    rough = {cell: SURE_MM2 if cell in whole else ink.rough_area(r, near[cell]) for cell, r in windows.items()}
    exact = [cell for cell in on_table if rough[cell] < SURE_MM2 or not in_core[cell]]
    parts = {cell: ink.part(windows[cell], near[cell]) for cell in exact}
    kept = {cell for cell in on_table if (parts[cell].area if cell in parts else rough[cell]) > SPECK_MM2}
    candidates = [cell for cell in on_table if cell in kept and not in_core[cell]]
    covered: set[Cell] = set()
    for cell in sorted(candidates, key=lambda c: (parts[c].area, c[1], c[0])):
        col, row = cell
        others = [boxes[n] for n in kept if n != cell and abs(n[0] - col) <= 1 and abs(n[1] - row) <= 1]
        if others and parts[cell].difference(shapely.union_all(others)).area <= SPECK_MM2:
            kept.discard(cell)
            covered.add(cell)
    printed = tuple(c for c in grid.cells() if c in kept)
    return TilePlan(grid, printed, tuple(c for c in grid.cells() if c not in kept),
                    tuple(c for c in grid.cells() if c in covered))


def _origins(extent: tuple[float, float], step: float, window: float, overlap: float) -> list[float]:
    """Origins (≤ 0, within one step) to try on one axis: fixed fractions of a step and the one that centres
    the fewest windows covering the ink's extent on it."""
    out = [-f * step for f in OFFSETS]
    low, high = extent
    if high > low:
        n = _count(high - low, window, overlap)
        start = (low + high) / 2 - (n * step + overlap) / 2
        out.append(start - -(-start // step) * step + 0.0)  # the same grid lines, moved to within one step of 0
    return sorted({round(o, 6) for o in out if -step < o <= 0.0}, key=abs)


def choose_plan(table_w: float, table_h: float, ink: BaseGeometry | Sequence[BaseGeometry], paper: Paper | str,
                margin_mm: float = 10.0, overlap_mm: float = 10.0, orientation: str = "auto",
                keep_empty: bool = False, shift: bool = True) -> TilePlan:
    """The plan printing the fewest pages over the orientations allowed and the grid origins tried.

    `ink` is everything drawn on the table in table mm, as one shape or as the shapes it is made of (each
    element's: faster, and the same plan); what lies off the table is not looked at. With `keep_empty`
    every page on the table is printed and the grid stays at the table's corner."""
    if orientation not in ORIENTATIONS:
        raise LayoutError(_("unknown {what} '{name}' (choose {choices})").format(
            what=_("orientation"), name=orientation, choices=", ".join(ORIENTATIONS)))
    on_table = Ink([ink] if isinstance(ink, BaseGeometry) else ink, table_w, table_h)
    bounds = on_table.bounds
    best: tuple[tuple, TilePlan] | None = None
    for rank, name in enumerate(("portrait", "landscape") if orientation == "auto" else (orientation,)):
        plain = tile_grid(table_w, table_h, paper, margin_mm, overlap_mm, name)
        content = check_margin(plain.paper, margin_mm)
        sx, sy = plain.step
        xs = _origins((bounds[0], bounds[2]), sx, content.w, overlap_mm) if shift and not keep_empty else [0.0]
        ys = _origins((bounds[1], bounds[3]), sy, content.h, overlap_mm) if shift and not keep_empty else [0.0]
        for ox in xs:
            for oy in ys:
                grid = plain if (ox, oy) == (0.0, 0.0) else tile_grid(
                    table_w, table_h, paper, margin_mm, overlap_mm, name, (ox, oy))
                plan = sort_cells(grid, on_table, keep_empty)
                key = (len(plan.printed), grid.page_count, (ox, oy) != (0.0, 0.0), abs(ox) + abs(oy), rank)
                if best is None or key < best[0]:
                    best = (key, plan)
    assert best is not None
    return best[1]


def unprinted_ink(plan: TilePlan, ink: BaseGeometry) -> float:
    """The area (mm²) of ink on the table that no printed page shows: 0 for every plan `choose_plan` makes."""
    g = plan.grid
    ink = shapely.intersection(ink, box(0, 0, g.table_w, g.table_h))
    shown = shapely.union_all([_box(g.window(*cell)) for cell in plan.printed])
    return float(ink.difference(shown).area)
