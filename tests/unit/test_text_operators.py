"""`pdf.text` writes its operators itself (`pdf._direct_text`, `operators.text_object`): byte for byte what
reportlab's own text calls write, for every kind of text a print shows."""

from __future__ import annotations

import io
import re

import pytest
from reportlab.lib.colors import CMYKColor, Color, HexColor

from designer.export import pdf
from designer.export.fonts import BOLD

# Every glyph of these in one document: more than one subset's 256, so a run switches subsets mid-way.
_MANY = "".join(chr(n) for n in range(0x100, 0x17F)) + "".join(chr(n) for n in range(0x391, 0x3CA) if n != 0x3A2) + \
    "".join(chr(n) for n in range(0x410, 0x450))
STRINGS = ["Luigi Circuit", "(gate 3) \\ back\\slash", "Straße, élan, año, Ça", "Άννα", _MANY, "  two  spaces ",
           "%PDF-1.4 ) ( )("]
CALLS = [
    {},
    {"anchor": "middle", "size_pt": 9.5},
    {"anchor": "end", "font": BOLD, "colour": HexColor("#c0392b")},
    {"middle": True, "angle": 90.0},
    {"angle": -33.3, "outline": HexColor("#ffffff")},
    {"outline": Color(0.1, 0.2, 0.3), "outline_mm": 0.4, "font": BOLD},
    {"colour": Color(0.2, 0.4, 0.6, alpha=1)},
    {"colour": CMYKColor(0.1, 0.2, 0.3, 0.4)},                  # reportlab's own path
    {"halo": HexColor("#ffffff")},                              # reportlab's own path
    {"halo": HexColor("#ffffff"), "outline": HexColor("#000000")},
]


def _page(monkeypatch: pytest.MonkeyPatch, direct: bool) -> bytes:
    if not direct:
        monkeypatch.setattr(pdf, "_direct_text", lambda *args: False)
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, "text")
    for i, s in enumerate(STRINGS):
        for j, kwargs in enumerate(CALLS):
            pdf.text(c, 10 + j * 3.3, 20 + i * 7.7, s, **kwargs)
    content = c.getCurrentPageContent()
    c.showPage()
    c.save()
    monkeypatch.undo()
    return content.encode("latin-1") + b"\n%%\n" + buffer.getvalue()


def test_direct_text_writes_what_reportlabs_calls_write(monkeypatch: pytest.MonkeyPatch) -> None:
    direct, through_reportlab = _page(monkeypatch, True), _page(monkeypatch, False)
    assert b" Tj" in direct and b"2 Tr" in direct
    assert direct == through_reportlab


def test_a_run_past_one_subset_switches_subsets_inside_one_text_object() -> None:
    c = pdf.new_canvas(io.BytesIO(), "text")
    pdf.text(c, 0, 0, _MANY)
    content = c.getCurrentPageContent()
    assert content.count("BT ") == 1
    assert re.search(r"/\S+\+0 \S+ Tf", content) and re.search(r"/\S+\+1 \S+ Tf", content)
