"""Prints a maker can afford: no balloons on a race track's token sheets, small groups filling earlier
sheets, PitchKart player mats several to a page, and ink-saver mode lightening cards and tokens."""

from __future__ import annotations

import io

import pytest

from designer.export import ExportOptions
from designer.export.bundle import export_pdf
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR

from . import pdfscan

RACE = "mushroom-cup-1-luigi-circuit"
BATTLE = "balloon-battle-block-fort"


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
    return {name: _print(name, "tokens") for name in (RACE, BATTLE)}


def test_a_race_track_prints_no_balloons(token_prints):
    race, battle = _texts(token_prints[RACE]), _texts(token_prints[BATTLE])
    assert "Balloons" not in race and "Hazard tokens" in race
    assert race.count("Balloons") == 0
    assert battle.count("Balloons, kart") == 4  # the arena: five balloons for each of its four karts


def test_pitchkart_mats_share_a_page():
    """A PitchKart mat has an item slot and no track rows (no gears, no coin limit): two fit a portrait page,
    so six karts print on three pages (before: one nearly blank landscape page each)."""
    document = load_track(TEMPLATES_DIR / "pitchkart-kidney-bend.track.json")
    buffer = io.BytesIO()
    pages = export_pdf(buffer, document, "dashboards", ExportOptions())
    reader = pdfscan.reader(buffer.getvalue())
    assert len(reader.pages) == pages == -(-document.karts // 2)
    width, height = (float(v) for v in reader.pages[0].mediabox.upper_right)
    assert height > width  # portrait, two to a page


def test_small_token_groups_fill_earlier_sheets():
    """Thwomp Ruins' reach templates each take most of a sheet; the small groups after them (bananas, fake
    boxes, hazards) go into the room left on earlier sheets: 6 → 5 sheets, and no sheet is nearly empty."""
    from designer.export.paper import Rect
    from designer.export.tokens import Token, TokenGroup, pack_tokens

    data = _print("mushroom-cup-3-thwomp-ruins", "tokens")
    assert len(pdfscan.reader(data).pages) == 5
    content = Rect(10, 10, 190, 277)
    big = TokenGroup("Ring", [Token("ring", 180, 200, "circle")])
    small = TokenGroup("Coins", [Token("coin", 20, 20, "circle")] * 5)
    pages = pack_tokens([big, big, small], content)
    assert len(pages) == 2 and any(p.heading == "Coins" for p in pages[0])


FILLS = {b"f", b"F", b"f*", b"B", b"B*", b"b", b"b*"}


def _filled_shapes(data: bytes) -> int:
    """Shapes painted with a fill, over every page (text and the form XObjects of tiles aside)."""
    from pypdf.generic import ContentStream

    reader = pdfscan.reader(data)
    return sum(op in FILLS for page in reader.pages
               for _operands, op in ContentStream(page.get_contents(), reader).operations)


@pytest.mark.parametrize("what", ["cards", "tokens"])
def test_the_ink_saver_lightens_cards_and_tokens(what):
    """Cards (fronts and their dark backs) and tokens print as outlines: before, `--ink-saver` changed nothing
    on them."""
    full, light = _print(RACE, what), _print(RACE, what, ink_saver=True)
    assert len(pdfscan.reader(full).pages) == len(pdfscan.reader(light).pages)
    assert _filled_shapes(light) < 0.2 * _filled_shapes(full)


def test_a_group_that_runs_onto_a_new_sheet_leaves_no_room_behind_it():
    """A group continued on a new sheet filled the one it began on: a later small group never lands on it."""
    from designer.export.paper import Rect
    from designer.export.tokens import Token, TokenGroup, pack_tokens

    content = Rect(10, 10, 190, 277)
    many = TokenGroup("Coins", [Token("coin", 40, 40, "circle")] * 40)  # 4 a row, 6 rows a sheet: two sheets
    pages = pack_tokens([many, TokenGroup("Boxes", [Token("box", 20, 20)])], content)
    first = [p for p in pages[0] if p.token is not None]
    assert len(pages) == 2 and not any(p.heading == "Boxes" for p in pages[0])
    assert all(p.y + 40 <= content.bottom + 1e-6 for p in first)
