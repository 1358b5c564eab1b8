"""Campaign modes come from the game systems: a campaign's mode is one its ruleset's system offers (file load,
`campaign new`, edits), `campaign new` without `--mode` takes the system's default, the core keeps what the
mode's record says, Downforce races one kart per colour, and a system from outside brings a mode of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.io.campaign_io import campaign_from_data, load_campaign
from designer.io.errors import DocumentError
from designer.paths import RULESETS_DIR
from designer.rules import clear_cache, load_ruleset
from designer.systems import registry
from designer.systems.api import CampaignMode, System
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.registry import BUILTIN_SYSTEMS, GameSystemError, Registry

from .cli_runner import refused, run

GOLDEN = Path(__file__).parents[1] / "data" / "campaign-v1.campaign.json"
DEFAULTS = {"mk-gaslands": "grand_prix", "mk-board": "race_series", "pitchkart": "race_series",
            "mk-downforce": "season", "axles-alloys-2": "career"}
FIRST_CHARACTER = {"mk-gaslands": "Mario", "mk-board": "Mario", "pitchkart": "Mario", "mk-downforce": "Mario",
                   "axles-alloys-2": "Max"}


def golden(**changes) -> dict:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    data.update(changes)
    return data


def write(path: Path, data: dict) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


# --- a mode the system does not offer --------------------------------------------------------------
@pytest.mark.parametrize(("ruleset", "mode", "modes"), [
    ("mk-gaslands", "career", "grand_prix, race_series, balloon_battle"),
    ("mk-gaslands", "league", "grand_prix, race_series, balloon_battle"),
    ("mk-board", "grand_prix", "race_series"),
    ("axles-alloys-2", "balloon_battle", "race_series, career"),
])
def test_a_campaign_file_whose_mode_its_system_does_not_offer_is_refused(tmp_path, capsys, ruleset, mode, modes):
    name = load_ruleset(ruleset).name
    path = write(tmp_path / "odd.campaign.json", golden(ruleset=ruleset, mode=mode, players=[], races=[],
                                                          upgrades=[]))
    with pytest.raises(DocumentError) as caught:
        load_campaign(path)
    assert str(caught.value) == f"{path}: mode: {name} has no {mode} campaigns (its modes: {modes})"
    line = refused(capsys, path, "campaign", "standings", path)
    assert line == f"{path}: mode: {name} has no {mode} campaigns (its modes: {modes})"


def test_the_golden_file_still_loads_and_a_mode_must_be_spelt_as_a_name():
    doc, _ = load_campaign(GOLDEN)
    assert (doc.ruleset, doc.mode, len(doc.races)) == ("mk-gaslands", "grand_prix", 4)
    for bad in ("Grand Prix", "", "x" * 41, 3):
        with pytest.raises(DocumentError) as caught:
            campaign_from_data(golden(mode=bad))
        assert "mode" in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(DocumentError, match="league"):  # the shape is strict: no unknown fields either
        campaign_from_data(golden(league="yes"))


def test_campaign_new_refuses_a_mode_its_system_does_not_offer(tmp_path, capsys):
    out = tmp_path / "new.campaign.json"
    line = refused(capsys, out, "campaign", "new", "--ruleset", "mk-board", "--mode", "balloon_battle",
                   "--player", "A:Mario", "-o", out)
    assert line == f"{out}: mode: Mario Kart Board Game has no balloon_battle campaigns (its modes: race_series)"
    line = refused(capsys, out, "campaign", "new", "--ruleset", "pitchkart", "--mode", "career",
                   "--player", "A:Toad", "-o", out)
    assert line.endswith("Super Mario PitchKart has no career campaigns (its modes: race_series)")
    assert not out.exists()


def test_an_edit_for_a_record_the_mode_does_not_keep_is_refused():
    axles = Context(load_ruleset("axles-alloys-2"))
    doc = edit.new_campaign("Derby", axles, "career", [("Ana", "Max")])
    with pytest.raises(CampaignError, match="a career campaign has no races"):
        edit.set_result(doc, axles, 1, "Ana", 1)
    series = edit.new_campaign("Derby", axles, "race_series", [("Ana", "Max"), ("Ben", "Max")])
    assert series.races == [] and edit.set_result(series, axles, 1, "Ana", 1).races[0].results[0].place == 1


# --- the system's default mode ---------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", sorted(DEFAULTS))
def test_campaign_new_without_mode_uses_the_systems_default(tmp_path, capsys, ruleset):
    assert registry.get(ruleset).default_mode == DEFAULTS[ruleset]
    out = tmp_path / "new.campaign.json"
    code, stdout, err = run(capsys, "campaign", "new", "--ruleset", ruleset, "--player",
                            f"Ana:{FIRST_CHARACTER[ruleset]}", "-o", out)
    assert (code, err) == (0, ""), err
    assert DEFAULTS[ruleset].replace("_", " ") in stdout
    assert json.loads(out.read_text(encoding="utf-8"))["mode"] == DEFAULTS[ruleset]


def test_campaign_new_help_lists_each_systems_modes(capsys):
    code, out, _ = run_help(capsys, "campaign", "new", "--help")
    text = "".join(out.split())  # argparse wraps the help, even inside "axles-alloys-2"
    assert code == 0
    assert "mk-gaslands:grand_prix,race_series,balloon_battle;" in text
    assert "axles-alloys-2:career,race_series;" in text  # the default first


def run_help(capsys, *argv: str) -> tuple[int, str, str]:
    try:
        code = run(capsys, *argv)[0]
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- who races: Downforce has one kart per colour --------------------------------------------------
DOWNFORCE = ("campaign", "new", "--ruleset", "mk-downforce", "--mode", "race_series")


def test_downforce_refuses_two_karts_of_one_colour(tmp_path, capsys):
    out = tmp_path / "df.campaign.json"
    line = refused(capsys, out, *DOWNFORCE, "--player", "Ana:Mario",
                   "Ben:Peach", "-o", out)
    assert line == (f"{out}: roster row 2 (Ben): Peach drives the red kart, already Ana's (Mario); "
                    "there is one kart per colour")
    downforce = Context(load_ruleset("mk-downforce"))
    doc = edit.new_campaign("Cup", downforce, "race_series", [("Ana", "Mario"), ("Ben", "Luigi")])
    with pytest.raises(CampaignError, match="Yoshi drives the green kart, already Ben's"):
        edit.add_player(doc, downforce, "Cy", "Yoshi")
    with pytest.raises(CampaignError, match="Peach drives the red kart, already Ana's"):
        edit.set_character(doc, downforce, "Ben", "Peach")
    assert edit.add_player(doc, downforce, "Cy", "Toad").player_names() == ["Ana", "Ben", "Cy"]


def test_downforce_refuses_more_players_than_kart_colours(tmp_path, capsys):
    colours = [k.colour for k in downforce_rules(load_ruleset("mk-downforce")).karts]
    assert len(colours) == 6
    seven = ["A:Mario", "B:Luigi", "C:Donkey Kong", "D:Shy Guy", "E:Toad", "F:Bowser", "G:Peach"]
    out = tmp_path / "df.campaign.json"
    line = refused(capsys, out, *DOWNFORCE, "--player", *seven, "-o", out)
    assert line == (f"{out}: players: 7 players but Mario Kart for Downforce has 6 karts, one per colour "
                    f"({', '.join(colours)})")
    code, _, err = run(capsys, *DOWNFORCE, "--player", *seven[:6], "-o", out)
    assert (code, err) == (0, "")
    path = write(tmp_path / "hand.campaign.json",
                 golden(ruleset="mk-downforce", mode="race_series", races=[], upgrades=[],
                        players=[{"name": "Ana", "character": "Toad"}, {"name": "Ben", "character": "Rosalina"}]))
    with pytest.raises(DocumentError, match=r"roster row 2 \(Ben\): Rosalina drives the blue kart"):
        load_campaign(path)


def test_other_systems_let_characters_share_a_colour():
    board = Context(load_ruleset("mk-board"))
    doc = edit.new_campaign("Cup", board, "race_series", [("Ana", "Mario"), ("Ben", "Mario")])
    assert [p.character for p in doc.players] == ["mario", "mario"]


# --- a system from outside brings its own mode -----------------------------------------------------
FAKE_ID = "fake-league"


def fake_system(folder: Path, check=None) -> System:
    data = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))
    data.update(id=FAKE_ID, name="Fake League")
    path = folder / f"{FAKE_ID}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return System(id=FAKE_ID, name="Fake League", ruleset_path=path,
                  modes=(CampaignMode("league", "League", "races", check=check),), default_mode="league")


@pytest.fixture
def league(tmp_path):
    def at_most_two(doc, ctx):
        if len(doc.players) > 2:
            raise CampaignError("a league has two drivers", "players")

    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    fresh.register(fake_system(tmp_path, at_most_two))
    clear_cache()
    with registry.use(fresh):
        yield fresh
    clear_cache()


def test_a_fake_systems_mode_shows_in_campaign_new_and_the_campaign_is_created(league, tmp_path, capsys):
    code, out, _ = run_help(capsys, "campaign", "new", "--help")
    assert code == 0 and f"{FAKE_ID}:league" in "".join(out.split())
    path = tmp_path / "league.campaign.json"
    code, stdout, err = run(capsys, "campaign", "new", "--ruleset", FAKE_ID, "--player", "Ana:Toad", "Ben:Yoshi",
                            "-o", path)
    assert (code, err) == (0, "")
    assert stdout == f"wrote {path}: League, league, 2 players, 0 races\n"
    doc, _ = load_campaign(path)
    assert (doc.ruleset, doc.mode, doc.races) == (FAKE_ID, "league", [])
    code, stdout, _ = run(capsys, "campaign", "result", path, "--race", "1", "--player", "Ana", "--place", "1")
    assert code == 0 and stdout == f"{path}: race 1: Ana 1st\n"  # a race record without points
    code, stdout, _ = run(capsys, "campaign", "standings", path)  # races without points: a race series' table
    assert code == 0 and "race 1 is waiting for 1 place" in stdout and "Leader" not in stdout  # Ben's not in
    run(capsys, "campaign", "result", path, "--race", "1", "--player", "Ben", "--place", "2")
    code, stdout, _ = run(capsys, "campaign", "standings", path)
    assert code == 0 and "Ana" in stdout and "Leader: Ana" in stdout
    # its own rule about who races runs with the core's checks
    line = refused(capsys, None, "campaign", "new", "--ruleset", FAKE_ID, "--player", "A:Toad", "B:Toad", "C:Toad",
                   "-o", tmp_path / "three.campaign.json")
    assert line.endswith("players: a league has two drivers")
    line = refused(capsys, None, "campaign", "new", "--ruleset", FAKE_ID, "--mode", "race_series",
                   "--player", "A:Toad", "-o", tmp_path / "rs.campaign.json")
    assert line.endswith("mode: Fake League has no race_series campaigns (its modes: league)")


def test_the_registry_refuses_a_mode_with_an_unknown_record(tmp_path):
    fresh = Registry(builtins=(), entry_points=False)
    system = fake_system(tmp_path)
    bad = System(id=system.id, name=system.name, ruleset_path=system.ruleset_path,
                 modes=(CampaignMode("league", "League", "tournament"),))
    with pytest.raises(GameSystemError, match="'league' records 'tournament'"):
        fresh.register(bad)
    points = System(id=system.id, name=system.name, ruleset_path=system.ruleset_path,
                    modes=(CampaignMode("brawl", "Brawl", "battle", points=True),))
    with pytest.raises(GameSystemError, match="points only for races"):
        fresh.register(points)
