"""The command line against hostile input: out-of-range numbers, over-long or empty names, NUL in a
campaign file, control characters and non-UTF-8 bytes in names and file names, mistyped commands.
Every refusal is exit 2 with one stderr line and the file untouched; names print escaped, never raw."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from designer import cli
from designer.cli import main
from designer.io.display import printable
from designer.io.errors import DocumentError
from designer.paths import TEMPLATES_DIR

from .cli_runner import refused, run

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
#: a file name that is not UTF-8 and carries a terminal colour code
HOSTILE = b"bad\xff\x1b[31m"
RAW = (b"\x1b", b"\x07", b"\x00", b"\xff", "\u202e".encode())


@pytest.fixture
def gp(tmp_path, capsys) -> Path:
    path = tmp_path / "gp.campaign.json"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Alex:Mario",
                          "Bo:Luigi", "-o", path)
    assert code == 0, err
    return path


def edited(path: Path, change) -> Path:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- 1. model bounds are one-line refusals -------------------------------------------------------
@pytest.mark.parametrize(("option", "value", "words"), [
    ("--coins", "10001", "10001 is not in 0…10000"),
    ("--gates", "10001", "10001 is not in 0…10000"),
    ("--gates", "1" + "0" * 30, "1" + "0" * 30 + " is not in 0…10000"),
])
def test_result_out_of_bounds_is_one_line(capsys, gp, option, value, words):
    line = refused(capsys, gp, "campaign", "result", gp, "--race", "1", "--player", "Alex", "--place", "1",
                   option, value)
    assert line == f"kartographer: error: argument {option}: {words}"


@pytest.mark.parametrize(("name", "words"), [
    ("N" * 121, "name: string should have at most 120 characters"),
    ("   ", "name: string should have at least 1 character"),
])
def test_new_with_a_bad_name_is_one_line_and_writes_nothing(capsys, tmp_path, name, words):
    out = tmp_path / "n.campaign.json"
    line = refused(capsys, out, "campaign", "new", "--ruleset", "mk-gaslands", "--name", name,
                   "--player", "A:Mario", "-o", out)
    assert line == f"{out}: {words}"
    assert not out.exists()


def test_new_with_an_over_long_player_name(capsys, tmp_path):
    out = tmp_path / "p.campaign.json"
    line = refused(capsys, out, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "P" * 41 + ":Mario",
                   "-o", out)
    assert line == f"{out}: roster row 1: name: string should have at most 40 characters"


def test_new_with_an_over_long_file_name(capsys, tmp_path):
    out = tmp_path / ("x" * 300 + ".campaign.json")
    line = refused(capsys, None, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "-o", out)
    assert line.endswith(": File name too long") and line.startswith(str(tmp_path))


def test_a_race_series_stops_at_fifty_races_in_our_words(capsys, tmp_path):
    path = tmp_path / "rs.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "pitchkart", "--mode", "race_series", "--player", "A:Toad",
               "-o", path)[0] == 0
    edited(path, lambda d: d.update(races=[{"results": [{"player": "A", "place": 1}]}] * 50))
    line = refused(capsys, path, "campaign", "result", path, "--race", "51", "--player", "A", "--place", "1")
    assert line == "kartographer: error: argument --race: 51 is not in 1…50"


def test_nul_in_a_track_path_is_refused_on_loading(capsys, gp, tmp_path):
    edited(gp, lambda d: d["races"][0].update(track="a\x00b.track.json"))
    expected = f"{gp}: race 1: track: a file name cannot contain NUL"
    assert refused(capsys, gp, "campaign", "standings", gp) == expected
    assert refused(capsys, gp, "campaign", "result", gp, "--race", "1", "--player", "Bo", "--place", "1") == expected
    assert refused(capsys, gp, "campaign", "print", gp, "-o", tmp_path / "out.pdf") == expected
    assert not (tmp_path / "out.pdf").exists()


def test_nul_in_a_battle_arena_is_refused_too(capsys, tmp_path):
    path = tmp_path / "bb.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle",
               "--player", "A:Mario", "B:Luigi", "-o", path)[0] == 0
    edited(path, lambda d: d["battles"][0].update(track="\x00"))
    line = refused(capsys, path, "campaign", "wipe-out", path, "--player", "A")
    assert line == f"{path}: battle 1: track: a file name cannot contain NUL"


def test_a_lone_surrogate_escape_in_a_campaign_file_is_refused_in_our_words(capsys, gp):
    gp.write_text(gp.read_text(encoding="utf-8").replace('"Alex"', '"Al\\udcffex"'), encoding="utf-8")
    line = refused(capsys, gp, "campaign", "standings", gp)
    assert line == rf"{gp}: roster row 1: name: must be Unicode text, without lone \udXXX escapes"


# --- 2. names and file names print escaped ------------------------------------------------------
def test_printable_escapes_controls_bidi_and_undecodable_bytes():
    assert printable(os.fsdecode(HOSTILE + b".track.json")) == r"bad\xff\x1b[31m.track.json"
    assert printable("\u202eevil\x07\x00\t\n\x9b") == r"\u202eevil\x07\x00\x09\x0a\x9b"
    assert printable("Zoë · C:\\tracks\\a.json 👨\u200d👩\u200d👧") == "Zoë · C:\\tracks\\a.json 👨\u200d👩\u200d👧"


def test_document_errors_print_escaped():
    error = DocumentError(os.fsdecode(HOSTILE), "unknown character '\x1b[2J'", "roster row 1 (\u202eA)")
    assert str(error) == r"bad\xff\x1b[31m: roster row 1 (\u202eA): unknown character '\x1b[2J'"


def test_refusals_naming_hostile_players_print_escaped(capsys, gp):
    line = refused(capsys, gp, "campaign", "result", gp, "--race", "1", "--player", "\x1b[31mX\u202e",
                   "--place", "1")
    assert line == rf"{gp}: race 1: '\x1b[31mX\u202e' is not a player in this campaign (players: Alex, Bo)"
    line = refused(capsys, gp, "campaign", "print", gp, "--sections", "\x1b[0m", "-o", gp.with_suffix(".pdf"))
    assert line == r"kartographer: error: unknown section '\x1b[0m' (choose scoresheet, dashboards)"


def test_names_from_argv_that_are_not_utf8_are_refused(capsys, tmp_path):
    out = tmp_path / "u.campaign.json"
    bad = os.fsdecode(b"Al\xffex")
    for argv, shown in ((["--name", bad, "--player", "A:Mario"], r"--name: 'Al\xffex'"),
                        (["--player", f"{bad}:Mario"], r"--player: 'Al\xffex:Mario'"),
                        (["--player", f"A:{bad}"], r"--player: 'A:Al\xffex'")):
        line = refused(capsys, out, "campaign", "new", "--ruleset", "mk-gaslands", *argv, "-o", out)
        assert line == f"kartographer: error: argument {shown} is not UTF-8 text"


def test_hostile_names_inside_a_campaign_print_escaped(capsys, gp):
    def hostile(d):
        d["name"] = "\x1b]0;pwned\x07Cup"
        d["players"][0]["name"] = "\u202eAlex"
        d["players"][1]["name"] = "Bo\x1b[2J"
    edited(gp, hostile)
    code, out, err = run(capsys, "campaign", "result", gp, "--race", "1", "--player", "\u202eAlex", "--place", "1")
    assert code == 0, err
    assert out.splitlines()[0].startswith(rf"{gp}: race 1: \u202eAlex 1st, gates not entered, coins not entered: ")
    code, out, err = run(capsys, "campaign", "standings", gp)
    assert code == 0, err
    assert out.startswith(r"\x1b]0;pwned\x07Cup — Mario Kart Gaslands: 0 of 4 races run")
    assert r"Bo\x1b[2J" in out and r"\u202eAlex" in out
    assert "\x1b" not in out + err and "\u202e" not in out + err
    code, out, _err = run(capsys, "campaign", "standings", gp, "--json")
    assert code == 0 and json.loads(out)[0]["player"] == "\u202eAlex"  # JSON keeps the real text, escaped
    assert "\u202e" not in out and r'"player": "\u202eAlex"' in out


def strict(*argv: bytes | str, cwd: Path) -> subprocess.CompletedProcess:
    """The CLI in a child process whose stdout refuses anything that is not UTF-8."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8:strict")
    argv_bytes = [a if isinstance(a, bytes) else os.fsencode(a) for a in argv]
    return subprocess.run([sys.executable, "-m", "designer", *argv_bytes], cwd=cwd, env=env, capture_output=True,
                          timeout=120)


def assert_clean(result: subprocess.CompletedProcess) -> None:
    both = result.stdout + result.stderr
    assert b"Traceback" not in both, result.stderr.decode(errors="replace")
    assert not any(raw in both for raw in RAW), both


def test_a_non_utf8_track_file_name_under_strict_utf8(tmp_path):
    name = HOSTILE + b".track.json"
    shutil.copy(LUIGI, os.path.join(os.fsencode(tmp_path), name))
    result = strict("validate", name, cwd=tmp_path)
    assert_clean(result)
    assert result.returncode in (0, 1)
    assert result.stdout.startswith(rb"bad\xff\x1b[31m.track.json: ")
    result = strict("validate", "--json", name, cwd=tmp_path)
    assert_clean(result)
    assert json.loads(result.stdout)["file"] == os.fsdecode(name)  # the real name, as JSON escapes
    result = strict("validate", b"missing" + name, cwd=tmp_path)
    assert_clean(result)
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1
    assert result.stderr.startswith(rb"missingbad\xff\x1b[31m.track.json: no such file")
    result = strict("export", name, "-o", HOSTILE + b".pdf", cwd=tmp_path)
    assert_clean(result)
    assert result.returncode == 0 and result.stdout.startswith(rb"wrote bad\xff\x1b[31m.pdf: ")


def test_a_non_utf8_campaign_file_name_under_strict_utf8(tmp_path):
    name = HOSTILE + b".campaign.json"
    result = strict("campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "B:Luigi", "-o", name,
                    cwd=tmp_path)
    assert_clean(result)
    assert result.returncode == 0
    assert result.stdout == (r"wrote bad\xff\x1b[31m.campaign.json: " "Bad\ufffd[31M, grand prix, 2 players, 4 races\n"
                             ).encode()
    for argv in (["standings", name], ["result", name, "--race", "1", "--player", "A", "--place", "1"],
                 ["print", name, "-o", HOSTILE + b".pdf"]):
        result = strict("campaign", *argv, cwd=tmp_path)
        assert_clean(result)
        assert result.returncode == 0, result.stderr
    result = strict("campaign", "standings", b"no" + name, cwd=tmp_path)
    assert_clean(result)
    assert result.returncode == 2 and result.stderr == rb"nobad\xff\x1b[31m.campaign.json: no such file" + b"\n"


def test_a_non_utf8_track_in_a_new_campaign_is_refused(tmp_path):
    track = HOSTILE + b".track.json"
    shutil.copy(LUIGI, os.path.join(os.fsencode(tmp_path), track))
    result = strict("campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "--track", track,
                    "-o", "c.campaign.json", cwd=tmp_path)
    assert_clean(result)
    assert result.returncode == 2 and result.stderr.count(b"\n") == 1
    assert result.stderr.startswith(rb"bad\xff\x1b[31m.track.json: ")
    assert not (tmp_path / "c.campaign.json").exists()


# --- 4. unknown commands ------------------------------------------------------------------------
@pytest.fixture
def no_gui(monkeypatch) -> list:
    opened: list = []
    monkeypatch.setattr(cli, "_cmd_gui", lambda args: opened.append(args.files) or 0)
    return opened


def test_a_mistyped_command_names_the_closest_one(capsys, no_gui, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    line = refused(capsys, None, "valdate", "x.track.json")
    assert line == "kartographer: error: 'valdate' is not a command or an existing file (did you mean validate?)"
    line = refused(capsys, None, "campain", "new")
    assert line.endswith("(did you mean campaign?)")
    line = refused(capsys, None, "zzzz")
    from designer.cli import commands

    assert {"rules", "validate", "export", "campaign", "vehicle", "install-desktop"} <= set(commands())
    assert line == ("kartographer: error: 'zzzz' is not a command or an existing file "
                    f"(commands: {', '.join(commands())})")
    line = refused(capsys, None, "new.track.json")
    assert line.startswith("kartographer: error: 'new.track.json' is not a command or an existing file")
    line = refused(capsys, None, os.fsdecode(b"\x1b[2J\xff"))
    assert line.startswith(r"kartographer: error: '\x1b[2J\xff' is not a command")
    assert no_gui == []


def test_no_arguments_or_existing_files_still_open_the_editor(capsys, no_gui, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    shutil.copy(LUIGI, tmp_path / "luigi.track.json")
    assert main([]) == 0
    assert main(["luigi.track.json", "later.track.json"]) == 0
    assert main(["gui", "new.track.json"]) == 0
    assert no_gui == [[], [Path("luigi.track.json"), Path("later.track.json")], [Path("new.track.json")]]
    assert capsys.readouterr() == ("", "")
