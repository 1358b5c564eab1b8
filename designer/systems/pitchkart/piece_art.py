"""How a PitchKart track section prints: its real outline (a rectangle or an annulus sector from
`sections.piece_outline`), the two barrier edges along its sides, a connector mark on each end edge and its
number, drawn with reportlab in the section's own frame (START connector at the origin, +x = travel).

The same drawing serves the ordinary 1:1 track print (`PRINT_ART`, `System.print_art`) and the cut-out
pieces (`piece_sheets.py`). `ink_index` replaces the tiler's generic footprint of a section by its outline,
so the pages a track of sections needs are the ones printed. Drawing only; no Qt.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.colors import HexColor, white
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from designer.export.draw_track import ArtContext, InkIndex, element_ink, generic_art
from designer.export.painter import Painter
from designer.export.pdf import GREY, INK
from designer.geometry.track import surface
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.pitchkart.elements import TRACK_SECTION, TrackSection
from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece, pitchkart_rules
from designer.systems.pitchkart.sections import Connector, piece_end, piece_outline, section_outline

DECK = HexColor("#d9dde3")  # the card a piece is glued on: pale, so numbers and stickers read
DECK_LINE = HexColor("#9ea4ad")
BARRIER = HexColor("#d0312d")
BARRIER_MM = 4.0  # how wide the printed barrier band along each side edge is
NUMBER_MM = 34.0  # the cap height of a section's number
MARK_MM = 14.0  # how wide a connector mark (a triangle pointing along travel) is

ORIGIN = Connector(0.0, 0.0, 0.0)


def inventory_of(ruleset: Ruleset) -> PieceInventory | None:
    return found.inventory if (found := pitchkart_rules(ruleset)) is not None else None


def local_outline(piece: TrackPiece, width_mm: float, flipped: bool = False) -> Polygon:
    """The piece's outline in its own frame: START connector at (0, 0), heading +x."""
    return piece_outline(piece, ORIGIN, width_mm, flipped)


def halfway(piece: TrackPiece, flipped: bool = False) -> Connector:
    """The middle of the piece's centre line, in its own frame (where its number goes)."""
    if piece.kind == "straight":
        half = piece.model_copy(update={"length_mm": (piece.length_mm or 0.0) / 2})
    else:
        half = piece.model_copy(update={"angle_deg": (piece.angle_deg or 0.0) / 2})
    return piece_end(half, ORIGIN, flipped)


def side_edges(outline: Polygon) -> tuple[list[tuple[float, float]], list[tuple[float, float]]]:
    """The left and right side edges of an outline from `piece_outline` (left from start to end, then the
    right one back from end to start: the polygon's first and second halves)."""
    points = [(x, y) for x, y, *_rest in outline.exterior.coords][:-1]
    n = len(points) // 2
    return points[:n], points[n:]


def _connector_mark(p: Painter, at: Connector, into: bool) -> None:
    """A triangle on an end edge, pointing along travel, inside the piece (`into`: the start edge)."""
    c = p.c
    c.saveState()
    c.translate(at.x_mm, at.y_mm)
    c.rotate(at.heading_deg)
    depth = MARK_MM * 0.6
    x0 = 1.5 if into else -1.5 - depth
    p.poly([(x0, -MARK_MM / 2), (x0 + depth, 0.0), (x0, MARK_MM / 2)], fill=white, stroke=INK, lw=0.4)
    c.restoreState()


def number_size(width_mm: float) -> float:
    """The cap height of a section's number on its piece (mm)."""
    return min(NUMBER_MM, width_mm * 0.3)


def draw_piece(p: Painter, piece: TrackPiece, width_mm: float, number: int, flipped: bool = False,
               cut_line: bool = False, turn_deg: float = 0.0, number_at: tuple[float, float, float] | None = None
               ) -> None:
    """One piece in its own frame: deck, barrier edges, connector marks, number (turned back by `turn_deg`
    to stand upright on the page; at `number_at` (x, y, cap height) when given, else halfway along, full size);
    a solid cut line round it when `cut_line` (cut-out pieces), else a thin outline (the track print)."""
    outline = local_outline(piece, width_mm, flipped)
    corners = [(x, y) for x, y, *_rest in outline.exterior.coords][:-1]
    p.poly(corners, fill=DECK, stroke=None)
    left, right = side_edges(outline)
    c = p.c
    c.saveState()
    clip = c.beginPath()
    clip.moveTo(*corners[0])
    for point in corners[1:]:
        clip.lineTo(*point)
    clip.close()
    c.clipPath(clip, stroke=0, fill=0)  # the barrier bands lie inside the piece, up to its edge
    for edge in (left, right):
        p.poly(edge, close=False, stroke=BARRIER, lw=BARRIER_MM * 2)
        p.poly(edge, close=False, stroke=white, lw=BARRIER_MM * 0.7, dash=(8, 8))
    c.restoreState()
    end = piece_end(piece, ORIGIN, flipped)
    for at, into in ((ORIGIN, True), (end, False)):
        _connector_mark(p, at, into)
    if number_at is None:
        middle = halfway(piece, flipped)
        number_at = (middle.x_mm, middle.y_mm, number_size(width_mm))
    x, y, size = number_at
    p.label(x, y, str(number), size, INK, halo=white, turn=turn_deg)
    p.poly([(x, y) for x, y, *_rest in outline.exterior.coords][:-1], stroke=INK if cut_line else GREY,
           lw=0.5 if cut_line else 0.3)
    # the end edges: dashed across the deck where the next piece butts on
    for at in (ORIGIN, end):
        c.saveState()
        c.translate(at.x_mm, at.y_mm)
        c.rotate(at.heading_deg)
        p.line(0.0, -width_mm / 2, 0.0, width_mm / 2, DECK_LINE, 0.4, dash=(3, 2))
        c.restoreState()


def section_art(p: Painter, element: Any, ctx: ArtContext) -> None:
    """`System.print_art` for a track section: the real outline of its piece; a generic tile for a piece
    the set does not hold (the checks name it)."""
    inventory = inventory_of(ctx.ruleset)
    piece = inventory.piece(element.piece) if inventory is not None else None
    if inventory is None or piece is None:
        generic_art(p, element, ctx)
        return
    draw_piece(p, piece, inventory.width_mm, int(element.number), bool(element.flipped),
               turn_deg=float(element.rotation_deg))


PRINT_ART = {TRACK_SECTION: section_art}


def ink_index(document: TrackDocument, ruleset: Ruleset, reach_rings: bool = False) -> InkIndex:
    """What is on the table: each section's outline (not a box about its start) and every other element."""
    inventory = inventory_of(ruleset)
    shapes: list[BaseGeometry] = [surface(document.track)] if document.track is not None else []
    for e in document.elements:
        if isinstance(e, TrackSection) and inventory is not None and inventory.piece(e.piece) is not None:
            shapes.append(section_outline(e, inventory))
        else:
            shapes.append(element_ink(e, ruleset, reach_rings))
    return InkIndex(shapes)
