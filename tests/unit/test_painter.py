"""The Painter's PDF operators: which fill rule a path is filled with, and its direct path writing exactly
what reportlab's own calls write."""

from __future__ import annotations

import io
import random

import pytest
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject

from designer.export import operators
from designer.export.painter import Painter
from designer.export.pdf import GREY, INK, darker


def _operators(draw) -> list[str]:
    c = Canvas(io.BytesIO())
    draw(Painter(c))
    return c.getCurrentPageContent().split("\n")


def _square_with_hole(painter: Painter):
    """A square with a square hole, both wound the same way: only the even-odd rule leaves the hole empty."""
    p = painter.new_path()
    for size in (40, 20):
        p.moveTo(-size, -size)
        p.lineTo(size, -size)
        p.lineTo(size, size)
        p.lineTo(-size, size)
        p.close()
    return p


def test_an_even_odd_path_is_filled_by_the_even_odd_rule() -> None:
    ops = _operators(lambda p: p.path(_square_with_hole(p), fill=HexColor("#336699"), stroke=None, even_odd=True))
    assert "f*" in ops and "f" not in ops


def test_other_paths_are_filled_by_the_nonzero_rule() -> None:
    ops = _operators(lambda p: p.path(_square_with_hole(p), fill=HexColor("#336699"), stroke=None))
    assert "f" in ops and "f*" not in ops
    ops = _operators(lambda p: p.circle(0, 0, 5, fill=HexColor("#336699")))
    assert "B" in ops and "B*" not in ops


# --------------------------------------------------------------------------- the direct path

class _ReportlabCalls(Painter):
    """The Painter with its direct path switched off: every shape through reportlab's own calls."""

    def _direct(self, *args):
        return None


_COLOURS = (HexColor("#336699"), HexColor("#ffffff"), Color(0.2, 0.4, 0.6), Color(0.1, 0.2, 0.3, alpha=None),
            darker(HexColor("#e8a33d"), 0.8), CMYKColor(0.1, 0.2, 0.3, 0.4), Color(1, 0, 0, alpha=0.5), INK, GREY)
_DASHES = (None, (), (2, 1), [0.5, 0.25], (20, 20))


def _scribble(painter: Painter, seed: int) -> None:
    """A seeded mix of every shape with every kind of colour, width, dash and fill rule."""
    rng = random.Random(seed)

    def style() -> dict:
        return dict(fill=rng.choice((None, *_COLOURS)), stroke=rng.choice((None, *_COLOURS)),
                    lw=rng.choice((0.05, 0.3, 1.5, rng.uniform(0, 3))), dash=rng.choice(_DASHES))

    for _ in range(60):
        x, y, w, h = (rng.uniform(-50, 50) for _ in range(4))
        shape = rng.randrange(7)
        if shape == 0:
            painter.rect(x, y, abs(w), abs(h), radius=rng.choice((0.0, 2.0)), **style())
        elif shape == 1:
            painter.circle(x, y, abs(w) + 1, **style())
        elif shape == 2:
            painter.poly([(x, y), (w, h), (y, x)], close=rng.random() < 0.5, even_odd=rng.random() < 0.5, **style())
        elif shape == 3:
            painter.ellipse(x, y, abs(w) + 1, abs(h) + 1, **style())
        elif shape == 4:
            painter.line(x, y, w, h, stroke=rng.choice(_COLOURS), lw=rng.uniform(0, 2), dash=rng.choice(_DASHES),
                         cap=rng.choice((0, 1, 2)))
        elif shape == 5:
            painter.label(x, y, "Ab 12", 3.0, rng.choice(_COLOURS), turn=rng.uniform(-180, 180))
        else:
            painter.path(_square_with_hole(painter), even_odd=rng.random() < 0.5, **style())


def _pdf(painter_class: type[Painter], seed: int, ink_saver: bool) -> bytes:
    out = io.BytesIO()
    c = Canvas(out, invariant=1)
    _scribble(painter_class(c, ink_saver), seed)
    c.showPage()
    c.save()
    return out.getvalue()


@pytest.mark.parametrize("ink_saver", [False, True])
@pytest.mark.parametrize("seed", range(6))
def test_the_direct_path_writes_what_reportlabs_calls_write(seed: int, ink_saver: bool) -> None:
    assert _pdf(Painter, seed, ink_saver) == _pdf(_ReportlabCalls, seed, ink_saver)


def test_a_state_with_another_alpha_goes_through_reportlab() -> None:
    """An opaque colour over a half-transparent state must put the opacity back (a gs operator)."""
    pages = []
    for painter_class in (Painter, _ReportlabCalls):
        c = Canvas(io.BytesIO())
        c.setFillAlpha(0.5)
        painter_class(c).circle(0, 0, 5, fill=HexColor("#336699"))
        pages.append(c.getCurrentPageContent())
    assert pages[0] == pages[1] and pages[0].count(" gs") == 2  # 0.5, then back to 1 for the circle


def test_a_refused_dash_is_refused_as_reportlab_refuses_it() -> None:
    with pytest.raises(ValueError, match="setDash"):
        Painter(Canvas(io.BytesIO())).line(0, 0, 1, 1, dash=(-1, 2))


def test_plain_shapes_skip_reportlabs_state_copies(monkeypatch) -> None:
    """The point of the direct path: no graphics-state copy per shape (a 2,000-element table makes 26,000)."""
    copies = []
    monkeypatch.setattr(Canvas, "push_state_stack", lambda self: copies.append(1))
    painter = Painter(Canvas(io.BytesIO()))
    for n in range(50):
        painter.circle(n, n, 3, fill=HexColor("#336699"))
        painter.line(0, 0, n, n, dash=(2, 1))
    assert copies == []


def test_ellipses_are_the_curves_reportlab_reckons() -> None:
    """operators.ellipse repeats pdfgeom.bezierArc's arithmetic with its trigonometry done once: same code."""
    rng = random.Random(3)
    cases = [(0, 0, 0, 0), (1, 2, 3, 4), (-5, 5, -2, 7)]
    cases += [tuple(rng.uniform(-900, 900) for _ in range(4)) for _ in range(2000)]
    for x, y, w, h in cases:
        ours, theirs = PDFPathObject(), PDFPathObject()
        operators.ellipse(ours, x, y, w, h)
        theirs.ellipse(x, y, w, h)
        assert ours.getCode() == theirs.getCode(), (x, y, w, h)
    for x, y, r in ((0, 0, 1), *(tuple(rng.uniform(-500, 500) for _ in range(3)) for _ in range(500))):
        ours, theirs = PDFPathObject(), PDFPathObject()
        operators.ellipse(ours, x - r, y - r, 2 * r, 2 * r)
        theirs.circle(x, y, r)
        assert ours.getCode() == theirs.getCode(), (x, y, r)


@pytest.mark.parametrize("colour_space", [None, "cmyk"])
def test_registration_and_cut_marks_write_what_reportlabs_calls_write(colour_space) -> None:
    """The page marks take the same direct path (a tiled table has some 500 registration marks)."""
    from designer.export import pdf

    rng = random.Random(5)
    marks = [(rng.uniform(-300, 300), rng.uniform(-300, 300), rng.uniform(0.5, 3)) for _ in range(200)]
    pages = []
    for mark, cut in ((pdf.registration_mark, pdf.cut_mark), (pdf._registration_mark_calls, pdf._cut_mark_calls)):
        c = Canvas(io.BytesIO(), enforceColorSpace=colour_space)
        for x, y, r in marks:
            mark(c, x, y, r)
            cut(c, x, y, y, x)
        pages.append(c.getCurrentPageContent())
    assert pages[0] == pages[1] and pages[0].count("\nS\n") == 200


def test_page_marks_skip_reportlabs_state_copies(monkeypatch) -> None:
    from designer.export import pdf

    copies = []
    monkeypatch.setattr(Canvas, "push_state_stack", lambda self: copies.append(1))
    c = Canvas(io.BytesIO())
    for n in range(20):
        pdf.registration_mark(c, n, n)
        pdf.cut_mark(c, 0, n, 10, n)
    assert copies == []
