"""The Painter's PDF operators: which fill rule a path is filled with."""

from __future__ import annotations

import io

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from designer.export.painter import Painter


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
