"""The `kartographer` command line: exit codes, one-line errors, JSON output."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from designer import __version__
from designer.cli import main
from designer.io.schema import track_json_schema
from designer.paths import SCHEMA_DIR

from .factories import minimal_track_data

#: A clean race: a ring with a start line across it and one coin on it.
CLEAN = minimal_track_data(
    karts=4,
    track={"centerline": [[457 + 300 * math.cos(k * math.pi / 6), 457 + 300 * math.sin(k * math.pi / 6)]
                          for k in range(12)], "closed": True, "width_mm": 200},
    elements=[
        {"id": "sf", "kind": "start_finish", "x_mm": 757, "y_mm": 457, "rotation_deg": 90, "width_mm": 220},
        {"id": "c1", "kind": "coin", "x_mm": 457, "y_mm": 757},
    ],
)


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's --version / --help
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"kartographer {__version__}"


def test_rules_lists_all_five(capsys):
    code, out, _ = run(capsys, "rules")
    assert code == 0
    ids = [line.split()[0] for line in out.splitlines()]
    assert ids == sorted(["mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"])


def test_rules_json_contract(capsys):
    code, out, _ = run(capsys, "rules", "mk-gaslands", "--json")
    assert code == 0
    data = json.loads(out)
    deck = {c["name"]: c for c in data["deck"]}
    assert sum(c["count"] for c in data["deck"]) == 66
    assert set(deck["Blue Shell"]) >= {"name", "count", "last_place_only", "uses"}
    assert deck["Blue Shell"]["last_place_only"] is True and deck["Triple Red Shell"]["uses"] == 3
    mario = next(c for c in data["characters"] if c["name"] == "Mario")
    assert (mario["weight"], mario["handling"], mario["max_gear"]) == ("Middleweight", 3, 5)
    assert data["grand_prix"]["place_points"] == [10, 8, 6, 4]
    assert data["grand_prix"]["upgrade_cost"] == 20


def test_unknown_ruleset_is_one_line(capsys):
    code, out, err = run(capsys, "rules", "chess")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "unknown ruleset 'chess'" in err


def test_validate_good_file(capsys, tmp_path):
    path = tmp_path / "ok.track.json"
    path.write_text(json.dumps(CLEAN), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 0 and err == ""
    assert f"{path}: ok" in out and out.strip().endswith("0 errors, 0 warnings, 0 info")
    code, out, _ = run(capsys, "validate", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["problems"] == [] and report["figures"]["elements"] == 2
    figures = report["figures"]
    assert figures["lap_length_mm"] > 0 and figures["racing_line_mm"] <= figures["lap_length_mm"]
    assert set(figures) >= {"racing_line", "racing_line_long_straights", "activations_per_lap", "estimate_note",
                            "tightest_corner_radius_mm", "min_width_mm", "element_counts"}


def test_validate_reports_problems_and_exits_1(capsys, tmp_path):
    path = tmp_path / "loop.track.json"
    path.write_text(json.dumps(minimal_track_data()), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 1 and err == ""
    lines = out.strip().splitlines()
    assert f"{path}: error gate-off-surface: Gate 1 does not reach across the track [g1]" in lines
    assert lines[-1].startswith("3 errors, ")
    code, out, _ = run(capsys, "validate", str(path), "--json")
    report = json.loads(out)
    assert code == 1 and report["figures"]["elements"] == 15
    first = report["problems"][0]
    assert set(first) == {"severity", "code", "message", "ids"} and first["severity"] == "error"


def test_validate_several_files_json_is_a_list(capsys, tmp_path):
    good, bad = tmp_path / "a.track.json", tmp_path / "b.track.json"
    good.write_text(json.dumps(CLEAN), encoding="utf-8")
    bad.write_text("{", encoding="utf-8")
    code, out, err = run(capsys, "validate", str(good), str(bad), "--json")
    reports = json.loads(out)
    assert code == 2 and err.count("\n") == 1
    assert [r["file"] for r in reports] == [str(good), str(bad)]
    assert reports[0]["problems"] == [] and reports[1]["readable"] is False


def test_validate_starter_documents_have_no_errors(capsys):
    templates = sorted((Path(__file__).parents[2] / "templates").glob("*.track.json"))
    code, out, _ = run(capsys, "validate", *map(str, templates))
    assert code == 0 and out.strip().splitlines()[-1].startswith("0 errors")


@pytest.mark.parametrize(
    ("content", "fragment"),
    [
        ("{", "not valid JSON"),
        (json.dumps(minimal_track_data(laps="many")), "laps: must be a whole number"),
        (json.dumps(minimal_track_data(ruleset="nope")), "unknown ruleset"),
    ],
)
def test_validate_bad_file_exit_2_one_line(capsys, tmp_path, content, fragment):
    path = tmp_path / "bad.track.json"
    path.write_text(content, encoding="utf-8")
    code, _, err = run(capsys, "validate", str(path))
    assert code == 2
    assert err.count("\n") == 1 and err.startswith(str(path)) and fragment in err
    assert "Traceback" not in err


def test_validate_missing_file(capsys, tmp_path):
    code, _, err = run(capsys, "validate", str(tmp_path / "gone.track.json"))
    assert code == 2 and "no such file" in err and err.count("\n") == 1


def test_bad_option_is_one_line(capsys):
    code, _, err = run(capsys, "schema", "spreadsheet")
    assert code == 2 and err.count("\n") == 1 and err.startswith("kartographer: error:")


def test_the_track_schema_knows_the_game_systems_own_kinds(capsys):
    code, out, _ = run(capsys, "schema", "track")
    kinds = {d["properties"]["kind"].get("const") for d in json.loads(out)["$defs"].values()
             if "kind" in d.get("properties", {})}
    assert code == 0 and {"space", "shortcut", "gate", "scenery"} <= kinds


def test_schema_matches_committed_copy(capsys):
    code, out, _ = run(capsys, "schema", "track")
    assert code == 0
    printed = json.loads(out)
    assert printed == track_json_schema()
    committed = json.loads((SCHEMA_DIR / "track.schema.json").read_text(encoding="utf-8"))
    assert printed == committed, "run `kartographer schema track > resources/schema/track.schema.json`"


def test_templates_lists_the_starter_documents(capsys):
    code, out, _ = run(capsys, "templates")
    assert code == 0
    lines = out.strip().splitlines()
    assert len(lines) >= 5
    assert any("mushroom-cup-1-luigi-circuit.track.json" in line for line in lines)
    cars = [line.split() for line in lines if ".vehicle.json" in line]
    assert len(cars) >= 3 and {"Light", "Medium", "Heavy"} <= {word for car in cars for word in car}


def test_python_dash_m_entry_point():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "designer", "--version"], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2])
    assert out.returncode == 0 and out.stdout.startswith("kartographer ")


def test_building_the_command_line_loads_no_game_system():
    """`--version` (and every command that does not need one) must not import the systems and shapely."""
    import subprocess
    import sys

    code = ("import sys\nfrom designer.cli import main\ntry:\n    main(['--version'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith('designer.systems.') and m.count('.') == 2"
            " and m.rsplit('.', 1)[1] not in ('api', 'registry')), 'shapely' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.splitlines()[-1] == "[] False"
