"""What [10/10] changed for speed, held in place: reportlab's C accelerator is in use, printing and checking a
track load no campaign or vehicle code, the prints without a track (card decks, kits, campaign and vehicle
sheets) load no shapely or numpy, and the campaign and vehicle commands still parse and run.

Times themselves are measured in tests/benchmarks (side_by_side.py), never asserted here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from designer.paths import DEFAULT_TRACK

from .cli_runner import run

LAZY = ("designer.campaign_cli", "designer.systems.axles_alloys_2.careers_cli",
        "designer.systems.mk_downforce.season_cli", "designer.systems.axles_alloys_2.vehicle_cli", "designer.race_cli",
        "designer.model.campaign", "designer.systems.axles_alloys_2.vehicle", "designer.campaign.roster",
        "designer.export.scoresheet")


#: The geometry libraries: importing them costs about 0.18 s, a sixth of a card deck's whole run.
GEOMETRY = ("shapely", "numpy")


def _modules_after(args: list[str], watched: tuple[str, ...] = LAZY, cwd: Path | None = None) -> list[str]:
    """The `watched` modules loaded by `kartographer ARGS` run in a fresh interpreter."""
    code = (f"import json, sys\nfrom designer.cli import main\nstatus = main({args!r})\n"
            f"print(json.dumps([status, [m for m in {watched!r} if m in sys.modules]]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=cwd)
    status, loaded = json.loads(done.stdout.splitlines()[-1])
    assert status in (0, 1), done.stderr
    return loaded


def test_the_pdf_number_formatting_is_reportlabs_c_accelerator():
    # Without rl-accel installed reportlab falls back to its Python versions (_py_fp_str): same bytes, ~4× slower.
    from reportlab.lib import rl_accel

    assert rl_accel.fp_str.__module__ == "_rl_accel"
    assert rl_accel.asciiBase85Encode.__module__ == "_rl_accel"
    assert rl_accel.fp_str(1.5, 2.25) == "1.5 2.25"


def test_export_loads_no_campaign_or_vehicle_code(tmp_path: Path):
    assert _modules_after(["export", str(DEFAULT_TRACK), "--what", "track", "-o", str(tmp_path / "t.pdf")]) == []
    assert (tmp_path / "t.pdf").read_bytes().startswith(b"%PDF-")


def test_validate_loads_no_campaign_or_vehicle_code():
    assert _modules_after(["validate", str(DEFAULT_TRACK)]) == []


#: Every built-in system's rule-data module (its pydantic models): a command imports only its own system's.
RULE_DATA = tuple(f"designer.systems.{p}.rule_data" for p in
                  ("mk_gaslands", "mk_board", "pitchkart", "mk_downforce", "axles_alloys_2"))


def test_validate_and_a_card_deck_import_only_their_own_systems_rule_data(tmp_path: Path):
    """Issue #33: registering the systems imports no rule-data models; a Gaslands starter's validate and a
    Gaslands card deck import Gaslands' alone (`RuleSection.source`, `rules.loader.ruleset_model`)."""
    gaslands = ["designer.systems.mk_gaslands.rule_data"]
    assert _modules_after(["validate", str(DEFAULT_TRACK)], RULE_DATA) == gaslands
    assert _modules_after(["cards", "--ruleset", "mk-gaslands", "-o", str(tmp_path / "c.pdf")], RULE_DATA) == gaslands
    assert _modules_after(["cards", "--ruleset", "pitchkart", "-o", str(tmp_path / "p.pdf")], RULE_DATA) == [
        "designer.systems.pitchkart.rule_data"]


SYSTEMS = ("designer.systems.mk_gaslands", "designer.systems.mk_board", "designer.systems.pitchkart",
           "designer.systems.mk_downforce", "designer.systems.axles_alloys_2")


def test_validate_and_a_card_deck_register_only_their_own_system(tmp_path: Path):
    """Issue #33: a Gaslands track's validate and a board game deck import that system alone
    (`Registry.load_only`; test_registry.py: a file with another system's kind loads them all); the help,
    which lists every system's commands, still loads them all."""
    assert _modules_after(["validate", str(DEFAULT_TRACK)], SYSTEMS) == ["designer.systems.mk_gaslands"]
    assert _modules_after(["cards", "--ruleset", "mk-board", "-o", str(tmp_path / "b.pdf")], SYSTEMS) == [
        "designer.systems.mk_board"]
    assert _modules_after(["validate", str(DEFAULT_TRACK), "--json"], SYSTEMS) == list(SYSTEMS)  # every figure key


#: What a track's print does not need: the checks engine (a degenerate track is told by
#: `geometry.track.is_degenerate`), any race day (`System.race` named as "module:NAME"), other systems.
NOT_FOR_PRINT = ("designer.geometry.checks", "designer.geometry.checks.base", "designer.race.engine",
                 *(f"designer.systems.{p}.race" for p in ("mk_gaslands", "mk_board", "pitchkart", "mk_downforce",
                                                           "axles_alloys_2")), *SYSTEMS[1:])


def test_export_of_a_gaslands_track_imports_no_other_system_no_checks_engine_and_no_race_module(tmp_path: Path):
    """Issue #33: a track's whole-process export is the print alone."""
    out = tmp_path / "t.pdf"
    assert _modules_after(["export", str(DEFAULT_TRACK), "--what", "track", "-o", str(out)], NOT_FOR_PRINT) == []
    assert out.read_bytes().startswith(b"%PDF-")
    # the guard can fail: a race day still finds its rules (imported at the first use)
    from designer.systems import registry

    assert registry.get("mk-gaslands").race_rules is not None
    assert _modules_after(["validate", str(DEFAULT_TRACK)], NOT_FOR_PRINT) == ["designer.geometry.checks",
                                                                               "designer.geometry.checks.base"]


@pytest.mark.parametrize("ruleset", ["mk-gaslands", "mk-board", "pitchkart"])
def test_a_card_deck_loads_no_geometry_library(tmp_path: Path, ruleset: str):
    assert _modules_after(["cards", "--ruleset", ruleset, "-o", str(tmp_path / "c.pdf")], GEOMETRY) == []
    assert (tmp_path / "c.pdf").read_bytes().startswith(b"%PDF-")


@pytest.mark.parametrize("ruleset", ["mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"])
def test_a_kit_without_a_track_loads_no_geometry_library(tmp_path: Path, ruleset: str):
    # registering the five systems, and every section `export --ruleset ID --what all` prints — but Gaslands'
    # movement templates, whose turn bands are drawn with the geometry library: its other sections one by one
    whats = ["cards", "dashboards", "reference"] if ruleset == "mk-gaslands" else ["all"]
    for what in whats:
        assert _modules_after(["export", "--ruleset", ruleset, "--what", what, "-o", str(tmp_path / "k.pdf")],
                              GEOMETRY) == [], what
        assert (tmp_path / "k.pdf").read_bytes().startswith(b"%PDF-")


def test_campaign_and_vehicle_sheets_load_no_geometry_library(capsys, tmp_path: Path):
    cup, car = tmp_path / "cup.campaign.json", tmp_path / "car.vehicle.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Alex:mario", "-o", cup)[0] == 0
    assert run(capsys, "vehicle", "new", "--class", "light", "--name", "Zoë", "-o", car)[0] == 0
    assert _modules_after(["campaign", "print", str(cup), "-o", str(tmp_path / "s.pdf")], GEOMETRY) == []
    assert _modules_after(["campaign", "result", str(cup), "--race", "1", "--player", "Alex", "--place", "1"],
                          GEOMETRY) == []
    assert _modules_after(["vehicle", "print", str(car), "-o", str(tmp_path / "v.pdf")], GEOMETRY) == []
    assert (tmp_path / "s.pdf").read_bytes().startswith(b"%PDF-")


def test_checking_a_track_still_loads_them(tmp_path: Path):
    # the guard above must be able to fail: `validate` needs the geometry, and says so
    assert _modules_after(["validate", str(DEFAULT_TRACK)], GEOMETRY) == list(GEOMETRY)


def test_the_campaign_and_vehicle_commands_parse_and_run(capsys, tmp_path: Path):
    campaign = tmp_path / "cup.campaign.json"
    code, _, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Alex:mario", "Sam:luigi",
                       "-o", campaign)
    assert code == 0 and json.loads(campaign.read_text())["players"][1]["name"] == "Sam", err
    code, _, err = run(capsys, "campaign", "result", campaign, "--race", "1", "--player", "Alex", "--place", "1",
                       "--prize", "lots")
    assert code == 2 and "lots" in err  # the money type (now in cli_args) still reads --prize
    car = tmp_path / "car.vehicle.json"
    code, _, err = run(capsys, "vehicle", "new", "--class", "light", "--name", "Zoë", "-o", car)
    assert code == 0 and json.loads(car.read_text())["name"] == "Zoë", err
    refused = tmp_path / "x.vehicle.json"
    code, _, err = run(capsys, "vehicle", "new", "--class", "light", "--name", "\udcff", "-o", refused)
    assert code == 2 and "UTF-8" in err and not refused.exists()


def test_version_is_answered_before_the_command_line_and_pydantic_are_imported():
    """`kartographer --version` (designer.launch) prints what argparse's version action printed, and loads
    neither designer.cli (the file formats, the rule data) nor pydantic; any other call reaches designer.cli."""
    from designer import __version__

    code = ("import sys\nsys.argv = ['kartographer', '--version']\nfrom designer.launch import main\nstatus = main()\n"
            "print(status, 'designer.cli' in sys.modules, 'pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == [f"kartographer {__version__}", "0 False False"]
    listed = subprocess.run([sys.executable, "-m", "designer", "templates"], capture_output=True, text=True)
    assert listed.returncode == 0 and "mushroom-cup-1-luigi-circuit.track.json" in listed.stdout


def test_pydantic_is_resolved_before_qt_is_first_imported():
    """designer/__init__ no longer imports pydantic itself: the first import of PySide6 does it first."""
    code = ("import sys\nimport designer\nassert 'pydantic' not in sys.modules\nimport PySide6.QtCore\n"
            "print('pydantic.main' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True"]
