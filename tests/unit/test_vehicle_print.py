"""The sheet of a built Axles and Alloys II car, read back from the PDF: the name, class and driver, both stat
lines with the rolled changes, 12/15/18 hit-point boxes with their thresholds, capacity, each component's
firing face and charge boxes, the Flame Tank's own line, a marked line per broken rule, the 3" × 1.5" footprint
at 1:1, two sheets to a page when they fit, and no text running out of its box in pseudo-translation."""

from __future__ import annotations

import io

import pytest

from designer import i18n
from designer.export.bundle import export_pdf
from designer.export.paper import LayoutError
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import builder
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle import VehicleDocument
from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

from . import pdfboxes, pdfscan
from .test_print_overflow import all_text, track

AXLES = load_ruleset("axles-alloys-2")
PURPLE_HAZE = [{"component": "medium-weapon", "label": "Heavy Laser", "facing": "Front"},
               {"component": "light-weapon", "label": "Light Laser", "facing": "Rear"},
               {"component": "ramplates"}]
DOGHEAD = [{"component": "turret"}, {"component": "light-weapon", "facing": "Left", "in_turret": True},
           {"component": "flamethrower", "facing": "Front"}, {"component": "nitro"}]


def car(name: str = "Purple Haze", weight_class: str = "medium", components=None, **fields) -> VehicleDocument:
    return VehicleDocument(name=name, weight_class=weight_class,
                           components=PURPLE_HAZE if components is None else components, **fields)


def printed(*vehicles: VehicleDocument, paper: str = "a4", ruleset=AXLES) -> bytes:
    out = io.BytesIO()
    pages = render_vehicle_pdf(out, [(f"{v.name.lower()}.vehicle.json", v) for v in vehicles], ruleset, paper)
    data = out.getvalue()
    assert pages == len(pdfscan.reader(data).pages)
    return data


def page(data: bytes, number: int = 0) -> pdfboxes.Page:
    return pdfboxes.pages(data)[number]


def run(p: pdfboxes.Page, text: str, index: int = 0) -> pdfboxes.Run:
    found = [r for r in p.runs if r.text == text]
    assert found, f"{text!r} not printed; runs: {[r.text for r in p.runs]}"
    return found[index]


def same_line(p: pdfboxes.Page, anchor: pdfboxes.Run, right: float = 200.0) -> list[str]:
    """The texts to the right of `anchor` (up to `right` mm further) on its line, left to right."""
    y = anchor.centre[1]
    row = [r for r in p.runs if abs(r.centre[1] - y) < 1.0 and anchor.box.right < r.box.x < anchor.box.right + right]
    return [r.text for r in sorted(row, key=lambda r: r.box.x)]


def squares(p: pdfboxes.Page, size: float) -> list:
    return [s for s in p.shapes if abs(s.w - size) < 0.15 and abs(s.h - size) < 0.15]


# --- what the sheet says ---------------------------------------------------------------------------
def test_a_light_car_prints_its_arena_and_race_lines():
    p = page(printed(car("Buggy", "light", [{"component": "light-weapon", "facing": "Front"}])))
    assert run(p, "Buggy") and run(p, "Light")
    assert same_line(p, run(p, "Arena"), 50) == ["24", "6", "6", "3"]
    assert same_line(p, run(p, "Race"), 50) == ["22", "6", "6", "3"]
    assert run(p, "built for the arena") and run(p, "REROLLS")


def test_the_rolled_changes_are_applied_to_both_lines():
    buggy = car("Buggy", "light", [], adjustments={"max": 1, "acc": -2, "dec": 2}, scenario="race")
    p = page(printed(buggy))
    assert same_line(p, run(p, "Arena"), 50) == ["25", "4", "8", "3"]
    assert same_line(p, run(p, "Race"), 50) == ["23", "4", "8", "3"]
    assert run(p, "SPEED (rolled changes included)") and run(p, "built for a race")


@pytest.mark.parametrize(("weight_class", "boxes"), [("light", 12), ("medium", 15), ("heavy", 18)])
def test_hit_points_come_in_three_lines_of_the_class_s_boxes(weight_class, boxes):
    p = page(printed(car(weight_class=weight_class, components=[])))
    hits = squares(p, 6.0)
    assert len(hits) == boxes
    rows = sorted({round(b.y, 1) for b in hits})
    assert len(rows) == 3 and all(sum(1 for b in hits if round(b.y, 1) == y) == boxes // 3 for y in rows)
    assert run(p, f"HIT POINTS ({boxes} boxes): cross one off per point of damage")
    for y, label in zip(rows, ("lose a component on 6", "lose a component on 5–6", "destroyed"), strict=True):
        assert abs(run(p, label).centre[1] - (y + 3.0)) < 0.5  # each threshold on its own line of boxes


def test_every_box_to_tick_is_at_least_5_mm():
    p = page(printed(car("Doghead", "heavy", DOGHEAD)))
    small = [s for s in p.shapes if 1.0 < s.w < 4.9 and abs(s.w - s.h) < 0.2]
    assert small == [] and len(squares(p, 5.0)) == 7 + 5 + 2  # systems, lost boxes, nitro's charges


def test_capacity_components_and_their_firing_faces():
    p = page(printed(car(driver="Antihiro Protagonist")))
    assert run(p, "capacity 4 of 4") and run(p, "Antihiro Protagonist")
    assert same_line(p, run(p, "Heavy Laser")) == ["Front", "2"]
    assert same_line(p, run(p, "Light Laser")) == ["Rear", "1"]
    assert same_line(p, run(p, "Ramplates")) == ["1"]
    assert run(p, "Medium Weapon · weapon") and "BREAKS THE RULES" not in all_text(printed(car()))


def test_a_turret_weapon_is_marked_and_the_flamethrower_brings_its_tank():
    p = page(printed(car("Doghead", "heavy", DOGHEAD)))
    assert run(p, "capacity 5 of 5")
    assert same_line(p, run(p, "Turret")) == ["1"]
    weapon, left, turret = run(p, "Light Weapon"), run(p, "Left"), run(p, "in turret")
    assert same_line(p, weapon) == ["1"] and abs(left.centre[1] - weapon.centre[1]) < 2.0
    assert abs(turret.box.x - left.box.x) < 0.3 and 0 < turret.centre[1] - left.centre[1] < 4.0
    flamer, tank = run(p, "Flamethrower"), run(p, "Flame Tank")
    assert same_line(p, flamer) == ["Front", "2"] and same_line(p, tank) == ["0"]
    assert 0 < tank.box.y - flamer.box.y < 15  # the line right after it
    assert run(p, "comes with the Flamethrower; no capacity of its own")


def test_a_turret_weapon_without_a_face_is_still_marked():
    p = page(printed(car("Gunner", "medium", [{"component": "turret"},
                                               {"component": "light-weapon", "label": "Twin MG", "in_turret": True}])))
    gun, turret = run(p, "Twin MG"), run(p, "in turret")
    assert abs(turret.centre[1] - gun.centre[1]) < 2.0  # on the weapon's own line


def charge_boxes(p: pdfboxes.Page, name: str) -> int:
    r = run(p, name)
    return sum(1 for s in squares(p, 5.0) if s.x > r.box.right and abs(s.y + 2.5 - r.centre[1]) < 1.0)


def test_nitro_and_droppers_have_their_charge_boxes():
    components = [{"component": "nitro"}, {"component": "mine-dropper"}, {"component": "ramplates"}]
    p = page(printed(car("Van", "heavy", components)))
    assert (charge_boxes(p, "Nitro"), charge_boxes(p, "Mine Dropper"), charge_boxes(p, "Ramplates")) == (2, 3, 0)
    assert same_line(p, run(p, "Mine Dropper"))[-2:] == ["Rear", "1"]  # a dropper fires to the rear, unasked
    assert run(p, "uses")


def test_the_fixed_systems_have_damaged_and_destroyed_boxes():
    p = page(printed(car(components=[])))
    for name, effects in (("Engine", 2), ("Steering", 2), ("Brakes", 1), ("Fuel tank", 1), ("Driver", 1)):
        r = run(p, name, -1)  # the driver's write-in line of the title band comes first
        ticks = [s for s in squares(p, 5.0) if r.box.right < s.x < r.box.x + 96 and abs(s.y + 2.5 - r.centre[1]) < 1]
        assert len(ticks) == effects, name
    assert run(p, "MAX ÷ 2") and run(p, "MAX −4 each turn") and run(p, "TURN −1") and run(p, "no turns")
    assert run(p, "DEC down to 2") and run(p, "car destroyed")


def test_what_a_damaged_or_destroyed_system_does_comes_from_the_rule_data():
    from .rule_mutations import mutated

    ruleset = mutated("axles-alloys-2", axles__engine_damaged_max_divisor=3, axles__steering_damaged_turn_loss=2,
                      axles__engine_lost_slowdown_in=5, axles__brakes_lost_dec=1)
    p = page(printed(car(components=[]), ruleset=ruleset))
    assert run(p, "MAX ÷ 3") and run(p, "TURN −2") and run(p, "MAX −5 each turn") and run(p, "DEC down to 1")
    assert not {"MAX ÷ 2", "TURN −1", "MAX −4 each turn", "DEC down to 2"} & {r.text for r in p.runs}


def test_a_broken_build_still_prints_with_a_marked_line_per_problem():
    broken = car("Knuckles", "light", scenario="race", components=[
        {"component": "mine-dropper"}, {"component": "heavy-weapon", "facing": "Front"},
        {"component": "medium-weapon", "facing": "Front"}, {"component": "light-weapon", "in_turret": True}])
    problems = [p.line() for p in builder.problems(broken, axles_rules(AXLES), AXLES)]
    assert len(problems) == 4
    p = page(printed(broken))
    assert run(p, "BREAKS THE RULES: fix the build before you play it")
    for line in problems:
        assert run(p, line)
    assert run(p, "capacity 4 of 3") and same_line(p, run(p, "Heavy Weapon")) == ["Front", "–"]


def test_an_empty_driver_gets_a_line_to_write_one_in():
    p = page(printed(car(driver="")))
    label = run(p, "Driver")
    assert same_line(p, label) == []
    lines = [s for s in p.shapes if s.h < 0.5 and s.w > 40 and abs(s.y - label.box.bottom) < 2.5]
    assert lines


def test_the_player_s_notes_print_under_the_components():
    p = page(printed(car(notes="Rebuilt after the Badlands ambush.")))
    notes, text = run(p, "NOTES"), run(p, "Rebuilt after the Badlands ambush.")
    assert run(p, "Ramplates").box.bottom < notes.box.y < text.box.y < run(p, "FOOTPRINT, 1:1").box.y


# --- measures ---------------------------------------------------------------------------------------------
def test_the_footprint_is_3_by_1_5_inches_at_full_size():
    data = printed(car())
    reader = pdfscan.reader(data)
    boxes = [(b.w / pdfscan.MM_PT, b.h / pdfscan.MM_PT) for b in pdfscan.rects(reader.pages[0], reader)]
    assert any(abs(w - 76.2) <= 0.1 and abs(h - 38.1) <= 0.1 for w, h in boxes), boxes
    assert any(abs(w - 50.8) <= 0.1 and abs(h - 2.0) <= 0.1 for w, h in boxes)  # the 2-inch calibration bar
    p = page(data)
    assert run(p, "3 × 1.5 in") and run(p, "76.2 × 38.1 mm") and run(p, "2 in = 50.8 mm")


def test_german_prints_the_footprint_with_a_decimal_comma():
    i18n.set_language("de")
    p = page(printed(car()))
    assert run(p, "3 × 1,5 in") and run(p, "76,2 × 38,1 mm") and run(p, "2 in = 50,8 mm")
    assert run(p, "Mittel") and run(p, "Vorne")  # the class and the firing face, translated


# --- pages ----------------------------------------------------------------------------------------------
def test_two_sheets_to_a_page_and_a_crowded_one_on_its_own():
    legal = (car("One"), car("Two", "heavy", DOGHEAD), car("Three", "light", []))
    assert len(pdfscan.reader(printed(*legal)).pages) == 2
    crowded = car("Crowded", "heavy", [{"component": "light-weapon", "facing": "Front"}] * 12)
    data = printed(legal[0], crowded, legal[2])
    reader = pdfscan.reader(data)
    assert len(reader.pages) == 3
    assert [pdfscan.texts(pg, reader)[0] for pg in reader.pages] == ["One", "Crowded", "Three"]
    assert [o.title for o in reader.outline] == ["One", "Crowded", "Three"]


def test_the_pdf_is_titled_after_the_first_car_and_written_whole(tmp_path):
    out = tmp_path / "cars.pdf"
    assert render_vehicle_pdf(out, [("a.vehicle.json", car("Purple Haze")), ("b.vehicle.json", car("B"))],
                              "axles-alloys-2") == 1
    reader = pdfscan.reader(out.read_bytes())
    assert reader.metadata.title == "Purple Haze" and reader.metadata.subject == "vehicle sheets"


def test_a_ruleset_without_vehicles_or_no_vehicle_writes_nothing(tmp_path):
    out = tmp_path / "none.pdf"
    with pytest.raises(LayoutError, match="ruleset 'mk-gaslands' has no vehicle rules"):
        render_vehicle_pdf(out, [("a.vehicle.json", car())], load_ruleset("mk-gaslands"))
    with pytest.raises(LayoutError, match="there is no vehicle to print"):
        render_vehicle_pdf(out, [], AXLES)
    assert not out.exists()


def test_the_blank_sheet_of_a_track_keeps_its_class_table_and_gains_the_systems():
    data = io.BytesIO()
    export_pdf(data, track("mushroom-cup-1-luigi-circuit", "axles-alloys-2"), "dashboards")
    reader = pdfscan.reader(data.getvalue())
    assert len(reader.pages) == 2
    text = all_text(data.getvalue())
    assert "WEIGHT CLASS" in text and "SYSTEMS (every car)" in text and "Fuel tank" in text
    assert len(squares(page(data.getvalue()), 6.0)) == 2 * 18  # two sheets of the largest hull


# --- no overflow -------------------------------------------------------------------------------------------
def every_kind_of_sheet() -> list[VehicleDocument]:
    return [car(driver="Antihiro Protagonist", notes="Painted purple; the lasers are torches taped on. " * 12),
            car("Doghead", "heavy", DOGHEAD, adjustments={"max": 2}),
            car("Knuckles", "light", scenario="race", components=[
                {"component": "mine-dropper"}, {"component": "heavy-weapon", "facing": "Front"},
                {"component": "body-armour"}, {"component": "racing-fuel-cell"}]),
            car("A name long enough to need shrinking in the title band of the sheet", "medium",
                [{"component": "smokescreen-dropper", "label": "A label that is far too long for its column"},
                 {"component": "armoured-engine-bay"}, {"component": "run-flat-tyres"}],
                driver="Somebody With A Long Driver Name Too"),
            car("Crowded", "heavy", [{"component": "nitro"}] * 30)]


@pytest.mark.parametrize("language", ["en", "de-pseudo", "fr"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nothing_runs_out_of_its_box(monkeypatch, language, paper):
    if language == "de-pseudo":
        monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    i18n.set_language(language.split("-")[0])
    found = pdfboxes.all_overflows(printed(*every_kind_of_sheet(), paper=paper))
    assert not found, f"{len(found)} overflowing texts:\n" + "\n".join(found[:20])
