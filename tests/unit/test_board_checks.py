"""The board game's own checks (designer/systems/mk_board/checks.py) and its Track Report figures.

A ring of 52 spaces 32 mm apart (the rule data's pitch), space 1 the start, with a plain item and a few of
each field, is clean; each check is pinned by the one edit that breaks it, with its message and ids, and one
through `kartographer validate` (exit code and printed line). Every number the checks use comes from the
ruleset (`board.*`), so a test that changes a number changes the ruleset, not the code.
"""

from __future__ import annotations

import json
import math

import pytest

from designer.cli import main
from designer.geometry.checks import checks_for, run_checks
from designer.geometry.figures import track_figures
from designer.i18n import set_language
from designer.io.track_io import track_from_data
from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

RULES = load_ruleset("mk-board")
BOARD_CODES = {"board-start-count", "board-numbering", "board-space-overlap", "board-shortcut-end",
               "board-shortcut-backward", "board-shortcut-short", "board-shortcut-shared", "board-shortcut-start",
               "board-lap-short", "board-lap-within-blue-shell"}
#: Fields by number in the clean ring (the rest plain).
FIELDS = {1: "start", 5: "item", 9: "booster", 14: "mushroom", 20: "thwomp", 26: "item", 33: "booster"}


def ring(n: int = 52, fields: dict[int, str] | None = None) -> list[dict]:
    """`n` spaces round a circle, one every `board.space_pitch_mm` (centre to centre; further apart on a
    small ring, whose tiles would overlap inside), facing along it."""
    pitch = board_rules(RULES).space_pitch_mm
    radius = max(pitch / (2 * math.sin(math.pi / n)), 150.0)
    fields = FIELDS if fields is None else fields
    out = []
    for k in range(n):
        angle = 2 * math.pi * k / n
        out.append({"id": f"s{k + 1}", "kind": "space", "number": k + 1, "field": fields.get(k + 1, "plain"),
                    "x_mm": round(500 + radius * math.cos(angle), 3), "y_mm": round(450 + radius * math.sin(angle), 3),
                    "rotation_deg": round((math.degrees(angle) + 90) % 360, 3)})
    return out


def shortcut(sid: str, start: str, end: str) -> dict:
    return {"id": sid, "kind": "shortcut", "from_space": start, "to_space": end, "x_mm": 600.0, "y_mm": 500.0}


def board(elements: list[dict], **changes) -> dict:
    data = {"format": "kartographer-track", "schema_version": 1, "name": "Test board", "ruleset": "mk-board",
            "table": {"width_mm": 1200.0, "height_mm": 1000.0}, "laps": 3, "karts": 4, "elements": elements}
    data.update(changes)
    return data


def clean() -> list[dict]:
    return [*ring(), shortcut("sc1", "s10", "s16"), shortcut("sc2", "s30", "s35")]


def found(elements: list[dict], ruleset=RULES) -> list:
    return [p for p in run_checks(track_from_data(board(elements)), ruleset) if p.code in BOARD_CODES]


def by_code(elements: list[dict], code: str, ruleset=RULES) -> list:
    return [p for p in found(elements, ruleset) if p.code == code]


@pytest.fixture(autouse=True)
def english():
    set_language("en")
    yield
    set_language("en")


def test_the_clean_board_has_no_board_problems_and_every_code_runs_for_the_board_game():
    assert found(clean()) == []
    problems = run_checks(track_from_data(board(clean())), RULES)
    assert [p for p in problems if p.severity != "info"] == []  # old: nothing checked the spaces at all
    assert {c.code for c in checks_for("mk-board")} >= BOARD_CODES
    assert not BOARD_CODES & {c.code for c in checks_for("pitchkart")}
    # shortcuts lie over the spaces they join: the shared overlap check would pile them up
    assert "elements-overlap" not in {c.code for c in checks_for("mk-board")}


def test_an_empty_board_gets_no_board_problems():
    assert found([]) == []


# --- the start ---------------------------------------------------------------------------------------------
def test_a_board_without_a_start_and_one_with_two():
    none = ring(fields={5: "item"})
    assert [(p.severity, p.message, p.ids) for p in by_code(none, "board-start-count")] == [
        ("error", "The board has no start space: make one space the start/finish", ())]
    two = ring(fields={1: "start", 21: "start"})
    assert [(p.message, p.ids) for p in by_code(two, "board-start-count")] == [
        ("2 spaces are the start (1, 21): a board has exactly one", ("s1", "s21"))]


# --- numbering -------------------------------------------------------------------------------------------------
def test_a_gap_and_a_duplicate_in_the_numbers_are_named():
    spaces = ring()
    spaces[6]["number"] = 6  # s7 numbered 6 (a duplicate of s6, and 7 is missing)
    spaces[20]["number"] = 23  # s21 numbered 23 (21 missing, 23 doubled)
    spaces[21]["number"] = 24  # s22 numbered 24 (22 missing, 24 doubled)
    problems = by_code(spaces, "board-numbering")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "2 spaces are numbered 6: 's6', 's7'", ("s6", "s7")),
        ("error", "2 spaces are numbered 23: 's21', 's23'", ("s21", "s23")),
        ("error", "2 spaces are numbered 24: 's22', 's24'", ("s22", "s24")),
        ("error", "Space numbers 7, 21, 22 are missing: the spaces should run 1 to 52 without a gap", ())]
    spaces = ring()
    spaces[-1]["number"] = 53
    assert [p.message for p in by_code(spaces, "board-numbering")] == [
        "Space number 52 is missing: the spaces should run 1 to 53 without a gap"]


# --- overlapping tiles -----------------------------------------------------------------------------------------
def test_overlapping_tiles_are_an_error_with_the_shared_area():
    spaces = ring()
    side = board_rules(RULES).space_size_mm
    spaces[51].update(x_mm=spaces[0]["x_mm"], y_mm=spaces[0]["y_mm"] - 20.0, rotation_deg=90.0)  # s52 onto s1
    problems = by_code(spaces, "board-space-overlap")
    # s1 faces 90°: two axis-aligned squares of 28 mm, 20 mm apart across, share 28 × 8 mm
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", f"The tiles of space 1 and space 52 overlap by {side * (side - 20):.0f} mm²", ("s1", "s52"))]


def test_a_turned_tile_overlaps_where_an_upright_one_would_not():
    side = board_rules(RULES).space_size_mm
    gap = side / 2 + side / 2 + 2.0  # centres 30 mm apart: upright 28 mm squares keep 2 mm apart
    base = [{"id": "a", "kind": "space", "number": 1, "field": "start", "x_mm": 300.0, "y_mm": 300.0},
            {"id": "b", "kind": "space", "number": 2, "x_mm": 300.0 + gap, "y_mm": 300.0}]
    assert by_code(base, "board-space-overlap") == []
    base[1]["rotation_deg"] = 45.0  # its corner now reaches 28·√2/2 ≈ 19.8 mm towards a
    assert [p.ids for p in by_code(base, "board-space-overlap")] == [("a", "b")]


def test_tiles_laid_edge_to_edge_do_not_overlap():
    side = board_rules(RULES).space_size_mm
    spaces = [{"id": f"t{k}", "kind": "space", "number": k + 1, "field": "start" if k == 0 else "plain",
               "x_mm": 100.0 + k * side, "y_mm": 100.0} for k in range(3)]
    assert by_code(spaces, "board-space-overlap") == []


def test_the_tile_side_comes_from_the_rule_data():
    bigger = RULES.model_copy(update={"board": board_rules(RULES).model_copy(update={"space_size_mm": 40.0})})
    problems = by_code(ring(), "board-space-overlap", bigger)  # 40 mm tiles 32 mm apart: each overlaps the next
    assert len(problems) == 52 and problems[0].ids == ("s1", "s2")


# --- shortcuts -----------------------------------------------------------------------------------------------------
def test_shortcut_ends_that_are_missing_or_not_spaces():
    scenery = {"id": "rock", "kind": "scenery", "x_mm": 100.0, "y_mm": 100.0,
               "polygon": [[80, 80], [120, 80], [80, 120]]}
    elements = [*ring(), scenery, shortcut("a", "gone", "s12"), shortcut("b", "s3", "rock"), shortcut("c", "s4", "s4")]
    problems = by_code(elements, "board-shortcut-end")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "Shortcut 'a' starts at 'gone', which is not on the board", ("a",)),
        ("error", "Shortcut 'b' ends at scenery 'rock', which is not a space", ("b", "rock")),
        ("error", "Shortcut 'c' starts and ends at the same place", ("c",))]
    assert by_code(clean(), "board-shortcut-end") == []


def test_a_shortcut_backward_along_the_lap():
    problems = by_code([*ring(), shortcut("back", "s20", "s12")], "board-shortcut-backward")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("error", "Shortcut 'back' does not lead forward along the lap: from space 20 back to space 12",
         ("back", "s20", "s12"))]
    assert found([*ring(), shortcut("back", "s20", "s12")]) == problems  # not "short" as well


def test_a_shortcut_over_the_finish_line_counts_from_the_start():
    spaces = ring(fields={11: "start"})  # the lap starts at space 11 and ends at 10
    problems = found([*spaces, shortcut("x", "s9", "s15")])
    assert [p.code for p in problems if p.code.startswith("board-shortcut")] == [
        "board-shortcut-backward"]  # 9 is the lap's 39th space, 15 its 5th


def test_a_shortcut_that_saves_too_little():
    least = board_rules(RULES).shortcut_min_saving
    assert least == 2
    problems = by_code([*ring(), shortcut("near", "s5", "s7"), shortcut("ok", "s20", "s23")], "board-shortcut-short")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("warning", "Shortcut 'near' saves only 1 space (from space 5 to 7); a shortcut should save at least 2",
         ("near", "s5", "s7"))]
    stricter = RULES.model_copy(update={"board": board_rules(RULES).model_copy(update={"shortcut_min_saving": 3})})
    assert [p.ids[0] for p in by_code([*ring(), shortcut("ok", "s20", "s23")], "board-shortcut-short", stricter)] == [
        "ok"]


def test_two_shortcuts_from_one_space():
    elements = [*ring(), shortcut("a", "s10", "s16"), shortcut("b", "s10", "s20")]
    problems = by_code(elements, "board-shortcut-shared")
    assert [(p.severity, p.message, p.ids) for p in problems] == [
        ("warning", "2 shortcuts leave space 10 ('a', 'b'): one space, one shortcut at most", ("a", "b", "s10"))]
    assert by_code(clean(), "board-shortcut-shared") == []


def test_a_shortcut_from_or_onto_the_start():
    spaces = ring(fields={1: "start"})
    spaces[35]["field"] = "plain"
    elements = [*spaces, shortcut("out", "s1", "s6")]
    assert [(p.severity, p.message, p.ids) for p in by_code(elements, "board-shortcut-start")] == [
        ("error", "Shortcut 'out' leaves from the start space: a pawn would skip the finish line", ("out", "s1"))]
    spaces = ring(fields={20: "start"})  # the lap runs 20 … 52, 1 … 19
    elements = [*spaces, shortcut("in", "s15", "s20")]
    problems = found(elements)
    assert [(p.code, p.message) for p in problems if p.code.startswith("board-shortcut")] == [
        ("board-shortcut-start", "Shortcut 'in' leads onto the start space: a pawn would skip the finish line")]


# --- the lap -----------------------------------------------------------------------------------------------------
def test_a_short_lap_and_one_within_the_blue_shells_reach():
    assert (board_rules(RULES).min_lap_spaces, board_rules(RULES).blue_shell_reach_spaces) == (12, 51)
    small = found(ring(10))
    assert [(p.code, p.severity, p.message) for p in small] == [
        ("board-lap-short", "info", "The lap has only 10 spaces, fewer than 12: a race is over in a few rolls"),
        ("board-lap-within-blue-shell", "info",
         "The lap has 10 spaces, fewer than the Blue Shell's reach of 51: it always reaches the leader")]
    assert [p.code for p in found(ring(12))] == ["board-lap-within-blue-shell"]
    assert found(ring(51)) == []


# --- figures ---------------------------------------------------------------------------------------------------------
def test_board_figures_count_the_spaces_turns_and_fields():
    figures = track_figures(track_from_data(board(clean())), RULES)["board"]
    assert figures["spaces_per_lap"] == 52 and figures["mean_roll"] == 3.5
    assert figures["turns_per_lap"] == pytest.approx(14.9)  # 52 / 3.5 = 14.86
    assert "3.5" in figures["turns_note"]
    assert figures["field_counts"] == {"plain": 45, "item": 2, "booster": 2, "mushroom": 1, "thwomp": 1, "start": 1}
    assert figures["field_shares"]["plain"] == 0.865 and figures["field_shares"]["start"] == 0.019
    assert sum(figures["field_shares"].values()) == pytest.approx(1.0, abs=0.005)
    empty = track_figures(track_from_data(board([])), RULES)["board"]
    assert empty["spaces_per_lap"] == 0 and empty["turns_per_lap"] == 0 and empty["field_shares"]["plain"] == 0
    assert track_figures(track_from_data(board([], ruleset="pitchkart")), load_ruleset("pitchkart"))["board"] is None


# --- through the command line ----------------------------------------------------------------------------------------
def test_validate_reports_a_backward_shortcut_and_exits_1(capsys, tmp_path):
    path = tmp_path / "b.track.json"
    path.write_text(json.dumps(board(clean())), encoding="utf-8")
    assert main(["validate", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [f"{path}: ok (54 elements)", "0 errors, 0 warnings, 0 info"]
    path.write_text(json.dumps(board([*ring(), shortcut("back", "s20", "s12")])), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert (f"{path}: error board-shortcut-backward: Shortcut 'back' does not lead forward along the lap: from space "
            "20 back to space 12 [back, s20, s12]") in lines
    assert main(["validate", "--json", str(path)]) == 1
    report = json.loads(capsys.readouterr().out)
    assert report["figures"]["board"]["spaces_per_lap"] == 52
    assert [p["code"] for p in report["problems"]] == ["board-shortcut-backward"]


def test_messages_go_through_the_catalogue(monkeypatch):
    english = {p.code: p.message for p in found([*ring(10, fields={}), shortcut("x", "s3", "s4")])}
    assert set(english) == {"board-start-count", "board-shortcut-short", "board-lap-short",
                            "board-lap-within-blue-shell"}
    monkeypatch.setenv("KARTOGRAPHER_PSEUDO", "1")
    set_language("en")
    pseudo = {p.code: p.message for p in found([*ring(10, fields={}), shortcut("x", "s3", "s4")])}
    assert set(pseudo) == set(english) and all(pseudo[code] != english[code] for code in english)
    monkeypatch.delenv("KARTOGRAPHER_PSEUDO")
