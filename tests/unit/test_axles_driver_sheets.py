"""`kartographer campaign print` of an Axles and Alloys II career: a driver sheet per driver (the career mode's
`sheets`, through the generic `CampaignMode.sheets` hook), filled from the games and the linked cars, read
back from the PDF: the cards' size in mm, every figure in text, in English and German."""

from __future__ import annotations

import json
import shutil

import pytest

from designer.cli import main
from designer.paths import TEMPLATES_DIR

from . import pdfboxes, pdfscan

MM_PT = pdfscan.MM_PT
CARS = ("axles-medium-turret", "axles-heavy-dropper-van", "axles-light-buggy")


def run(*args: str) -> None:
    assert main(list(args)) == 0, args


@pytest.fixture()
def career(tmp_path):
    """Two players, four drivers, three games, one death without a destroyed car."""
    for car in CARS:
        shutil.copy(TEMPLATES_DIR / f"{car}.vehicle.json", tmp_path)
    file = str(tmp_path / "wasteland.campaign.json")
    run("campaign", "new", "--ruleset", "axles-alloys-2", "--name", "Wasteland", "--player", "Ann:x", "Bob:y",
        "-o", file)
    for name, player, car in (("Max", "Ann", "axles-medium-turret"), ("Toecutter", "Bob", "axles-heavy-dropper-van"),
                              ("Furiosa", "Bob", "axles-light-buggy")):
        run("campaign", "driver", "add", file, "--name", name, "--player", player,
            "--vehicle-file", str(tmp_path / f"{car}.vehicle.json"))
    run("campaign", "driver", "add", file, "--name", "Nux", "--player", "Ann", "--class", "light")
    game = ("campaign", "driver", "game", file)
    run(*game, "--new", "--scenario", "deathmatch", "--driver", "Max", "--kills", "1")
    run(*game, "--game", "1", "--driver", "Toecutter", "--destroyed")
    run(*game, "--game", "1", "--driver", "Nux", "--died")  # the Driver component lost: the car still rolls
    run(*game, "--new", "--scenario", "race", "--driver", "Max", "--finished", "--won", "--rerolls-used", "1")
    run(*game, "--game", "2", "--driver", "Furiosa", "--finished")
    run(*game, "--new", "--scenario", "deathmatch", "--driver", "Furiosa", "--destroyed")
    return tmp_path, file


def printed(file: str, out, lang: str = "en") -> tuple[list[str], list[str], bytes]:
    run("campaign", "print", file, "-o", str(out), "--lang", lang)
    data = out.read_bytes()
    pdf = pdfscan.reader(data)
    return [o.title for o in pdf.outline], [t for page in pdf.pages for t in pdfscan.texts(page, pdf)], data


def test_a_card_per_driver_with_the_career_and_the_car(career):
    folder, file = career
    outline, words, data = printed(file, folder / "drivers.pdf")
    assert outline == ["Driver sheets"] and len(pdfscan.reader(data).pages) == 2
    assert not any("KART" in w for w in words)
    for name in ("Max", "Toecutter", "Furiosa", "Nux", "Ann", "Bob"):
        assert name in words
    assert "Car: Twin Spinner (axles-medium-turret.vehicle.json)" in words
    assert "Medium · built for Deathmatch · MAX 22 · ACC 5 · DEC 5 · TURN 2" in words
    assert "Hull 3 × 5 = 15 · capacity 4 of 4" in words
    assert "Car: no vehicle file linked" in words  # Nux
    assert "died in game 1" in words and words.count("alive") == 3  # Furiosa lost her car, not her life
    start = words.index("Max")
    assert words[start:start + 20].count("4") >= 1 and "3" in words[start:start + 20]  # earned 4, used 1, left 3
    assert "+2 / −0" in words and "+2 / −1" in words  # Max: deathmatch survive + kill, race finish + win
    cards = [b for page in pdfscan.path_boxes(data) for b in page if abs(b[0] - 190.0) <= 0.05]
    assert len([b for b in cards if abs(b[1] - (277.0 - 8.0) / 2) <= 0.05]) == 4


def test_a_car_that_breaks_a_build_rule_is_flagged_on_its_sheet(career):
    folder, file = career
    car = folder / "axles-light-buggy.vehicle.json"
    data = json.loads(car.read_text())
    data["components"].append({"component": "medium-weapon", "label": "Big Gun", "facing": "Front",
                               "in_turret": False})
    car.write_text(json.dumps(data))
    _outline, words, _data = printed(file, folder / "broken.pdf")
    assert "The car breaks 1 build rule: see `kartographer vehicle check`." in words


@pytest.mark.parametrize("lang", ["en", "de"])
def test_legible_and_uncut(career, lang):
    folder, file = career
    outline, words, data = printed(file, folder / f"{lang}.pdf", lang)
    if lang == "de":
        assert outline == ["Fahrerbögen"] and "Wagen: keine Fahrzeugdatei verknüpft" in words
    for page in pdfboxes.pages(data):
        for run_ in page.runs:
            assert run_.size_pt >= 5.0 - 1e-6 and "…" not in run_.text, run_
