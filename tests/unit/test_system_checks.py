"""Checks per game system ([3/10]): the universal checks every system gets (kinds the ruleset does not
offer, kart counts from the rule data, the track and elements against the table's edge) and only the
system's own list besides (Gaslands: all of today's; no box lines, ramp landings, gear figures elsewhere).

Each misfire measured on the old code is pinned here through `kartographer validate` (designer.cli.main) or
`run_checks`: a Luigi Circuit copy relabelled for another system validated "ok"; `few-karts` asked the
board game for 4 karts and said nothing about 7 in Downforce or 9 in PitchKart, and only with a track.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys

import pytest

from designer.cli import main
from designer.geometry.checks import CHECKS, check_codes, checks_for, run_checks
from designer.geometry.figures import track_figures
from designer.io.templates import list_starter_tracks, starters_for
from designer.io.track_io import track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems import registry

LUIGI = json.loads((TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json").read_text(encoding="utf-8"))
SYSTEMS = ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")
#: The codes that fire for Gaslands only (its own rules, see designer/systems/mk_gaslands/checks.py).
GASLANDS_ONLY = {"box-line-count", "box-line-no-double", "ramp-landing-off-table", "ramp-landing-in-scenery",
                 "boost-against-travel", "reach-blocks-track", "pipe-paired-with-itself", "pipe-pair-missing",
                 "pipe-pair-not-pipe", "pipe-pair-not-mutual", "pipe-unpaired", "bill-launcher-missing",
                 "bill-launcher-not-pipe"}


def luigi(**changes) -> dict:
    data = copy.deepcopy(LUIGI)
    data.update(changes)
    return data


def validate(capsys, tmp_path, data: dict) -> tuple[int, list[str]]:
    path = tmp_path / "t.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = main(["validate", str(path)])
    out = capsys.readouterr().out
    return code, [line.removeprefix(f"{path}: ") for line in out.splitlines()]


def codes_of(data: dict) -> set[str]:
    document = track_from_data(data)
    return {p.code for p in run_checks(document, load_ruleset(document.ruleset))}


# --- kinds the ruleset does not offer ------------------------------------------------------------------
@pytest.mark.parametrize("system", ["mk-downforce", "axles-alloys-2"])
def test_a_relabelled_luigi_copy_no_longer_validates_ok(capsys, tmp_path, system):
    code, lines = validate(capsys, tmp_path, luigi(ruleset=system))  # old: "ok (77 elements)", exit 0
    name = load_ruleset(system).name
    assert code == 1
    found = [line for line in lines if "kind-not-in-ruleset" in line]
    assert any(line.startswith(f"error kind-not-in-ruleset: {name} has no coin: 34 coin elements to remove or "
                               "replace [coin-1, ") for line in found)
    offered = set(load_ruleset(system).element_kinds)
    flagged = {e["kind"] for e in LUIGI["elements"]} - offered
    assert len(found) == len(flagged) and all(line.startswith("error ") for line in found)
    assert any(line.endswith("[dash-1]") and "has no dash panel: 1 dash panel element" in line for line in found)


def test_gaslands_offers_every_kind_its_templates_hold():
    for starter in list_starter_tracks():
        assert "kind-not-in-ruleset" not in codes_of(json.loads(starter.path.read_text(encoding="utf-8")))


# --- karts within the rule data's bounds -------------------------------------------------------------------
def test_the_rule_data_holds_each_systems_kart_bounds():
    bounds = {s: load_ruleset(s).karts for s in SYSTEMS}
    assert (bounds["mk-board"].min, bounds["mk-board"].max) == (2, 7)
    assert (bounds["mk-downforce"].min, bounds["mk-downforce"].max) == (None, 6)
    assert (bounds["pitchkart"].min, bounds["pitchkart"].max) == (None, 8)
    assert (bounds["mk-gaslands"].recommended_min, bounds["mk-gaslands"].max) == (4, None)
    assert (bounds["axles-alloys-2"].min, bounds["axles-alloys-2"].max) == (None, None)


def board(karts: int, **changes) -> dict:
    data = luigi(ruleset="mk-board", karts=karts, **changes)
    data["elements"] = [e for e in data["elements"] if e["kind"] != "dash_panel"]  # what mk-board offers
    return data


KART_CODES = {"few-karts", "too-few-karts", "too-many-karts"}


@pytest.mark.parametrize("karts", [2, 3, 4, 7])
def test_the_board_game_takes_two_to_seven_karts(karts):
    assert not codes_of(board(karts)) & KART_CODES  # old: few-karts for 2 and 3


def test_the_board_game_refuses_one_kart_and_eight_with_or_without_a_track(capsys, tmp_path):
    for track in (LUIGI["track"], None):
        assert codes_of(board(1, track=track)) & KART_CODES == {"too-few-karts"}
        assert codes_of(board(8, track=track)) & KART_CODES == {"too-many-karts"}
    code, lines = validate(capsys, tmp_path, board(1))
    assert code == 1 and "error too-few-karts: Mario Kart Board Game takes 2 to 7 karts; this document is set " \
        "for 1" in lines


@pytest.mark.parametrize(("system", "most"), [("mk-downforce", 6), ("pitchkart", 8)])
def test_more_karts_than_the_system_has_is_an_error_with_or_without_a_track(capsys, tmp_path, system, most):
    name = load_ruleset(system).name
    for track in (LUIGI["track"], None):
        code, lines = validate(capsys, tmp_path, luigi(ruleset=system, karts=most + 1, track=track))
        assert code == 1  # old: no word about it (exit 0)
        assert f"error too-many-karts: {name} takes at most {most} karts; this document is set for {most + 1}" in lines
        assert not codes_of(luigi(ruleset=system, karts=most, track=track)) & KART_CODES


def test_gaslands_still_recommends_four_karts_for_a_race():
    assert "few-karts" in codes_of(luigi(karts=3))
    assert not codes_of(luigi(karts=12)) & KART_CODES


# --- Gaslands' own checks stay with Gaslands ---------------------------------------------------------------
def test_box_line_count_is_gaslands_only():
    # every gate of Luigi Circuit has a line of 4 boxes: for 3 karts Gaslands says so, the others do not
    assert "box-line-count" in codes_of(luigi(karts=3))
    for system in ("mk-board", "pitchkart", "mk-downforce"):  # old: six box-line-count warnings each
        assert "box-line-count" not in codes_of(luigi(ruleset=system, karts=3))


def ramp_off_the_edge(system: str) -> dict:
    """A ramp near the right edge facing it: a Medium and a Long jump land off the table (in Gaslands)."""
    data = luigi(ruleset=system)
    data["elements"] = [e for e in data["elements"] if e["kind"] in ("start_finish", "gate", "scenery")]
    data["elements"].append({"id": "jump", "kind": "ramp", "x_mm": 1700.0, "y_mm": 600.0, "rotation_deg": 0.0})
    return data


def test_ramp_landing_zones_are_gaslands_only():
    assert "ramp-landing-off-table" in codes_of(ramp_off_the_edge("mk-gaslands"))
    assert "ramp-landing-off-table" not in codes_of(ramp_off_the_edge("axles-alloys-2"))  # old: fired


def test_gaslands_hazard_checks_stay_with_gaslands():
    data = luigi(ruleset="pitchkart")
    chomp = {"id": "cc", "kind": "chain_chomp", "x_mm": 900.0, "y_mm": 130.0, "reach_mm": 400.0}
    data["elements"] = [*data["elements"], chomp]
    found = codes_of(data)
    assert "reach-blocks-track" not in found and "kind-not-in-ruleset" in found
    assert "reach-blocks-track" in codes_of(luigi(elements=[*LUIGI["elements"], chomp]))


def test_activations_per_gear_only_where_the_rule_data_has_gears():
    gaslands = track_figures(track_from_data(luigi()), load_ruleset("mk-gaslands"))
    assert list(gaslands["activations_per_lap"]) == ["1", "2", "3", "4", "5", "6"] and gaslands["estimate_note"]
    for system in ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"):  # old: gears 1-6 for everyone
        figures = track_figures(track_from_data(luigi(ruleset=system)), load_ruleset(system))
        assert figures["activations_per_lap"] is None and figures["estimate_note"] is None
        assert figures["lap_length_mm"] == gaslands["lap_length_mm"]


# --- the table's edge, for every system ---------------------------------------------------------------------
@pytest.mark.parametrize("system", SYSTEMS)
def test_a_track_past_the_table_edge_is_an_error_for_every_system(capsys, tmp_path, system):
    data = luigi(ruleset=system, table={"width_mm": 1200.0, "height_mm": 1219.2}, elements=[])
    code, lines = validate(capsys, tmp_path, data)  # old: only "no-start-finish"
    assert code == 1
    # 586 mm, said in the inches Luigi Circuit is drawn in
    assert "error track-off-table: The track surface runs up to 23.1 in past the edge of the table" in lines
    assert "track-off-table" not in codes_of(luigi(ruleset=system, elements=[]))


@pytest.mark.parametrize("system", SYSTEMS)
def test_an_element_past_the_table_edge_is_an_error_for_every_system(system):
    data = luigi(ruleset=system, elements=[{"id": "g9", "kind": "gate", "x_mm": -300.0, "y_mm": 50.0,
                                            "order": 1, "width_mm": 200.0}])
    assert "element-off-table" in codes_of(data)


# --- the lists ------------------------------------------------------------------------------------------
def test_every_listed_code_is_a_registered_check_and_gaslands_gets_them_all():
    registered = set(check_codes())
    for system in registry.systems():
        assert set(system.checks) <= registered, system.id
    # the engine's own checks (not a game system's own module's, nor a test's fake system's)
    built_in = {c.code for c in CHECKS if c.fn.__module__.startswith("designer.geometry.")}
    assert {c.code for c in checks_for("mk-gaslands")} == built_in  # the same report as before systems
    assert {c.code for c in checks_for("no-such-system")} == registered  # every check, as before systems
    universal = {c.code for c in CHECKS if c.universal}
    assert universal == {"kind-not-in-ruleset", "too-few-karts", "too-many-karts", "few-karts", "track-off-table",
                         "element-off-table", "degenerate-track", "degenerate-scenery", "scenery-self-crossing",
                         "empty-document"}
    for system in SYSTEMS[1:]:
        assert not {c.code for c in checks_for(system)} & GASLANDS_ONLY, system


@pytest.mark.parametrize("system_id", SYSTEMS)
def test_checking_one_systems_document_first_registers_every_check_it_lists(system_id):
    # A fresh interpreter: the system's own check modules are imported by the engine when its checks are asked
    # for (System.check_modules), not with the system; nothing else may have imported them first.
    code = ("import json\nfrom designer.geometry.checks import checks_for\nfrom designer.systems import registry\n"
            f"chosen = {{c.code for c in checks_for({system_id!r})}}\n"
            f"print(json.dumps(sorted(set(registry.get({system_id!r}).checks) - chosen)))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "[]", done.stderr


def test_a_system_with_no_check_modules_of_its_own_gets_the_shared_checks():
    assert registry.get("mk-gaslands").check_modules == () and registry.get("mk-downforce").check_modules == ()
    assert {c.code for c in checks_for("mk-downforce")} >= {"gates-out-of-order", "track-too-narrow"}


def test_starters_are_found_by_their_ruleset():
    board = ["board-blank-loop.track.json", "board-coin-cove-loop.track.json"]
    pitchkart = ["pitchkart-kidney-bend.track.json", "pitchkart-stadium.track.json"]
    axles = ["axles-deathmatch-arena.track.json", "axles-figure-eight.track.json", "axles-tri-oval.track.json"]
    assert [s.path.name for s in starters_for("mk-board")] == board
    assert [s.path.name for s in starters_for("pitchkart")] == pitchkart
    assert [s.path.name for s in starters_for("axles-alloys-2")] == axles
    assert [s.path.name for s in starters_for("mk-gaslands")] == \
        [s.path.name for s in list_starter_tracks() if s.path.name not in board + pitchkart + axles]
