"""The end-to-end proof of the plug-in seams: a game system nobody in `designer/` knows (tests/unit/fake_system.py)
is registered beside the built-ins and works everywhere a system shows: its kind loads and saves, its rule data
loads from its own file, its check shows in `kartographer validate`, its print section in `export --what`, its
campaign mode in `campaign new` — and the pure side never imports PySide6 doing it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from designer.cli import main
from designer.io.track_io import dumps_track, load_track
from designer.rules import load_ruleset
from designer.systems import registry
from tests.unit.fake_system import (
    FAKE_CHECK,
    FAKE_FIGURES,
    FAKE_ID,
    FAKE_KIND,
    FAKE_KINDS,
    FAKE_MODE,
    FAKE_SECTION,
    fake_registry,
    write_track,
)
from tests.unit.pdfscan import reader

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def fake(tmp_path):
    with fake_registry(tmp_path) as reg:
        yield reg


def run(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exc:  # argparse's --help
        code = exc.code
    out, err = capsys.readouterr()
    return code, out, err


def test_it_sits_beside_the_built_ins(fake):
    assert FAKE_ID in registry.ids()
    assert {"mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"} <= set(registry.ids())
    assert load_ruleset(FAKE_ID).element_kinds == FAKE_KINDS


def test_its_kind_loads_and_saves_byte_identically(fake, tmp_path):
    path = write_track(tmp_path)
    document = load_track(path)
    beacon = document.elements[1]
    assert (beacon.kind, type(beacon).__name__, beacon.glow_mm) == (FAKE_KIND, "FakeBeacon", 30.0)
    again = tmp_path / "again.track.json"
    again.write_text(dumps_track(document), encoding="utf-8")
    assert load_track(again) == document
    assert dumps_track(load_track(again)) == dumps_track(document)


def test_its_check_shows_in_validate(fake, tmp_path, capsys):
    path = write_track(tmp_path)
    code, out, err = run(capsys, "validate", str(path))
    assert err == ""
    assert f"warning {FAKE_CHECK}: Beacon 'b1' glows only 30 mm [b1]" in out
    assert code == 0  # a warning only
    code, out, _ = run(capsys, "validate", "--json", str(path))
    assert FAKE_CHECK in [p["code"] for p in json.loads(out)["problems"]]


def test_its_track_report_part_and_no_other_systems(fake, tmp_path, capsys):
    """`validate --json` carries the system's own figures under its key — and not PitchKart's, although its rule
    data is a copy of PitchKart's (a part is picked by the document's system, not by what its data holds)."""
    code, out, _ = run(capsys, "validate", "--json", str(write_track(tmp_path)))
    figures = json.loads(out)["figures"]
    assert code == 0
    assert figures[FAKE_FIGURES] == {"beacons": 1, "dim": 1}
    assert figures["pitchkart"] is None and figures["board"] is None


def test_its_check_stays_with_it(fake, tmp_path, capsys):
    """The same beacon in a Gaslands document: not offered there, and the fake system's check does not run."""
    path = tmp_path / "gaslands.track.json"
    path.write_text(json.dumps({**json.loads(write_track(tmp_path).read_text()), "ruleset": "mk-gaslands"}))
    code, out, _ = run(capsys, "validate", str(path))
    assert FAKE_CHECK not in out
    assert "kind-not-in-ruleset" in out and code == 1


def test_its_section_shows_in_export_what(fake, tmp_path, capsys):
    path = write_track(tmp_path)
    out_pdf = tmp_path / "beacons.pdf"
    code, out, err = run(capsys, "export", str(path), "--what", FAKE_SECTION, "-o", str(out_pdf))
    assert (code, err) == (0, "")
    assert len(reader(out_pdf.read_bytes()).pages) == 1
    code, out, err = run(capsys, "export", str(path), "--what", "dashboards", "-o", str(tmp_path / "no.pdf"))
    assert code == 2 and FAKE_SECTION in err and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "export", "--help")
    assert code == 0 and FAKE_SECTION in out


def test_its_mode_shows_in_campaign_new(fake, tmp_path, capsys):
    out_file = tmp_path / "league.campaign.json"
    code, out, err = run(capsys, "campaign", "new", "--ruleset", FAKE_ID, "--player", "Ana:Bowser",
                         "--player", "Ben:Toad", "-o", str(out_file))
    assert (code, err) == (0, "")
    assert json.loads(out_file.read_text(encoding="utf-8"))["mode"] == FAKE_MODE  # its default mode
    code, _, err = run(capsys, "campaign", "new", "--ruleset", FAKE_ID, "--mode", "grand_prix",
                       "--player", "Ana:Bowser", "-o", str(tmp_path / "gp.campaign.json"))
    assert code == 2 and FAKE_MODE in err and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "campaign", "new", "--help")
    assert code == 0 and FAKE_MODE in out


def test_its_commands_and_campaign_action_join_the_cli(fake, tmp_path, capsys):
    from designer.cli import commands

    track = write_track(tmp_path)
    assert "beacons" in commands() and "vehicle" in commands()
    assert run(capsys, "beacons", str(track)) == (0, "1 beacon\n", "")
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "count a track's beacons" in out
    cup = tmp_path / "league.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", FAKE_ID, "--player", "Ana:Bowser", "--player", "Ben:Toad",
               "--track", str(track), "-o", str(cup))[0] == 0
    assert run(capsys, "campaign", "roll-call", str(cup)) == (0, "Ana, Ben\n", "")
    # its option of `campaign result`, refused by its own check in a campaign whose mode does not read it
    code, out, err = run(capsys, "campaign", "result", str(cup), "--race", "1", "--player", "Ana", "--place", "1",
                         "--beacon", "b1")
    assert code == 2 and "only a league with its own result takes --beacon" in err and out == ""
    assert run(capsys, "campaign", "result", str(cup), "--race", "1", "--player", "Ana", "--place", "1")[0] == 0


def test_without_it_its_commands_are_gone(capsys):
    from designer.cli import commands

    assert "beacons" not in commands()
    code, _, err = run(capsys, "campaign", "roll-call", "x.campaign.json")
    assert code == 2 and "roll-call" in err


def test_the_registry_in_use_goes_back(tmp_path):
    with fake_registry(tmp_path):
        assert FAKE_ID in registry.ids()
    assert FAKE_ID not in registry.ids()


SCRIPT = """
import json, sys
from pathlib import Path
from tests.unit.fake_system import FAKE_ID, FAKE_SECTION, fake_registry, write_track
from designer.cli import main

folder = Path(sys.argv[1])
codes = {}
with fake_registry(folder):
    track = write_track(folder)
    codes["validate"] = main(["validate", str(track)])
    codes["export"] = main(["export", str(track), "--what", FAKE_SECTION, "-o", str(folder / "b.pdf")])
    codes["campaign"] = main(["campaign", "new", "--ruleset", FAKE_ID, "--player", "Ana:Bowser",
                              "-o", str(folder / "l.campaign.json")])
print(json.dumps({"codes": codes, "qt": sorted(m for m in sys.modules if m.split(".")[0] == "PySide6")}))
"""


def test_the_pure_side_never_imports_qt(tmp_path):
    done = subprocess.run([sys.executable, "-c", SCRIPT, str(tmp_path)], capture_output=True, text=True,
                          cwd=REPO, timeout=300)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["qt"] == []
    assert result["codes"] == {"validate": 0, "export": 0, "campaign": 0}


def test_a_systems_own_kind_prints_on_the_track_its_art_or_a_generic_tile(tmp_path):
    from dataclasses import replace

    from designer.export import sections
    from designer.export.draw_track import art_for, generic_art
    from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use

    from .fake_system import FAKE_KIND, make_system, write_track
    from .pdfscan import reader

    drawn = []
    system = replace(make_system(tmp_path), prints=(sections.TRACK,))
    for art, expected in ((None, generic_art), (lambda p, e, ctx: drawn.append(e.id), None)):
        registry = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
        registry.register(replace(system, print_art={FAKE_KIND: art}) if art else system)
        with use(registry):
            assert art_for(FAKE_KIND) is (expected or art)
            out = tmp_path / "track.pdf"
            assert main(["export", str(write_track(tmp_path)), "--what", "track", "-o", str(out)]) == 0
            text = "".join(page.extract_text() for page in reader(out.read_bytes()).pages[:1])
            assert "Fake beacon" in text  # the parts list names it as the palette does
    assert drawn == ["b1"]  # the form is drawn once and reused on every tile


LOCALE = Path(__file__).resolve().parents[1] / "plugins" / "fake_rally" / "fake_rally" / "locale"


@pytest.mark.parametrize("language", ["de", "es", "fr"])
def test_its_own_catalogue_translates_every_marked_string_and_is_compiled(language):
    """The plug-in's catalogue (fake_rally/locale) covers every string its source marks (`_`, `N_`, `ngettext`)
    plus its rule data's name, nothing untranslated or fuzzy, and the shipped .mo is its .po compiled."""
    from babel.messages.extract import extract_from_dir
    from babel.messages.mofile import read_mo
    from babel.messages.pofile import read_po

    folder = LOCALE / language / "LC_MESSAGES"
    with open(folder / "fake_rally.po", "rb") as f:
        po = read_po(f)
    with open(folder / "fake_rally.mo", "rb") as f:
        mo = read_mo(f)
    keywords = {"_": None, "N_": None, "ngettext": (1, 2)}
    marked = {m[2] if isinstance(m[2], str) else m[2][0]
              for m in extract_from_dir(str(LOCALE.parent), keywords=keywords)}
    assert {"Beacon sheet", "Beacon &Tool", "{n} beacon"} <= marked
    translated = {m.id if isinstance(m.id, str) else m.id[0]: m for m in po if m.id and not m.fuzzy}
    assert marked | {"Fake Rally"} <= set(translated)
    assert all(all(m.string) if isinstance(m.string, tuple) else m.string for m in translated.values())
    assert po.get("Fake Rally", context=f"{FAKE_ID}|name").string == po.get("Fake Rally").string
    def entries(catalogue) -> set:
        def whole(text):
            return text if isinstance(text, str) else tuple(text)

        return {(m.context, whole(m.id), whole(m.string)) for m in catalogue if m.id}

    assert entries(mo) == entries(po)
