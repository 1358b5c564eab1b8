"""The `kartographer` command line: exit codes, one-line errors, JSON output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer import __version__
from designer.cli import main
from designer.io.schema import track_json_schema
from designer.paths import SCHEMA_DIR

from .factories import minimal_track_data


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
    path.write_text(json.dumps(minimal_track_data()), encoding="utf-8")
    code, out, err = run(capsys, "validate", str(path))
    assert code == 0 and err == ""
    assert f"{path}: ok" in out
    code, out, _ = run(capsys, "validate", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["problems"] == [] and report["figures"]["elements"] == 15


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


def test_python_dash_m_entry_point():
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-m", "designer", "--version"], capture_output=True, text=True,
                         cwd=Path(__file__).parents[2])
    assert out.returncode == 0 and out.stdout.startswith("kartographer ")
