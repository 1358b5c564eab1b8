"""Every name prints: DejaVu Sans is embedded, text read back from real print products equals the input, a
character no font has prints as a visible mark with one warning per document, and without DejaVu the
Helvetica fallback still writes a PDF with marks and one warning."""

from __future__ import annotations

import io
import json
import warnings

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.cli import main
from designer.export import fonts, pdf, write_tokens_pdf, write_track_pdf
from designer.export.campaign_print import write_campaign_pdf
from designer.io.track_io import track_from_data
from designer.rules import load_ruleset

from . import pdfscan
from .factories import minimal_track_data

NAMES = [
    "Jürgen Größe",  # German
    "Françoise Œuvre",  # French
    "Íñigo Peña",  # Spanish
    "Łukasz Żółć",  # Polish
    "Řehoř Čížek",  # Czech
    "Şükrü Iğdır",  # Turkish  # noqa: RUF001 (the dotless i is the point)
    "Σοφία Παπαδοπούλου",  # Greek
    "Алексей Смирнов",  # Russian
]
CHARACTERS = ["Mario", "Luigi", "Princess Peach", "Shy Guy", "Yoshi", "Toad", "Waluigi", "Wario"]

needs_dejavu = pytest.mark.skipif(fonts.find_fonts() is None, reason="needs DejaVu Sans (fonts-dejavu-core)")


@pytest.fixture
def fresh_fonts():
    """Each test finds and registers the font itself, and leaves a clean registration behind."""
    fonts.reset()
    yield
    fonts.reset()


@pytest.fixture
def no_dejavu(monkeypatch, fresh_fonts):
    monkeypatch.setattr(fonts, "find_fonts", lambda: None)


def campaign_pdf(players: list[tuple[str, str]]) -> tuple[bytes, int, list[str]]:
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign("Europa Cup", ctx, "grand_prix", players)
    buffer = io.BytesIO()
    with fonts.notices() as found:
        pages = write_campaign_pdf(buffer, doc, ctx)
    return buffer.getvalue(), pages, found


def page_texts(data: bytes) -> list[str]:
    return [page.extract_text() for page in pdfscan.reader(data).pages]


def font_dicts(data: bytes) -> dict[str, dict]:
    """BaseFont → font dictionary, over every page."""
    reader = pdfscan.reader(data)
    out = {}
    for page in reader.pages:
        for ref in page["/Resources"]["/Font"].values():
            font = ref.get_object()
            out[str(font["/BaseFont"])] = font
    return out


def greek_track(name: str = NAMES[6], label: str = NAMES[7]):
    data = minimal_track_data(name=name)
    for e in data["elements"]:
        if e["kind"] == "scenery":
            e["label"] = label
    return track_from_data(data)


@needs_dejavu
def test_names_in_eight_languages_print_on_the_score_sheet_and_dashboards(fresh_fonts):
    data, pages, found = campaign_pdf(list(zip(NAMES, CHARACTERS, strict=True)))
    assert pages == 9 and found == []  # the score sheet, then eight dashboards one to a page
    sheet, *dashboards = page_texts(data)
    for name, character in zip(NAMES, CHARACTERS, strict=True):
        assert f"{name} ({character})" in sheet.splitlines()
        assert sum(f"Player: {name}" in page.splitlines() for page in dashboards) == 1
    reader = pdfscan.reader(data)
    assert not any("□" in text for page in reader.pages for text in pdfscan.texts(page, reader))


@needs_dejavu
def test_a_track_named_in_greek_prints_on_its_tiles_and_tokens(fresh_fonts):
    track = greek_track()
    tiles, tokens = io.BytesIO(), io.BytesIO()
    with fonts.notices() as found:
        write_track_pdf(tiles, track)
        write_tokens_pdf(tokens, track)
    assert found == []
    assembly_map = page_texts(tiles.getvalue())[0]
    assert assembly_map.splitlines()[0] == NAMES[6]
    reader = pdfscan.reader(tiles.getvalue())
    labels = {text for page in reader.pages for text in pdfscan.texts(page, reader, into_forms=True)}
    assert NAMES[7] in labels  # the scenery label, drawn by the Painter into the track form
    for text in page_texts(tokens.getvalue()):
        assert f"Tokens · {NAMES[6]}" in text.splitlines()[0]


@needs_dejavu
def test_dejavu_is_embedded_as_subsets_and_helvetica_is_gone(fresh_fonts):
    data, _, _ = campaign_pdf([(NAMES[6], "Mario")])
    found = font_dicts(data)
    assert sorted(name.split("+", 1)[1] for name in found) == ["DejaVuSans", "DejaVuSans-Bold"]
    for font in found.values():
        assert font["/Subtype"] == "/TrueType"
        assert "/FontFile2" in font["/FontDescriptor"]
        assert "/ToUnicode" in font


@needs_dejavu
def test_a_cjk_name_prints_marks_and_warns_once(fresh_fonts):
    data, _, found = campaign_pdf([("马力欧", "Mario"), ("Zoë 🏎", "Luigi")])  # each name prints twice
    assert found == ["4 characters have no glyph in DejaVu Sans and print as □: 力欧马🏎"]
    sheet, *dashboards = page_texts(data)
    assert "□□□ (Mario)" in sheet.splitlines() and "Zoë □ (Luigi)" in sheet.splitlines()
    assert "Player: □□□" in dashboards[0].splitlines()
    assert not any(ch in "".join(page_texts(data)) for ch in "马力欧🏎")


@needs_dejavu
def test_without_a_listener_the_warning_is_a_python_warning(fresh_fonts):
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign("Cup", ctx, "grand_prix", [("马力欧", "Mario")])
    with pytest.warns(fonts.FontWarning) as caught:
        write_campaign_pdf(io.BytesIO(), doc, ctx)
    assert [str(w.message) for w in caught] == [
        "3 characters have no glyph in DejaVu Sans and print as □: 力欧马"]


@needs_dejavu
def test_text_is_measured_and_wrapped_as_printed(fresh_fonts):
    assert pdf.width_mm("马", 10) == pdf.width_mm("□", 10) > 0
    assert pdf.width_mm("Алексей", 10, pdf.BOLD) > pdf.width_mm("Алексей", 10) > 0
    assert pdf.wrap("Σοφία Παπαδοπούλου 马力欧", 30, 10) == ["Σοφία", "Παπαδοπούλου", "马力欧"]


def test_without_dejavu_helvetica_prints_marks_and_warns_once(no_dejavu):
    players = [(NAMES[0], "Mario"), (NAMES[3], "Luigi"), (NAMES[7], "Yoshi"), ("Zoë 🏎️", "Toad")]
    data, pages, found = campaign_pdf(players)
    assert pages == 5  # the score sheet and four dashboards, one a page
    lost = sorted(set("ŁŻłć" + "АлексейСмирнов" + "🏎"))
    assert found == ["no usable DejaVu Sans font found (install fonts-dejavu-core or set KARTOGRAPHER_FONT_DIR): "
                     "PDFs print with Helvetica; 18 characters have no glyph in Helvetica and print as ?: "
                     f"{''.join(lost[:12])}…"]
    sheet = page_texts(data)[0].splitlines()
    assert "Jürgen Größe (Mario)" in sheet  # Latin-1 still prints
    assert "?ukasz ?ó?? (Luigi)" in sheet and "??????? ??????? (Yoshi)" in sheet
    assert "Zoë ? (Toad)" in sheet  # the emoji's variation selector has nothing to draw: dropped, not marked
    assert sorted(font_dicts(data)) == ["/Helvetica", "/Helvetica-Bold"]
    # the missing font is told once per process; after that only lost characters are
    _, _, again = campaign_pdf([(NAMES[0], "Mario"), ("Ła", "Luigi")])
    assert again == ["1 character has no glyph in Helvetica and prints as ?: Ł"]
    _, _, latin = campaign_pdf([(NAMES[0], "Mario")])
    assert latin == []


def test_the_font_folder_from_the_environment_comes_first(tmp_path, monkeypatch, fresh_fonts):
    monkeypatch.setenv(fonts.ENV_DIR, str(tmp_path))
    found = fonts.find_fonts()
    assert found is None or found.regular.parent != tmp_path  # an empty folder is passed over
    system = fonts.find_fonts()
    if system is None:
        pytest.skip("needs DejaVu Sans (fonts-dejavu-core)")
    (tmp_path / fonts.REGULAR_FILE).symlink_to(system.regular)
    assert fonts.find_fonts() == fonts.Faces(tmp_path / fonts.REGULAR_FILE, tmp_path / fonts.REGULAR_FILE)


@needs_dejavu
@pytest.mark.parametrize("keep", [0, 100, 1000, 300_000])
def test_a_damaged_font_file_counts_as_no_font(tmp_path, monkeypatch, fresh_fonts, keep):
    # cut short, reportlab's parser fails with its own error, or with struct's, IndexError …
    (tmp_path / fonts.REGULAR_FILE).write_bytes(fonts.find_fonts().regular.read_bytes()[:keep])
    monkeypatch.setenv(fonts.ENV_DIR, str(tmp_path))
    assert fonts.ensure().family == "Helvetica"
    data, pages, found = campaign_pdf([("Jürgen", "Mario"), ("Zoë", "Luigi")])
    assert pages == 3 and found and found[0].startswith("no usable DejaVu Sans font found")
    assert sorted(font_dicts(data)) == ["/Helvetica", "/Helvetica-Bold"]


def test_fontconfig_is_asked_only_when_no_usual_folder_has_the_font(tmp_path, monkeypatch):
    usual, elsewhere = tmp_path / "usual", tmp_path / "elsewhere"
    for folder in (usual, elsewhere):
        folder.mkdir()
        (folder / fonts.REGULAR_FILE).write_bytes(b"")
    asked = []
    monkeypatch.delenv(fonts.ENV_DIR, raising=False)
    monkeypatch.setattr(fonts, "_fc_match", lambda: asked.append(1) or elsewhere)
    monkeypatch.setattr(fonts, "_well_known", lambda: iter([tmp_path / "none", usual]))
    assert fonts.find_fonts() == fonts.Faces(usual / fonts.REGULAR_FILE, usual / fonts.REGULAR_FILE)
    assert asked == []  # no process started
    monkeypatch.setattr(fonts, "_well_known", lambda: iter([tmp_path / "none"]))
    assert fonts.find_fonts() == fonts.Faces(elsewhere / fonts.REGULAR_FILE, elsewhere / fonts.REGULAR_FILE)
    assert asked == [1]


@needs_dejavu
def test_cli_export_warns_in_one_line_and_succeeds(capsys, tmp_path, fresh_fonts):
    track = tmp_path / "cjk.track.json"
    track.write_text(json.dumps(minimal_track_data(name="马力欧 Raceway")), encoding="utf-8")
    out = tmp_path / "tokens.pdf"
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing reaches the warnings machinery
        code = main(["export", str(track), "--what", "tokens", "-o", str(out)])
    stdout, stderr = capsys.readouterr()
    assert code == 0 and stdout.startswith(f"wrote {out}: ")
    assert stderr == "warning: 3 characters have no glyph in DejaVu Sans and print as □: 力欧马\n"
    assert "Tokens · □□□ Raceway" in page_texts(out.read_bytes())[0]


def test_a_word_shrunk_to_fit_exactly_is_not_cut_for_a_rounding_error():
    from designer.export import pdf

    full = pdf.width_mm("Coins", 6.5, pdf.BOLD)
    for width in (pdf.width_mm("Coins", pdf.MIN_PT, pdf.BOLD), full * 0.97, full * 0.9, full * 0.8):
        text, size = pdf.fit_line("Coins", width, 6.5, pdf.BOLD)
        assert text == "Coins" and size < 6.5, width
    assert pdf.fit_line("Coins", full * 0.6, 6.5, pdf.BOLD, min_pt=6.0)[0] == "C…"  # too wide even at the minimum
