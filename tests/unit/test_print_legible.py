"""Every print product of every system, in English, German, Spanish and French, measured from the PDF with
pdfminer.six: no word printed smaller than 5 pt, no text cut short with "…" (and no cut noted by the fitting
helpers while building), and no text run across a ruled line of a table it does not belong to.

The 1:1 track sections (many tiles, few words) are built in German only, the longest language; every other
product in all four."""

from __future__ import annotations

import pytest

from designer import i18n
from designer.export import pdf
from designer.export.paper import Rect

from . import pdfboxes
from .print_products import products

LANGUAGES = ("en", "de", "es", "fr")
FLOOR_PT = 5.0 - 0.01  # the floor, less what the PDF's rounding of matrices can take off
RULE_MM = 0.6  # a drawn shape thinner than this is a ruled line
ART_PT = 16.0  # bigger glyphs are art (a piece's number across it), not words in a table or by a line


def built(language: str) -> tuple[dict[str, list[pdfboxes.Page]], list[str]]:
    i18n.set_language(language)
    try:
        with pdf.cuts() as cut:
            found = {name: pdfboxes.pages(data) for name, data in products(tracks=language == "de")}
    finally:
        i18n.set_language("en")
    return found, list(cut)


@pytest.fixture(scope="module")
def printed() -> dict[str, tuple[dict[str, list[pdfboxes.Page]], list[str]]]:
    return {}


def scan(printed, language: str):
    if language not in printed:
        printed[language] = built(language)
    return printed[language]


def _crosses(run: Rect, line: Rect) -> bool:
    """A ruled line passes through the text's box (not just touching its edge)."""
    t = 0.15
    if line.h <= RULE_MM:  # horizontal
        return run.x + t < line.right and line.x < run.right - t and run.y + t < line.y + line.h / 2 < run.bottom - t
    return run.y + t < line.bottom and line.y < run.bottom - t and run.x + t < line.x + line.w / 2 < run.right - t


def _inside(run: Rect, box: Rect) -> bool:
    return box.x <= run.centre[0] <= box.right and box.y <= run.centre[1] <= box.bottom


def problems(pages: list[pdfboxes.Page], tiled: bool = False) -> list[str]:
    """What is illegible, cut or across a rule on these pages. `tiled`: a 1:1 track, whose assembly map (page 1)
    is the whole table drawn small — a picture of the tiles, whose words a player reads on the tiles at 1:1 —
    and whose tiles' words may lie across a tile's edge or its neighbour's marks."""
    out = []
    for page in pages:
        rules = [] if tiled else [s for s in page.shapes if min(s.w, s.h) <= RULE_MM and max(s.w, s.h) >= 5.0]
        picture = max(page.shapes, key=lambda s: s.w * s.h) if tiled and page.number == 1 and page.shapes else None
        for run in page.runs:
            where = f"page {page.number}: {run.text!r}"
            if picture is not None and _inside(run.box, picture) and run.box.right <= picture.right:
                continue
            if run.size_pt < FLOOR_PT:
                out.append(f"{where} at {run.size_pt:.2f} pt")
            if "…" in run.text:
                out.append(f"{where} is cut short")
            if run.size_pt > ART_PT or not any(ch.isalnum() for ch in run.text):
                continue
            line = next((r for r in rules if _crosses(run.box, r)), None)
            if line is not None:
                out.append(f"{where} is crossed by the line {line}")
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_print_is_legible_and_whole(printed, language):
    found, cut = scan(printed, language)
    bad = [f"{name} {problem}" for name, pages in found.items()
           for problem in problems(pages, tiled=name.endswith(" track"))]
    assert not bad, f"{len(bad)} illegible or cut texts in {language}:\n" + "\n".join(bad[:40])
    assert not cut, f"texts cut while fitting in {language}: {cut[:20]}"


def test_the_products_cover_every_section_of_every_system(printed):
    names = set(scan(printed, "de")[0])
    for expected in ("mk-gaslands track", "mk-gaslands cards (mini)", "mk-board board-fit", "mk-board reference",
                     "mk-downforce die", "mk-downforce small kit", "mk-downforce season", "pitchkart pieces",
                     "pitchkart grid", "axles-alloys-2 dashboards", "axles-alloys-2 vehicle print",
                     "mk-board start order", "grand prix campaign", "pitchkart reference", "mk-downforce reference",
                     "mk-downforce quick-rules", "axles-alloys-2 reference",
                     "mk-board campaign sheets", "pitchkart campaign sheets",
                     "axles-alloys-2 templates", "axles-alloys-2 tokens", "axles-alloys-2 career"):
        assert expected in names


def test_the_start_order_check_finds_a_label_over_its_rule():
    """The check itself: a coin label pushed 20 mm right lies across the race column's rule and is found."""
    run = pdfboxes.Run("5 monedas", Rect(40.0, 50.0, 14.0, 3.0), 7.5)
    rule = Rect(52.0, 30.0, 0.14, 80.0)
    page = pdfboxes.Page(1, 297.0, 210.0, [run], [rule])
    assert problems([page]) == [f"page 1: '5 monedas' is crossed by the line {rule}"]


def test_fitting_never_goes_below_5_pt_and_notes_every_cut():
    with pdf.cuts() as cut:
        assert pdf.fit_line("A label far too long for its little box at all", 10.0, 8.0, min_pt=3.0)[1] == 5.0
        assert pdf.fit_size("tiny", 50.0, 3.0) == 5.0
        _lines, size = pdf.fit_paragraph("word " * 200, 30.0, 10.0, 8.0, min_pt=3.0)
        assert size == 5.0
    assert len(cut) >= 2 and cut[0].startswith("A label")
    with pdf.strict_fitting(), pytest.raises(pdf.TextCut, match="A label"):
        pdf.fit_line("A label far too long for its little box at all", 10.0, 8.0)


def test_fit_lines_wraps_before_it_cuts():
    lines, size = pdf.fit_lines("Carapace verte", 14.0, 8.0, pdf.BOLD)
    assert lines == ["Carapace", "verte"] and size >= 5.0
    assert all(pdf.width_mm(line, size, pdf.BOLD) <= 14.0 for line in lines)
