"""Refused means refused on the command line (issue [1/8]): every numeric option is range-checked by the parser
(finite, digits 0-9), a money value without digits and a blank kart colour are refused, a kart cannot pop its
own balloon, a folder or a FIFO is never opened as a document, an error quotes at most `clip`'s share of a
value, and `-o` never replaces a read-only file or another user's. Each refusal: exit 2, one stderr line, the
file byte-identical."""

from __future__ import annotations

import argparse
import json
import os
import stat
from pathlib import Path

import pytest

from designer import cli, cli_args
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.io.atomic import atomic_write_bytes
from designer.io.display import QUOTE_LIMIT, clip
from designer.io.errors import DocumentError
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.mk_downforce.cli import parse_money, parse_paid
from designer.systems.mk_downforce.money import MoneyError, parse_dollars

from .cli_runner import refused, run

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"


def _actions(parser: argparse.ArgumentParser, where: str = "kartographer"):
    """(command words, action) for every option and argument of every command and action."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{where} {name}")
        else:
            yield where, action


# --- 1. numbers: a range in the parser, for every numeric option -------------------------------------
def test_every_numeric_option_has_a_finite_range():
    numeric = []
    for where, action in _actions(cli._parser()):
        assert action.type not in (int, float), f"{where} {action.dest}: use cli_args.whole()/millimetres()"
        default = action.default
        if isinstance(default, (int, float)) and not isinstance(default, bool):
            money = (parse_money, parse_paid)
            assert isinstance(action.type, cli_args.Bounded) or action.type in money, (where, action)
        if isinstance(action.type, cli_args.Bounded):
            assert -1e12 < action.type.low <= action.type.high < 1e12, (where, action.dest)
            numeric.append(f"{where} {action.option_strings[-1]}")
    # The walk sees every one of these (a new numeric option joins the list by itself and is held to the range).
    expected = {"kartographer export --margin", "kartographer export --overlap", "kartographer export --gap",
                "kartographer export --kerf", "kartographer cards --margin", "kartographer generate --seed",
                "kartographer campaign result --race", "kartographer campaign result --place",
                "kartographer campaign result --gates", "kartographer campaign result --coins",
                "kartographer campaign upgrade --after-race", "kartographer campaign wipe-out --battle",
                "kartographer campaign battle --battle",
                "kartographer campaign driver game --game", "kartographer campaign driver game --kills",
                "kartographer campaign driver game --rerolls-used", "kartographer race new --seed",
                "kartographer race new --race", "kartographer race result --race"}
    assert expected <= set(numeric), sorted(expected - set(numeric))


def test_the_parser_bounds_are_the_campaign_formats():
    from designer.model import campaign

    assert (cli_args.MAX_PLAYERS, cli_args.MAX_RACES) == (campaign.MAX_PLAYERS, campaign.MAX_RACES)
    fields = campaign.GameEntry.model_fields
    assert f"le={cli_args.MAX_PLAYERS}" in repr(fields["kills"].metadata)
    assert f"le={cli_args.MAX_REROLLS}" in repr(fields["rerolls_used"].metadata)
    assert f"le={cli_args.MAX_COUNT}" in repr(campaign.RaceResult.model_fields["coins"])  # (or None: not entered)


@pytest.mark.parametrize(("value", "words"), [
    ("nan", "'nan' is not a finite number (digits 0-9, e.g. 2.5)"),
    ("inf", "'inf' is not a finite number (digits 0-9, e.g. 2.5)"),
    ("Infinity", "'Infinity' is not a finite number (digits 0-9, e.g. 2.5)"),
    ("1e999", "1e999 is not in 0…1000"),
    ("-5", "-5 is not in 0…1000"),
    ("\u0661\u0660", "'\u0661\u0660' is not a finite number (digits 0-9, e.g. 2.5)"),
])
@pytest.mark.parametrize("option", ["--margin", "--overlap"])
def test_export_float_options_refuse_what_is_not_a_finite_number_in_range(capsys, tmp_path, option, value, words):
    out = tmp_path / "t.pdf"
    out.write_bytes(b"old")
    line = refused(capsys, out, "export", LUIGI, option, value, "-o", out)
    assert line == f"kartographer: error: argument {option}: {words}"


def test_cards_margin_nan_is_refused_by_the_parser(capsys, tmp_path):
    line = refused(capsys, None, "cards", "--ruleset", "mk-gaslands", "--margin", "nan", "-o", tmp_path / "c.pdf")
    assert line == "kartographer: error: argument --margin: 'nan' is not a finite number (digits 0-9, e.g. 2.5)"
    assert not (tmp_path / "c.pdf").exists()


@pytest.mark.parametrize("value", ["\u0665", "1_0", "nan", "inf", "Infinity"])
def test_a_system_print_option_is_a_plain_number_too(capsys, tmp_path, value):
    out = tmp_path / "d.pdf"
    line = refused(capsys, out, "export", "--ruleset", "mk-downforce", "--what", "die", "--set", f"lanes={value}",
                   "-o", out)
    assert line == f"kartographer: error: mk-downforce: lanes must be a whole number from 1 to 12, not '{value}'"
    assert not out.exists()


@pytest.fixture
def gp(tmp_path, capsys) -> Path:
    path = tmp_path / "gp.campaign.json"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Alex:Mario",
                          "Bo:Luigi", "-o", path)
    assert code == 0, err
    return path


@pytest.mark.parametrize(("argv", "words"), [
    (("--race", "\u0663"), "argument --race: '\u0663' is not a whole number (digits 0-9)"),  # int() reads it as 3
    (("--race", "0"), "argument --race: 0 is not in 1…50"),
    (("--race", "1", "--place", "1.0"), "argument --place: '1.0' is not a whole number (digits 0-9)"),
    (("--race", "1", "--coins", "nan"), "argument --coins: 'nan' is not a whole number (digits 0-9)"),
    (("--race", "1", "--gates", "-1"), "argument --gates: -1 is not in 0…10000"),
    (("--race", "1", "--gates", "9" * 5000), f"argument --gates: {'9' * (QUOTE_LIMIT - 1)}… is not in 0…10000"),
])
def test_campaign_whole_numbers_are_ascii_digits_in_range(capsys, gp, argv, words):
    argv = (*argv, "--place", "1") if "--place" not in argv else argv
    line = refused(capsys, gp, "campaign", "result", gp, "--player", "Alex", *argv)
    assert line == f"kartographer: error: {words}"


def test_a_plain_number_with_sign_or_spaces_is_still_read(capsys, gp):
    code, out, err = run(capsys, "campaign", "result", gp, "--race", "+1", "--player", "Alex", "--place", " 1 ")
    assert (code, err) == (0, "")
    assert out.startswith(f"{gp}: race 1: Alex 1st")


# --- 2. money and kart colours --------------------------------------------------------------------------
@pytest.fixture
def season(tmp_path, capsys) -> Path:
    path = tmp_path / "s.campaign.json"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "mk-downforce", "--player", "Ann:Mario",
                          "Bob:Luigi", "-o", path)
    assert code == 0, err
    return path


@pytest.mark.parametrize(("argv", "words"), [
    (("--paid", "$"), "argument --paid: '$' is not an amount of money"),
    (("--bets", "$"), "argument --bets: '$' is not an amount of money"),
    (("--paid", ""), "argument --paid: '' is not an amount of money"),
    (("--bets", "US$"), "argument --bets: 'US$' is not an amount of money"),
    (("--paid", "\u0663M"), "argument --paid: '\u0663M' is not an amount of money"),
    (("--paid", "-$"), "argument --paid: '$' is not an amount of money"),
    (("--car", ""), "argument --car: an empty or blank value is not allowed"),
    (("--owner", " "), "argument --owner: an empty or blank value is not allowed"),
])
def test_money_without_digits_and_blank_colours_are_refused(capsys, season, argv, words):
    line = refused(capsys, season, "campaign", "result", season, "--race", "1", "--player", "Ann", "--place", "1",
                   *argv)
    assert line.startswith(f"kartographer: error: {words}"), line


def test_a_bare_dollar_sign_is_no_amount_but_a_cleared_cell_is_zero():
    with pytest.raises(MoneyError, match="is not an amount of money"):
        parse_dollars("$")
    assert parse_dollars("") == parse_dollars("  ") == 0


# --- 3. balloon battles -----------------------------------------------------------------------------------
@pytest.fixture
def battle(tmp_path, capsys) -> Path:
    path = tmp_path / "b.campaign.json"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle",
                          "--player", "A:Mario", "B:Luigi", "C:Toad", "-o", path)
    assert code == 0, err
    return path


def test_a_kart_cannot_pop_its_own_balloon(capsys, battle):
    line = refused(capsys, battle, "campaign", "wipe-out", battle, "--player", "A", "--by", "a")
    assert line == f"{battle}: battle 1: A cannot pop its own balloon; log the Wipe Out without who popped it"
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign("x", ctx, "balloon_battle", [("A", "mario"), ("B", "luigi")])
    with pytest.raises(CampaignError, match="A cannot pop its own balloon"):
        edit.wipe_out(doc, ctx, 0, "A", "A")
    assert edit.wipe_out(doc, ctx, 0, "A").battles[0].wipe_outs[0].by is None  # losing one alone still logs


def test_a_kart_that_is_out_cannot_be_wiped_out_again(capsys, battle):
    for _ in range(5):
        assert run(capsys, "campaign", "wipe-out", battle, "--player", "A", "--by", "B")[0] == 0
    for by in (("--by", "C"), ()):
        line = refused(capsys, battle, "campaign", "wipe-out", battle, "--player", "A", *by)
        assert line == f"{battle}: battle 1: A is already out"


# --- 4. a folder or a FIFO as the document to open ---------------------------------------------------
@pytest.fixture
def no_qt(monkeypatch) -> None:
    def never(*_args, **_kwargs):
        raise AssertionError("Qt started")
    monkeypatch.setattr(cli, "_load_before_qt", never)


@pytest.mark.parametrize("command", [(), ("gui",)])
def test_a_folder_or_a_fifo_is_refused_before_qt_starts(capsys, tmp_path, no_qt, command):
    folder = tmp_path / "tracks"
    folder.mkdir()
    line = refused(capsys, None, *command, folder)
    assert line == f"{folder}: is a folder, not a document; nothing was opened"
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe"
        os.mkfifo(fifo)
        line = refused(capsys, None, *command, LUIGI, fifo)
        assert line == f"{fifo}: is a named pipe (FIFO), not a document; nothing was opened"


# --- 5. an error quotes at most QUOTE_LIMIT characters of a value ----------------------------------------
def test_clip():
    assert clip("abc") == "abc"
    assert clip("x" * QUOTE_LIMIT) == "x" * QUOTE_LIMIT
    assert clip("x" * 10**6) == "x" * (QUOTE_LIMIT - 1) + "…"


def _track_with(tmp_path: Path, change) -> Path:
    data = json.loads(LUIGI.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "long.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


LONG = "Q" * 3_000_000


@pytest.mark.parametrize("change", [
    lambda d: d.update(format=LONG),
    lambda d: d.update({LONG: 1}),
    lambda d: d["elements"][0].update(kind=LONG),
    lambda d: d.update(schema_version=10**4000),
], ids=["format", "unknown key", "kind", "version"])
def test_a_huge_value_in_a_document_is_quoted_short(capsys, tmp_path, change):
    path = _track_with(tmp_path, change)
    code, _out, err = run(capsys, "validate", path)
    assert code == 2 and err.count("\n") == 1
    assert len(err) < len(str(path)) + 200 and "…" in err, err[:300]


@pytest.mark.parametrize("argv", [
    ("campaign", "result", "{gp}", "--race", "1", "--place", "1", "--player", LONG),
    ("campaign", "new", "--ruleset", "mk-gaslands", "--mode", LONG, "--player", "A:Mario", "-o", "{new}"),
    ("campaign", "new", "--ruleset", "mk-gaslands", "--player", f"A:{LONG}", "-o", "{new}"),
    ("campaign", "print", "{gp}", "--sections", LONG, "-o", "{pdf}"),
    ("rules", LONG),
    ("export", LUIGI, "--what", LONG, "-o", "{pdf}"),
    ("export", LUIGI, "--set", f"{LONG}=1", "-o", "{pdf}"),
    ("export", LUIGI, "--paper", LONG, "-o", "{pdf}"),
    ("export", LUIGI, "--margin", LONG, "-o", "{pdf}"),
    ("rules", "--" + LONG),
    ("--lang", LONG, "rules"),
    (LONG,),
], ids=lambda argv: " ".join(str(a)[:12] for a in argv[:3]))
def test_a_huge_value_on_the_command_line_is_quoted_short(capsys, gp, tmp_path, argv):
    names = {"{gp}": gp, "{new}": tmp_path / "n.campaign.json", "{pdf}": tmp_path / "o.pdf"}
    line = refused(capsys, gp, *(names.get(a, a) if isinstance(a, str) else a for a in argv))
    assert len(line) < 400 and "…" in line, line[:500]
    assert not (tmp_path / "o.pdf").exists() and not (tmp_path / "n.campaign.json").exists()


# --- 6. -o onto a read-only file or another user's -------------------------------------------------------
def test_o_onto_a_read_only_file_is_refused(capsys, tmp_path):
    out = tmp_path / "kept.pdf"
    out.write_bytes(b"mine")
    out.chmod(0o444)
    line = refused(capsys, out, "export", LUIGI, "-o", out)
    assert line == f"{out}: is read-only; nothing was written"
    assert stat.S_IMODE(out.stat().st_mode) == 0o444
    with pytest.raises(DocumentError, match="is read-only"):
        atomic_write_bytes(out, b"new")
    assert out.read_bytes() == b"mine"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="giving a file away needs root")
def test_o_onto_another_users_file_is_refused(capsys, tmp_path):
    out = tmp_path / "theirs.pdf"
    out.write_bytes(b"theirs")
    os.chown(out, 4242, -1)
    line = refused(capsys, out, "export", LUIGI, "-o", out)
    assert line == f"{out}: belongs to another user; nothing was written"
    assert out.stat().st_uid == 4242


def test_an_overwritten_file_keeps_its_mode(capsys, tmp_path):
    out = tmp_path / "shared.pdf"
    out.write_bytes(b"old")
    out.chmod(0o664)
    code, _out, err = run(capsys, "export", LUIGI, "-o", out)
    assert code == 0, err
    assert stat.S_IMODE(out.stat().st_mode) == 0o664 and out.read_bytes().startswith(b"%PDF-")


# --- 7. held in place (already refused when this was written) ---------------------------------------------
def test_a_pitchkart_piece_id_in_another_case_is_an_unknown_piece(capsys, tmp_path):
    source = TEMPLATES_DIR / "pitchkart-stadium.track.json"
    path = tmp_path / "upper.track.json"
    path.write_text(source.read_text(encoding="utf-8").replace('"piece": "straight"', '"piece": "STRAIGHT"'),
                    encoding="utf-8")
    code, out, _err = run(capsys, "validate", path)
    assert code == 1
    assert f"{path}: error pk-unknown-piece: Track section 1 names the piece 'STRAIGHT', which the set does " \
           "not hold [ts1]" in out.splitlines()


def _strings(node, at=()):
    """The place of every string value in parsed JSON."""
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _strings(value, (*at, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _strings(value, (*at, i))
    elif isinstance(node, str):
        yield at


@pytest.mark.parametrize("template", ["mushroom-cup-1-luigi-circuit.track.json", "pitchkart-stadium.track.json",
                                      "axles-light-buggy.vehicle.json"])
def test_a_lone_surrogate_in_any_text_field_is_refused_at_load(tmp_path, template):
    from designer.io.track_io import load_track
    from designer.systems.axles_alloys_2.vehicle_io import load_vehicle

    load = load_vehicle if template.endswith(".vehicle.json") else load_track
    data = json.loads((TEMPLATES_DIR / template).read_text(encoding="utf-8"))
    places = list(_strings(data))
    assert places
    for place in places:
        changed = json.loads(json.dumps(data))
        node = changed
        for key in place[:-1]:
            node = node[key]
        node[place[-1]] += "\ud800"
        path = tmp_path / template
        path.write_text(json.dumps(changed), encoding="utf-8")  # ASCII JSON: the \ud800 escape
        with pytest.raises(DocumentError) as caught:
            load(path)
        assert "\n" not in str(caught.value), place
