"""The track at 1:1 on ordinary paper: an assembly map, then one page per useful part of the table.

Layout first (`plan_tiles`, pure: the page grid from `paper.py`, moved onto the ink, and `tile_plan.py` to
leave out pages that show nothing but empty table or only what their neighbours print), drawing second.
The track is drawn ONCE into a PDF form XObject and every tile page (and the scaled assembly map) places
that form under a clip, so files stay small and fast.

Each tile page carries, in its margins: its own label (columns A, B, C …, rows 1, 2, 3 …), the track's
name, its neighbours' labels at each edge with an arrow, a 100 mm and a 4-inch calibration bar along its
long side and a 100 mm bar across, and a registration mark on each corner of its content area. Two more
marks sit in each strip it shares with a printed neighbour, at the same table spot on both pages. The right
and bottom overlap strips, which the next page covers, are shaded as glue strips.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from reportlab.lib.colors import Color, white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.draw_track import define_track_form, ink_index
from designer.export.paper import Paper, Rect, fmt_mm, get_paper, tile_label
from designer.export.pdf import BOLD, FONT, GREY, INK, Output, text
from designer.export.repeats import Repeats
from designer.export.tile_marks import calibration_bars, shared_marks
from designer.export.tile_plan import TilePlan, choose_plan, table_window
from designer.geometry.units import format_size
from designer.i18n import N_, _, ngettext
from designer.model.kind_names import kind_name
from designer.model.track import TrackDocument
from designer.rules import Ruleset, load_ruleset

GLUE = Color(0.55, 0.62, 0.78, 0.3)  # translucent: lightens tarmac, greys paper


@dataclass(frozen=True)
class TrackPrintOptions:
    paper: str = "a4"
    margin_mm: float = 10.0
    overlap_mm: float = 10.0
    orientation: str = "auto"
    ink_saver: bool = False
    keep_empty: bool = False
    reach_rings: bool = False  # hazards' reach rings are an overlay: printed only when asked


def plan_tiles(document: TrackDocument, ruleset: Ruleset, options: TrackPrintOptions = TrackPrintOptions()
               ) -> TilePlan:
    """The grid printing the fewest pages (`tile_plan.choose_plan`) for the track and its elements' ink."""
    table = document.table
    index = ink_index(document, ruleset, options.reach_rings)
    return choose_plan(table.width_mm, table.height_mm, index.shapes, options.paper, options.margin_mm,
                       options.overlap_mm, options.orientation, options.keep_empty)


# --- the assembly map ------------------------------------------------------------------------------
def parts_list(document: TrackDocument) -> list[tuple[str, int]]:
    """(name, count) for every kind of element on the track, in palette order; item boxes split by stack."""
    counts: Counter[str] = Counter()
    for e in document.elements:
        if e.kind == "item_box":
            counts[N_("Item box, double") if getattr(e, "stack", 1) == 2 else N_("Item box")] += 1
        elif e.kind == "wandering_threat":
            counts[getattr(e, "name", N_("Wandering threat"))] += 1
        elif e.kind == "scenery":
            counts[N_("Scenery (solid)") if getattr(e, "solid", True) else N_("Scenery (decoration)")] += 1
        elif e.kind == "ramp" and getattr(e, "hoop", False):
            counts[N_("Ramp with hoop")] += 1
        else:
            counts[kind_name(e.kind)] += 1
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))


INSTRUCTIONS = (
    N_("Print at 100 % (\"Actual size\"). Switch off any \"Fit to page\" or \"Shrink\" option."),
    N_("Measure a calibration bar before printing the rest: the long one must be exactly 100 mm, the other "
       "4 inches. If not, fix the print scale and print again."),
    N_("Cut each page along the left and top edges of its printed area (the registration marks show the "
       "corners). Leave the right and bottom margins on for now."),
    N_("Lay each page over its left and upper neighbours so the track runs on across the shaded strips, "
       "then glue or tape it down there. Labels in the margins name the neighbours."),
    N_("Build one row at a time (A1, B1, C1 and so on), then join the rows. Hatched pages on this map were left out: "
       "that part of the table is empty or, where greyed, the pages beside it print all there is on it."),
)


def _map_page(c: Canvas, document: TrackDocument, plan: TilePlan, form: str, options: TrackPrintOptions) -> None:
    base = plan.grid.paper
    table = document.table
    m = max(options.margin_mm, 8.0)
    text_h, side_w, header = 92.0, 82.0, 20.0 if plan.covered else 16.0
    candidates = []
    for orientation in ("portrait", "landscape"):
        paper = base.oriented(orientation)
        cw, ch = paper.width_mm - 2 * m, paper.height_mm - 2 * m - header
        below = min(cw / table.width_mm, (ch - text_h) / table.height_mm)
        beside = min((cw - side_w) / table.width_mm, ch / table.height_mm)
        candidates.append((below, orientation, "below"))
        candidates.append((beside, orientation, "beside"))
    scale, orientation, where = max(candidates)
    paper = base.oriented(orientation)
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        text(c, m, m + 5, pdf.truncate(document.name, paper.width_mm - 2 * m, 15, BOLD), 15, BOLD)
        g = plan.grid
        empty = len(plan.skipped) - len(plan.covered)
        orientation_name = {"portrait": _("portrait"), "landscape": _("landscape")}[g.paper.orientation]
        summary = (_("Assembly map · 1:1 on {paper} {orientation}, {cols} × {rows} pages, {printed} printed").format(
            paper=g.paper.name, orientation=orientation_name, cols=g.cols, rows=g.rows, printed=len(plan.printed))
            + (_(", {n} empty left out").format(n=empty) if empty else "")
            + _(" · table {size}").format(
                size=table_size_text(table.width_mm, table.height_mm, document.display_units)))
        text(c, m, m + 11, *pdf.fit_line(summary, paper.width_mm - 2 * m, 8), FONT, colour=GREY)
        if plan.covered:
            note = ngettext("{n} page left out: nothing on it that a neighbour does not print (greyed on the map)",
                            "{n} pages left out: nothing on them that a neighbour does not print (greyed on the map)",
                            len(plan.covered)).format(n=len(plan.covered))
            text(c, m, m + 15, *pdf.fit_line(note, paper.width_mm - 2 * m, 8, FONT), FONT, colour=INK)
        map_w, map_h = table.width_mm * scale, table.height_mm * scale
        top = m + header
        if where == "below":
            mx = (paper.width_mm - map_w) / 2
            info = Rect(m, top + map_h + 6, paper.width_mm - 2 * m, paper.height_mm - m - (top + map_h + 6))
        else:
            mx = m
            info = Rect(m + map_w + 6, top, paper.width_mm - 2 * m - map_w - 6, paper.height_mm - 2 * m - header)
        _draw_map(c, plan, form, Rect(mx, top, map_w, map_h), scale)
        _draw_info(c, document, plan, info)


def draw_form_scaled(c: Canvas, form: str, area: Rect, scale: float) -> None:
    """The drawn table `form` at `scale`, its origin at `area`'s corner, clipped to `area` (a map of it)."""
    c.saveState()
    clip = c.beginPath()
    clip.rect(area.x, area.y, area.w, area.h)
    c.clipPath(clip, stroke=0, fill=0)
    c.translate(area.x, area.y)
    c.scale(scale, scale)
    c.doForm(form)
    c.restoreState()


def _draw_map(c: Canvas, plan: TilePlan, form: str, area: Rect, scale: float) -> None:
    g = plan.grid
    draw_form_scaled(c, form, area, scale)
    c.setStrokeColor(INK)
    c.setLineWidth(pdf.pt(0.8))
    c.rect(area.x, area.y, area.w, area.h, stroke=1, fill=0)
    sx, sy = g.step
    for col, row in g.cells():
        w = g.window(col, row)
        seen = table_window(g, col, row)
        if seen is None:
            continue
        x, y = area.x + seen.x * scale, area.y + seen.y * scale
        cw, ch = seen.w * scale, seen.h * scale
        # The part no later page covers: the label goes there, and the hatching of a page left out.
        own_w = (min(w.x + (sx if col < g.cols - 1 else w.w), g.table_w) - seen.x) * scale
        own_h = (min(w.y + (sy if row < g.rows - 1 else w.h), g.table_h) - seen.y) * scale
        printed = plan.is_printed((col, row))
        if plan.is_covered((col, row)):  # its track is on the map, greyed: its neighbours print it
            c.setFillColor(Color(1, 1, 1, 0.6))
            c.rect(x, y, own_w, own_h, stroke=0, fill=1)
        if not printed:
            pdf.hatch(c, x, y, own_w, own_h, spacing=2.0, colour=pdf.LIGHT, width=0.25)
        c.setStrokeColor(Color(0.1, 0.3, 0.75) if printed else pdf.LIGHT)
        c.setLineWidth(pdf.pt(0.5))
        c.rect(x, y, cw, ch, stroke=1, fill=0)
        label = tile_label(col, row)
        size = max(pdf.MIN_PT, min(10.0, own_w * 0.9 / max(pdf.width_mm(label, 1.0, BOLD), 1e-6),
                            own_h * 0.5 / pdf.pt(1.0)))
        text(c, x + own_w / 2, y + own_h / 2, label, size, BOLD, "middle",
             Color(0.1, 0.3, 0.75) if printed else GREY, middle=True, halo=white if printed else None)


def table_size_text(width_mm: float, height_mm: float, units: str) -> str:
    """The table in the document's units: "1828.8 × 1219.2 mm", "72 × 48 in"."""
    if units == "mm":
        return f"{fmt_mm(width_mm)} × {fmt_mm(height_mm)} mm"
    return format_size(width_mm, height_mm, units)


def _draw_info(c: Canvas, document: TrackDocument, plan: TilePlan, box: Rect) -> None:
    parts = parts_list(document)
    two = box.w > 120
    col_w = box.w / 2 - 4 if two else box.w
    y = box.y
    text(c, box.x, y + 3, _("Parts on this track"), 9, BOLD)
    y += 6
    rows = (len(parts) + 1) // 2 if two else len(parts)
    for i, (key, count) in enumerate(parts or [(N_("(no elements)"), 0)]):
        name = _(key)
        col, r = (divmod(i, rows) if two and rows else (0, i))
        x = box.x + col * (col_w + 8)
        yy = y + r * 4.2 + 3
        text(c, x, yy, pdf.truncate(name, col_w - 12, 8), 8)
        if count:
            text(c, x + col_w, yy, f"{count}", 8, BOLD, "end")
            c.setStrokeColor(pdf.LIGHT)
            c.setLineWidth(pdf.pt(0.3))
            c.setDash([0.4, 1.2])
            c.line(x + pdf.width_mm(name, 8) + 1.5, yy, x + col_w - 6, yy)
            c.setDash([])
    y += max(rows, 1) * 4.2 + 6
    text(c, box.x, y + 3, _("Putting it together"), 9, BOLD)
    y += 6
    for i, step in enumerate(INSTRUCTIONS, 1):
        lines = pdf.wrap(_(step), box.w - 6, 8)
        text(c, box.x, y + 3, f"{i}.", 8, BOLD)
        y = pdf.paragraph(c, box.x + 5, y + 0.2, lines, 8) + 1.2


# --- tile pages ----------------------------------------------------------------------------------
def _tile_page(c: Canvas, document: TrackDocument, plan: TilePlan, cell: tuple[int, int], form: str,
               page_no: int, total: int, ink_saver: bool, repeats: Repeats) -> None:
    """One tile page; what every page draws alike (glue strips, registration marks, calibration bars) is
    drawn on the first and copied on the others through `repeats`."""
    g = plan.grid
    paper, area = g.paper, g.content
    col, row = cell
    window = g.window(col, row)
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        c.saveState()
        clip = c.beginPath()
        clip.rect(area.x, area.y, area.w, area.h)
        c.clipPath(clip, stroke=0, fill=0)
        c.translate(area.x - window.x, area.y - window.y)
        c.doForm(form)
        c.setStrokeColor(GREY)
        c.setLineWidth(pdf.pt(0.6))
        c.setDash([3, 2])
        c.rect(0, 0, document.table.width_mm, document.table.height_mm, stroke=1, fill=0)
        c.restoreState()
        neighbours = {side: n for side, n in g.neighbours(col, row).items()}
        ov = g.overlap_mm
        for side, strip in (("right", Rect(area.right - ov, area.y, ov, area.h)),
                            ("down", Rect(area.x, area.bottom - ov, area.w, ov))):
            if ov > 0 and side in neighbours and plan.is_printed(neighbours[side]):
                _glue_strip(c, strip, ink_saver, side == "right", repeats)
        c.setStrokeColor(GREY)
        c.setLineWidth(pdf.pt(0.25))
        c.rect(area.x, area.y, area.w, area.h, stroke=1, fill=0)
        marks = [(x, y, 2.5) for x, y in area.corners()]
        for side, n in neighbours.items():
            if ov > 0 and plan.is_printed(n):
                marks.extend((x, y, min(2.5, ov * 0.28)) for x, y in shared_marks(area, side, ov))
        _repeated(c, repeats, ("marks", tuple(marks)), lambda: _registration_marks(c, marks))
        _annotate(c, document, plan, cell, page_no, total, repeats)


def _registration_marks(c: Canvas, marks: list[tuple[float, float, float]]) -> None:
    for x, y, radius in marks:
        pdf.registration_mark(c, x, y, radius)


def _glue_strip(c: Canvas, strip: Rect, ink_saver: bool, vertical: bool, repeats: Repeats) -> None:
    """Shade the strip the next page covers, and dash the line where that page's edge will lie."""
    c.saveState()
    if ink_saver:
        pdf.hatch(c, strip.x, strip.y, strip.w, strip.h, spacing=4.0, colour=GREY, width=0.15)
    else:
        c.setFillColor(GLUE)
        c.rect(strip.x, strip.y, strip.w, strip.h, stroke=0, fill=1)
    c.setStrokeColor(GREY)
    c.setLineWidth(pdf.pt(0.5))
    c.setDash([2, 2])
    if vertical:
        c.line(strip.x, strip.y, strip.x, strip.bottom)
    else:
        c.line(strip.x, strip.y, strip.right, strip.y)
    c.restoreState()
    # A quarter of the way along, clear of the neighbour's label at the middle of the edge.
    cx, cy = (strip.centre[0], strip.y + strip.h / 4) if vertical else (strip.x + strip.w / 4, strip.centre[1])
    label = _("glue under the next page")
    _repeated(c, repeats, ("glue", cx, cy, label, vertical, ink_saver), lambda: text(
        c, cx, cy, label, 6, FONT, "middle", INK, middle=True, angle=90 if vertical else 0,
        halo=None if ink_saver else white))


def _repeated(c: Canvas, repeats: Repeats, key: tuple, draw: Callable[[], None]) -> None:
    """`repeats.draw`, keyed also by the page's transparency in force (Repeats leaves it out: a copy of a
    drawing that set none is only the same where none is set). Nothing repeated here sets any: the
    translucent glue is drawn every time, as it registers its transparency on each page."""
    repeats.draw((key, tuple(sorted(c._extgstate._d.items()))), draw)


def _annotate(c: Canvas, document: TrackDocument, plan: TilePlan, cell: tuple[int, int], page_no: int,
              total: int, repeats: Repeats) -> None:
    """Labels, neighbours and calibration bars in the margins (at least `TILE_MARGIN_MM`: never on the track)."""
    g = plan.grid
    paper: Paper = g.paper
    W, H, m = paper.width_mm, paper.height_mm, g.margin_mm
    a = m - 3.5  # distance of the annotation line from the page edge
    neighbours = g.neighbours(*cell)

    def left_out(n: tuple[int, int]) -> str:
        """Why neighbour `n` has no page to glue to ("" when it is printed)."""
        if plan.is_printed(n):
            return ""
        return _(" (not printed)") if plan.is_covered(n) else _(" (empty)")

    def neighbour_name(side: str) -> str:
        n = neighbours[side]
        return tile_label(*n) + left_out(n)

    own = tile_label(*cell)
    own_w = pdf.width_mm(own, 10, BOLD)
    up_w = pdf.arrow_label_width(neighbour_name("up"), 8) if "up" in neighbours else 0.0
    right_text = _("page {n} of {total} · scale 1:1").format(n=page_no, total=total)
    x0, x1 = m + 6.0, W - m - 6.0  # clear of the registration marks on the corners
    name_room = W / 2 - up_w / 2 - 4 - (x0 + own_w + 3)
    name = pdf.truncate(document.name, name_room, 7)
    text(c, x0, a, own, 10, BOLD, middle=True)
    text(c, x0 + own_w + 3, a, name, 7, FONT, middle=True)
    text(c, x1, a, right_text, 6.5, FONT, "end", GREY, middle=True)
    if "up" in neighbours:
        pdf.label_with_arrow(c, W / 2, a, neighbour_name("up"), "up")
    if "down" in neighbours:
        label = neighbour_name("down")
        cx = W / 2 if paper.orientation == "landscape" else (W + 112) / 2  # right of the cross bar in portrait
        pdf.label_with_arrow(c, cx, H - a, label, "down")
    landscape = paper.orientation == "landscape"
    # A side margin is narrow: the name must stay between the paper's edge and the content, and a page
    # left out says so on a line of its own, turned to run down the margin.
    side_room = 2 * min(a - 1.0, m - a - 0.3)
    for side, x in (("left", a), ("right", W - a)):
        if side in neighbours:
            note = left_out(neighbours[side]).strip()
            label = tile_label(*neighbours[side])
            size = pdf.fit_size(label, side_room, 8, BOLD)
            cy = (H + 112) / 2 if landscape and side == "left" else H / 2  # below the cross bar on the left
            pdf.triangle(c, x, cy - 2.2, side, 2.4)
            text(c, x, cy + 1.8, label, size, BOLD, "middle", middle=True)
            if note:
                text(c, x, cy + 4.5, note, 6, FONT, "start", GREY, middle=True, angle=90)
    _repeated(c, repeats, ("bars", paper, m, a), lambda: calibration_bars(c, paper, m, a))


# --- entry points ----------------------------------------------------------------------------------
def render_track(c: Canvas, document: TrackDocument, ruleset: Ruleset,
                 options: TrackPrintOptions = TrackPrintOptions(), plan: TilePlan | None = None,
                 define_form: Callable[[Canvas], str] | None = None) -> int:
    """Append the assembly map and the tile pages to `c`; returns the number of pages drawn.

    `define_form(c)` lets a game system draw the table its own way (a board of spaces): it records one
    form XObject in table mm, y down, and returns its name; by default the track and its elements."""
    plan = plan or plan_tiles(document, ruleset, options)
    form = (define_form(c) if define_form is not None
            else define_track_form(c, document, ruleset, options.ink_saver, reach_rings=options.reach_rings))
    _map_page(c, document, plan, form, options)
    c.showPage()
    repeats = Repeats(c)
    for number, cell in enumerate(plan.printed, start=2):
        _tile_page(c, document, plan, cell, form, number, plan.page_count, options.ink_saver, repeats)
        c.showPage()
    return plan.page_count


def render_tile_pages(c: Canvas, document: TrackDocument, plan: TilePlan, form: str, ink_saver: bool = False) -> int:
    """Only the tile pages of `plan` (no assembly map), numbered among themselves: a game system's own 1:1
    print of one thing larger than a sheet (a cut-out piece) whose drawing is the form `form`."""
    total = len(plan.printed)
    repeats = Repeats(c)
    for number, cell in enumerate(plan.printed, start=1):
        _tile_page(c, document, plan, cell, form, number, total, ink_saver, repeats)
        c.showPage()
    return total


def write_track_pdf(out: Output, document: TrackDocument, ruleset: Ruleset | None = None,
                    options: TrackPrintOptions = TrackPrintOptions()) -> int:
    """Write the 1:1 tiled track (map first) to a binary file object or a path; returns the page count."""
    get_paper(options.paper)
    ruleset = ruleset or load_ruleset(document.ruleset)
    plan = plan_tiles(document, ruleset, options)
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, document.name, _("1:1 track tiles"))
    pages = render_track(c, document, ruleset, options, plan)
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
