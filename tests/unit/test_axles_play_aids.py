"""Axles and Alloys II's play aids at 1:1 (`export --what templates`): the inch ruler and the turn template,
measured in the PDF read back (outlines to 0.05 mm, tick spacing, both calibration bars), driven by the rule
data (a mutated copy prints its own ruler length, cm factor and turn angle), with names, cut marks, no text
under 5 pt or in the paper's outer 5 mm, in English and German.
"""

from __future__ import annotations

import io
import itertools
import math

import pytest

from designer.cli import main
from designer.export.bundle import blank_document, export_pdf
from designer.export.options import ExportOptions
from designer.i18n import set_language
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.rules.loader import validate_ruleset
from designer.rules.schema import Ruleset

from . import pdfboxes, pdfscan

MM_PT = pdfscan.MM_PT
AXLES = "axles-alloys-2"


def make_pdf(ruleset: Ruleset | None = None, paper: str = "a4", language: str = "en", document=None) -> bytes:
    ruleset = ruleset or load_ruleset(AXLES)
    set_language(language)
    try:
        out = io.BytesIO()
        export_pdf(out, document or blank_document(ruleset), "templates", ExportOptions(paper=paper), ruleset,
                   blank=document is None)
        return out.getvalue()
    finally:
        set_language("en")


def mutated(**changes) -> Ruleset:
    data = load_ruleset(AXLES).model_dump(mode="json")
    for path, value in changes.items():
        *parents, key = path.split("__")
        node = data
        for parent in parents:
            node = node[parent]
        node[key] = value
    return validate_ruleset(data)


def rect_sizes(data: bytes) -> list[tuple[float, float]]:
    pdf = pdfscan.reader(data)
    return [(b.w / MM_PT, b.h / MM_PT) for page in pdf.pages for b in pdfscan.rects(page, pdf)]


def texts(data: bytes) -> list[str]:
    pdf = pdfscan.reader(data)
    return [t for page in pdf.pages for t in pdfscan.texts(page, pdf)]


@pytest.fixture(scope="module")
def aids() -> dict[str, bytes]:
    return {paper: make_pdf(paper=paper) for paper in ("a4", "letter", "a3")}


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_the_12_inch_ruler_prints_in_two_6_inch_pieces_of_exactly_152_4_mm(aids, paper):
    sizes = rect_sizes(aids[paper])
    rulers = [(w, h) for w, h in sizes if abs(h - 30.0) <= 0.05 and w > 100]
    assert len(rulers) == 2 and all(abs(w - 6 * 25.4) <= 0.05 for w, _h in rulers), sizes
    words = texts(aids[paper])
    assert "Inch ruler, piece 1 of 2 · 0–6 in" in words and "Inch ruler, piece 2 of 2 · 6–12 in" in words
    assert {str(n) for n in range(13)} <= set(words)  # every inch numbered, 6 on both pieces
    assert words.count("6") >= 2


def test_the_inch_ticks_are_25_4_mm_apart_and_the_cm_ticks_10_mm():
    data = make_pdf()
    pdf = pdfscan.reader(data)
    lines = pdfscan.segments(pdf.pages[0], pdf)
    verticals = [(a[0] / MM_PT, round(max(a[1], b[1]) / MM_PT), abs(a[1] - b[1]) / MM_PT)
                 for a, b in lines if abs(a[0] - b[0]) < 1e-3]
    inch = sorted({round(x, 2) for x, _y, length in verticals if abs(length - 7.0) < 0.01})
    gaps = [b - a for a, b in itertools.pairwise(inch)]
    assert len(inch) == 7 and all(abs(g - 25.4) <= 0.05 for g in gaps), inch  # 0…6 (both pieces share x)
    for edge in {y for _x, y, length in verticals if abs(length - 5.5) < 0.01}:  # each piece's cm edge
        cm = sorted({round(x, 2) for x, y, length in verticals if y == edge and abs(length - 5.5) < 0.01})
        cm_gaps = [b - a for a, b in itertools.pairwise(cm)]
        assert len(cm) >= 15 and all(abs(g - 10.0) <= 0.05 for g in cm_gaps), cm


def test_the_turn_template_is_a_45_degree_wedge_a_car_long(aids):
    boxes = [b for page in pdfscan.path_boxes(aids["a4"]) for b in page]
    width = 2 * 76.2 * math.sin(math.radians(45))
    assert any(abs(w - width) <= 0.05 and abs(h - 76.2) <= 0.05 for w, h in boxes), boxes
    words = texts(aids["a4"])
    assert "Turn template, up to 45°" in words and words.count("45°") == 2


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_bars_both_ways_and_one_sheet(aids, paper):
    sizes = rect_sizes(aids[paper])
    assert any(abs(w - 100.0) <= 0.05 and abs(h - 2.0) <= 0.05 for w, h in sizes)
    assert any(abs(w - 2.0) <= 0.05 and abs(h - 100.0) <= 0.05 for w, h in sizes)
    assert len(pdfscan.reader(aids[paper]).pages) == 1


@pytest.mark.parametrize("language", ["en", "de"])
def test_legible_uncut_and_clear_of_the_edge(language):
    data = make_pdf(language=language)
    assert pdfboxes.all_overflows(data) == []
    for page in pdfboxes.pages(data):
        for run in page.runs:
            assert run.size_pt >= 5.0 - 1e-6 and "…" not in run.text, run
            b = run.box
            assert b.x >= 5.0 and b.y >= 5.0 and b.right <= page.width_mm - 5.0 and b.bottom <= page.height_mm - 5.0


def test_each_piece_has_cut_marks():
    pdf = pdfscan.reader(make_pdf())
    marks = [s for s in pdfscan.segments(pdf.pages[0], pdf)
             if abs(math.dist(*s) / MM_PT - 2.5) <= 0.01]
    assert len(marks) >= 2 * 4 * 2 * 2 + 4  # two passes (underlay, ink) × 8 per ruler × 2 rulers, + the wedge's


def test_the_rule_data_drives_the_ruler_the_cm_note_and_the_turn():
    data = make_pdf(mutated(movement__long_mm=7 * 25.4, axles__cm_scale_factor=3, axles__turn_deg=30))
    sizes = rect_sizes(data)
    assert [w for w, h in sizes if abs(h - 30.0) <= 0.05 and w > 100] == pytest.approx([177.8], abs=0.05)
    words = texts(data)
    assert "Inch ruler · 0–7 in" in words
    assert "cm edge: to play in centimetres, multiply every inch figure by 3" in words
    assert "Turn template, up to 30°" in words
    boxes = [b for page in pdfscan.path_boxes(data) for b in page]
    assert any(abs(w - 76.2) <= 0.05 and abs(h - 76.2) <= 0.05 for w, h in boxes)


def test_on_an_axles_track_and_from_the_cli(tmp_path):
    track = load_track(TEMPLATES_DIR / "axles-tri-oval.track.json")
    assert "Turn template, up to 45°" in texts(make_pdf(document=track))
    out = tmp_path / "aids.pdf"
    assert main(["export", "--ruleset", AXLES, "--what", "templates", "--lang", "de", "-o", str(out)]) == 0
    assert any("Zoll-Lineal" in t for t in texts(out.read_bytes()))
