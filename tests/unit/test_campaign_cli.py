"""`kartographer campaign …`: new, result, upgrade, standings (text and JSON), wipe-out and print; every
refusal is exit 2 with one line on stderr and the campaign file byte for byte as it was. Also the
campaign's JSON Schema and golden file."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from designer.campaign.grand_prix import TIE_RULE
from designer.io.campaign_io import dumps_campaign, load_campaign
from designer.io.migrations import CHAINS
from designer.io.schema import campaign_json_schema
from designer.paths import SCHEMA_DIR, TEMPLATES_DIR

from . import pdfscan
from .cli_runner import refused, run
from .factories import minimal_track_data

DATA = Path(__file__).parents[1] / "data"
GOLDEN = DATA / "campaign-v1.campaign.json"
SAMPLE = TEMPLATES_DIR / "mushroom-cup.campaign.json"


@pytest.fixture
def cup(tmp_path, capsys) -> Path:
    """A fresh four-player Grand Prix on two bundled tracks copied under tracks/ (6 gates × 3 laps each)."""
    folder = tmp_path / "tracks"
    folder.mkdir()
    for name in ("mushroom-cup-1-luigi-circuit.track.json", "mushroom-cup-3-thwomp-ruins.track.json"):
        shutil.copy(TEMPLATES_DIR / name, folder / name)
    path = tmp_path / "cup.campaign.json"
    code, out, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--name", "Test Cup",
                         "--player", "Alex:mario", "Billie:Yoshi", "--player", "Casey:Wario", "--player", "Dana:Toad",
                         "--track", folder / "mushroom-cup-1-luigi-circuit.track.json",
                         folder / "mushroom-cup-3-thwomp-ruins.track.json", "-o", path)
    assert code == 0 and err == "", err
    assert out == f"wrote {path}: Test Cup, grand prix, 4 players, 4 races\n"
    return path


def play_race(capsys, path: Path, race: int, rows) -> None:
    for player, place, gates, coins in rows:
        code, _, err = run(capsys, "campaign", "result", path, "--race", str(race), "--player", player,
                           "--place", str(place), "--gates", str(gates), "--coins", str(coins))
        assert code == 0, err


RACE_1 = [("Alex", 1, 18, 2), ("Billie", 2, 16, 5), ("Casey", 3, 15, 1), ("Dana", 4, 12, 0)]


# --- new -------------------------------------------------------------------------------------------
def test_new_stores_tracks_relative_and_canonical_characters(cup):
    doc, ctx = load_campaign(cup)
    assert (doc.name, doc.ruleset, doc.mode) == ("Test Cup", "mk-gaslands", "grand_prix")
    assert [(p.name, p.character) for p in doc.players] == [
        ("Alex", "mario"), ("Billie", "yoshi"), ("Casey", "wario"), ("Dana", "toad")]
    assert [r.track for r in doc.races] == ["tracks/mushroom-cup-1-luigi-circuit.track.json",
                                            "tracks/mushroom-cup-3-thwomp-ruins.track.json", None, None]
    assert {i: limit.max_gates for i, limit in ctx.track_limits.items()} == {0: 18, 1: 18}
    assert cup.read_text(encoding="utf-8") == dumps_campaign(doc)


def test_new_names_the_campaign_after_the_file_and_makes_other_modes(capsys, tmp_path):
    path = tmp_path / "friday-night.campaign.json"
    code, out, _ = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "-o", path)
    assert code == 0 and load_campaign(path)[0].name == "Friday Night"
    arena = tmp_path / "arena.campaign.json"
    code, out, _ = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle",
                       "--player", "A:Mario", "B:Luigi", "-o", arena)
    assert code == 0 and "balloon battle, 2 players, 1 battle" in out
    series = tmp_path / "series.campaign.json"
    code, out, _ = run(capsys, "campaign", "new", "--ruleset", "pitchkart", "--mode", "race_series",
                       "--player", "A:Toad", "-o", series)
    assert code == 0 and out.endswith("race series, 1 player, 0 races\n")
    assert load_campaign(series)[0].races == []
    code, out, _ = run(capsys, "campaign", "result", series, "--race", "1", "--player", "a", "--place", "1")
    assert code == 0 and out == f"{series}: race 1: A 1st\n"  # no points outside a Grand Prix


def test_new_refusals_write_nothing(capsys, tmp_path, cup):
    out = tmp_path / "new.campaign.json"
    board = tmp_path / "board.track.json"
    board.write_text(json.dumps(minimal_track_data(ruleset="mk-board", elements=[])), encoding="utf-8")
    luigi = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
    base = ("campaign", "new", "--ruleset", "mk-gaslands", "-o", out)
    cases = [
        ((*base, "--player", "Alex:Bowser"), "unknown character 'Bowser'"),
        ((*base, "--player", "Alex:Mario", "alex:Luigi"), "player 'alex' appears twice"),
        ((*base, "--player", "Alex"), "players: Alex needs a character: NAME:CHARACTER (e.g. Alex:Mario)"),
        ((*base, "--player", "Alex:"), "kartographer: error: argument --player: 'Alex:' is not NAME:CHARACTER"),
        ((*base,), "kartographer: error: the following arguments are required: --player"),
        (("campaign", "new", "--ruleset", "chess", "--player", "A:Mario", "-o", out), "unknown ruleset 'chess'"),
        (("campaign", "new", "--ruleset", "mk-board", "--mode", "grand_prix", "--player", "A:Mario", "-o", out),
         "mode: Mario Kart Board Game has no grand_prix campaigns (its modes: race_series)"),
        ((*base, "--player", "A:Mario", "--track", *[luigi] * 5), "5 tracks given but the Grand Prix has 4 races"),
        ((*base, "--player", "A:Mario", "--track", tmp_path / "gone.track.json"), "gone.track.json"),
        ((*base, "--player", "A:Mario", "--track", board), "is a mk-board track; the campaign plays mk-gaslands"),
        ((*base, "--mode", "balloon_battle", "--player", "A:Mario", "--track", luigi, luigi), "one arena"),
        ((*base, "--mode", "chess", "--player", "A:Mario"),
         "mode: Mario Kart Gaslands has no chess campaigns (its modes: grand_prix, race_series, balloon_battle)"),
    ]
    for argv, fragment in cases:
        assert fragment in refused(capsys, out, *argv), argv
        assert not out.exists()
    line = refused(capsys, cup, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "-o", cup)
    assert line == f"{cup}: already exists (use --force to replace it)"
    code, _, _ = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "--force",
                     "-o", cup)
    assert code == 0 and len(load_campaign(cup)[0].players) == 1


# --- result ----------------------------------------------------------------------------------------
def test_result_prints_the_points_and_saves(capsys, cup):
    code, out, err = run(capsys, "campaign", "result", cup, "--race", "1", "--player", "alex", "--place", "1",
                         "--gates", "18", "--coins", "2")
    assert code == 0 and err == ""
    assert out == f"{cup}: race 1: Alex 1st, 18 gates, 2 coins: 30 points (total 30)\n"
    doc, _ = load_campaign(cup)
    assert doc.races[0].result("Alex").model_dump() == {"player": "Alex", "place": 1, "gates": 18, "coins": 2}
    # entering it again replaces it
    run(capsys, "campaign", "result", cup, "--race", "1", "--player", "Alex", "--place", "2")
    assert load_campaign(cup)[0].races[0].result("Alex").place == 2


def test_a_result_given_only_its_place_stores_no_gates_or_coins(capsys, cup):
    code, out, err = run(capsys, "campaign", "result", cup, "--race", "1", "--player", "Alex", "--place", "2")
    assert code == 0 and err == ""
    assert out == f"{cup}: race 1: Alex 2nd, gates not entered, coins not entered: 8 points (total 8)\n"
    stored = json.loads(cup.read_text(encoding="utf-8"))["races"][0]["results"]
    assert stored == [{"player": "Alex", "place": 2}]
    code, out, _ = run(capsys, "campaign", "standings", cup, "--json")
    [alex] = [row for row in json.loads(out) if row["player"] == "Alex"]
    assert (alex["races"][0]["gates"], alex["races"][0]["coins"], alex["gates"], alex["coins"]) == (None, None, 0, 0)
    run(capsys, "campaign", "result", cup, "--race", "1", "--player", "Alex", "--place", "2", "--gates", "1")
    doc, _ctx = load_campaign(cup)
    assert (doc.races[0].result("Alex").gates, doc.races[0].result("Alex").coins) == (1, None)


def test_result_refusals_leave_the_file_untouched(capsys, cup, tmp_path):
    play_race(capsys, cup, 1, RACE_1[:2])
    base = ("campaign", "result", cup)
    cases = [
        ((*base, "--race", "1", "--player", "Casey", "--place", "1"), "race 1, Casey: place 1 is already Alex's"),
        ((*base, "--race", "1", "--player", "Casey", "--place", "3", "--gates", "19"),
         "19 gates is more than the track has (6 gates × 3 laps = 18)"),
        ((*base, "--race", "1", "--player", "Casey", "--place", "5"), "place 5 is outside 1…4"),
        ((*base, "--race", "1", "--player", "Casey", "--place", "3", "--coins", "-1"),
         "argument --coins: -1 is not in 0…10000"),
        ((*base, "--race", "1", "--player", "Zed", "--place", "3"), "'Zed' is not a player in this campaign"),
        ((*base, "--race", "5", "--player", "Casey", "--place", "3"), "there is no race 5 (races 1…4)"),
        ((*base, "--race", "2", "--player", "Casey", "--place", "1"),
         "race 1 is not finished yet (no result for Casey, Dana)"),
        ((*base, "--race", "x", "--player", "Casey", "--place", "1"),
         "argument --race: 'x' is not a whole number (digits 0-9)"),
        (("campaign", "result", cup, "--player", "Casey", "--place", "1"), "required: --race"),
    ]
    for argv, fragment in cases:
        line = refused(capsys, cup, *argv)
        assert fragment in line, (argv, line)
    assert refused(capsys, cup, *cases[0][0]).startswith(f"{cup}: race 1, Casey:")


def test_unreadable_campaign_files_are_one_line(capsys, tmp_path):
    broken = tmp_path / "broken.campaign.json"
    broken.write_text('{"format": "kartographer-campaign", "schema_version": 9}', encoding="utf-8")
    assert "written by a newer Kartographer" in refused(capsys, broken, "campaign", "standings", broken)
    inconsistent = tmp_path / "bad.campaign.json"
    data = json.loads(SAMPLE.read_text(encoding="utf-8"))
    data["races"][0]["results"][1]["place"] = 1
    data["races"][0]["track"] = None
    inconsistent.write_text(json.dumps(data), encoding="utf-8")
    line = refused(capsys, inconsistent, "campaign", "result", inconsistent, "--race", "3", "--player", "Alex",
                   "--place", "1")
    assert line == f"{inconsistent}: race 1, Alex: place 1 is already Billie's"
    assert "no such file" in refused(capsys, None, "campaign", "standings", tmp_path / "gone.campaign.json")


# --- upgrades --------------------------------------------------------------------------------------
def test_upgrade_in_the_shop_window(capsys, cup):
    play_race(capsys, cup, 1, RACE_1)
    code, out, err = run(capsys, "campaign", "upgrade", cup, "--player", "Alex", "--stat", "handling")
    assert code == 0 and err == ""
    assert out == f"{cup}: Alex bought +1 Handling after race 1: Handling 4, 10 points left\n"
    code, out, _ = run(capsys, "campaign", "upgrade", cup, "--player", "Billie", "--stat", "max_gear",
                       "--after-race", "1")
    assert code == 0 and "Max Gear 5, 9 points left" in out
    doc, _ = load_campaign(cup)
    assert [(u.player, u.after_race, u.stat) for u in doc.upgrades] == [("Alex", 1, "handling"),
                                                                         ("Billie", 1, "max_gear")]


def test_upgrade_refusals(capsys, cup):
    base = ("campaign", "upgrade", cup)
    assert "finish a race first" in refused(capsys, cup, *base, "--player", "Alex", "--stat", "handling")
    play_race(capsys, cup, 1, RACE_1)
    cases = [
        (("--player", "Billie", "--stat", "handling"), "Billie cannot buy Handling: Handling is at its cap of 4"),
        (("--player", "Dana", "--stat", "max_gear"), "Dana cannot buy Max Gear: needs 20 points, has 16"),
        (("--player", "Alex", "--stat", "speed"), "argument --stat: invalid choice: 'speed'"),
        (("--player", "Alex", "--stat", "handling", "--after-race", "2"), "race 2 is not finished yet"),
        (("--player", "Alex", "--stat", "handling", "--after-race", "4"), "the Grand Prix ends with race 4"),
        (("--player", "Zed", "--stat", "handling"), "'Zed' is not a player"),
    ]
    for argv, fragment in cases:
        line = refused(capsys, cup, *base, *argv)
        assert fragment in line, (argv, line)
    play_race(capsys, cup, 2, RACE_1[:1])
    line = refused(capsys, cup, *base, "--player", "Alex", "--stat", "handling", "--after-race", "1")
    assert "race 2 has already started" in line


# --- standings -------------------------------------------------------------------------------------
def test_standings_text_table(capsys):
    code, out, err = run(capsys, "campaign", "standings", SAMPLE)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "Mushroom Cup — Mario Kart Gaslands: 2 of 4 races run"
    assert lines[1].split() == ["Rank", "Player", "Character", "Earned", "Spent", "Total", "Wins", "Coins",
                                "R1", "R2", "R3", "R4", "Handling", "Max", "gear"]
    assert lines[2].split() == ["1", "Alex", "Mario", "54", "0", "54", "0", "5", "28", "26", "-", "-", "3", "5"]
    assert lines[3].split()[:2] == ["2", "Dana"] and lines[4].split()[:2] == ["3", "Casey"]
    assert lines[5].split() == ["4", "Billie", "Yoshi", "54", "20", "34", "1", "6", "32", "22", "-", "-", "4", "5"]
    assert lines[6] == f"Ties: {TIE_RULE}"
    assert len(lines) == 7  # no champion before the last race


def test_standings_of_a_finished_grand_prix_name_the_champion(capsys):
    _code, out, _ = run(capsys, "campaign", "standings", GOLDEN)
    lines = out.splitlines()
    # Alex and Billie both end on 78 points with two wins; Alex's 13 coins beat Billie's 7
    assert [line.split()[:2] for line in lines[2:5]] == [["1", "Alex"], ["2", "Billie"], ["3", "Casey"]]
    assert lines[-2] == f"Ties: {TIE_RULE}" and lines[-1] == "Champion: Alex"


def test_standings_json_is_a_list_in_rank_order(capsys):
    code, out, _ = run(capsys, "campaign", "standings", GOLDEN, "--json")
    assert code == 0
    rows = json.loads(out)
    assert isinstance(rows, list) and [r["player"] for r in rows] == ["Alex", "Billie", "Casey"]
    assert list(rows[0])[:6] == ["rank", "player", "character", "earned", "spent", "total"]
    alex = rows[0]
    assert {k: alex[k] for k in ("rank", "character", "earned", "spent", "total", "wins", "coins", "gates",
                                 "handling", "max_gear", "champion", "character_id")} == {
        "rank": 1, "character": "Mario", "earned": 98, "spent": 20, "total": 78, "wins": 2, "coins": 13,
        "gates": 51, "handling": 3, "max_gear": 6, "champion": True, "character_id": "mario"}
    assert alex["races"][1] == {"race": 2, "place": 2, "gates": 18, "coins": 4, "earned": 30, "spent": 20,
                                "total": 25, "bought": ["max_gear"]}
    assert [r["total"] for r in rows] == [78, 78, 48] and [r["rank"] for r in rows] == [1, 2, 3]
    code, out, _ = run(capsys, "campaign", "standings", SAMPLE, "--json")
    race_3 = json.loads(out)[0]["races"][2]
    assert race_3 == {"race": 3, "place": None, "gates": None, "coins": None, "earned": 0, "spent": 0,
                      "total": 54, "bought": []}


def test_standings_only_for_grand_prix(capsys, tmp_path):
    arena = tmp_path / "arena.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player", "A:Mario",
        "B:Luigi", "-o", arena)
    assert "standings are kept for grand_prix campaigns" in refused(capsys, arena, "campaign", "standings", arena)


# --- balloon battles -------------------------------------------------------------------------------
def test_wipe_outs_until_one_kart_is_left(capsys, tmp_path):
    arena = tmp_path / "arena.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player", "Ann:Mario",
        "Bob:Luigi", "-o", arena)
    code, out, _err = run(capsys, "campaign", "wipe-out", arena, "--player", "bob", "--by", "Ann")
    assert code == 0 and out == f"{arena}: battle 1: Bob has 4 balloons left (popped by Ann)\n"
    for _ in range(3):
        run(capsys, "campaign", "wipe-out", arena, "--battle", "1", "--player", "Bob")
    code, out, _ = run(capsys, "campaign", "wipe-out", arena, "--player", "Bob")
    assert out == f"{arena}: battle 1: Bob is out\nAnn wins battle 1\n"
    doc, _ = load_campaign(arena)
    assert len(doc.battles[0].wipe_outs) == 5 and doc.battles[0].wipe_outs[0].by == "Ann"
    assert "the battle is over (Ann won)" in refused(capsys, arena, "campaign", "wipe-out", arena, "--player", "Ann")
    assert "there is no battle 2" in refused(capsys, arena, "campaign", "wipe-out", arena, "--battle", "2",
                                             "--player", "Ann")


def test_wipe_out_refusals(capsys, tmp_path, cup):
    arena = tmp_path / "arena.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player", "Ann:Mario",
        "Bob:Luigi", "Cy:Toad", "-o", arena)
    for _ in range(5):
        run(capsys, "campaign", "wipe-out", arena, "--player", "Cy")
    assert "Cy is already out" in refused(capsys, arena, "campaign", "wipe-out", arena, "--player", "Cy")
    assert "Cy is out and cannot pop balloons" in refused(capsys, arena, "campaign", "wipe-out", arena,
                                                           "--player", "Ann", "--by", "Cy")
    assert "'Zed' is not a kart in this battle" in refused(capsys, arena, "campaign", "wipe-out", arena,
                                                            "--player", "Zed")
    assert refused(capsys, cup, "campaign", "wipe-out", cup, "--player", "Alex") == \
        f"{cup}: battles: a grand_prix campaign has no battles"


# --- printing --------------------------------------------------------------------------------------
def test_print_writes_the_score_sheet_and_dashboards(capsys, tmp_path):
    out = tmp_path / "cup.pdf"
    code, stdout, err = run(capsys, "campaign", "print", GOLDEN, "-o", out, "--paper", "letter")
    assert code == 0 and err == "" and stdout == f"wrote {out}: 4 pages\n"
    pdf = pdfscan.reader(out.read_bytes())
    assert len(pdf.pages) == 4 and [item.title for item in pdf.outline] == ["Score sheet", "Kart dashboards"]
    assert round(float(pdf.pages[0].mediabox[2]), 1) == 792.0  # Letter, landscape
    first = pdf.pages[0].extract_text()
    assert "Golden Cup — score sheet" in first and "Race 1 · Test Loop" in first
    only = tmp_path / "dash.pdf"
    code, stdout, _ = run(capsys, "campaign", "print", GOLDEN, "--sections", "dashboards", "-o", only)
    assert code == 0 and stdout == f"wrote {only}: 3 pages\n"


def test_print_refusals_write_nothing(capsys, tmp_path):
    out = tmp_path / "x.pdf"
    arena = tmp_path / "arena.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player", "A:Mario",
        "B:Luigi", "-o", arena)
    assert "unknown section 'tokens'" in refused(capsys, None, "campaign", "print", GOLDEN, "--sections",
                                                 "scoresheet,tokens", "-o", out)
    assert "a balloon battle campaign has no Grand Prix score sheet" in refused(
        capsys, None, "campaign", "print", arena, "--sections", "scoresheet", "-o", out)
    assert "invalid choice: 'a5'" in refused(capsys, None, "campaign", "print", GOLDEN, "--paper", "a5", "-o", out)
    assert not out.exists()
    code, stdout, _ = run(capsys, "campaign", "print", arena, "-o", out)  # default: what the mode has
    assert code == 0 and stdout == f"wrote {out}: 2 pages\n"


def test_campaign_needs_an_action(capsys):
    assert refused(capsys, None, "campaign") == "kartographer: error: the following arguments are required: ACTION"


# --- schema and golden file ------------------------------------------------------------------------
def test_campaign_schema_matches_committed_copy(capsys):
    code, out, _ = run(capsys, "schema", "campaign")
    assert code == 0
    printed = json.loads(out)
    assert printed == campaign_json_schema() and printed["title"] == "Kartographer campaign (schema_version 3)"
    committed = json.loads((SCHEMA_DIR / "campaign.schema.json").read_text(encoding="utf-8"))
    assert printed == committed, "run `kartographer schema campaign > resources/schema/campaign.schema.json`"


def test_golden_campaign_files_exist_for_each_version_and_load():
    current = CHAINS["kartographer-campaign"][0]
    goldens = {p.name: p for p in DATA.glob("campaign-v*.campaign.json")}
    assert set(goldens) >= {f"campaign-v{v}.campaign.json" for v in range(1, current + 1)}
    for name, path in goldens.items():
        doc, ctx = load_campaign(path)
        assert doc.schema_version == current
        if name == f"campaign-v{current}.campaign.json":
            assert dumps_campaign(doc) == path.read_text(encoding="utf-8")  # canonical: load → save, same bytes
    doc, ctx = load_campaign(GOLDEN)
    assert len(doc.players) == 3 and all(len(r.results) == 3 for r in doc.races) and len(doc.races) == 4
    assert ctx.track_limits[0].max_gates == 3  # race 1 is on tests/data/track-v1.track.json


def test_upgrade_after_race_zero_is_refused_as_no_such_race(capsys, cup):
    play_race(capsys, cup, 1, RACE_1)
    for after in ("0", "-3"):
        line = refused(capsys, cup, "campaign", "upgrade", cup, "--player", "Alex", "--stat", "handling",
                       "--after-race", after)
        assert line == f"kartographer: error: argument --after-race: {after} is not in 1…50"
    line = refused(capsys, cup, "campaign", "upgrade", cup, "--player", "Alex", "--stat", "handling",
                   "--after-race", "4")
    assert "race 4" in line and "started" not in line and "points" not in line


def test_the_per_player_sheets_carry_their_systems_name(capsys, tmp_path):
    path, out = tmp_path / "p.campaign.json", tmp_path / "p.pdf"
    code, _out, err = run(capsys, "campaign", "new", "--ruleset", "pitchkart", "--player", "Ann:Toad", "Bo:Yoshi",
                          "-o", path)
    assert code == 0, err
    code, _out, err = run(capsys, "campaign", "print", path, "--sections", "dashboards", "-o", out)
    assert code == 0, err
    assert [item.title for item in pdfscan.reader(out.read_bytes()).outline] == ["Player mats"]
