"""Everything we show or print is in our own words: no sentence of the rule data or of the translation
catalogues shares 8 or more consecutive words with a source document in ../shared/seeds/ (in any language).

Numbers and facts carry over from the sources; their sentences do not. The seeds sit beside the checkout
(in CI too); where they are absent the test says so and skips.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from designer.paths import RESOURCES_DIR, RULESETS_DIR

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
RUN = 8
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)*", re.UNICODE)


def words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _WORD.findall(text)]


def runs(text: str, n: int = RUN) -> set[tuple[str, ...]]:
    ws = words(text)
    return {tuple(ws[i:i + n]) for i in range(len(ws) - n + 1)}


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def our_texts() -> Iterator[tuple[str, str]]:
    """(where, text) for every string of the rule data and every message of the catalogues."""
    for path in sorted(RULESETS_DIR.glob("*.json")):
        for text in _strings(json.loads(path.read_text(encoding="utf-8"))):
            yield path.name, text
    for path in sorted((RESOURCES_DIR / "i18n").rglob("*.po")):
        with path.open("rb") as handle:
            catalog = read_po(handle)
        for message in catalog:
            for text in (message.id, message.string):
                for part in (text if isinstance(text, tuple | list) else (text,)):
                    if part:
                        yield str(path.relative_to(RESOURCES_DIR)), part


@pytest.fixture(scope="module")
def seed_runs() -> set[tuple[str, ...]]:
    files = sorted(SEEDS.glob("*.txt")) if SEEDS.is_dir() else []
    if not files:
        pytest.skip(f"no source documents at {SEEDS}")
    found: set[tuple[str, ...]] = set()
    for path in files:
        found |= runs(path.read_text(encoding="utf-8", errors="replace"))
    return found


def test_the_run_finder_sees_a_copied_sentence_and_passes_a_paraphrase():
    source = runs("Roll one die and move your kart that many spaces forward along the track.")
    assert runs("Then roll one die and move your kart that many spaces.") & source
    assert not runs("Throw a die; your kart moves as many spaces as it shows.") & source


def test_no_text_we_show_copies_a_source_sentence(seed_runs):
    copied = []
    for where, text in our_texts():
        shared = runs(text) & seed_runs
        if shared:
            copied.append(f"{where}: {' '.join(sorted(shared)[0])!r} in {text[:80]!r}")
    assert not copied, "sentences shared with the sources:\n" + "\n".join(copied)
