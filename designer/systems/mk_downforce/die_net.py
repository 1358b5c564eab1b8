"""The `die` print of Mario Kart for Downforce: the item die as cube nets to cut, fold and glue, and round
stickers for a blank die instead.

Sheet 1 fills the page with nets (`cube_net.CROSS`) at the print option `die_size` (mm, the rule data's
default): faces are white squares of exactly that size, each with its item's picture and translated name, cut
lines solid, fold lines dashed, grey glue tabs (one per pair of edges that meet, `cube_net.tabs`). The
printed side is the outside; the two equal faces (Coins) land on opposite sides (`cube_net.place_faces`).
Sheet 2 fills the page with sets of six round stickers, 0.8 × the die size across, outlined to cut.
Both carry a 100 mm calibration bar and the kit's sizes note. Drawn with reportlab in mm, y down; no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING

from reportlab.lib.colors import white
from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf, sheet_marks
from designer.export.element_art import coin_face
from designer.export.item_art import draw_item
from designer.export.options import PrintJob
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Paper, Rect, check_margin, fmt_mm, get_paper
from designer.export.pdf import BOLD, FONT, GREY, INK, PALE, text
from designer.i18n import _, ngettext
from designer.systems.mk_downforce import cube_net
from designer.systems.mk_downforce.rule_data import die_face, downforce_rules, kit_note

if TYPE_CHECKING:
    from designer.export.cutfile import CutPart

HEADER_MM = 17.0
FOOTER_MM = 14.0
KEY_MM = 9.0
STICKER_SCALE = 0.8
CUT_LW = 0.25
FOLD_DASH = (1.2, 0.9)


def twins(job: PrintJob, how: str) -> str:
    """`how` followed by where the die's two equal faces go, in the current language (none: `how` alone)."""
    faces = found.item_die_faces if (found := downforce_rules(job.ruleset)) else []
    twin = next((name for name in faces if faces.count(name) == 2), None)
    if twin is None:
        return how
    return how + " " + _("The two {face} faces go on opposite sides.").format(
        face=die_face(job.ruleset, twin))


def die_faces(job: PrintJob) -> list[str]:
    """The rule data's six faces in the net's cell order (equal faces on opposite sides)."""
    rules = downforce_rules(job.ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no Downforce rules").format(id=job.ruleset.id))
    return cube_net.place_faces(cube_net.CROSS, rules.item_die_faces)


# --- pictures ----------------------------------------------------------------------------------------
def face_picture(p: Painter, name: str, cx: float, cy: float, size: float) -> None:
    """A face's picture centred on (cx, cy) within `size` mm: a pile of coins for "Coins", else the item."""
    if "coin" not in name.casefold():
        draw_item(p, name, cx, cy, size)
        return
    r = size * 0.24
    for dx, dy in ((-0.2, 0.16), (0.2, 0.16), (0.0, -0.17)):  # the back two first, the top one last
        p.c.saveState()
        p.c.translate(cx + dx * size, cy + dy * size)
        coin_face(p, r)
        p.c.restoreState()


def face_label(job: PrintJob, name: str, width: float) -> tuple[list[str], float] | None:
    """A face's name on one or two lines that fit a face `width` mm across, whole and at ≥ pdf.MIN_PT, or None
    when they do not (a small die): then the faces show pictures only and the page has a key."""
    label = die_face(job.ruleset, name)
    room = width * 0.86
    one = pdf.fit_size(label, room, min(8.0, width * 0.42), BOLD)
    if pdf.fits(label, room, one, BOLD):
        return [label], one
    size = min(8.0, width * 0.3)
    while size >= pdf.MIN_PT:
        lines = pdf.wrap(label, room, size, BOLD)
        if len(lines) <= 2 and all(pdf.fits(word, room, size, BOLD) for word in label.split()):
            return lines, size
        size -= 0.25
    return None


def labelled(job: PrintJob, width: float) -> bool:
    """Whether every face of the die carries its name at `width` mm across (else the page prints a key)."""
    return all(face_label(job, name, width) is not None for name in die_faces(job))


def _face(c: Canvas, p: Painter, job: PrintJob, name: str, cx: float, cy: float, width: float,
          named: bool = True) -> None:
    """Picture above, name below, for a face or sticker `width` mm across centred on (cx, cy); a face that is
    not `named` shows its picture alone, larger (the page's key names it)."""
    fitted = face_label(job, name, width) if named else None
    if fitted is None:
        face_picture(p, name, cx, cy, width * 0.72)
        return
    lines, size = fitted
    if len(lines) == 1:
        face_picture(p, name, cx, cy - width * 0.1, width * 0.6)
        text(c, cx, cy + width * 0.36, lines[0], size, BOLD, "middle")
        return
    face_picture(p, name, cx, cy - width * 0.17, width * 0.46)
    step = pdf.pt(size) * 1.1
    for i, line in enumerate(lines):
        text(c, cx, cy + width * 0.42 - (1 - i) * step, line, size, BOLD, "middle")


def _key(c: Canvas, p: Painter, job: PrintJob, box: Rect) -> None:
    """Each face's picture with its name beside it, in a row across `box` (for faces too small to name)."""
    names = list(dict.fromkeys(die_faces(job)))
    cell = box.w / len(names)
    pic = min(box.h, 7.0)
    for i, name in enumerate(names):
        x = box.x + i * cell
        face_picture(p, name, x + pic / 2, box.y + box.h / 2, pic)
        lines, size = pdf.fit_lines(die_face(job.ruleset, name), cell - pic - 2.0, 7.5, BOLD)
        pdf.lines_middle(c, x + pic + 1.0, box.y + box.h / 2, lines, size, BOLD)


# --- page furniture ----------------------------------------------------------------------------------
def _furniture(c: Canvas, job: PrintJob, page: Rect, title: str, note: str, how: str) -> None:
    """Title and count, the instructions, the calibration bar and the kit's sizes note."""
    note_w = pdf.width_mm(note, 7)
    text(c, page.x, page.y + 4.5, *pdf.fit_line(title, page.w - note_w - 4, 12, BOLD), BOLD)
    text(c, page.right, page.y + 4.5, note, 7, FONT, "end", GREY)
    lines, size = pdf.fit_paragraph(how, page.w, 8.0, 8, FONT, min_pt=5.5)
    pdf.paragraph(c, page.x, page.y + 7.5, lines, size, FONT, INK)
    bar = min(100.0, page.w - 20)
    pdf.calibration_bar(c, page.x, page.bottom - FOOTER_MM + 2, bar, 10, _("{mm} mm").format(mm=fmt_mm(bar)))
    sheet_marks.margin_bars(c, get_paper(job.options.paper).portrait(), page, across=False)
    kit = kit_note(job.ruleset)
    if kit:
        lines, size = pdf.fit_paragraph(kit, page.w, FOOTER_MM - 6.5, 6.5, FONT, min_pt=4.5)
        pdf.paragraph(c, page.x, page.bottom - FOOTER_MM + 6.5, lines, size, FONT, GREY)


def _page(job: PrintJob, key: bool = False) -> tuple[Paper, Rect, Rect]:
    """The paper, its margin box and the area between heading (and the faces' key, when there is one) and foot."""
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    top = HEADER_MM + (KEY_MM if key else 0.0)
    return paper, page, Rect(page.x, page.y + top, page.w, page.h - top - FOOTER_MM)


def _key_box(page: Rect) -> Rect:
    return Rect(page.x, page.y + HEADER_MM, page.w, KEY_MM - 2.0)


def grid(area: Rect, w: float, h: float, gap: float) -> list[tuple[float, float]]:
    """Top-left corners of as many w × h boxes as fit in `area`, `gap` apart, the block centred across."""
    cols, rows = int((area.w + gap) // (w + gap)), int((area.h + gap) // (h + gap))
    left = area.x + (area.w - (cols * w + (cols - 1) * gap)) / 2
    return [(left + i * (w + gap), area.y + j * (h + gap)) for j in range(rows) for i in range(cols)]


# --- the nets ----------------------------------------------------------------------------------------
def net_layout(job: PrintJob) -> tuple[float, list[tuple[float, float]]]:
    """The die size and where each net's (face-unit) origin lands on sheet 1."""
    s = float(job.setting("die_size"))
    _paper, _box, area = _page(job, key=not labelled(job, s))
    left, top, right, bottom = cube_net.bounds(cube_net.CROSS, cube_net.tabs(cube_net.CROSS))
    spots = grid(area, (right - left) * s, (bottom - top) * s, max(2.0, s * 0.12))
    if not spots:
        raise LayoutError(_("the net of a {mm} mm die does not fit on {paper}").format(
            mm=fmt_mm(s), paper=get_paper(job.options.paper).name))
    return s, [(x - left * s, y - top * s) for x, y in spots]


def _line(c: Canvas, a: tuple[float, float], b: tuple[float, float], dashed: bool) -> None:
    c.saveState()
    c.setLineCap(1 if not dashed else 0)
    c.setLineWidth(CUT_LW if not dashed else pdf.pt(0.5))
    c.setStrokeColor(INK if not dashed else GREY)
    c.setDash(list(FOLD_DASH) if dashed else [])
    c.line(a[0], a[1], b[0], b[1])
    c.restoreState()


def draw_net(c: Canvas, p: Painter, job: PrintJob, faces: Sequence[str], ox: float, oy: float, s: float,
             named: bool = True) -> None:
    """One net with its face-unit origin at (ox, oy), faces `s` mm (their names on them when `named`)."""
    cells = cube_net.CROSS

    def at(point: tuple[float, float]) -> tuple[float, float]:
        return ox + point[0] * s, oy + point[1] * s

    tabs = cube_net.tabs(cells)
    tabbed = {t.edge for t in tabs}
    for tab in tabs:
        corners = [at(q) for q in tab.polygon]
        if not p.ink_saver:
            c.setFillColor(PALE)
            c.drawPath(pdf.polygon_path(c, corners), stroke=0, fill=1)
        for a, b in zip(corners[1:], corners[2:] + corners[:1], strict=True):  # the three sides off the face
            _line(c, a, b, dashed=False)
    for (x, y), name in zip(cells, faces, strict=True):
        c.setFillColor(white)
        c.rect(ox + x * s, oy + y * s, s, s, stroke=0, fill=1)  # the face square a test measures
        _face(c, p, job, name, ox + (x + 0.5) * s, oy + (y + 0.5) * s, s, named)
    for edge in cube_net.free_edges(cells):
        a, b = cube_net.segment(cells, edge)
        _line(c, at(a), at(b), dashed=edge in tabbed)
    for a, b in cube_net.fold_lines(cells):
        _line(c, at(a), at(b), dashed=True)


def _nets_page(c: Canvas, job: PrintJob) -> None:
    paper, page, _area = _page(job)
    s, spots = net_layout(job)
    faces = die_faces(job)
    named = labelled(job, s)
    p = Painter(c, job.options.ink_saver)
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        if not named:
            _key(c, p, job, _key_box(page))
        _furniture(c, job, page, _("Item die: cube net ({mm} mm)").format(mm=fmt_mm(s)),
                   ngettext("{n} net · print at 100 %", "{n} nets · print at 100 %", len(spots)).format(
                       n=len(spots)),
                   twins(job, _("Printed side out: cut along the solid lines, fold every dashed line away from you "
                                "and glue each grey tab under the face it meets.")))
        for ox, oy in spots:
            draw_net(c, p, job, faces, ox, oy, s, named)
    c.showPage()


# --- the stickers ------------------------------------------------------------------------------------
def sticker_layout(job: PrintJob) -> tuple[float, float, list[tuple[float, float]]]:
    """(diameter, gap, top-left corner of each set) on sheet 2; a set is 3 across, 2 down."""
    s = float(job.setting("die_size"))
    d = s * STICKER_SCALE
    gap = max(2.5, d * 0.2)
    _paper, _page_box, area = _page(job, key=not labelled(job, sticker_width(d)))
    spots = grid(area, 3 * d + 2 * gap, 2 * d + gap, gap * 2.5)
    if not spots:
        raise LayoutError(_("the stickers of a {mm} mm die do not fit on {paper}").format(
            mm=fmt_mm(s), paper=get_paper(job.options.paper).name))
    return d, gap, spots


def sticker_width(d: float) -> float:
    """How wide a sticker's picture and name may be: the square a round sticker `d` mm across holds, a little more."""
    return d * math.sqrt(0.5) * 1.12


def sticker_centres(d: float, gap: float, x: float, y: float) -> list[tuple[float, float]]:
    return [(x + d / 2 + i * (d + gap), y + d / 2 + j * (d + gap)) for j in range(2) for i in range(3)]


def _stickers_page(c: Canvas, job: PrintJob) -> None:
    paper, page, _area = _page(job)
    d, gap, spots = sticker_layout(job)
    faces = die_faces(job)
    p = Painter(c, job.options.ink_saver)
    s = float(job.setting("die_size"))
    named = labelled(job, sticker_width(d))
    pdf.start_page(c, paper)
    with pdf.mm_frame(c, paper):
        if not named:
            _key(c, p, job, _key_box(page))
        _furniture(c, job, page, _("Item die: stickers for a blank die"),
                   ngettext("{n} set of six · print at 100 %", "{n} sets of six · print at 100 %", len(spots)).format(
                       n=len(spots)),
                   twins(job, _("Cut out one set of six along the round outlines and stick them on a blank die "
                                "of {mm} mm, one a side.").format(mm=fmt_mm(s))))
        for x, y in spots:
            for (cx, cy), name in zip(sticker_centres(d, gap, x, y), faces, strict=True):
                c.setFillColor(white)
                c.setStrokeColor(INK)
                c.setLineWidth(CUT_LW)
                c.circle(cx, cy, d / 2, stroke=1, fill=1)
                _face(c, p, job, name, cx, cy, sticker_width(d), named)
    c.showPage()


# --- the cutter file --------------------------------------------------------------------------------
def cut_parts(job: PrintJob) -> list[CutPart]:
    """One net as a cutter-file part at the print option `die_size`: faces and tabs cut as one outline, the
    fold lines (between faces, and where each tab meets its face) scored, each face's name engraved."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    from designer.export.cutfile import CutPart, Engraving

    s = float(job.setting("die_size"))
    cells = cube_net.CROSS
    tabs = cube_net.tabs(cells)

    def mm(points: Sequence[tuple[float, float]]) -> list[tuple[float, float]]:
        return [(x * s, y * s) for x, y in points]

    outline = unary_union([Polygon(mm(cube_net.square(cell))) for cell in cells]
                          + [Polygon(mm(t.polygon)) for t in tabs])
    folds = [tuple(mm(line)) for line in cube_net.fold_lines(cells)]
    folds += [tuple(mm(cube_net.segment(cells, t.edge))) for t in tabs]
    names = []
    for (x, y), name in zip(cells, die_faces(job), strict=True):
        label = die_face(job.ruleset, name)
        size = min(s * 0.22, s * 0.85 / max(1, len(label)) / 0.6)
        names.append(Engraving(label, (x + 0.5) * s, (y + 0.5) * s, size))
    return [CutPart(outline, tuple(folds), tuple(names), _("Item die: cube net ({mm} mm)").format(mm=fmt_mm(s)))]


def render_die(c: Canvas, job: PrintJob) -> int:
    """Sheet 1, the nets; sheet 2, the stickers. Returns the pages drawn."""
    _nets_page(c, job)
    _stickers_page(c, job)
    return 2
