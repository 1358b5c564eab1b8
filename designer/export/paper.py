"""Layout maths for every printout: paper sizes, margins, the 1:1 tile grid and the card grid.

Pure arithmetic in millimetres with the page origin at its top-left corner and y pointing down (the
same convention as the track document). Nothing here draws; the drawing modules turn these specs into
PDF operators. Impossible requests raise `LayoutError` with one clear line, in the manner of pylabels:
"cards 63×88 mm do not fit 3×3 on A5 with 3 mm margins".
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Literal, TypeVar

from designer.export.paper_names import PAPER_IDS
from designer.geometry.labels import letters
from designer.i18n import N_, _, plain_decimal

T = TypeVar("T")

#: PDF points per millimetre: 100 mm is 283.46 pt.
MM = 72.0 / 25.4
INCH_MM = 25.4

Orientation = Literal["auto", "portrait", "landscape"]
ORIENTATIONS: tuple[str, ...] = ("auto", "portrait", "landscape")


class LayoutError(ValueError):
    """A layout that cannot be printed (bad option, or the content does not fit); `str()` is one line."""


@dataclass(frozen=True)
class Paper:
    """A sheet of paper in one orientation, in millimetres."""

    name: str
    width_mm: float
    height_mm: float

    @property
    def size_pt(self) -> tuple[float, float]:
        return (self.width_mm * MM, self.height_mm * MM)

    @property
    def orientation(self) -> str:
        return "landscape" if self.width_mm > self.height_mm else "portrait"

    def portrait(self) -> Paper:
        short, long = sorted((self.width_mm, self.height_mm))
        return Paper(self.name, short, long)

    def landscape(self) -> Paper:
        short, long = sorted((self.width_mm, self.height_mm))
        return Paper(self.name, long, short)

    def oriented(self, orientation: str) -> Paper:
        return self.landscape() if orientation == "landscape" else self.portrait()


PAPERS: dict[str, Paper] = {
    "a4": Paper("A4", 210.0, 297.0),
    "letter": Paper("Letter", 215.9, 279.4),
    "a3": Paper("A3", 297.0, 420.0),
    "tabloid": Paper("Tabloid", 279.4, 431.8),
    "a5": Paper("A5", 148.0, 210.0),  # not offered by the CLI; handy for small prints and tests
}
CLI_PAPERS = PAPER_IDS


def lookup(table: Mapping[str, T], name: object, what: str, choices: Iterable[str]) -> T:
    """`table[name]` by a case-insensitive id, or a LayoutError listing the choices."""
    found = table.get(str(name).strip().lower())
    if found is None:
        raise LayoutError(_("unknown {what} '{name}' (choose {choices})").format(what=_(what), name=name,
                                                                                choices=", ".join(choices)))
    return found


def get_paper(name: str | Paper) -> Paper:
    """A paper by its id ("a4", "Letter" …), portrait; a Paper passes through."""
    return name if isinstance(name, Paper) else lookup(PAPERS, name, N_("paper"), CLI_PAPERS)


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle: left, top, width, height (mm, y down)."""

    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)

    def inset(self, d: float) -> Rect:
        return Rect(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)

    def corners(self) -> list[tuple[float, float]]:
        return [(self.x, self.y), (self.right, self.y), (self.right, self.bottom), (self.x, self.bottom)]


#: Printed measurements: "1219,2 mm" in German as "1219.2 mm" in English (designer/i18n.py).
print_number = plain_decimal


def fmt_mm(value: float) -> str:
    """12.0 → "12", 63.5 → "63.5" (German "63,5")."""
    rounded = round(value, 1)
    return print_number(rounded, 0 if rounded == round(rounded) else 1)


def check_margin(paper: Paper, margin_mm: float, what: str = N_("margin")) -> Rect:
    """The content area of `paper` inside `margin_mm` on every side."""
    if not math.isfinite(margin_mm) or margin_mm < 0:
        raise LayoutError(_("{what} must be 0 mm or more, got {mm} mm").format(what=_(what), mm=fmt_mm(margin_mm)))
    content = Rect(margin_mm, margin_mm, paper.width_mm - 2 * margin_mm, paper.height_mm - 2 * margin_mm)
    if content.w < 20 or content.h < 20:
        raise LayoutError(_("{what} of {mm} mm leaves no room on {paper}").format(what=_(what), mm=fmt_mm(margin_mm),
                                                                                 paper=paper.name))
    return content


# --- the 1:1 tile grid ----------------------------------------------------------------------------
#: The narrowest margin a 1:1 tile page is printed with: its labels and calibration bars need the room.
TILE_MARGIN_MM = 8.0

def column_label(index: int) -> str:
    """0 → A, 25 → Z, 26 → AA … (page columns)."""
    return letters(index)


def tile_label(col: int, row: int) -> str:
    return f"{column_label(col)}{row + 1}"


def _count(extent: float, window: float, overlap: float) -> int:
    """Pages needed to cover `extent` with windows of `window` that overlap by `overlap`."""
    if extent <= window + 1e-9:
        return 1
    return math.ceil((extent - overlap) / (window - overlap) - 1e-9)


@dataclass(frozen=True)
class TileGrid:
    """How a table is cut into 1:1 pages. Windows are in table mm; page `content` is in page mm."""

    paper: Paper
    margin_mm: float
    overlap_mm: float
    table_w: float
    table_h: float
    cols: int
    rows: int
    #: Where column 0, row 0's window starts on the table (mm, at most 0: the grid may start left of or above
    #: the table, so that its pages fall where the ink is).
    origin: tuple[float, float] = (0.0, 0.0)

    @cached_property  # asked for every window of every grid the tile plan tries
    def content(self) -> Rect:
        m = self.margin_mm
        return Rect(m, m, self.paper.width_mm - 2 * m, self.paper.height_mm - 2 * m)

    @cached_property
    def step(self) -> tuple[float, float]:
        """How far one page's window is from the next, across and down."""
        c = self.content
        return (c.w - self.overlap_mm, c.h - self.overlap_mm)

    @property
    def page_count(self) -> int:
        return self.cols * self.rows

    def window(self, col: int, row: int) -> Rect:
        """The part of the table (mm) that page (col, row) shows in its content area."""
        sx, sy = self.step
        c = self.content
        return Rect(self.origin[0] + col * sx, self.origin[1] + row * sy, c.w, c.h)

    def cells(self) -> list[tuple[int, int]]:
        """Every page of the grid in reading order: row by row, left to right."""
        return [(col, row) for row in range(self.rows) for col in range(self.cols)]

    def neighbours(self, col: int, row: int) -> dict[str, tuple[int, int]]:
        """The grid cells next to (col, row) keyed 'left', 'right', 'up', 'down'."""
        out: dict[str, tuple[int, int]] = {}
        if col > 0:
            out["left"] = (col - 1, row)
        if col < self.cols - 1:
            out["right"] = (col + 1, row)
        if row > 0:
            out["up"] = (col, row - 1)
        if row < self.rows - 1:
            out["down"] = (col, row + 1)
        return out


def check_tile_margin(margin_mm: float) -> None:
    """Refuse a tile page's margin too narrow to hold its labels, neighbours' names and calibration bars:
    they are printed there, never over the track."""
    if math.isfinite(margin_mm) and 0 <= margin_mm < TILE_MARGIN_MM:
        raise LayoutError(_(
            "a margin of {mm} mm is too narrow for 1:1 tile pages: use {least} mm or more (their labels, "
            "neighbours and calibration bars are printed in the margin, and most printers cannot print the "
            "outer 4–6 mm of a sheet)").format(mm=fmt_mm(margin_mm), least=fmt_mm(TILE_MARGIN_MM)))


def tile_grid(table_w: float, table_h: float, paper: Paper | str, margin_mm: float = 10.0,
              overlap_mm: float = 10.0, orientation: str = "portrait",
              origin: tuple[float, float] = (0.0, 0.0)) -> TileGrid:
    """The grid of 1:1 pages covering a table, for one fixed orientation, its first window at `origin`."""
    if orientation not in ("portrait", "landscape"):
        raise LayoutError(_("orientation must be portrait or landscape here, got '{orientation}'").format(
            orientation=orientation))
    sheet = get_paper(paper).oriented(orientation)
    content = check_margin(sheet, margin_mm)
    check_tile_margin(margin_mm)
    if not math.isfinite(overlap_mm) or overlap_mm < 0:
        raise LayoutError(_("{what} must be 0 mm or more, got {mm} mm").format(what=_("overlap"),
                                                                             mm=fmt_mm(overlap_mm)))
    if overlap_mm >= min(content.w, content.h) / 2:
        raise LayoutError(_(
            "overlap of {mm} mm is too large for the {w}×{h} mm printable area of {paper} (use less than {most} mm)"
        ).format(mm=fmt_mm(overlap_mm), w=fmt_mm(content.w), h=fmt_mm(content.h), paper=sheet.name,
                 most=fmt_mm(min(content.w, content.h) / 2)))
    ox, oy = min(origin[0], 0.0) + 0.0, min(origin[1], 0.0) + 0.0  # + 0.0: no "-0.0"
    cols = _count(table_w - ox, content.w, overlap_mm)
    rows = _count(table_h - oy, content.h, overlap_mm)
    return TileGrid(sheet, margin_mm, overlap_mm, table_w, table_h, cols, rows, (ox, oy))


def choose_tile_grid(table_w: float, table_h: float, paper: Paper | str, margin_mm: float = 10.0,
                     overlap_mm: float = 10.0, orientation: str = "auto",
                     printed: Callable[[TileGrid], int] | None = None) -> TileGrid:
    """The tile grid in the given orientation, or for 'auto' the one that prints the fewest pages.

    `printed(grid)` counts the pages that will really be printed (empty ones skipped); without it every
    page of the grid counts. Ties go to the grid with fewer pages overall, then to portrait.
    """
    if orientation not in ORIENTATIONS:
        raise LayoutError(_("unknown {what} '{name}' (choose {choices})").format(
            what=_("orientation"), name=orientation, choices=", ".join(ORIENTATIONS)))
    if orientation != "auto":
        return tile_grid(table_w, table_h, paper, margin_mm, overlap_mm, orientation)
    grids = [tile_grid(table_w, table_h, paper, margin_mm, overlap_mm, o) for o in ("portrait", "landscape")]
    count = printed or (lambda g: g.page_count)
    return min(grids, key=lambda g: (count(g), g.page_count))


# --- card sheets -----------------------------------------------------------------------------------
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.0, 88.0),
    "bridge": (57.0, 89.0),
    "mini": (44.0, 67.0),
}


def card_size(name: str | tuple[float, float]) -> tuple[float, float]:
    return name if isinstance(name, tuple) else lookup(CARD_SIZES, name, N_("card size"), CARD_SIZES)


@dataclass(frozen=True)
class CardGrid:
    """Cards laid edge to edge in a block centred on the sheet; the block's outer bleed is `bleed_mm`.

    Every sheet uses the same slots, so a stack of sheets can be cut together.
    """

    paper: Paper
    card_w: float
    card_h: float
    bleed_mm: float
    cols: int
    rows: int

    @property
    def per_sheet(self) -> int:
        return self.cols * self.rows

    @property
    def block(self) -> Rect:
        """The cards' trim area (without bleed), centred on the sheet."""
        w, h = self.cols * self.card_w, self.rows * self.card_h
        return Rect((self.paper.width_mm - w) / 2, (self.paper.height_mm - h) / 2, w, h)

    def slot(self, index: int) -> Rect:
        """The trim box of card `index` (0 … per_sheet − 1, row by row) on a front sheet."""
        row, col = divmod(index, self.cols)
        b = self.block
        return Rect(b.x + col * self.card_w, b.y + row * self.card_h, self.card_w, self.card_h)

    def back_slot(self, index: int) -> Rect:
        """Where the back of card `index` goes on the back sheet for long-edge duplex. A portrait sheet turns
        over about its long edge, the upright one: columns reversed. A landscape sheet turns over about its
        long edge too, which is the top one (like a calendar): rows reversed, columns kept."""
        row, col = divmod(index, self.cols)
        if self.paper.orientation == "landscape":
            return self.slot((self.rows - 1 - row) * self.cols + col)
        return self.slot(row * self.cols + (self.cols - 1 - col))

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of the vertical cuts and y positions of the horizontal cuts (page mm)."""
        b = self.block
        xs = [b.x + i * self.card_w for i in range(self.cols + 1)]
        ys = [b.y + j * self.card_h for j in range(self.rows + 1)]
        return xs, ys


#: The default margin of a card sheet, measured to the outer bleed: with 3 mm of bleed it leaves cut marks and
#: calibration bars room clear of the printer's blank edge (`sheet_marks.KEEP_OUT_MM`), and still fits 3 × 3
#: poker cards on A4 (Letter takes 4 × 2, turned).
CARD_MARGIN_MM = 7.5


def card_grid(paper: Paper | str, size: str | tuple[float, float] = "poker", margin_mm: float = CARD_MARGIN_MM,
              bleed_mm: float = 3.0, grid: tuple[int, int] | None = None) -> CardGrid:
    """As many cards as fit inside the margins (bleed included), or exactly `grid` (cols, rows).

    The sheet is turned to whichever orientation holds more cards (portrait on a tie).
    """
    w, h = card_size(size)
    base = get_paper(paper)
    if not math.isfinite(bleed_mm) or bleed_mm < 0:
        raise LayoutError(_("{what} must be 0 mm or more, got {mm} mm").format(what=_("bleed"), mm=fmt_mm(bleed_mm)))
    best: CardGrid | None = None
    for orientation in ("portrait", "landscape"):
        sheet = base.oriented(orientation)
        content = check_margin(sheet, margin_mm)
        cols = int((content.w - 2 * bleed_mm + 1e-9) // w)
        rows = int((content.h - 2 * bleed_mm + 1e-9) // h)
        if grid is not None:
            if grid[0] > cols or grid[1] > rows:
                continue
            cols, rows = grid
        candidate = CardGrid(sheet, w, h, bleed_mm, cols, rows)
        if cols >= 1 and rows >= 1 and (best is None or candidate.per_sheet > best.per_sheet):
            best = candidate
    if best is None:
        fit = f" {grid[0]}×{grid[1]}" if grid else ""
        raise LayoutError(_("cards {w}×{h} mm do not fit{fit} on {paper} with {margin} mm margins and {bleed} mm bleed")
                          .format(w=fmt_mm(w), h=fmt_mm(h), fit=fit, paper=base.name, margin=fmt_mm(margin_mm),
                                  bleed=fmt_mm(bleed_mm)))
    return best
