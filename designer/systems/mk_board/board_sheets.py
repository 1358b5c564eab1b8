"""The board game's board sheets: the board at 1:1 on tiled pages (the print shop's tiler, with the board
drawn as numbered tiles), then a page with the legend of the fields; or the whole board scaled to fit one
sheet of the chosen paper, with the legend beside or below it. Drawn with reportlab; no Qt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.element_art import arrow
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper, print_number
from designer.export.pdf import BOLD, FONT, GREY, INK, text
from designer.export.tiles import TrackPrintOptions, draw_form_scaled, plan_tiles, render_track
from designer.i18n import _
from designer.model.track import TrackDocument
from designer.rules import Ruleset
from designer.systems.mk_board.board_art import (
    SHORTCUT_DARK,
    SHORTCUT_RED,
    board_spaces,
    define_board_form,
    draw_tile,
    space_size,
)
from designer.systems.mk_board.board_texts import legend
from designer.systems.mk_board.rule_data import board_rules

if TYPE_CHECKING:
    from designer.export.cutfile import CutPart

ICON_MM = 11.0
ROW_MM = 12.5
HEADER_MM = 16.0


def no_spaces(job: PrintJob) -> str | None:
    if board_spaces(job.document):
        return None
    return _("'{name}' has no spaces to print as a board").format(name=job.document.name)


#: The smallest tile the one-sheet board prints (mm): the base of the smallest ordinary pawn (a 12 mm wooden
#: pawn or cube, what players reach for when the kit's 24 mm standees are too big) must stand on a tile. Below
#: it the sheet is a picture of the board, not a board to play on, so it is refused.
MIN_PLAYABLE_TILE_MM = 12.0


def fit_tile_mm(job: PrintJob) -> float:
    """The side of a tile on the one-sheet board for this job's paper and margin (mm)."""
    o = job.options
    return space_size(job.ruleset) * fit_layout(job.document, o.paper, o.margin(10.0), o.orientation)[0]


def no_fit(job: PrintJob) -> str | None:
    """Why the board cannot go on one sheet of the job's paper: no spaces, or tiles too small to play on."""
    reason = no_spaces(job)
    if reason is not None:
        return reason
    try:
        tile = fit_tile_mm(job)
    except LayoutError as error:
        return str(error)
    if tile >= MIN_PLAYABLE_TILE_MM:
        return None
    return _("on one {paper} sheet the tiles would be {mm} mm, too small to play on (at least {least} mm); "
             "print the board 1:1 or choose a larger paper").format(
        paper=get_paper(job.options.paper).name, mm=print_number(tile, 1), least=print_number(MIN_PLAYABLE_TILE_MM, 0))


# --- the legend ------------------------------------------------------------------------------------
def legend_size(columns: int) -> tuple[float, float]:
    """(least width of a column, height) the legend needs in `columns` columns."""
    rows = -(-7 // columns)
    return 80.0, 7.0 + rows * ROW_MM


def draw_legend(c: Canvas, ruleset: Ruleset, box: Rect, columns: int = 1, ink_saver: bool = False) -> None:
    """The fields' tiles, names and one-line rules in `box` (page mm), in `columns` columns."""
    p = Painter(c, ink_saver)
    text(c, box.x, box.y + 4, *pdf.fit_line(_("What the spaces do"), box.w, 10, BOLD), BOLD)
    entries = legend(ruleset)
    rows = -(-len(entries) // columns)
    col_w = (box.w - (columns - 1) * 6.0) / columns
    for i, (field, name, rule) in enumerate(entries):
        col, row = divmod(i, rows)
        x, y = box.x + col * (col_w + 6.0), box.y + 7.0 + row * ROW_MM
        c.saveState()
        c.translate(x + ICON_MM / 2, y + ICON_MM / 2)
        if field == "shortcut":
            p.rect(-ICON_MM / 2, -ICON_MM / 2, ICON_MM, ICON_MM, ICON_MM * 0.12, fill=white, stroke=GREY, lw=0.3)
            arrow(p, -ICON_MM * 0.42, ICON_MM * 0.84, ICON_MM * 0.5, fill=SHORTCUT_RED, stroke=SHORTCUT_DARK, lw=0.3)
        else:
            draw_tile(p, field, None, ICON_MM)
        c.restoreState()
        tx, room = x + ICON_MM + 2.5, col_w - ICON_MM - 2.5
        text(c, tx, y + 3.2, *pdf.fit_line(name, room, 8, BOLD), BOLD, colour=INK)
        lines, size = pdf.fit_paragraph(rule, room, ROW_MM - 5.2, 6.5, FONT, min_pt=4.5)
        pdf.paragraph(c, tx, y + 4.6, lines, size, FONT, colour=GREY)


# --- the cutter file --------------------------------------------------------------------------------
def cut_parts(job: PrintJob) -> list[CutPart]:
    """Every space as a square tile to cut (the rule data's tile size), its number engraved large and its
    field's name (if not a plain space) small beneath, in lap order."""
    from designer.export.cutfile import CutPart, Engraving, rectangle
    from designer.systems.mk_board.elements import FIELD_NAMES

    size = space_size(job.ruleset)
    parts = []
    for space in board_spaces(job.document):
        marks = [Engraving(str(space.number), size / 2, size * 0.42, size * 0.4)]
        if space.field != "plain":
            field = _(FIELD_NAMES[space.field])
            fit = size * 0.9 / max(1, len(field)) / 0.6  # a sans-serif letter is about 0.6 of its size wide
            marks.append(Engraving(field, size / 2, size * 0.8, min(size * 0.14, fit)))
        parts.append(CutPart(rectangle(size, size), (), tuple(marks), _("Space {n}").format(n=space.number)))
    return parts


# --- 1:1 on tiles ----------------------------------------------------------------------------------
def render_board_tiles(c: Canvas, job: PrintJob) -> int:
    """The assembly map and the tile pages of the board at 1:1, then the legend page."""
    o = job.options
    options = TrackPrintOptions(o.paper, o.margin(10.0), o.overlap_mm, o.orientation, o.ink_saver, o.keep_empty)
    document, ruleset = job.document, job.ruleset
    plan = plan_tiles(document, ruleset, options)
    pages = render_track(c, document, ruleset, options, plan,
                         define_form=lambda canvas: define_board_form(canvas, document, ruleset, o.ink_saver))
    paper = get_paper(o.paper).portrait()
    area = check_margin(paper, o.margin(10.0))
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        text(c, area.x, area.y + 5, pdf.truncate(document.name, area.w, 14, BOLD), 14, BOLD)
        note = _("Tiles {mm} mm square, one every {pitch} mm along the track (our sizes: the rules give none).")
        board = board_rules(ruleset)
        note = note.format(mm=print_number(space_size(ruleset), 0),
                           pitch=print_number(board.space_pitch_mm if board else space_size(ruleset), 0))
        text(c, area.x, area.y + 11, *pdf.fit_line(note, area.w, 8, FONT), FONT, colour=GREY)
        draw_legend(c, ruleset, Rect(area.x, area.y + HEADER_MM + 4, area.w, area.h - HEADER_MM - 4),
                    2 if area.w >= 170 else 1, o.ink_saver)
    c.showPage()
    return pages + 1


# --- one sheet -------------------------------------------------------------------------------------
def fit_layout(document: TrackDocument, paper_name: str, margin: float, orientation: str = "auto"
               ) -> tuple[float, str, str, Rect, Rect]:
    """(scale, orientation, where the legend goes, the board's box, the legend's box) on one sheet:
    the layout that prints the board largest."""
    base = get_paper(paper_name)
    table = document.table
    choices = []
    for name in ("portrait", "landscape") if orientation == "auto" else (orientation,):
        paper = base.oriented(name)
        area = check_margin(paper, margin)
        top, h = area.y + HEADER_MM, area.h - HEADER_MM
        below_h = legend_size(2 if area.w >= 170 else 1)[1]
        side_w, side_h = legend_size(1)
        below = min(area.w / table.width_mm, (h - below_h - 4) / table.height_mm)
        beside = min((area.w - side_w - 6) / table.width_mm, h / table.height_mm) if side_h <= h else 0.0
        choices.append((below, name, "below", area, top, h, below_h, side_w))
        choices.append((beside, name, "beside", area, top, h, below_h, side_w))
    scale, name, where, area, top, h, below_h, side_w = max(choices, key=lambda ch: ch[0])
    if scale <= 0:
        raise LayoutError(_("the board does not fit this paper; try a larger one or a smaller margin"))
    bw, bh = table.width_mm * scale, table.height_mm * scale
    if where == "below":
        board = Rect(area.x + (area.w - bw) / 2, top, bw, bh)
        keys = Rect(area.x, top + bh + 4, area.w, area.bottom - (top + bh + 4))
    else:
        board = Rect(area.x, top + (h - bh) / 2, bw, bh)
        keys = Rect(area.right - side_w, top, side_w, h)
    return scale, name, where, board, keys


def render_board_fit(c: Canvas, job: PrintJob) -> int:
    """The whole board, scaled down to one sheet of the chosen paper, with its legend; one page."""
    o = job.options
    document, ruleset = job.document, job.ruleset
    scale, orientation, where, board, keys = fit_layout(document, o.paper, o.margin(10.0), o.orientation)
    paper = get_paper(o.paper).oriented(orientation)
    area = check_margin(paper, o.margin(10.0))
    form = define_board_form(c, document, ruleset, o.ink_saver, name="kartographer-board-fit")
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        text(c, area.x, area.y + 5, pdf.truncate(document.name, area.w, 14, BOLD), 14, BOLD)
        spaces = len(board_spaces(document))
        summary = _("Scaled to one {paper} sheet: 1 : {scale}, tiles {mm} mm · {spaces} spaces").format(
            paper=paper.name, scale=print_number(1 / scale, 1), mm=print_number(space_size(ruleset) * scale, 1),
            spaces=spaces)
        text(c, area.x, area.y + 11, *pdf.fit_line(summary, area.w, 8, FONT), FONT, colour=GREY)
        draw_form_scaled(c, form, board, scale)
        c.setStrokeColor(GREY)
        c.setLineWidth(pdf.pt(0.4))
        c.rect(board.x, board.y, board.w, board.h, stroke=1, fill=0)
        columns = 2 if where == "below" and keys.w >= 170 else 1
        draw_legend(c, ruleset, keys, columns, o.ink_saver)
    c.showPage()
    return 1
