"""Printed text in every language: measurements with the language's decimal sign, translated PDF metadata
with the document's language, and — measured from the PDF with pdfminer.six — no text running out of its
card, token or box even when every catalogue string is 40 % longer (pseudo-translation)."""

from __future__ import annotations

import io
import json

import pytest

from designer import i18n
from designer.export import pdf
from designer.export.bundle import PrintJob, export_pdf, sections_for
from designer.export.cards import CardOptions, write_cards_pdf
from designer.export.dashboards import DashboardOptions, write_dashboards_pdf
from designer.export.paper import card_grid, fmt_mm, print_number
from designer.export.scoresheet import GrandPrixScores, PlayerResults, RaceResult, write_scoresheet_pdf
from designer.export.tokens import pdf_mm, write_tokens_pdf
from designer.io.track_io import track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

from . import pdfboxes, pdfscan
from .board_docs import board_document

SYSTEMS = ("mk-gaslands", "mk-board", "mk-downforce", "pitchkart", "axles-alloys-2")
TRACKS = ("mushroom-cup-1-luigi-circuit", "mushroom-cup-3-thwomp-ruins", "balloon-battle-block-fort")


def track(stem: str, ruleset: str = "mk-gaslands", **changes):
    data = json.loads((TEMPLATES_DIR / f"{stem}.track.json").read_text(encoding="utf-8"))
    data["ruleset"] = ruleset
    for element in data["elements"]:
        element.update(changes.get(element["kind"], {}))
    return track_from_data(data)


def written(write, *args, **kwargs) -> bytes:
    out = io.BytesIO()
    write(out, *args, **kwargs)
    return out.getvalue()


def pdf_pages(data: bytes, *numbers: int) -> bytes:
    """Only the given pages of a PDF (the legend after a board's tiles, whose texts cross tile edges)."""
    from pypdf import PdfWriter

    reader, writer = pdfscan.reader(data), PdfWriter()
    for n in numbers:
        writer.add_page(reader.pages[n])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def all_text(data: bytes) -> str:
    reader = pdfscan.reader(data)
    return " ".join(t for page in reader.pages for t in pdfscan.texts(page, reader))


# --- numbers ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("language", "expected"), [
    ("en", ["12", "63.5", "1219.2", "12.5", "37"]),
    ("de", ["12", "63,5", "1219,2", "12,5", "37"]),
    ("es", ["12", "63,5", "1219,2", "12,5", "37"]),
    ("fr", ["12", "63,5", "1219,2", "12,5", "37"]),
])
def test_printed_lengths_take_the_language_s_decimal_sign_and_no_grouping(language, expected):
    i18n.set_language(language)
    assert [fmt_mm(12.0), fmt_mm(63.5), fmt_mm(1219.2), pdf_mm(12.5), pdf_mm(37.04)] == expected


def test_print_number_rounds_as_english_always_printed():
    assert [print_number(v, 1) for v in (12.35, 0.25, 2.45)] == [f"{v:.1f}" for v in (12.35, 0.25, 2.45)]


@pytest.mark.parametrize(("language", "label"), [("en", "reach 62.5 mm"), ("de", "Reichweite 62,5 mm")])
def test_a_reach_template_prints_its_length_in_the_language(language, label):
    i18n.set_language(language)
    ruins = track(TRACKS[1], piranha_plant={"range_mm": 62.5})
    assert label in all_text(written(write_tokens_pdf, ruins))


# --- metadata --------------------------------------------------------------------------------------
def test_german_pdf_metadata_is_translated_and_records_the_language():
    gaslands = load_ruleset("mk-gaslands")
    i18n.set_language("de")
    data = written(write_dashboards_pdf, gaslands, 2)
    reader = pdfscan.reader(data)
    assert reader.metadata.title == "Mario Kart Gaslands — Kart-Cockpits"
    assert reader.metadata.author == "Kartographer"
    assert reader.trailer["/Root"]["/Lang"] == "de"


def test_english_pdf_metadata_is_as_it_was():
    reader = pdfscan.reader(written(write_dashboards_pdf, load_ruleset("mk-gaslands"), 2))
    assert reader.metadata.title == "Mario Kart Gaslands — kart dashboards"
    assert reader.metadata.subject == "dashboards"
    assert "/Lang" not in reader.trailer["/Root"]


def test_every_title_and_subject_goes_through_the_catalogue(monkeypatch):
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("fr")
    gaslands, luigi = load_ruleset("mk-gaslands"), track(TRACKS[0])
    for data in (written(write_cards_pdf, gaslands), written(write_tokens_pdf, luigi),
                 written(write_dashboards_pdf, gaslands, 2), written(write_scoresheet_pdf, gaslands),
                 written(export_pdf, luigi, "tokens")):
        reader = pdfscan.reader(data)
        assert reader.metadata.subject.startswith("⟦"), reader.metadata.subject
        assert reader.trailer["/Root"]["/Lang"] == "fr"
    assert pdfscan.reader(written(write_cards_pdf, gaslands)).metadata.title.startswith("⟦")


# --- fitting text ----------------------------------------------------------------------------------
def test_a_word_wider_than_the_line_is_cut_across_lines():
    word = "Donaudampfschifffahrtsgesellschaftskapitän"
    lines = pdf.wrap(f"ein {word} fährt", 20.0, 8.0)
    assert "".join(lines).replace(" ", "") == f"ein{word}fährt"
    assert all(pdf.width_mm(line, 8.0) <= 20.0 for line in lines) and len(lines) > 2


def test_fit_line_shrinks_first_and_cuts_only_at_the_smallest_size():
    assert pdf.fit_line("Short", 30.0, 8.0) == ("Short", 8.0)
    text, size = pdf.fit_line("A rather longer label", 20.0, 8.0, min_pt=4.0)
    assert text == "A rather longer label" and 4.0 < size < 8.0
    text, size = pdf.fit_line("A label far too long for its little box at all", 10.0, 8.0, min_pt=5.0)
    assert size == 5.0 and text.endswith("…") and pdf.width_mm(text, 5.0) <= 10.0


def test_a_paragraph_too_long_even_at_its_smallest_size_ends_in_an_ellipsis():
    lines, size = pdf.fit_paragraph("word " * 200, 30.0, 10.0, 8.0, min_pt=5.0)
    assert size == 5.0 and lines[-1].endswith("…")
    assert len(lines) * pdf.pt(size) * 1.18 <= 10.0


# --- no overflow in pseudo-translation -----------------------------------------------------------------
def card_panels(options: CardOptions) -> list:
    """Each card's panel (the trim box less its 3 mm frame, scaled), where all of its words belong."""
    grid = card_grid(options.paper, options.size, options.margin_mm, options.bleed_mm)
    k = min(grid.card_w / 63.0, grid.card_h / 88.0)
    return [grid.slot(i).inset(3.0 * k) for i in range(grid.per_sheet)]


def products(system: str):
    """(name, PDF bytes, layout boxes per page or None) for everything the system prints but the track."""
    ruleset = load_ruleset(system)
    if ruleset.deck:
        for size in ("poker", "mini"):
            options = CardOptions(size=size)
            data = written(write_cards_pdf, ruleset, options)
            yield f"cards ({size})", data, [card_panels(options)] * len(pdfscan.reader(data).pages)
    for stem in TRACKS:
        document = track(stem, system)
        names = [s.name for s in sections_for("all", PrintJob(document, ruleset)) if s.name not in ("track", "cards")]
        if names:
            yield f"{' & '.join(names)} of {stem}", written(export_pdf, document, names), None
    if board_rules(ruleset) is not None:  # a board of spaces: the one-sheet board with its legend, and the kit
        board = board_document().model_copy(update={"ruleset": system, "karts": 7})
        names = [s.name for s in sections_for("all", PrintJob(board, ruleset)) if s.name not in ("track", "cards")]
        yield f"{' & '.join(names)} of a board", written(export_pdf, board, names), None
        yield "board legend page", pdf_pages(written(export_pdf, board, "track"), -1), None
    if ruleset.characters:
        yield "dashboards, one a page", written(write_dashboards_pdf, ruleset, 2, DashboardOptions(per_page=1)), None
    if ruleset.grand_prix:
        scores = GrandPrixScores("Mushroom Cup", (
            PlayerResults("Alexandra", "Princess Peach", (RaceResult(1, 3, 4, 5, ("handling",)), RaceResult(2, 2, 1))),
            PlayerResults("Bo", "Toad", (RaceResult(3, 1, 0),))), ("Luigi Circuit", "Moo Moo Meadows"),
            tie_rule="most wins")
        yield "score sheet", written(write_scoresheet_pdf, ruleset, scores), None


@pytest.mark.parametrize("system", SYSTEMS)
def test_nothing_runs_out_of_its_box_in_pseudo_translation(monkeypatch, system):
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("de")
    found = []
    for name, data, boxes in products(system):
        found += [f"{name}: {problem}" for problem in pdfboxes.all_overflows(data, boxes)]
    assert not found, f"{len(found)} overflowing texts:\n" + "\n".join(found[:20])


@pytest.mark.parametrize("system", ["mk-gaslands", "axles-alloys-2"])
def test_nothing_runs_out_of_its_box_in_english(system):
    found = []
    for name, data, boxes in products(system):
        found += [f"{name}: {problem}" for problem in pdfboxes.all_overflows(data, boxes)]
    assert not found, "\n".join(found[:20])


def test_the_measure_finds_text_that_runs_out_of_a_card(monkeypatch):
    """The check itself: a card text of one endless word (drawn the old way, with no cutting) is found."""
    monkeypatch.setattr(pdf, "_pieces", lambda word, *args: [word])
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("de")
    options = CardOptions()
    data = written(write_cards_pdf, load_ruleset("mk-gaslands"), options)
    assert pdfboxes.all_overflows(data, [card_panels(options)] * len(pdfscan.reader(data).pages))


# --- Mario Kart for Downforce's kit at its extreme settings -------------------------------------------------
def downforce_kit():
    """(name, PDF bytes, layout boxes per page) of the Downforce tokens, reference card, rules reference sheet and
    kart cards, printed from no track (`export --ruleset mk-downforce`) at the print options' limits, on A4 and
    Letter."""
    from designer.export.bundle import blank_document
    from designer.export.options import ExportOptions
    from designer.systems.mk_downforce.kit_cards import REFERENCE_MM

    ruleset = load_ruleset("mk-downforce")
    document = blank_document(ruleset)
    for paper in ("a4", "letter"):
        for size, lanes, lines in ((10.0, 12, 6), (40.0, 1, 1), (20.0, 6, 3)):
            options = ExportOptions(paper, settings=(("token_size", size), ("lanes", lanes), ("betting_lines", lines)))
            yield f"tokens {size} mm on {paper}", written(export_pdf, document, "tokens", options, ruleset,
                                                          blank=True), None
        grid = card_grid(paper, REFERENCE_MM)
        data = written(export_pdf, document, "quick-rules", ExportOptions(paper), ruleset, blank=True)
        yield f"quick rules on {paper}", data, [[grid.slot(i).inset(5.0) for i in range(grid.per_sheet)]]
        options = ExportOptions(paper, settings=(("lanes", 12), ("betting_lines", 6)))
        yield f"rules reference on {paper}", written(export_pdf, document, "reference", options, ruleset,
                                                     blank=True), None
        for card in ("poker", "mini"):
            grid = card_grid(paper, card)
            data = written(export_pdf, document, "karts", ExportOptions(paper, card_size=card), ruleset, blank=True)
            yield f"karts ({card}) on {paper}", data, [[grid.slot(i).inset(3.2) for i in range(grid.per_sheet)]]


@pytest.mark.parametrize("language", ["en", "de-pseudo"])
def test_the_downforce_kit_keeps_its_words_inside_at_every_setting(monkeypatch, language):
    if language != "en":
        monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language("en" if language == "en" else "de")
    found = []
    for name, data, boxes in downforce_kit():
        found += [f"{name}: {problem}" for problem in pdfboxes.all_overflows(data, boxes)]
    assert not found, f"{len(found)} overflowing texts:\n" + "\n".join(found[:20])
