"""Track-file refusals and check messages name an element as the player sees it (issue #30): a board space by
its printed number, a PitchKart section by its number, a gate by its number, anything else by its position in
the file (1-based) and its translated kind name — never `elements[3]` or a raw id like 's1'."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.geometry.checks import run_checks
from designer.i18n import set_language
from designer.io.errors import DocumentError
from designer.io.track_io import load_track, track_from_data
from designer.rules import load_ruleset
from tests.unit.cli_runner import run
from tests.unit.test_board_checks import board, ring


def _track(elements: list[dict], ruleset: str = "mk-gaslands") -> dict:
    return {"format": "kartographer-track", "schema_version": 1, "name": "Bad", "ruleset": ruleset,
            "table": {"width_mm": 1200.0, "height_mm": 1000.0}, "elements": elements}


def _broken_thwomp(tmp_path: Path) -> Path:
    path = tmp_path / "bad.track.json"
    path.write_text(json.dumps(_track([
        {"id": "sf", "kind": "start_finish", "x_mm": 100.0, "y_mm": 100.0},
        {"id": "thwomp-7", "kind": "thwomp", "x_mm": "left", "y_mm": 100.0}])), encoding="utf-8")
    return path


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "element 2 (Thwomp): x_mm: must be a number"),
    ("de", "Element 2 (Wummp): x_mm: muss eine Zahl sein"),
])
def test_validate_names_a_broken_element_by_its_place_and_kind(capsys, tmp_path, lang, expected):
    path = _broken_thwomp(tmp_path)
    code, out, err = run(capsys, "--lang", lang, "validate", path)
    assert code != 0
    assert f"{path}: {expected}" in out + err
    assert "elements[" not in out + err


def test_the_open_error_the_window_shows_names_the_element(tmp_path):
    """The window's Open shows `str()` of what `load_track` raises (`FileActions.open_paths`)."""
    path = _broken_thwomp(tmp_path)
    with pytest.raises(DocumentError) as info:
        load_track(path)
    assert str(info.value) == f"{path}: element 2 (Thwomp): x_mm: must be a number"
    set_language("fr")
    with pytest.raises(DocumentError) as info:
        load_track(path)
    assert str(info.value).startswith(f"{path}: élément 2 (") and "x_mm" in str(info.value)


def test_a_space_is_named_by_its_printed_number_and_a_gate_by_its_number():
    spaces = ring(4)
    spaces[2]["x_mm"] = "here"  # the third element is space 3
    with pytest.raises(DocumentError) as info:
        track_from_data(board(spaces))
    assert str(info.value) == "<data>: space 3: x_mm: must be a number"
    spaces = ring(4)
    spaces[1]["number"] = "two"  # the number is what is refused: the place in the file names it
    with pytest.raises(DocumentError) as info:
        track_from_data(board(spaces))
    assert str(info.value) == "<data>: element 2 (Space): number: must be a whole number"
    gate = {"id": "g", "kind": "gate", "order": 4, "x_mm": 1.0, "y_mm": 1.0, "width_mm": "wide"}
    with pytest.raises(DocumentError) as info:
        track_from_data(_track([gate]))
    assert str(info.value) == "<data>: gate 4: width_mm: must be a number"


def test_a_named_element_keeps_its_place_and_shows_its_name():
    goomba = {"id": "w", "kind": "wandering_threat", "name": "Gus", "move": "far", "x_mm": 1.0, "y_mm": 1.0}
    with pytest.raises(DocumentError) as info:
        track_from_data(_track([goomba]))
    assert str(info.value).startswith("<data>: element 1 (Wandering threat 'Gus'): move: ")


def test_an_id_used_twice_names_the_second_element():
    twice = [{"id": "c", "kind": "coin", "x_mm": 1.0, "y_mm": 1.0},
             {"id": "c", "kind": "coin", "x_mm": 2.0, "y_mm": 1.0}]
    with pytest.raises(DocumentError) as info:
        track_from_data(_track(twice))
    assert str(info.value) == "<data>: element 2 (Coin): id 'c' is used twice"


def test_a_section_is_named_by_its_number():
    section = {"id": "sec-9", "kind": "track_section", "piece": "straight", "number": 5, "flipped": "no",
               "x_mm": 1.0, "y_mm": 1.0}
    with pytest.raises(DocumentError) as info:
        track_from_data(_track([section], "pitchkart"))
    assert str(info.value) == "<data>: track section 5: flipped: must be true or false"


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", "The tiles of space 1 and space 52 overlap by"),
    ("de", "Die Plättchen von Feld 1 und Feld 52"),
])
def test_a_board_check_names_spaces_by_their_printed_numbers(lang, expected):
    spaces = ring()
    spaces[51].update(x_mm=spaces[0]["x_mm"], y_mm=spaces[0]["y_mm"] - 20.0, rotation_deg=90.0)  # s52 onto s1
    for space in spaces:
        space["id"] = f"space-{space['number'] + 1}"  # ids that do not match the printed numbers
    set_language(lang)
    [overlap] = [p for p in run_checks(track_from_data(board(spaces)), load_ruleset("mk-board"))
                 if p.code == "board-space-overlap"]
    assert overlap.message.startswith(expected), overlap.message
    assert "space-" not in overlap.message and overlap.ids == ("space-2", "space-53")


def test_a_pasted_element_is_named_alike():
    from designer.io.clipboard import CLIPBOARD_FORMAT, elements_from_json

    pasted = [{"id": "c", "kind": "coin", "x_mm": 1.0, "y_mm": 1.0},
              {"id": "g", "kind": "gate", "order": 3, "x_mm": 1.0, "y_mm": 1.0, "width_mm": "wide"}]
    with pytest.raises(DocumentError) as info:
        elements_from_json(json.dumps({"format": CLIPBOARD_FORMAT, "elements": pasted}))
    assert str(info.value) == "clipboard: gate 3: width_mm: must be a number"
    pasted[1] = {"id": "t", "kind": "thwomp", "x_mm": "left", "y_mm": 1.0}
    with pytest.raises(DocumentError) as info:
        elements_from_json(json.dumps({"format": CLIPBOARD_FORMAT, "elements": pasted}))
    assert str(info.value) == "clipboard: element 2 (Thwomp): x_mm: must be a number"
