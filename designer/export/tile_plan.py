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
        given = np.empty(len(shapes), dtype=object)
        given[:] = list(shapes)
        kept = given[~shapely.is_empty(given)] if len(given) else given
        self.shapes = kept.tolist()
        self.table = (0.0, 0.0, table_w, table_h)
        self.tree = shapely.STRtree(kept)
        self._bounds = shapely.bounds(kept).reshape(-1, 4)
        big = np.flatnonzero(shapely.area(kept) >= SURE_MM2) if len(kept) else np.zeros(0, dtype=int)
        # the solid shapes' bounds as boxes: a rectangle holds a shape whole when it covers its bounds' box
        self.solid = shapely.STRtree(shapely.box(*self._bounds[big].T)) if len(big) else None

    @cached_property
    def bounds(self) -> tuple[float, float, float, float]:
        """The bounds of the ink on the table ((0, 0, 0, 0) when there is none)."""
        x0, y0, x1, y1 = self.table
        found: list[tuple[float, float, float, float]] = []
        b = self._bounds
        within = (b[:, 0] >= x0) & (b[:, 1] >= y0) & (b[:, 2] <= x1) & (b[:, 3] <= y1)
        if within.any():
            inside = b[within]
            found.append((inside[:, 0].min(), inside[:, 1].min(), inside[:, 2].max(), inside[:, 3].max()))
        for i in np.flatnonzero(~within):
            on_table = shapely.intersection(self.shapes[i], box(*self.table))
            if not on_table.is_empty:
                found.append(on_table.bounds)
        if not found:
            return (0.0, 0.0, 0.0, 0.0)
        return (float(min(f[0] for f in found)), float(min(f[1] for f in found)), float(max(f[2] for f in found)),
                float(max(f[3] for f in found)))

    def near_edges(self, edges: np.ndarray) -> list[list[int]]:
        """For each rectangle within the table (rows of left, top, right, bottom), the shapes whose bounds reach
        into it."""
        if not len(edges):
            return []
        found = self.tree.query(shapely.box(*edges.reshape(-1, 4).T))
        cuts = np.searchsorted(found[0], np.arange(1, len(edges)))
        return [part.tolist() for part in np.split(found[1], cuts)]

    def holds_whole(self, edges: np.ndarray) -> np.ndarray:
        """Whether each rectangle (rows of left, top, right, bottom) holds a whole shape of at least SURE_MM2.
        A rectangle contains a shape with an inside exactly when it contains the shape's bounds."""
        out = np.zeros(len(edges), dtype=bool)
        if self.solid is not None and len(edges):
            # A rectangle covering a box compares their bounds alone (GEOS's envelope test, `>=`/`<=` as here);
            # a rectangle without width or height holds nothing of an area, and is not asked.
            some = np.flatnonzero((edges[:, 2] > edges[:, 0]) & (edges[:, 3] > edges[:, 1]))
            out[some[self.solid.query(shapely.box(*edges[some].T), predicate="covers")[0]]] = True
        return out

    def touches_edges(self, edges: np.ndarray) -> np.ndarray:
        """Whether any ink on the table lies in each rectangle (rows of left, top, right, bottom; it may reach
        off the table)."""
        x0, y0, x1, y1 = self.table
        edges = np.clip(edges.reshape(-1, 4), [x0, y0, x0, y0], [x1, y1, x1, y1])
        out = self.holds_whole(edges)
        rest = np.flatnonzero(~out & (edges[:, 2] > edges[:, 0]) & (edges[:, 3] > edges[:, 1]))
        if len(rest):
            # The rectangles in a tree, asked by each shape: a shape is prepared once for all the rectangles it
            # reaches (the surface's thousand-odd points once, not once per rectangle); the same predicate.
            windows = shapely.STRtree(shapely.box(*edges[rest].T))
            out[rest[windows.query(self.tree.geometries, predicate="intersects")[1]]] = True
        return out

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


def _windows(grid: TileGrid) -> tuple[list[Cell], np.ndarray, np.ndarray]:
    """The grid's pages on the table (reading order), each page's part of the table (`table_window`: rows of
    left, top, right, bottom, width, height) and its window less an overlap all round (left, top, right,
    bottom): the same numbers `Rect` gives."""
    cells = grid.cells()
    sx, sy = grid.step
    c, ov = grid.content, grid.overlap_mm
    col = np.array([cell[0] for cell in cells], dtype=float)
    row = np.array([cell[1] for cell in cells], dtype=float)
    x, y = grid.origin[0] + col * sx, grid.origin[1] + row * sy
    right, bottom = x + c.w, y + c.h
    x0, y0 = np.where(x < 0.0, 0.0, x), np.where(y < 0.0, 0.0, y)  # max(…, 0.0) and min(…, table) as Python's
    x1, y1 = np.where(grid.table_w < right, grid.table_w, right), np.where(grid.table_h < bottom, grid.table_h, bottom)
    on = (x1 > x0) & (y1 > y0)
    w, h = x1 - x0, y1 - y0
    table = np.stack([x0, y0, x0 + w, y0 + h, w, h], axis=1)[on]
    cx, cy = x + ov, y + ov
    core = np.stack([cx, cy, cx + (c.w - 2 * ov), cy + (c.h - 2 * ov)], axis=1)[on]
    return [cell for cell, inside in zip(cells, on.tolist(), strict=True) if inside], table, core


def sort_cells(grid: TileGrid, ink: Ink, keep_empty: bool = False) -> TilePlan:
    """The plan for one grid, for the ink on the table."""
    if keep_empty:
        windows = {cell for cell in grid.cells() if table_window(grid, *cell) is not None}
        return TilePlan(grid, tuple(c for c in grid.cells() if c in windows),
                        tuple(c for c in grid.cells() if c not in windows))
    return sort_grids([grid], ink)[0]


def sort_grids(grids: Sequence[TileGrid], ink: Ink) -> list[TilePlan]:
    """`sort_cells` of every grid, the ink asked about all their windows at once (a question each, not one
    per grid)."""
    laid = [_windows(grid) for grid in grids]
    starts = np.cumsum([0] + [len(cells) for cells, _, _ in laid])
    edges = np.concatenate([table for _, table, _ in laid]).reshape(-1, 6)[:, :4]
    # Ink in a window's core (the window less an overlap all round) is seen by no neighbour: that page stays.
    in_core_all = ink.touches_edges(np.concatenate([core for _, _, core in laid])).tolist()
    # Every decision below is taken on exact areas (the ink cut to the window); a rectangle clip of each shape
    # reaching in, faster, spares that where the answer is sure: plenty of ink, some of it in the core. A
    # window holding a whole element holds plenty; the others are clipped.
    whole_all = ink.holds_whole(edges).tolist()
    doubtful_all = [i for i in range(len(edges)) if not whole_all[i] or not in_core_all[i]]
    near_all = dict(zip(doubtful_all, ink.near_edges(edges[doubtful_all]), strict=True))
    plans = []
    for grid, (on_table, table, _core), first in zip(grids, laid, starts[:-1].tolist(), strict=True):
        at = {cell: first + k for k, cell in enumerate(on_table)}
        windows = {cell: Rect(x, y, w, h) for cell, (x, y, _r, _b, w, h) in zip(on_table, table.tolist(), strict=True)}
        in_core = {cell: in_core_all[i] for cell, i in at.items()}
        rough = {cell: SURE_MM2 if whole_all[i] else ink.rough_area(windows[cell], near_all[i])
                 for cell, i in at.items()}
        exact = [cell for cell in on_table if rough[cell] < SURE_MM2 or not in_core[cell]]
        parts = {cell: ink.part(windows[cell], near_all[at[cell]]) for cell in exact}
        kept = {cell for cell in on_table if (parts[cell].area if cell in parts else rough[cell]) > SPECK_MM2}
        candidates = [cell for cell in on_table if cell in kept and not in_core[cell]]
        covered: set[Cell] = set()
        for cell in sorted(candidates, key=lambda c: (parts[c].area, c[1], c[0])):
            col, row = cell
            others = [_box(windows[n]) for n in kept if n != cell and abs(n[0] - col) <= 1 and abs(n[1] - row) <= 1]
            if others and parts[cell].difference(shapely.union_all(others)).area <= SPECK_MM2:
                kept.discard(cell)
                covered.add(cell)
        cells = grid.cells()
        plans.append(TilePlan(grid, tuple(c for c in cells if c in kept), tuple(c for c in cells if c not in kept),
                              tuple(c for c in cells if c in covered)))
    return plans


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
    tried: list[tuple[TileGrid, tuple[float, float], int]] = []
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
                tried.append((grid, (ox, oy), rank))
    plans = ([sort_cells(grid, on_table, keep_empty) for grid, _, _ in tried] if keep_empty
             else sort_grids([grid for grid, _, _ in tried], on_table))
    best: tuple[tuple, TilePlan] | None = None
    for (grid, (ox, oy), rank), plan in zip(tried, plans, strict=True):
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
