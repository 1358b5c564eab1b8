"""Cut-out pieces of any shape packed onto as few sheets as they fit (movement templates, rulers, turn
gauges): a `Piece` is a box and a drawing; `pack` shelves them, tallest first, stacking a smaller piece
under another in a shelf's column when it fits there. `corner_marks` puts cut marks at a rectangular
piece's corners, outside it, like the marks of the card sheets (`sheet_marks`). Pure layout plus reportlab
drawing in the mm frame; no Qt, no game system.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from designer.export import pdf
from designer.export.paper import LayoutError, Rect, fmt_mm
from designer.i18n import _

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: Room between two pieces, for the scissors (and a piece's corner marks).
GAP_MM = 4.0
#: A corner mark: this far off the piece's corner, this long.
MARK_OFFSET_MM, MARK_MM = 0.8, 2.5


@dataclass(frozen=True)
class Piece:
    """Something placed on a sheet: its box and how to draw it with the box's top-left corner at (x, y)."""

    w: float
    h: float
    draw: Callable[[Canvas, float, float], None]


@dataclass
class _Shelf:
    sheet: int
    top: float
    height: float
    used_w: float = 0.0
    #: per column of the shelf: its left edge, width and the height filled
    columns: list[list[float]] | None = None


def pack(items: list[Piece], area: Rect, gap: float = GAP_MM) -> list[list[tuple[Piece, float, float]]]:
    """Shelves, tallest pieces first: a piece goes under another in a shelf's column when it fits there, else
    at the right of the first shelf with room, else on a new shelf (as tall as that piece), else on a new
    sheet. Returns each sheet's placements (piece, left, top)."""
    sheets: list[list[tuple[Piece, float, float]]] = []
    shelves: list[_Shelf] = []
    for piece in sorted(items, key=lambda p: (-p.h, -p.w)):
        if piece.w > area.w + 1e-6 or piece.h > area.h + 1e-6:
            raise LayoutError(_("a {w} × {h} mm template does not fit on the paper").format(
                w=fmt_mm(piece.w), h=fmt_mm(piece.h)))
        spot = _stack(shelves, piece, gap) or _beside(shelves, piece, area, gap)
        if spot is None:
            sheet = len(sheets) - 1
            top = max((s.top + s.height + gap for s in shelves if s.sheet == sheet), default=area.y)
            if sheet < 0 or top + piece.h > area.bottom + 1e-6:
                sheets.append([])
                sheet, top = len(sheets) - 1, area.y
            shelf = _Shelf(sheet, top, piece.h, columns=[])
            shelves.append(shelf)
            spot = _beside(shelves, piece, area, gap)
        assert spot is not None
        sheet, x, y = spot
        sheets[sheet].append((piece, x, y))
    return sheets


def _stack(shelves: list[_Shelf], piece: Piece, gap: float) -> tuple[int, float, float] | None:
    for shelf in shelves:
        for column in shelf.columns or []:
            x, w, filled = column
            if piece.w <= w + 1e-6 and filled + gap + piece.h <= shelf.height + 1e-6:
                column[2] = filled + gap + piece.h
                return shelf.sheet, x, shelf.top + filled + gap
    return None


def _beside(shelves: list[_Shelf], piece: Piece, area: Rect, gap: float) -> tuple[int, float, float] | None:
    for shelf in shelves:
        x = area.x + shelf.used_w
        if piece.h <= shelf.height + 1e-6 and x + piece.w <= area.right + 1e-6:
            shelf.used_w += piece.w + gap
            (shelf.columns if shelf.columns is not None else []).append([x, piece.w, piece.h])
            return shelf.sheet, x, shelf.top
    return None


def corner_marks(c: Canvas, x: float, y: float, w: float, h: float) -> None:
    """Cut marks at the four corners of the rectangle (x, y, w, h), outside it: each edge's line carried on
    `MARK_MM` past the corner after a small gap, so the marks survive the cut and never touch the piece."""
    o, n = MARK_OFFSET_MM, MARK_OFFSET_MM + MARK_MM
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            pdf.cut_mark(c, cx + sx * o, cy, cx + sx * n, cy)
            pdf.cut_mark(c, cx, cy + sy * o, cx, cy + sy * n)
