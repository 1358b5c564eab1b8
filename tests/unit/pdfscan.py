"""Read back what a PDF draws, with pypdf: operators with their current transformation matrix.

`ops(page)` walks a page's content stream, keeping the CTM through q/Q/cm, and (optionally) descends
into form XObjects placed with Do. `rects(page)` turns every `re` into its box on the page in points, and
`text_runs(page)` decodes every Tj through its font's ToUnicode map (embedded TrueType subsets number
their glyphs, so the raw bytes are not the text).
"""

from __future__ import annotations

import io
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from pypdf import PdfReader
from pypdf.generic import ContentStream

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}
PAINTS = FILLS | {b"S", b"s"}
MM_PT = 72 / 25.4  # points per millimetre


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF row-vector convention: `cm` m makes CTM = m × CTM)."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = m
    return (a * x + c * y + e, b * x + d * y + f)


@dataclass(frozen=True)
class Op:
    name: bytes
    operands: list
    ctm: Matrix
    in_form: bool
    resources: object = None


def reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def ops(page, pdf: PdfReader, into_forms: bool = False) -> Iterator[Op]:
    yield from _walk(page.get_contents(), page.get("/Resources"), pdf, IDENTITY, into_forms, False)


def _walk(stream, resources, pdf, ctm: Matrix, into_forms: bool, in_form: bool) -> Iterator[Op]:
    if stream is None:
        return
    stack: list[Matrix] = []
    for operands, name in ContentStream(stream, pdf).operations:
        if name == b"q":
            stack.append(ctm)
        elif name == b"Q":
            ctm = stack.pop()
        elif name == b"cm":
            ctm = multiply(tuple(float(v) for v in operands), ctm)  # type: ignore[arg-type]
        yield Op(name, operands, ctm, in_form, resources)
        if name == b"Do" and into_forms and resources is not None:
            xobject = resources["/XObject"][operands[0]].get_object()
            if xobject.get("/Subtype") == "/Form":
                matrix = tuple(float(v) for v in xobject.get("/Matrix", IDENTITY))
                yield from _walk(xobject, xobject.get("/Resources"), pdf, multiply(matrix, ctm), into_forms, True)


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0


def rects(page, pdf: PdfReader) -> list[Box]:
    """Every `re` on the page (not inside forms) as a box in page points."""
    out = []
    for op in ops(page, pdf):
        if op.name == b"re":
            x, y, w, h = (float(v) for v in op.operands)
            corners = [apply(op.ctm, px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
            xs, ys = [p[0] for p in corners], [p[1] for p in corners]
            out.append(Box(min(xs), min(ys), max(xs), max(ys)))
    return out


def fill_count(page, pdf: PdfReader, into_forms: bool = True) -> int:
    return sum(1 for op in ops(page, pdf, into_forms) if op.name in FILLS)


def operator_counts(page, pdf: PdfReader) -> Counter:
    return Counter(op.name for op in ops(page, pdf))


def segments(page, pdf: PdfReader) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """Straight line segments (m … l) on the page, outside forms, in page points."""
    out = []
    current = None
    for op in ops(page, pdf):
        if op.name == b"m":
            current = apply(op.ctm, float(op.operands[0]), float(op.operands[1]))
        elif op.name == b"l" and current is not None:
            end = apply(op.ctm, float(op.operands[0]), float(op.operands[1]))
            out.append((current, end))
            current = end
    return out


def _to_unicode(font) -> dict[int, str] | None:
    """A simple font's one-byte codes → text, from its ToUnicode CMap (None without one)."""
    if "/ToUnicode" not in font:
        return None
    cmap = font["/ToUnicode"].get_object().get_data().decode("latin-1")
    return {int(code, 16): bytes.fromhex(text).decode("utf-16-be")
            for code, text in re.findall(r"<([0-9A-Fa-f]{2})>\s*<([0-9A-Fa-f]+)>", cmap.split("beginbfchar", 1)[-1])}


def text_runs(page, pdf: PdfReader, into_forms: bool = False) -> list[tuple[Op, str]]:
    """Every Tj with its text (reportlab writes one Tj per run of one font)."""
    out = []
    decode: dict[int, str] | None = None
    for op in ops(page, pdf, into_forms):
        if op.name == b"Tf":
            decode = _to_unicode(op.resources["/Font"][op.operands[0]].get_object())
        elif op.name == b"Tj":
            value = op.operands[0]
            raw = value if isinstance(value, bytes) else value.original_bytes
            text = raw.decode("latin-1") if decode is None else "".join(decode.get(b, "\ufffd") for b in raw)
            out.append((op, text))
    return out


def texts(page, pdf: PdfReader, into_forms: bool = False) -> list[str]:
    """The text of every Tj."""
    return [text for _, text in text_runs(page, pdf, into_forms)]


def path_boxes(data: bytes) -> list[list[tuple[float, float]]]:
    """(width, height) in page mm of every painted path on each page, forms included."""
    pdf = reader(data)
    out = []
    for page in pdf.pages:
        boxes, points = [], []
        for op in ops(page, pdf, into_forms=True):
            values = [float(v) for v in op.operands] if op.name in (b"m", b"l", b"c", b"re") else []
            if op.name == b"re":
                x, y, w, h = values
                values = [x, y, x + w, y + h, x + w, y, x, y + h]
            points += [apply(op.ctm, values[i], values[i + 1]) for i in range(0, len(values), 2)]
            if op.name in PAINTS or op.name == b"n":
                if points and op.name != b"n":
                    xs, ys = [q[0] for q in points], [q[1] for q in points]
                    boxes.append(((max(xs) - min(xs)) / MM_PT, (max(ys) - min(ys)) / MM_PT))
                points = []
        out.append(boxes)
    return out
