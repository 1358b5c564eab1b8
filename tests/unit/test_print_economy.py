"""Prints a maker can afford: no balloons on a race track's token sheets, small groups filling earlier
sheets, PitchKart player mats several to a page, and ink-saver mode lightening cards and tokens."""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from designer.export import ExportOptions
from designer.export.bundle import export_pdf
from designer.export.paper import Rect
from designer.export.tokens import HEADING_MM, Token, TokenGroup, pack_tokens, token_groups
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfscan

RACE = "mushroom-cup-1-luigi-circuit"
BATTLE = "balloon-battle-block-fort"
RUINS = "mushroom-cup-3-thwomp-ruins"
STARTERS = (RACE, "mushroom-cup-2-moo-moo-meadows", RUINS, "mushroom-cup-4-bowser-castle",
            "mushroom-cup-bonus-figure-eight", BATTLE)


def _print(name: str, what: str, ink_saver: bool = False) -> bytes:
    buffer = io.BytesIO()
    document = load_track(TEMPLATES_DIR / f"{name}.track.json")
    export_pdf(buffer, document, what, ExportOptions(ink_saver=ink_saver))
    return buffer.getvalue()


def _texts(data: bytes) -> str:
    pdf = pdfscan.reader(data)
    return " ".join(page.extract_text() for page in pdf.pages)


@pytest.fixture(scope="module")
def token_prints() -> dict[str, bytes]:
    return {name: _print(name, "tokens") for name in (RACE, RUINS, BATTLE)}


def test_a_race_track_prints_no_balloons(token_prints):
    race, battle = _texts(token_prints[RACE]), _texts(token_prints[BATTLE])
    assert "Balloons" not in race and "Hazard tokens" in race
    assert race.count("Balloons") == 0
    assert battle.count("Balloons, kart") == 4  # the arena: five balloons for each of its four karts


def test_a_small_group_fills_an_earlier_sheet_instead_of_a_new_one():
    content = Rect(10, 20, 190, 267)
    groups = [TokenGroup("tall", [Token("x", 100, 200)]), TokenGroup("taller", [Token("x", 100, 250)]),
              TokenGroup("small", [Token("x", 20, 20)] * 3)]
    pages = pack_tokens(groups, content)
    assert len(pages) == 2  # the old packer opened a third sheet for three 20 mm tokens
    assert [p.heading for p in pages[0] if p.token is None] == ["tall", "small"]


def test_one_row_groups_sit_side_by_side():
    groups = [TokenGroup(f"kart {n}", [Token("x", 16, 21)] * 5) for n in range(4)]
    pages = pack_tokens(groups, Rect(10, 20, 190, 267))
    tops = sorted({p.y for p in pages[0] if p.token is None})
    assert len(pages) == 1 and len(tops) == 2  # two bands of two groups, not four rows


@pytest.mark.parametrize("name", STARTERS)
def test_starter_token_sheets_never_overlap(name):
    document = load_track(TEMPLATES_DIR / f"{name}.track.json")
    content = Rect(10, 20, 190, 267)
    for page in pack_tokens(token_groups(document, load_ruleset(document.ruleset), content), content):
        boxes = [(p.x, p.y, p.x + p.token.w, p.y + p.token.h) if p.token else
                 (p.x, p.y, p.x + (p.width or content.w), p.y + HEADING_MM) for p in page]
        for x0, y0, x1, y1 in boxes:
            assert content.x - 1e-6 <= x0 and x1 <= content.right + 1e-6
            assert content.y - 1e-6 <= y0 and y1 <= content.bottom + 1e-6
        for i, a in enumerate(boxes):
            for b in boxes[i + 1:]:
                assert a[2] <= b[0] + 1e-6 or b[2] <= a[0] + 1e-6 or a[3] <= b[1] + 1e-6 or b[3] <= a[1] + 1e-6


def test_token_print_pages(token_prints):
    # before: Luigi Circuit 4 (3 once its balloons went), Thwomp Ruins 6, Block Fort 3
    assert len(pdfscan.reader(token_prints[RACE]).pages) == 3
    assert len(pdfscan.reader(token_prints[RUINS]).pages) == 5
    assert len(pdfscan.reader(token_prints[BATTLE]).pages) == 3


def test_pitchkart_mats_share_a_page():
    data = _print("pitchkart-stadium", "dashboards")
    pdf = pdfscan.reader(data)
    assert len(pdf.pages) == 3  # six karts; before: six nearly blank landscape pages
    box = pdf.pages[0].mediabox
    assert float(box.height) > float(box.width)  # two mats, one above the other, on a portrait page
    assert _texts(data).count("ITEM") == 6


def _ink(data: bytes, page: int = 1) -> float:
    """Mean darkness (0 white … 1 black) of one page rendered in grey at 40 dpi by poppler."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "print.pdf"
        source.write_bytes(data)
        subprocess.run(["pdftoppm", "-r", "40", "-gray", "-f", str(page), "-l", str(page), str(source),
                        str(Path(folder) / "p")], check=True)
        pixels = next(Path(folder).glob("p*.pgm")).read_bytes().split(b"\n", 3)[3]
    return sum(255 - b for b in pixels) / 255 / len(pixels)


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler's pdftoppm")
@pytest.mark.parametrize(("name", "what", "page", "most"), [
    (RACE, "cards", 1, 0.4), (RACE, "cards", 2, 0.4),  # a front sheet and its back sheet
    (RACE, "tokens", 1, 0.4), ("board-coin-cove-loop", "tokens", 1, 0.4)])
def test_ink_saver_saves_ink_on_cards_and_tokens(name, what, page, most):
    full, saved = _ink(_print(name, what), page), _ink(_print(name, what, ink_saver=True), page)
    assert saved < most * full, (full, saved)
