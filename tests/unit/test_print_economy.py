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
