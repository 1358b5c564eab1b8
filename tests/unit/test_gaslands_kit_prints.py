"""Mario Kart Gaslands' own print products: the movement templates at 1:1 and the rules reference sheet.

The templates are measured in the PDF (the straights' outlines to 0.05 mm, both calibration bars), every
approximate figure must carry the word, no text may sit in the paper's outer 5 mm, and the whole set fits one
A4 or Letter sheet. The reference sheet must follow the rule data (a mutated copy prints its new numbers) and
fit on two pages at most in every language, no text under 5 pt and nothing cut short.
"""

from __future__ import annotations

import io
import math

import pytest

from designer.cli import main
from designer.export.bundle import blank_document, export_pdf
from designer.export.options import ExportOptions
from designer.i18n import set_language
from designer.rules import load_ruleset
from designer.rules.loader import validate_ruleset
from designer.rules.schema import Ruleset

from . import pdfboxes, pdfscan

MM_PT = pdfscan.MM_PT


def make_pdf(what: str, ruleset: Ruleset | None = None, paper: str = "a4", language: str = "en") -> bytes:
    ruleset = ruleset or load_ruleset("mk-gaslands")
    set_language(language)
    try:
        out = io.BytesIO()
        export_pdf(out, blank_document(ruleset), what, ExportOptions(paper=paper), ruleset, blank=True)
        return out.getvalue()
    finally:
        set_language("en")


def mutated(**changes) -> Ruleset:
    """A copy of the Gaslands rule data with `changes` applied: "grand_prix.place_points" = [12, 8, 6, 4]."""
    data = load_ruleset("mk-gaslands").model_dump(mode="json")
    for path, value in changes.items():
        *parents, key = path.split("__")
        node = data
        for parent in parents:
            node = node[parent]
        node[key] = value
    return validate_ruleset(data)


def sized_runs(data: bytes) -> list[list[tuple[str, float]]]:
    """Per page, every text run with its printed size in points (Tf size times the CTM's scale)."""
    pdf = pdfscan.reader(data)
    out = []
    for page in pdf.pages:
        runs, size = [], 0.0
        decoded = iter(pdfscan.text_runs(page, pdf))
        for op in pdfscan.ops(page, pdf):
            if op.name == b"Tf":
                size = float(op.operands[1])
            elif op.name == b"Tj":
                _op, text = next(decoded)
                a, b, c, d, _e, _f = op.ctm
                runs.append((text, size * math.sqrt(abs(a * d - b * c))))
        out.append(runs)
    return out


# --- the templates ----------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def templates() -> dict[str, bytes]:
    return {paper: make_pdf("templates", paper=paper) for paper in ("a4", "letter")}


def boxes_mm(data: bytes) -> list[tuple[float, float]]:
    pdf = pdfscan.reader(data)
    return [(b.w / MM_PT, b.h / MM_PT) for page in pdf.pages for b in pdfscan.rects(page, pdf)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_straights_measure_75_150_180_by_35_mm(templates, paper):
    boxes = boxes_mm(templates[paper])
    for length in (75.0, 150.0, 180.0):
        assert any(abs(w - length) <= 0.05 and abs(h - 35.0) <= 0.05 for w, h in boxes), (length, boxes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_bars_run_both_ways(templates, paper):
    boxes = boxes_mm(templates[paper])
    assert any(abs(w - 100.0) <= 0.05 and abs(h - 2.0) <= 0.05 for w, h in boxes)
    assert any(abs(w - 2.0) <= 0.05 and abs(h - 100.0) <= 0.05 for w, h in boxes)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_all_templates_fit_one_sheet_with_no_text_in_the_outer_5_mm(templates, paper):
    pages = pdfboxes.pages(templates[paper])
    assert len(pages) == 1
    assert pdfboxes.all_overflows(templates[paper]) == []
    for page in pages:
        for run in page.runs:
            b = run.box
            assert b.x >= 5.0 and b.y >= 5.0, run
            assert b.right <= page.width_mm - 5.0 and b.bottom <= page.height_mm - 5.0, run


def test_straight_names_and_reach_marks(templates):
    texts = [t for page in sized_runs(templates["a4"]) for t, _s in page]
    for name in ("Short", "Medium", "Long", "75 mm", "150 mm", "180 mm"):
        assert name in texts
    # the Long carries Short and Medium marks (both edges), the Medium a Short mark (both edges)
    assert texts.count("Short") == 1 + 2 * 2 and texts.count("Medium") == 1 + 2


def test_every_approximate_turn_value_says_so(templates):
    ruleset = load_ruleset("mk-gaslands")
    texts = [t for page in sized_runs(templates["a4"]) for t, _s in page]
    assert ruleset.templates.turns and all(t.approximate for t in ruleset.templates.turns)
    for turn in ruleset.templates.turns:
        assert turn.name in texts
        assert f"radius {turn.radius_mm:g} mm (approximate)" in texts
        assert f"{turn.angle_deg:g}° (approximate)" in texts
    assert not any("approximate" in t for t in texts if "mm" in t and "radius" not in t)  # straights are exact


def test_gear_table_marks_the_cells_the_rule_data_lacks(templates):
    texts = [t for page in sized_runs(templates["a4"]) for t, _s in page]
    assert [str(g) for g in range(1, 7)] == [t for t in texts if t in {str(g) for g in range(1, 9)}]
    assert texts.count("?") == 6
    filled = make_pdf("templates", mutated(gears=[{"gear": 1, "max_template": "Hairpin"},
                                                  {"gear": 2, "max_template": "Medium"}]))
    texts = [t for page in sized_runs(filled) for t, _s in page]
    assert texts.count("?") == 4 and "Hairpin" in texts


def test_cli_prints_the_templates_without_a_track(tmp_path):
    out = tmp_path / "templates.pdf"
    assert main(["export", "--ruleset", "mk-gaslands", "--what", "templates", "--paper", "letter",
                 "-o", str(out)]) == 0
    assert len(pdfscan.reader(out.read_bytes()).pages) == 1


# --- the reference sheet ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def references() -> dict[str, bytes]:
    return {language: make_pdf("reference", language=language) for language in ("en", "de", "es", "fr")}


@pytest.mark.parametrize("language", ["en", "de", "es", "fr"])
def test_reference_fits_two_pages_no_small_or_cut_text(references, language):
    pages = sized_runs(references[language])
    assert 1 <= len(pages) <= 2
    runs = [run for page in pages for run in page]
    assert len(runs) > 60
    assert min(size for _t, size in runs) >= 5.0
    assert not any("…" in t for t, _s in runs)
    assert pdfboxes.all_overflows(references[language]) == []


def reference_text(data: bytes) -> str:
    return " ".join(t for page in sized_runs(data) for t, _s in page)


def test_reference_prints_the_rule_data_numbers(references):
    text = reference_text(references["en"])
    for words in ("1st 10, 2nd 8, 3rd 6, 4th 4, 5th and below 2", "Plus 1 per gate", "1 per coin",
                  "at most 10 coins", "Spend 5 coins", "Short (75 mm)", "Spend 10 coins", "Medium (150 mm)",
                  "On 5–6", "5 balloons", "4 races", "no more than 2 items", "Blue Shell, Lightning",
                  "pay 20 points", "gears 2–3: land Medium (150 mm) away", "gear 4 or higher: land Long (180 mm)"):
        assert words in text, words


def test_reference_follows_a_changed_ruleset():
    changed = mutated(grand_prix__place_points=[12, 8, 6, 4], grand_prix__points_per_coin=3,
                      coins__max_carried=8, gaslands__thwomp__rolls=[4, 5, 6], balloon_battle__balloons_per_kart=3,
                      movement__short_mm=80, templates__straights=[{"name": "Short", "length_mm": 80},
                                                                   {"name": "Medium", "length_mm": 150},
                                                                   {"name": "Long", "length_mm": 180}])
    text = reference_text(make_pdf("reference", changed))
    for words in ("1st 12,", "3 per coin", "at most 8 coins", "On 4–6", "3 balloons", "Short (80 mm)"):
        assert words in text, words
    assert "1st 10" not in text and "75 mm" not in text
