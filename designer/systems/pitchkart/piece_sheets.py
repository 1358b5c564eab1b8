"""PitchKart's 1:1 prints of its track sections: the ordinary track print with the sections' real outlines
(`render_track_print`), and every section as a cut-out piece to glue on card (`render_pieces`).

Cut-out pieces are turned to take the least room, then laid several to a page while they fit in the
printable area; a piece larger than that is tiled with the track print's tiling (`designer.export.tiles`):
numbered pages with glue strips, registration marks and calibration bars. Sizes come from the rule data
(`pitchkart.inventory`); no Qt.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from reportlab.pdfgen.canvas import Canvas
from shapely import affinity
from shapely.geometry.base import BaseGeometry

from designer.export import pdf
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, text
from designer.export.tile_plan import TilePlan, choose_plan
from designer.export.tiles import TrackPrintOptions, render_tile_pages, render_track
from designer.i18n import _
from designer.model.track import Table, TrackDocument
from designer.rules import Ruleset
from designer.systems.pitchkart.elements import TrackSection
from designer.systems.pitchkart.piece_art import ORIGIN, draw_piece, ink_index, inventory_of, local_outline
from designer.systems.pitchkart.piece_stickers import (
    Layout,
    PieceStickers,
    draw_stickers,
    neighbour_mark,
    number_spot,
    stray_names,
)
from designer.systems.pitchkart.piece_stickers import layout as sticker_layout
from designer.systems.pitchkart.rule_data import PieceInventory, TrackPiece, piece_name
from designer.systems.pitchkart.sections import known_sections, piece_end, track_sections

if TYPE_CHECKING:
    from designer.export.cutfile import CutPart

PAD_MM = 3.0  # room round a cut-out piece, for the scissors
GAP_MM = 4.0
HEADER_MM = 10.0


def no_sections(job: PrintJob) -> str | None:
    """Why there are no pieces to print (None: there are)."""
    inventory = inventory_of(job.ruleset)
    if inventory is None:
        return _("ruleset '{id}' has no PitchKart track pieces").format(id=job.ruleset.id)
    if not known_sections(track_sections(job.document.elements), inventory):
        return _("'{name}' has no track sections").format(name=job.document.name)
    return None


# --- the track, 1:1 ----------------------------------------------------------------------------------
def track_plan(document: TrackDocument, job: PrintJob) -> TilePlan:
    """The tiler's plan, with each section's real outline telling the pages it needs."""
    o = job.options
    table = document.table
    return choose_plan(table.width_mm, table.height_mm, ink_index(document, job.ruleset, o.reach_rings).shapes,
                       o.paper, o.margin(10.0), o.overlap_mm, o.orientation, o.keep_empty)


def render_track_print(c: Canvas, job: PrintJob) -> int:
    """The track at 1:1 as every system prints it, sections drawn as their pieces (`piece_art`)."""
    o = job.options
    options = TrackPrintOptions(o.paper, o.margin(10.0), o.overlap_mm, o.orientation, o.ink_saver, o.keep_empty,
                                o.reach_rings)
    return render_track(c, job.document, job.ruleset, options, track_plan(job.document, job))


# --- cut-out pieces ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Cutout:
    """One section's piece turned by `turn_deg`; `x0`, `y0` is its outline's top-left corner when turned, and
    `w` × `h` its size (mm, without padding)."""

    section: TrackSection
    piece: TrackPiece
    turn_deg: float
    x0: float
    y0: float
    w: float
    h: float
    outline: BaseGeometry


def cutout(section: TrackSection, piece: TrackPiece, width_mm: float) -> Cutout:
    """The section's piece turned to the smallest bounding box (its chord level for a curve)."""
    shape = local_outline(piece, width_mm, section.flipped)
    half = (piece.angle_deg or 0.0) / 2 * (1 if section.flipped else -1)
    best = None
    for turn in (0.0, 90.0, -half, 90.0 - half):
        turned = affinity.rotate(shape, turn, origin=(0, 0))
        x0, y0, x1, y1 = turned.bounds
        key = ((x1 - x0) * (y1 - y0), x1 - x0 < y1 - y0)
        if best is None or key < best[0]:
            best = (key, Cutout(section, piece, turn, x0, y0, x1 - x0, y1 - y0, turned))
    assert best is not None
    return best[1]


def cutouts(job: PrintJob) -> list[Cutout]:
    """Every section the set holds a piece for, in route order."""
    inventory = inventory_of(job.ruleset)
    if inventory is None:
        raise LayoutError(_("ruleset '{id}' has no PitchKart track pieces").format(id=job.ruleset.id))
    found = []
    for section in known_sections(track_sections(job.document.elements), inventory):
        piece = inventory.piece(section.piece)
        if piece is not None:
            found.append(cutout(section, piece, inventory.width_mm))
    return found


def _draw_cutout(p: Painter, cut: Cutout, x: float, y: float, inventory: PieceInventory,
                 carried: PieceStickers | None = None) -> None:
    """The piece with its turned outline's top-left corner at page (x, y), with the places of the stickers it
    carries and the numbers of the pieces that join its ends."""
    c = p.c
    c.saveState()
    c.translate(x - cut.x0, y - cut.y0)
    if cut.turn_deg:
        c.rotate(cut.turn_deg)
    spot = None if carried is None else number_spot(cut.piece, cut.section.flipped, inventory.width_mm,
                                                    cut.section.number, carried, cut.turn_deg)
    draw_piece(p, cut.piece, inventory.width_mm, cut.section.number, cut.section.flipped, cut_line=True,
               turn_deg=cut.turn_deg, number_at=spot)
    if carried is not None:
        outline = local_outline(cut.piece, inventory.width_mm, cut.section.flipped)
        draw_stickers(p, carried, outline, cut.turn_deg)
        end = piece_end(cut.piece, ORIGIN, cut.section.flipped)
        neighbour_mark(p, ORIGIN, carried.previous, True, inventory.width_mm, cut.turn_deg)
        neighbour_mark(p, end, carried.following, False, inventory.width_mm, cut.turn_deg)
    c.restoreState()


def shelves(cuts: list[Cutout], content: Rect) -> list[list[tuple[Cutout, float, float]]]:
    """Cut-outs that fit the content area, shelf-packed onto pages as (cut-out, x, y) of their top-left."""
    pages: list[list[tuple[Cutout, float, float]]] = [[]]
    x, y, row_h = content.x, content.y, 0.0
    for cut in cuts:
        w, h = cut.w + 2 * PAD_MM, cut.h + 2 * PAD_MM
        if x + w > content.right + 1e-6:
            x, y, row_h = content.x, y + row_h + GAP_MM, 0.0
        if y + h > content.bottom + 1e-6:
            pages.append([])
            x, y, row_h = content.x, content.y, 0.0
        pages[-1].append((cut, x + PAD_MM, y + PAD_MM))
        x += w + GAP_MM
        row_h = max(row_h, h)
    return [page for page in pages if page]


def _fits(cut: Cutout, content: Rect) -> bool:
    return cut.w + 2 * PAD_MM <= content.w + 1e-6 and cut.h + 2 * PAD_MM <= content.h + 1e-6


def quarter_turned(cut: Cutout) -> Cutout:
    """The same cut-out turned a further 90° (to stand a long piece upright on a tall page)."""
    turned = affinity.rotate(cut.outline, 90.0, origin=(0, 0))
    x0, y0, x1, y1 = turned.bounds
    return Cutout(cut.section, cut.piece, cut.turn_deg + 90.0, x0, y0, x1 - x0, y1 - y0, turned)


def fitting(cut: Cutout, content: Rect) -> Cutout | None:
    """The cut-out as it fits the content area (turned a quarter if it must), or None: it needs tiling."""
    for candidate in (cut, quarter_turned(cut)):
        if _fits(candidate, content):
            return candidate
    return None


def _caption(cut: Cutout, ruleset: Ruleset, carried: PieceStickers | None = None) -> str:
    name = piece_name(ruleset, cut.piece)
    if cut.section.flipped:
        name = _("{piece}, turning right").format(piece=name)
    caption = _("Section {n}: {piece}").format(n=cut.section.number, piece=name)
    if carried is None:
        return caption
    before = "–" if carried.previous is None else str(carried.previous)
    after = "–" if carried.following is None else str(carried.following)
    return _("{caption} · after {before}, before {after}").format(caption=caption, before=before, after=after)


def cut_parts(job: PrintJob) -> list[CutPart]:
    """Every section's piece as a cutter-file part: its outline cut, its section number engraved where the
    piece is widest (a curve's middle), in route order."""
    from shapely.ops import polylabel

    from designer.export.cutfile import CutPart, Engraving

    inventory = inventory_of(job.ruleset)
    width = inventory.width_mm if inventory is not None else 40.0
    parts = []
    for cut in cutouts(job):
        spot = polylabel(cut.outline, tolerance=0.5)
        number = Engraving(str(cut.section.number), spot.x, spot.y, min(12.0, width * 0.4))
        parts.append(CutPart(cut.outline, (), (number,), _caption(cut, job.ruleset)))
    return parts


def render_pieces(c: Canvas, job: PrintJob) -> int:
    """Every section as a 1:1 cut-out piece: several to a page while they fit, else tiled; returns pages."""
    inventory = inventory_of(job.ruleset)
    if inventory is None:
        raise LayoutError(_("ruleset '{id}' has no PitchKart track pieces").format(id=job.ruleset.id))
    o = job.options
    paper = get_paper(o.paper).oriented("landscape" if o.orientation == "landscape" else "portrait")
    page = check_margin(paper, o.margin(10.0))
    content = Rect(page.x, page.y + HEADER_MM, page.w, page.h - HEADER_MM)
    cuts = cutouts(job)
    fitted = [(cut, fitting(cut, content)) for cut in cuts]
    small = [fit for _cut, fit in fitted if fit is not None]
    large = [cut for cut, fit in fitted if fit is None]
    p = Painter(c, o.ink_saver)
    stickers = sticker_layout(job.document, job.ruleset, inventory)
    pages = 0
    packed = shelves(small, content)
    for number, placed in enumerate(packed, 1):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            note = _("true size: print at 100 % · sheet {n} of {total}").format(n=number, total=len(packed))
            heading = _("Track pieces · {name}").format(name=job.document.name)
            text(c, page.x, page.y + 4, pdf.truncate(heading, page.w - pdf.width_mm(note, 7) - 4, 12, BOLD), 12, BOLD)
            text(c, page.right, page.y + 4, note, 7, FONT, "end", GREY)
            _stray_note(c, page, stickers)
            for cut, x, y in placed:
                carried = stickers.pieces.get(cut.section.id)
                _draw_cutout(p, cut, x, y, inventory, carried)
                caption, size = pdf.fit_line(_caption(cut, job.ruleset, carried), cut.w, 6)
                text(c, x, y + cut.h + PAD_MM - 0.6, caption, size, FONT, colour=GREY)
        c.showPage()
        pages += 1
    if stickers.stray and not packed:  # every piece is tiled: the stickers on no piece get a sheet of their own
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            text(c, page.x, page.y + 4, pdf.truncate(_("Track pieces · {name}").format(name=job.document.name),
                                                     page.w, 12, BOLD), 12, BOLD)
            _stray_note(c, page, stickers, packed=False)
        c.showPage()
        pages += 1
    for index, cut in enumerate(large):
        pages += _render_tiled(c, job, cut, inventory, index, stickers)
    return pages


def _stray_note(c: Canvas, page: Rect, stickers: Layout, packed: bool = True) -> None:
    """The stickers that lie on no piece, named under the sheet's heading (so none is lost)."""
    if stickers.stray:
        note = _("Not on a piece: {stickers}").format(stickers=stray_names(stickers.stray))
        lines, size = pdf.fit_lines(note, page.w, 7, lines=1 if packed else 12)
        for k, line in enumerate(lines):
            text(c, page.x, page.y + 8.5 + k * size * 0.45, line, size, FONT, colour=INK)


def _render_tiled(c: Canvas, job: PrintJob, cut: Cutout, inventory: PieceInventory, index: int,
                  stickers: Layout) -> int:
    """One piece too large for a sheet, on tiled 1:1 pages (its own little table)."""
    o = job.options
    w, h = max(cut.w + 2 * PAD_MM, 100.0), max(cut.h + 2 * PAD_MM, 100.0)
    carried = stickers.pieces.get(cut.section.id)
    sheet = TrackDocument(name=_caption(cut, job.ruleset), ruleset=job.document.ruleset,
                          table=Table(width_mm=w, height_mm=h))
    shape = affinity.translate(cut.outline, PAD_MM - cut.x0, PAD_MM - cut.y0)

    plan = choose_plan(w, h, shape, o.paper, o.margin(10.0), o.overlap_mm, o.orientation)
    name = f"pitchkart-piece-{index}"
    c.beginForm(name, 0, 0, w, h)
    _draw_cutout(Painter(c, o.ink_saver), cut, PAD_MM, PAD_MM, inventory, carried)
    c.endForm()
    return render_tile_pages(c, sheet, plan, name, o.ink_saver)
