"""Axles and Alloys II's loose pieces (`export --what tokens`, with a track or `--ruleset` alone): a 3" × 1.5"
template for every dropper of the rule data, 1" Sword / Shield / Deathshead counters and wrecks a car's
footprint in size, in the counts `token_sheets` explains — read back from the PDF in millimetres.
"""

from __future__ import annotations

import io

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
from designer.systems.axles_alloys_2.elements import Counter
from designer.systems.axles_alloys_2.token_sheets import token_groups

from . import pdfboxes, pdfscan

MM_PT = pdfscan.MM_PT
AXLES = "axles-alloys-2"


def make_pdf(document=None, ruleset: Ruleset | None = None, language: str = "en") -> bytes:
    ruleset = ruleset or load_ruleset(AXLES)
    set_language(language)
    try:
        out = io.BytesIO()
        export_pdf(out, document or blank_document(ruleset), "tokens", ExportOptions(), ruleset,
                   blank=document is None)
        return out.getvalue()
    finally:
        set_language("en")


def counts(document, ruleset=None) -> dict[str, int]:
    ruleset = ruleset or load_ruleset(AXLES)
    return {g.title.split(" (")[0].split(" × ")[0]: len(g.tokens) for g in token_groups(document, ruleset)}


def rect_sizes(data: bytes) -> list[tuple[float, float]]:
    pdf = pdfscan.reader(data)
    return [(b.w / MM_PT, b.h / MM_PT) for page in pdf.pages for b in pdfscan.rects(page, pdf)]


def texts(data: bytes) -> list[str]:
    pdf = pdfscan.reader(data)
    return [t for page in pdf.pages for t in pdfscan.texts(page, pdf)]


def test_every_dropper_of_the_rule_data_gets_a_load_for_every_two_cars():
    blank = blank_document(load_ruleset(AXLES))  # 4 cars: 2 loads of 3 drops
    found = counts(blank)
    assert {name: found[name] for name in ("Mines", "Spikes", "Oil slick", "Napalm", "Smokescreen")} == dict.fromkeys(
        ("Mines", "Spikes", "Oil slick", "Napalm", "Smokescreen"), 6)
    assert found["Sword counters"] == found["Shield counters"] == found["Deathshead counters"] == 3
    assert found["Wrecks"] == 6  # the race scatter's most: 1d6
    six = counts(blank.model_copy(update={"karts": 6}))
    assert six["Mines"] == 9 and six["Wrecks"] == 6
    many = counts(blank.model_copy(update={"karts": 9}))
    assert many["Wrecks"] == 8  # all but the last car standing


def test_the_rule_data_decides_which_droppers_and_how_many_drops():
    data = load_ruleset(AXLES).model_dump(mode="json")
    data["axles"]["components"] = [c for c in data["axles"]["components"] if c["id"] != "smokescreen-dropper"]
    next(c for c in data["axles"]["components"] if c["id"] == "mine-dropper")["charges"] = 2
    data["axles"]["components"].append({"id": "glue-dropper", "name": "Glue Dropper", "cost": 1, "kind": "dropper",
                                        "rear_only": True, "charges": 1})
    data["axles"]["scatter"]["wrecks_d6"] = 2
    ruleset = validate_ruleset(data)
    found = counts(blank_document(ruleset), ruleset)
    assert "Smokescreen" not in found and found["Mines"] == 4 and found["Glue Dropper"] == 2
    assert found["Wrecks"] == 12


def test_counters_placed_on_the_track_are_covered_with_a_spare():
    track = load_track(TEMPLATES_DIR / "axles-deathmatch-arena.track.json")
    swords = [Counter(id=f"s{i}", x_mm=100.0 + 30 * i, y_mm=100.0, variant="sword") for i in range(4)]
    found = counts(track.model_copy(update={"elements": [*track.elements, *swords]}))
    placed = sum(1 for e in track.elements if e.kind == "counter" and e.variant == "sword")
    assert found["Sword counters"] == max(3, placed + 4 + 1)


def test_the_pieces_measure_true_size_in_the_pdf():
    data = make_pdf()
    sizes = rect_sizes(data)
    footprints = [s for s in sizes if abs(s[0] - 76.2) <= 0.05 and abs(s[1] - 38.1) <= 0.05]
    assert len(footprints) == 5 * 6 + 6  # the templates' and the wrecks' cut outlines
    boxes = [b for page in pdfscan.path_boxes(data) for b in page]
    discs = [b for b in boxes if abs(b[0] - 25.4) <= 0.05 and abs(b[1] - 25.4) <= 0.05]
    assert len(discs) >= 9 * 2  # each counter's face and its cut circle
    words = texts(data)
    for name in ("Mines", "Spikes", "Oil slick", "Napalm", "Smokescreen"):
        assert words.count(name) == 6
    assert "Mines (Mine Dropper, 3 drops a load) × 6" in words and "Wrecks × 6" in words


def test_on_a_race_track_the_gate_numbers_come_first_and_the_cli_prints_without_a_track(tmp_path):
    track = load_track(TEMPLATES_DIR / "axles-tri-oval.track.json")
    words = texts(make_pdf(track))
    assert words.index("Gate numbers 1–3") < words.index("Mines (Mine Dropper, 3 drops a load) × 6")
    out = tmp_path / "tokens.pdf"
    assert main(["export", "--ruleset", AXLES, "--what", "tokens", "--lang", "de", "-o", str(out)]) == 0
    assert any(t.startswith("Minen (Minenwerfer") for t in texts(out.read_bytes()))


@pytest.mark.parametrize("language", ["en", "de"])
def test_legible_and_uncut(language):
    data = make_pdf(language=language)
    for page in pdfboxes.pages(data):
        for run in page.runs:
            assert run.size_pt >= 5.0 - 1e-6 and "…" not in run.text, run
            b = run.box
            assert b.x >= 5.0 and b.y >= 5.0 and b.right <= page.width_mm - 5.0 and b.bottom <= page.height_mm - 5.0
