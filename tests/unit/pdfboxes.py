"""Where a PDF's text and shapes land, with pdfminer.six: every text run (one Tj: what `pdf.text()` draws in
one pass) with the box its glyphs cover and its printed size in points, and every drawn rectangle or curve's
box, per page, in page millimetres with y down (the export code's own frame).

`overflows(page, boxes)` is the no-overflow check: a run must lie across inside the smallest drawn shape
(or given layout box) around its centre, inside the smallest given layout box around its centre top to
bottom as well, must not reach into a drawn shape from outside, and must not overlap another run.
"""

from __future__ import annotations

import io
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from pdfminer.converter import PDFPageAggregator
from pdfminer.layout import LTChar, LTCurve
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.utils import mult_matrix

from designer.export.paper import MM, Rect

TOLERANCE_MM = 0.25
MIN_SHAPE_MM = 4.5  # smaller shapes (ticks, dots, corner marks) are no text's container


@dataclass(frozen=True)
class Run:
    text: str
    box: Rect
    size_pt: float = 0.0  # the font size as printed on the page (text matrix and CTM applied)

    @property
    def centre(self) -> tuple[float, float]:
        return self.box.centre


@dataclass
class Page:
    number: int
    width_mm: float
    height_mm: float
    runs: list[Run]
    shapes: list[Rect]


class _Recorder(PDFPageAggregator):
    """Notes which characters each text-showing operator drew."""

    def __init__(self, rsrcmgr: PDFResourceManager) -> None:
        super().__init__(rsrcmgr, laparams=None)
        self.groups: list[list[LTChar]] = []
        self.sizes: list[float] = []

    def begin_page(self, page, ctm) -> None:
        super().begin_page(page, ctm)
        self.groups = []
        self.sizes = []

    def render_string(self, textstate, seq, ncs, graphicstate) -> None:
        before = len(self.cur_item._objs)
        super().render_string(textstate, seq, ncs, graphicstate)
        chars = [o for o in self.cur_item._objs[before:] if isinstance(o, LTChar)]
        if chars:
            a, b, c, d, _e, _f = mult_matrix(textstate.matrix, self.ctm)
            self.groups.append(chars)
            self.sizes.append(textstate.fontsize * math.sqrt(abs(a * d - b * c)))


def _rect(x0: float, y0: float, x1: float, y1: float, height_pt: float) -> Rect:
    return Rect(x0 / MM, (height_pt - y1) / MM, (x1 - x0) / MM, (y1 - y0) / MM)


def pages(data: bytes) -> list[Page]:
    manager = PDFResourceManager()
    device = _Recorder(manager)
    interpreter = PDFPageInterpreter(manager, device)
    out = []
    for number, page in enumerate(PDFPage.get_pages(io.BytesIO(data)), 1):
        interpreter.process_page(page)
        layout = device.get_result()
        h = layout.height
        runs = []
        for chars, size in zip(device.groups, device.sizes, strict=True):
            text = "".join(ch.get_text() for ch in chars).strip()
            if not text:
                continue
            drawn = [ch for ch in chars if ch.get_text().strip()]
            runs.append(Run(text, _rect(min(c.x0 for c in drawn), min(c.y0 for c in drawn),
                                        max(c.x1 for c in drawn), max(c.y1 for c in drawn), h), size))
        shapes = [_rect(*o.bbox, h) for o in layout if isinstance(o, LTCurve)]  # LTRect and LTLine are curves
        out.append(Page(number, layout.width / MM, h / MM, runs, shapes))
    return out


def _inside(point: tuple[float, float], r: Rect) -> bool:
    return r.x <= point[0] <= r.right and r.y <= point[1] <= r.bottom


def _area(r: Rect) -> float:
    return r.w * r.h


def overflows(page: Page, boxes: Sequence[Rect] = (), check_overlap: bool = True) -> list[str]:
    """What runs outside its box on this page, one line each (empty: everything fits).

    `boxes` are layout boxes (a card's panel, a token's outline …): a run whose centre is in one must lie in
    the smallest of them, across and top to bottom. Across, drawn shapes count as boxes too."""
    t = TOLERANCE_MM
    problems = []
    paper = Rect(0, 0, page.width_mm, page.height_mm)
    shapes = [s for s in page.shapes if s.w >= MIN_SHAPE_MM and s.h >= MIN_SHAPE_MM]
    for run in page.runs:
        if not any(ch.isalnum() for ch in run.text):
            continue  # art drawn with a glyph ("?" on an item box, "!" on a hazard), not words
        b = run.box
        where = f"page {page.number}: {run.text!r}"
        if b.x < paper.x - t or b.right > paper.right + t or b.y < paper.y - t or b.bottom > paper.bottom + t:
            problems.append(f"{where} runs off the paper")
            continue
        home = [r for r in boxes if _inside(run.centre, r)]
        if home:
            box = min(home, key=_area)
            if b.x < box.x - t or b.right > box.right + t or b.y < box.y - t or b.bottom > box.bottom + t:
                problems.append(f"{where} runs outside its box {_show(box)} (text {_show(b)})")
                continue
        around = [r for r in (*shapes, *boxes) if _inside(run.centre, r)]
        if around:
            box = min(around, key=_area)
            if b.x < box.x - t or b.right > box.right + t:
                problems.append(f"{where} runs across the edge of {_show(box)} (text {_show(b)})")
                continue
        into = next((s for s in shapes if _meets(b, s) and not _inside(run.centre, s) and not _holds(s, b)), None)
        if into is not None:
            problems.append(f"{where} runs into the shape {_show(into)} (text {_show(b)})")
    if check_overlap:
        problems += _overlaps(page)
    return problems


def _meets(a: Rect, b: Rect) -> bool:
    t = TOLERANCE_MM
    return a.x < b.right - t and b.x < a.right - t and a.y < b.bottom - t and b.y < a.bottom - t


def _holds(outer: Rect, inner: Rect) -> bool:
    t = TOLERANCE_MM
    return (outer.x - t <= inner.x and inner.right <= outer.right + t and outer.y - t <= inner.y
            and inner.bottom <= outer.bottom + t)


def _overlaps(page: Page) -> list[str]:
    seen: list[Run] = []
    out = []
    for run in page.runs:
        b = run.box
        for other in seen:
            o = other.box
            if other.text == run.text and abs(o.x - b.x) < 0.01 and abs(o.y - b.y) < 0.01:
                continue  # a halo or outline pass of the same text
            if _meets(b, o):
                out.append(f"page {page.number}: {run.text!r} overlaps {other.text!r}")
        seen.append(run)
    return out


def _show(r: Rect) -> str:
    return f"[{r.x:.1f}, {r.y:.1f} – {r.right:.1f}, {r.bottom:.1f}]"


def all_overflows(data: bytes, boxes_of: Iterable[Sequence[Rect]] | None = None,
                  check_overlap: bool = True) -> list[str]:
    """`overflows` of every page; `boxes_of` gives each page's layout boxes in page order."""
    found = pages(data)
    boxes = list(boxes_of) if boxes_of is not None else [()] * len(found)
    out = []
    for page, page_boxes in zip(found, boxes + [()] * (len(found) - len(boxes)), strict=False):
        out += overflows(page, page_boxes, check_overlap)
    return out
