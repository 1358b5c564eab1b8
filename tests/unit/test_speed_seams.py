"""What [10/10] changed for speed, held in place: reportlab's C accelerator is in use, printing and checking a
track load no campaign or vehicle code, the prints without a track (card decks, kits, campaign and vehicle
sheets) load no shapely or numpy, and the campaign and vehicle commands still parse and run.

Times themselves are measured in tests/benchmarks (side_by_side.py), never asserted here.
"""

from __future__ import annotations

import argparse
import io
import json
import os
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

    assert registry.get("mk-gaslands").race is not None
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


def test_a_batch_command_runs_without_the_cycle_collector_and_the_editor_starts_with_it_held():
    """Issue #33 (designer/launch.py, designer/collector.py): `kartographer validate` makes no collection pass
    while it loads or works, and freezes what is left when it ends (the interpreter's closing collections skip
    it); the editor starts with the collector held too, and releases it after its first paint
    (tests/gui/test_startup_imports.py)."""
    batch = ("import gc, sys\npasses = []\n"
             "from designer.launch import main\ngc.callbacks.append(lambda phase, info: passes.append(phase))\n"
             f"sys.argv = ['kartographer', 'validate', {str(DEFAULT_TRACK)!r}]\nstatus = main()\n"
             "print(status, len(passes), gc.isenabled(), gc.get_freeze_count() > 20_000)")
    # Compiling a module's source may make a pass of its own: the first run writes the byte-code caches.
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", batch], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.splitlines()[-1].split() == ["0", "0", "False", "True"]
    editor = ("import gc, sys, types\nimport designer.cli\ndesigner.cli._load_before_qt = lambda: None\n"
              "seen = []\nsys.modules['designer.app.main'] = types.SimpleNamespace(\n"
              "    run_gui=lambda files, language: seen.append(gc.isenabled()) or 0)\n"
              "sys.argv = ['kartographer', 'gui']\nfrom designer.launch import main\nstatus = main()\n"
              "print(status, seen)")
    done = subprocess.run([sys.executable, "-c", editor], capture_output=True, text=True, check=True)
    assert done.stdout.splitlines()[-1] == "0 [False]"


def test_pydantic_is_resolved_before_qt_is_first_imported():
    """designer/__init__ no longer imports pydantic itself: the first import of PySide6 does it first."""
    code = ("import sys\nimport designer\nassert 'pydantic' not in sys.modules\nimport PySide6.QtCore\n"
            "print('pydantic.main' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["True"]


#: What only reading a track needs: the element and track models and the track reader.
TRACK_MODEL = ("designer.model.elements", "designer.model.track", "designer.io.track_io")


def test_a_card_deck_builds_no_element_model(tmp_path: Path):
    """Issue #33: a card deck reads no track, so it builds no element or track model (`designer.model` reads
    its names lazily, the registry and the rule data know the built-in kinds by name); validate still does."""
    assert _modules_after(["cards", "--ruleset", "mk-gaslands", "-o", str(tmp_path / "c.pdf")], TRACK_MODEL) == []
    assert _modules_after(["validate", str(DEFAULT_TRACK)], TRACK_MODEL) == list(TRACK_MODEL)
    from designer.model import ELEMENT_KINDS, TrackDocument
    from designer.model.elements import ELEMENT_CLASSES

    assert tuple(ELEMENT_CLASSES) == ELEMENT_KINDS and TrackDocument.__module__ == "designer.model.track"


def test_registering_the_systems_builds_no_campaign_record_model(tmp_path: Path):
    """Issue #33: the systems' campaign fields are a plain table (`model/fields_table.py`) until a campaign is
    read, so a card deck imports no record model and not even the shared model base; a campaign still resolves
    them when read."""
    records = ("designer.model.record_fields", "designer.model.base", "designer.model.campaign")
    assert _modules_after(["cards", "--ruleset", "mk-gaslands", "-o", str(tmp_path / "c.pdf")], records) == []
    from designer.model.campaign import Race
    from designer.model.record_fields import fields_of_record, fields_owner

    assert "mk-downforce" in {fields_owner(model) for model in fields_of_record(Race)}


def test_exporting_a_track_builds_no_campaign_record_model(tmp_path: Path):
    """Issue #33: the track reader's migrations name a campaign item through `campaign.places`, which asks the
    systems' record models only for a list of theirs, so reading a track imports none; the names still come."""
    records = ("designer.model.record_fields", "designer.model.campaign")
    out = tmp_path / "t.pdf"
    assert _modules_after(["export", str(DEFAULT_TRACK), "--what", "track", "-o", str(out)], records) == []
    assert out.read_bytes().startswith(b"%PDF-")
    from designer.campaign.places import item_name

    assert item_name("races", 1, {}) == "race 2" and item_name("bets", 0, {"player": "Ann"}) == "Ann"
    assert item_name("cars", 2, {}) == "car 3" and item_name("nothing", 0, {}) is None


def test_validate_and_a_card_deck_import_no_race_day(tmp_path: Path):
    """Issue #33: a system names its race day by where it lies (`System.race`, "module:NAME"), imported when
    first read: validate and a card deck never import the race engine; reading `race` gives the rules."""
    race = ("designer.race.engine",)
    assert _modules_after(["validate", str(DEFAULT_TRACK)], race) == []
    assert _modules_after(["cards", "--ruleset", "mk-gaslands", "-o", str(tmp_path / "c.pdf")], race) == []
    from designer.race.engine import RaceRules
    from designer.systems import registry

    system = registry.get("mk-gaslands")
    assert isinstance(system.race, RaceRules) and system.race is system.race
    assert all(s.race is not None for s in registry.systems())


def test_validate_imports_no_atomic_writer_nor_resource_readers():
    """Issue #33: reading and checking a track imports nothing that only writes (designer.io.atomic) and finds
    the bundled data without importlib.resources' readers (zip archives are not supported anyway)."""
    watched = ("designer.io.atomic", "importlib.resources.readers")
    assert _modules_after(["validate", str(DEFAULT_TRACK)], watched) == []
    from importlib.resources import files

    from designer.paths import RESOURCES_DIR, TEMPLATES_DIR

    assert Path(str(files("designer.resources"))) == RESOURCES_DIR
    assert Path(str(files("designer.templates"))) == TEMPLATES_DIR


def test_a_shared_command_builds_only_its_own_parser():
    """Issue #33: `kartographer validate …` makes the validate parser alone; it parses as the whole one does."""
    from designer import cli

    alone = cli._parser(False, "validate")
    [sub] = [a for a in alone._actions if isinstance(a, argparse._SubParsersAction)]
    assert list(sub.choices) == ["validate"]
    for line in (["validate", "a.track.json", "--json"], ["validate", "a.json", "b.json"]):
        assert alone.parse_args(line) == cli._parser(False).parse_args(line)


def test_printable_ascii_compiles_no_pattern():
    """Issue #33: most lines are printable ASCII and go out as they are; the escapes' patterns are compiled
    only for a line that may need them, and escape as before."""
    code = ("from designer.io import display\nprint(display.printable('ok (77 elements)'), "
            "display.json_printable('{\\n  \"a\": 1\\n}') == '{\\n  \"a\": 1\\n}',"
            " display._pattern.cache_info().currsize)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["ok", "(77", "elements)", "True", "0"]
    from designer.io.display import json_printable, printable

    assert printable("a\x1b[2J\u202e\udcff\x7f") == "a\\x1b[2J\\u202e\\xff\\x7f"
    assert json_printable('"a\\u0007"\n\x07\u2028') == '"a\\u0007"\n\\u0007\\u2028'


def test_card_backs_are_drawn_once_per_slot_and_copied_byte_for_byte(monkeypatch):
    """Issue #33: a back at a slot is the same on every back sheet: drawn once per slot (9 on A4 poker
    sheets, not 66), the rest copied (`export.repeats`) — the very bytes drawing every back writes."""
    from designer.export import cards, repeats
    from designer.rules import load_ruleset

    ruleset = load_ruleset("mk-gaslands")
    drawn = []
    original = cards.draw_back
    monkeypatch.setattr(cards, "draw_back", lambda *args: drawn.append(args[1]) or original(*args))
    copied = io.BytesIO()
    cards.write_cards_pdf(copied, ruleset)
    assert len(drawn) == 9 == len(set(drawn)) and ruleset.card_count() == 66
    monkeypatch.setattr(repeats.Repeats, "draw", lambda self, key, draw: draw())
    every = io.BytesIO()
    cards.write_cards_pdf(every, ruleset)
    assert len(drawn) == 9 + 66 and copied.getvalue() == every.getvalue()


def test_a_drawing_that_leaves_more_than_operators_is_never_copied():
    """`Repeats` copies only what a drawing writes to the page and the canvas's plain state; one that leaves the
    graphics-state stack deeper (or begins a page) is drawn every time."""
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.repeats import Repeats

    c = Canvas(io.BytesIO())
    repeats, runs = Repeats(c), []

    def plain() -> None:
        runs.append("plain")
        c.setFillColorRGB(1, 0, 0)
        c.rect(0, 0, 10, 10, fill=1)

    def pushes() -> None:
        runs.append("pushes")
        c.saveState()

    for _ in range(3):
        repeats.draw("plain", plain)
    code, third = list(c._code), len(c._code) // 3
    # the first drawing started from another fill colour than the next ones: drawn twice, then copied
    assert runs == ["plain", "plain"] and code == code[:third] * 3 and c._fillColorObj == (1, 0, 0)
    for _ in range(2):
        repeats.draw("pushes", pushes)
    assert runs == ["plain", "plain", "pushes", "pushes"] and len(c.state_stack) == 2


def test_records_share_their_frozenness_and_stay_frozen():
    """Issue #33: the api records share one `__setattr__`/`__delattr__` instead of compiling two per class; a
    field is still set once, by `__init__`, and never again (`dataclasses.replace` makes a new one)."""
    from dataclasses import FrozenInstanceError, replace

    from designer.systems.api import PrintSection, System

    assert PrintSection.__setattr__ is System.__setattr__ and PrintSection.__delattr__ is System.__delattr__
    system = System(id="x", name="X", ruleset_path=Path("x.json"), race="designer.systems.mk_gaslands.race:RACE")
    for change in (lambda: setattr(system, "id", "y"), lambda: setattr(system, "race", None),
                   lambda: setattr(system, "new", 1), lambda: delattr(system, "name")):
        with pytest.raises(FrozenInstanceError):
            change()
    other = replace(system, id="y")
    assert (other.id, system.id) == ("y", "x") and other.race is system.race and replace(system) == system


def test_hashing_a_system_reads_no_race_day_and_one_without_keeps_none():
    """Issue #33: a system keys caches (its Qt half's), so its hash leaves out the race day named as "module:NAME"
    (hashing imported every system's race day before the first window); a system given none still has none."""
    from dataclasses import replace

    from designer.systems.registry import find

    system = find("mk-gaslands")
    fresh = replace(system, race="designer.systems.mk_gaslands.race:RACE")
    hash(fresh)
    assert isinstance(fresh.__dict__["_deferred_race"], str)  # not read by the hash
    assert fresh.race is not None and fresh == system
    assert replace(system, race=None).race is None
    assert replace(system, race=None) != system


def test_a_tracks_print_makes_its_surface_once(tmp_path: Path):
    """Issue #33: the surface (the smooth centre line buffered, ~10 M instructions) is made once per centre line,
    closure and width, not for the ink, the kerbs, the edges and the fill each; a different track gets its own."""
    from designer.export import write_track_pdf
    from designer.geometry import track as track_geometry
    from designer.io.track_io import load_track

    document = load_track(DEFAULT_TRACK)
    track_geometry._surface.cache_clear()
    write_track_pdf(tmp_path / "t.pdf", document)
    made = track_geometry._surface.cache_info()
    assert made.misses == 1 and made.hits >= 3
    same = track_geometry.surface(document.track)
    wider = track_geometry.surface(document.track.model_copy(update={"width_mm": document.track.width_mm + 1}))
    assert track_geometry.surface(document.track) is same and wider is not same
    assert wider.area > same.area
    from designer.model.track import TrackSurface

    corner = [(0.0, 0.0), (100.0, 0.0), (50.0, 80.0)]
    plus, minus = (TrackSurface.model_construct(centerline=[(x, 0.0), *corner[1:]], closed=True, width_mm=50.0)
                   for x in (0.0, -0.0))  # as made in code, unvalidated: equal numbers that are written apart
    assert track_geometry.surface(plus) is not track_geometry.surface(minus)


def test_threads_never_share_a_surface():
    """A query with a predicate prepares a shape in place, without a lock in GEOS: the print dialog's worker and a
    preview built on the main thread at once, sharing the cached surface, crashed the test run (a segmentation
    fault in `tile_plan.touches_edges` on both threads). Each thread now has its own, still made once."""
    import threading

    from designer.geometry import track as track_geometry
    from designer.io.track_io import load_track

    track = load_track(DEFAULT_TRACK).track
    here = track_geometry.surface(track)
    there: list = []
    worker = threading.Thread(target=lambda: there.extend(track_geometry.surface(track) for _ in range(2)))
    worker.start()
    worker.join()
    assert there[0] is there[1] and there[0] is not here and there[0].equals(here)
    assert track_geometry.surface(track) is here
