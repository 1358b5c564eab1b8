"""Token sheets: what a track needs (with spares), packed inside the page, drawn at true size."""

from __future__ import annotations

import io
import math

import pytest

from designer.export import LayoutError, write_tokens_pdf
from designer.export.paper import MM, Rect
from designer.export.tokens import pack_tokens, token_groups, with_spares
from designer.io.track_io import load_track, track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfscan
from .factories import minimal_track_data

A4_CONTENT = Rect(10, 20, 190, 267)


def groups_by_title(document):
    groups = token_groups(document, load_ruleset(document.ruleset), A4_CONTENT)
    return {g.title.split(" × ")[0]: g for g in groups}


def test_spares_are_a_quarter_and_at_least_two():
    assert [with_spares(n) for n in (0, 1, 4, 8, 9, 24)] == [0, 3, 6, 10, 12, 30]


def test_what_the_minimal_track_needs():
    doc = track_from_data(minimal_track_data())
    groups = groups_by_title(doc)
    assert len(groups["Double item boxes"].tokens) == 3  # 1 + 2 spares
    assert "Item boxes" not in groups  # no single boxes on this track
    assert len(groups["Coins"].tokens) == 3
    assert len(groups["Boost pads"].tokens) == with_spares(1 + 3)  # a pad plus a 3-pad dash panel
    assert [t.label for t in groups["Gate numbers 1–1"].tokens] == ["1"]
    assert [t.label for t in groups["Warp-pipe pairs"].tokens] == ["A", "A\u2032"]
    assert len(groups["Thwomps"].tokens) == 1
    ring = groups["Piranha Plants: reach template 75 mm"].tokens[0]
    assert ring.shape == "circle" and ring.w == 150  # true size: twice the range
    quarter = groups["Chain Chomps: reach template 150 mm (quarter ring)"].tokens[0]
    assert quarter.shape == "quarter" and quarter.w == 150  # a 300 mm ring does not fit A4
    assert len(groups["Banana markers"].tokens) == 12 and len(groups["Fake item box markers"].tokens) == 2
    balloons = [g for title, g in groups.items() if title.startswith("Balloons")]
    assert balloons == []  # a race track: Balloon Battles are fought in arenas
    assert len(groups["Hazard tokens"].tokens) == with_spares(6 * 4)


def test_gate_numbers_follow_the_track():
    doc = load_track(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json")
    groups = groups_by_title(doc)
    assert [t.label for t in groups["Gate numbers 1–6"].tokens] == [str(n) for n in range(1, 7)]
    assert len(groups["Item boxes"].tokens) == with_spares(18) and len(groups["Coins"].tokens) == with_spares(34)


def test_packing_stays_inside_and_never_overlaps():
    doc = load_track(TEMPLATES_DIR / "mushroom-cup-3-thwomp-ruins.track.json")
    groups = token_groups(doc, load_ruleset(doc.ruleset), A4_CONTENT)
    pages = pack_tokens(groups, A4_CONTENT)
    for page in pages:
        boxes = [(p.x, p.y, p.x + p.token.w, p.y + p.token.h) for p in page if p.token]
        for x0, y0, x1, y1 in boxes:
            assert x0 >= A4_CONTENT.x - 1e-6 and x1 <= A4_CONTENT.right + 1e-6
            assert y0 >= A4_CONTENT.y - 1e-6 and y1 <= A4_CONTENT.bottom + 1e-6
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_token_pdf_true_size_and_cut_lines():
    doc = track_from_data(minimal_track_data())
    buffer = io.BytesIO()
    pages = write_tokens_pdf(buffer, doc)
    pdf = pdfscan.reader(buffer.getvalue())
    assert pages == len(pdf.pages) >= 2
    boxes = [b for page in pdf.pages for b in pdfscan.rects(page, pdf)]
    size = 30 * MM  # the ruleset's item box
    assert any(math.isclose(b.w, size, abs_tol=0.05) and math.isclose(b.h, size, abs_tol=0.05) for b in boxes)
    text = " ".join(page.extract_text() for page in pdf.pages)
    assert "Double item boxes × 3" in text and "reach 75 mm" in text


def test_a_bare_track_needs_no_tokens():
    data = minimal_track_data(elements=[], ruleset="axles-alloys-2")
    with pytest.raises(LayoutError, match="needs no tokens"):
        write_tokens_pdf(io.BytesIO(), track_from_data(data))
