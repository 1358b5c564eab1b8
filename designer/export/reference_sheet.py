"""The layout of a rules reference sheet (`kartographer export --what reference`), for any system.

A system hands over its words as blocks — a heading and its bullets — and `render_blocks` sets them in two
portrait columns under a title, one bullet never split across columns and a heading never left alone at a
column's foot. The text shrinks in quarter points (never below `MIN_PT`) until it fits on `max_pages` pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export import pdf
from designer.export.fonts import BOLD, FONT
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.i18n import _

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.export.paper import Paper

MAX_PAGES = 2
START_PT = 8.5
MIN_PT = 6.0
COLUMN_GAP_MM = 7.0
BULLET = "•"

#: A section of the sheet: its heading and its bullets (each one paragraph).
Block = tuple[str, list[str]]
Line = tuple[str, float, str, float]  # text, x offset in the column, font, size
Placed = list[list[tuple[Rect, float, list[Line]]]]


def _flow(sections: list[Block], size: float, col_w: float) -> list[list[tuple[float, list[Line]]]]:
    """Each section as (height, lines), one item per bullet so a bullet never splits across columns."""
    lead = pdf.pt(size) * 1.22
    indent = pdf.width_mm(BULLET + " ", size, FONT)
    out = []
    for heading, bullets in sections:
        items: list[tuple[float, list[Line]]] = [(pdf.pt(size + 1.5) * 1.6, [(heading, 0.0, BOLD, size + 1.5)])]
        for bullet in bullets:
            lines = pdf.wrap(bullet, col_w - indent, size, FONT)
            drawn: list[Line] = [(BULLET, 0.0, FONT, size)]
            drawn += [(line, indent, FONT, size) for line in lines]
            items.append((lead * len(lines) + lead * 0.35, drawn))
        out.append(items)
    return out


def _place(sections: list[list[tuple[float, list[Line]]]], columns: list[Rect]) -> Placed | None:
    """Lay the items into the columns in order (a heading never left alone at a column's foot); None when
    they run out of columns."""
    placed: Placed = [[] for _c in columns]
    col, y = 0, columns[0].y
    for items in sections:
        for index, (height, lines) in enumerate(items):
            need = height + (items[1][0] if index == 0 and len(items) > 1 else 0.0)
            if y + need > columns[col].bottom + 1e-6 and y > columns[col].y:
                col += 1
                if col >= len(columns):
                    return None
                y = columns[col].y
            if y + height > columns[col].bottom + 1e-6:
                return None
            placed[col].append((columns[col], y, lines))
            y += height
        y += 1.5
    return placed


def render_blocks(c: Canvas, job: PrintJob, title: str, blocks: list[Block], max_pages: int = MAX_PAGES,
                  too_long: str | None = None) -> int:
    """The sheet on the fewest pages (at most `max_pages`) at the largest size that fits; returns the pages
    drawn. LayoutError (`too_long`, or the reference sheet's words, with {n} the pages) when even `MIN_PT`
    needs more pages."""
    paper = get_paper(job.options.paper).portrait()
    content = check_margin(paper, max(5.0, job.options.margin(10.0)))
    head = 10.0
    col_w = (content.w - COLUMN_GAP_MM) / 2
    size = START_PT
    while True:
        for pages in range(1, max_pages + 1):
            columns = []
            for page in range(pages):
                top = content.y + (head if page == 0 else 0.0)
                for k in range(2):
                    columns.append(Rect(content.x + k * (col_w + COLUMN_GAP_MM), top, col_w, content.bottom - top))
            placed = _place(_flow(blocks, size, col_w), columns)
            if placed is not None:
                return _draw(c, paper, content, title, placed, pages)
        if size <= MIN_PT:
            raise LayoutError((too_long or _("the rules reference does not fit on {n} pages")).format(n=max_pages))
        size = max(MIN_PT, size - 0.25)


def _draw(c: Canvas, paper: Paper, content: Rect, title: str, placed: Placed, pages: int) -> int:
    for page in range(pages):
        pdf.start_page(c, paper)
        with pdf.mm_frame(c, paper):
            if page == 0:
                pdf.text(c, content.x, content.y + 5.0, *pdf.fit_line(title, content.w, 13.0, BOLD), BOLD)
                c.saveState()
                c.setStrokeColor(pdf.LIGHT)
                c.setLineWidth(pdf.pt(0.6))
                c.line(content.x, content.y + 7.5, content.right, content.y + 7.5)
                c.restoreState()
            for column in placed[page * 2: page * 2 + 2]:
                for rect, y, lines in column:
                    _lines(c, rect, y, lines)
        c.showPage()
    return pages


def _lines(c: Canvas, rect: Rect, y: float, lines: list[Line]) -> None:
    """A heading, or a bullet and its wrapped lines (the bullet on the first line's baseline)."""
    size = lines[0][3]
    lead = pdf.pt(size) * 1.22
    if lines[0][2] == BOLD:
        pdf.text(c, rect.x, y + pdf.pt(size) * 1.1, lines[0][0], size, BOLD)
        return
    baseline = y + pdf.pt(size) * 0.9
    pdf.text(c, rect.x, baseline, BULLET, size, FONT, colour=pdf.GREY)
    for i, (line, dx, font, s) in enumerate(lines[1:]):
        pdf.text(c, rect.x + dx, baseline + i * lead, line, s, font)


def faces(rolls: list[int]) -> str:
    """Die faces as a reader takes them in: "5–6" for a run, "1, 3, 5" otherwise."""
    rolls = sorted(rolls)
    if len(rolls) > 1 and rolls == list(range(rolls[0], rolls[-1] + 1)):
        return f"{rolls[0]}–{rolls[-1]}"
    return ", ".join(str(r) for r in rolls)
