"""Campaign files: save and load give back the same document and the same bytes, unreadable or inconsistent
files are refused in one line naming the file and the place, track paths are kept relative to the campaign
file, the bundled sample's figures match a hand count, and PitchKart's starting coins follow the grid."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.campaign import edit
from designer.campaign.context import Context, TrackLimit
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import shop_window, standings
from designer.campaign.roster import has_starting_coins, starting_coins
from designer.campaign.validate import check_campaign
from designer.io.campaign_io import (
    campaign_context,
    campaign_from_json,
    dumps_campaign,
    load_campaign,
    rebase_tracks,
    relative_track,
    resolve_track,
    save_campaign,
)
from designer.io.errors import DocumentError
from designer.model.campaign import Battle, CampaignDocument, Driver, Game, Player, Race, RaceResult, Upgrade
from designer.model.record_fields import with_fields
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle

from .factories import minimal_track_data
from .test_campaign_scoring import GASLANDS, RACE_1, grand_prix

SAMPLE = TEMPLATES_DIR / "mushroom-cup.campaign.json"
PITCHKART = Context(load_ruleset("pitchkart"))


def season() -> CampaignDocument:
    doc = grand_prix(races=[RACE_1, RACE_1[:2]], upgrades=[("Billie", 1, "max_gear")])
    return doc.model_copy(update={"notes": "Ünïcode — and a second\nline", "races": [
        doc.races[0].model_copy(update={"track": "tracks/luigi.track.json", "grid": ["Dana", "Casey"]}),
        *doc.races[1:]]})


def write_json(path: Path, data: Any) -> Path:
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def write_track(path: Path, gates: int, laps: int) -> Path:
    """A track file with `gates` gates, `laps` laps."""
    data = minimal_track_data(laps=laps)
    data["elements"] = [e for e in data["elements"] if e["kind"] != "gate"] + [
        {"id": f"gate{n}", "kind": "gate", "x_mm": 100 + 50 * n, "y_mm": 450, "rotation_deg": 90, "order": n,
         "width_mm": 250} for n in range(1, gates + 1)]
    path.parent.mkdir(parents=True, exist_ok=True)
    return write_json(path, data)


# --- round trips -----------------------------------------------------------------------------------
def test_save_then_load_gives_the_same_document(tmp_path: Path) -> None:
    doc = season()
    path = tmp_path / "cup.campaign.json"
    save_campaign(doc, path)
    loaded, ctx = load_campaign(path)
    assert loaded == doc
    assert ctx.ruleset.id == "mk-gaslands"
    assert ctx.track_limits == {}  # tracks/luigi.track.json does not exist


def test_save_load_save_is_byte_identical(tmp_path: Path) -> None:
    first, second = tmp_path / "a.campaign.json", tmp_path / "b.campaign.json"
    save_campaign(season(), first)
    save_campaign(load_campaign(first)[0], second)
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text(encoding="utf-8").endswith("}\n")


def test_every_mode_round_trips(tmp_path: Path) -> None:
    axles = Context(load_ruleset("axles-alloys-2"))
    battle = edit.wipe_out(edit.new_campaign("Arena", GASLANDS, "balloon_battle", [("A", "Mario"), ("B", "Toad")],
                                             ["arena.track.json"]), GASLANDS, 0, "A", "B")
    wastes = edit.new_campaign("Wastes", axles, "career", [("A", "x")])
    career = career_edit.add_game(career_edit.add_driver(wastes, axles, "Max", "A", "Light"), axles, "race",
                                  "oval.track.json")
    series = edit.set_grid(edit.new_campaign("Flick", PITCHKART, "race_series", [("A", "Toad"), ("B", "Yoshi")]),
                           PITCHKART, 1, ["B", "A"])
    for doc in (battle, career, series):
        path = tmp_path / f"{doc.mode}.campaign.json"
        save_campaign(doc, path)
        assert load_campaign(path)[0] == doc
        assert dumps_campaign(load_campaign(path)[0]) == path.read_text(encoding="utf-8")


NAMES = st.from_regex(r"[A-Z][a-z]{1,8}", fullmatch=True)
CHARACTERS = [c.id for c in GASLANDS.ruleset.characters]


@st.composite
def grand_prix_campaigns(draw: st.DrawFn) -> CampaignDocument:
    """A consistent Grand Prix: distinct players, each complete race a permutation of places, maybe a
    race under way, and any upgrade the points and caps allow."""
    names = draw(st.lists(NAMES, min_size=2, max_size=8, unique_by=str.casefold))
    players = [Player(name=n, character=draw(st.sampled_from(CHARACTERS))) for n in names]
    complete = draw(st.integers(0, 4))
    races: list[Race] = []
    for _ in range(complete):
        places = draw(st.permutations(range(1, len(names) + 1)))
        races.append(Race(results=[RaceResult(player=n, place=p, gates=draw(st.integers(0, 30)),
                                              coins=draw(st.integers(0, 10)))
                                   for n, p in zip(names, places, strict=True)]))
    if complete < 4 and draw(st.booleans()):
        races.append(Race(track=draw(st.none() | st.just("next.track.json")),
                          results=[RaceResult(player=names[0], place=draw(st.integers(1, len(names))))]))
    races += [Race() for _ in range(4 - len(races))]
    doc = CampaignDocument(name=draw(NAMES), players=players, races=races,
                           notes=draw(st.text(max_size=40)))
    ctx = GASLANDS
    for after in range(1, min(complete, 3) + 1):
        for name in names:
            stat = draw(st.sampled_from(["handling", "max_gear", None]))
            if stat is None:
                continue
            candidate = doc.model_copy(update={"upgrades": [*doc.upgrades, Upgrade(player=name, after_race=after,
                                                                                    stat=stat)]})
            try:
                check_campaign(candidate, ctx)
            except ValueError:
                continue
            doc = candidate
    check_campaign(doc, ctx)
    return doc


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grand_prix_campaigns())
def test_generated_campaigns_round_trip(doc: CampaignDocument) -> None:
    text = dumps_campaign(doc)
    again = campaign_from_json(text, "generated.campaign.json")
    assert again == doc
    assert dumps_campaign(again) == text
    assert [s.total for s in standings(again, GASLANDS)] == [s.total for s in standings(doc, GASLANDS)]


# --- the bundled sample ----------------------------------------------------------------------------
def test_sample_template_figures_after_race_2() -> None:
    doc, ctx = load_campaign(SAMPLE)
    # race 1: Billie 10+18+4 = 32, Alex 8+18+2 = 28, Dana 6+17+5 = 28, Casey 4+15+1 = 20
    # race 2: Casey 10+15+3 = 28, Alex 8+15+3 = 26, Billie 6+14+2 = 22, Dana 4+12+6 = 22
    # Billie spent 20 on Max Gear after race 1.
    rows = {s.player: (s.rank, s.earned, s.spent, s.total) for s in standings(doc, ctx)}
    assert rows == {"Alex": (1, 54, 0, 54), "Dana": (2, 50, 0, 50), "Casey": (3, 48, 0, 48),
                    "Billie": (4, 54, 20, 34)}
    billie = next(s for s in standings(doc, ctx) if s.player == "Billie")
    assert (billie.character, billie.character_id, billie.handling, billie.max_gear) == ("Yoshi", "yoshi", 4, 5)
    assert [line.total for line in billie.lines] == [12, 34, 34, 34]  # 32 − 20, + 22
    assert shop_window(doc, ctx) == 2
    assert ctx.track_limits[0] == TrackLimit(gates=6, laps=3)  # Luigi Circuit: 6 gates, 3 laps
    assert ctx.track_limits[1] == TrackLimit(gates=5, laps=3)  # Moo Moo Meadows: 5 gates, 3 laps


def test_sample_template_saves_back_to_the_same_bytes(tmp_path: Path) -> None:
    doc, _ = load_campaign(SAMPLE)
    assert dumps_campaign(doc) == SAMPLE.read_text(encoding="utf-8")


# --- refused files ---------------------------------------------------------------------------------
def sample_data() -> dict[str, Any]:
    return json.loads(SAMPLE.read_text(encoding="utf-8"))


def refusal(path: Path) -> str:
    with pytest.raises(DocumentError) as caught:
        load_campaign(path)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith(str(path) + ": ")
    return text[len(str(path)) + 2:]


def test_bad_json_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.campaign.json"
    path.write_text('{"format": "kartographer-campaign",\n  "name": }', encoding="utf-8")
    assert refusal(path).startswith("line 2, column 11: not valid JSON (")


def test_empty_and_missing_files(tmp_path: Path) -> None:
    empty = tmp_path / "empty.campaign.json"
    empty.write_text("", encoding="utf-8")
    assert refusal(empty) == "line 1, column 1: the file is empty"
    assert refusal(tmp_path / "gone.campaign.json") == "no such file"


def test_wrong_format(tmp_path: Path) -> None:
    path = write_json(tmp_path / "x.campaign.json", minimal_track_data())
    assert refusal(path) == "format: not a kartographer-campaign file (format is 'kartographer-track')"


def test_newer_schema_version(tmp_path: Path) -> None:
    path = write_json(tmp_path / "new.campaign.json", {**sample_data(), "schema_version": 5})
    assert refusal(path) == ("schema_version: written by a newer Kartographer (schema_version 5; this version "
                             "reads up to 4)")


def test_unknown_field(tmp_path: Path) -> None:
    data = sample_data()
    data["races"][1]["results"][0]["bonus"] = 3
    assert refusal(write_json(tmp_path / "x.campaign.json", data)) == "race 2, Casey: bonus: unknown field"


def test_unknown_ruleset(tmp_path: Path) -> None:
    text = refusal(write_json(tmp_path / "x.campaign.json", {**sample_data(), "ruleset": "chess"}))
    assert text.startswith("ruleset: unknown ruleset 'chess' (known: axles-alloys-2, ")


def test_duplicate_place_in_a_hand_edited_file(tmp_path: Path) -> None:
    data = sample_data()
    data["races"][0]["results"][1]["place"] = 1  # Alex also 1st, beside Billie
    path = write_json(tmp_path / "x.campaign.json", data)
    assert refusal(path) == "race 1, Alex: place 1 is already Billie's"


def test_gates_checked_against_the_track_next_to_the_file(tmp_path: Path) -> None:
    write_track(tmp_path / "tracks" / "short.track.json", gates=2, laps=3)
    doc = CampaignDocument(name="x", players=[Player(name="Alex", character="mario")],
                           races=[Race(track="tracks/short.track.json",
                                       results=[RaceResult(player="Alex", place=1, gates=7)])])
    path = tmp_path / "x.campaign.json"
    save_campaign(doc, path)
    assert refusal(path) == "race 1, Alex: 7 gates is more than the track has (2 gates × 3 laps = 6)"
    save_campaign(doc.model_copy(update={"races": [doc.races[0].model_copy(update={"results": [
        RaceResult(player="Alex", place=1, gates=6)]})]}), path)
    assert load_campaign(path)[1].track_limits == {0: TrackLimit(gates=2, laps=3)}


def test_a_missing_or_unreadable_track_leaves_gates_unbounded(tmp_path: Path) -> None:
    (tmp_path / "broken.track.json").write_text("{", encoding="utf-8")
    doc = CampaignDocument(name="x", players=[Player(name="Alex", character="mario")], races=[
        Race(track="nowhere.track.json", results=[RaceResult(player="Alex", place=1, gates=500)]),
        Race(track="broken.track.json", results=[RaceResult(player="Alex", place=1, gates=400)])])
    path = tmp_path / "x.campaign.json"
    save_campaign(doc, path)
    loaded, ctx = load_campaign(path)
    assert ctx.track_limits == {}
    assert loaded.races[0].results[0].gates == 500


# --- track paths -----------------------------------------------------------------------------------
def test_resolve_track_is_relative_to_the_campaign_folder(tmp_path: Path) -> None:
    campaign = tmp_path / "season" / "cup.campaign.json"
    assert resolve_track(campaign, "tracks/a.track.json") == tmp_path / "season" / "tracks" / "a.track.json"
    assert resolve_track(campaign, "../a.track.json") == tmp_path / "season" / ".." / "a.track.json"
    absolute = tmp_path / "elsewhere" / "b.track.json"
    assert resolve_track(campaign, str(absolute)) == absolute
    assert resolve_track(campaign, None) is None
    assert resolve_track(None, "a.track.json") == Path("a.track.json")


def test_relative_track_uses_forward_slashes_from_the_campaign_folder(tmp_path: Path) -> None:
    campaign = tmp_path / "season" / "cup.campaign.json"
    assert relative_track(campaign, tmp_path / "season" / "tracks" / "a.track.json") == "tracks/a.track.json"
    assert relative_track(campaign, tmp_path / "other" / "b.track.json") == "../other/b.track.json"
    assert relative_track(None, tmp_path / "b.track.json") == (tmp_path / "b.track.json").resolve().as_posix()


def test_rebase_tracks_keeps_pointing_at_the_same_files(tmp_path: Path) -> None:
    old = tmp_path / "a" / "cup.campaign.json"
    new = tmp_path / "b" / "deeper" / "cup.campaign.json"
    doc = CampaignDocument(name="x", races=[Race(track="tracks/one.track.json"), Race()],
                           battles=[Battle(track="arena.track.json")], games=[Game(scenario="race", track="../o.json")])
    moved = rebase_tracks(doc, old, new)
    assert [r.track for r in moved.races] == ["../../a/tracks/one.track.json", None]
    assert moved.battles[0].track == "../../a/arena.track.json"
    assert moved.games[0].track == "../../o.json"
    for before, after in zip([doc.races[0].track, doc.battles[0].track, doc.games[0].track],
                             [moved.races[0].track, moved.battles[0].track, moved.games[0].track], strict=True):
        assert resolve_track(new, after).resolve() == resolve_track(old, before).resolve()
    assert doc.races[0].track == "tracks/one.track.json"  # the original is untouched


def test_rebase_also_moves_the_drivers_vehicle_files(tmp_path: Path) -> None:
    old = tmp_path / "a" / "wastes.campaign.json"
    new = tmp_path / "b" / "wastes.campaign.json"
    doc = CampaignDocument(name="x", ruleset="axles-alloys-2", mode="career",
                           players=[Player(name="Alex", character="Van")],
                           drivers=[with_fields(Driver(name="Max", player="Alex"), DriverVehicle(
                                                vehicle="medium", vehicle_file="garage/max.vehicle.json")),
                                    Driver(name="Nux", player="Alex")])
    moved = rebase_tracks(doc, old, new)
    assert [DriverVehicle.of(d).vehicle_file for d in moved.drivers] == ["../a/garage/max.vehicle.json", None]
    assert DriverVehicle.of(moved.drivers[0]).vehicle == "medium"


def test_save_as_elsewhere_keeps_the_track_limit(tmp_path: Path) -> None:
    write_track(tmp_path / "a" / "tracks" / "short.track.json", gates=2, laps=2)
    old = tmp_path / "a" / "cup.campaign.json"
    doc = CampaignDocument(name="x", players=[Player(name="Alex", character="mario")],
                           races=[Race(track="tracks/short.track.json")])
    assert campaign_context(doc, old).track_limits == {0: TrackLimit(gates=2, laps=2)}
    new = tmp_path / "b" / "cup.campaign.json"
    new.parent.mkdir()
    save_campaign(rebase_tracks(doc, old, new), new)
    assert load_campaign(new)[1].track_limits == {0: TrackLimit(gates=2, laps=2)}


# --- PitchKart starting coins ----------------------------------------------------------------------
def test_pitchkart_starting_coins_by_grid_slot() -> None:
    roster = [("P1", "Bowser"), ("P2", "Donkey Kong"), ("P3", "Toad"), ("P4", "Koopa Troopa"), ("P5", "Peach"),
              ("P6", "Yoshi"), ("P7", "Toad"), ("P8", "Yoshi")]
    doc = edit.new_campaign("Flick Cup", PITCHKART, "race_series", roster)
    grid = ["P8", "P3", "P1", "P5", "P2", "P7", "P4", "P6"]
    doc = edit.set_grid(doc, PITCHKART, 1, grid)
    assert has_starting_coins(PITCHKART.ruleset)
    assert starting_coins(PITCHKART, doc.races[0].grid) == [
        ("P8", 5), ("P3", 5), ("P1", 4), ("P5", 4), ("P2", 3), ("P7", 3), ("P4", 2), ("P6", 2)]
    assert starting_coins(PITCHKART, [*grid, "P9"])[-1] == ("P9", 0)  # past the table: none
    assert starting_coins(PITCHKART, ["P2", "P1"]) == [("P2", 5), ("P1", 5)]
    assert not has_starting_coins(GASLANDS.ruleset)
    assert starting_coins(GASLANDS, ["A", "B"]) == [("A", 0), ("B", 0)]


def test_players_are_held_to_the_rule_datas_kart_limits() -> None:
    """PitchKart's grid has 8 slots (karts.max); the board game takes 2 to 7 players (karts.min/max)."""
    nine = [(f"P{i}", "Toad") for i in range(9)]
    with pytest.raises(CampaignError, match="at most 8 players; this campaign has 9"):
        edit.new_campaign("Flick Cup", PITCHKART, "race_series", nine)
    doc = edit.new_campaign("Flick Cup", PITCHKART, "race_series", nine[:8])
    with pytest.raises(CampaignError, match="at most 8 players; this campaign has 9"):
        edit.add_player(doc, PITCHKART, "P9", "Toad")
    board = Context(load_ruleset("mk-board"))
    with pytest.raises(CampaignError, match="at most 7 players; this campaign has 8"):
        edit.new_campaign("Board Cup", board, "race_series", [(f"P{i}", "mario") for i in range(8)])
    solo = edit.new_campaign("Board Cup", board, "race_series", [("Alex", "mario")])  # more may join later
    with pytest.raises(CampaignError, match="at least 2 players; this campaign has 1"):
        edit.set_result(solo, board, 1, "Alex", 1)
    pair = edit.add_player(solo, board, "Sam", "luigi")
    assert edit.set_result(pair, board, 1, "Alex", 1).races[0].result("Alex").place == 1


def test_race_series_grows_one_race_at_a_time() -> None:
    doc = edit.new_campaign("Flick Cup", PITCHKART, "race_series", [("A", "Toad"), ("B", "Yoshi")])
    doc = edit.set_result(doc, PITCHKART, 1, "A", 2)
    assert len(doc.races) == 1
    with pytest.raises(CampaignError, match="there is no race 3 \\(races 1…2\\)"):
        edit.set_result(doc, PITCHKART, 3, "A", 1)


def test_duplicate_players_in_a_hand_edited_file(tmp_path: Path) -> None:
    data = sample_data()
    data["players"].append({"name": "alex", "character": "Toad"})
    assert refusal(write_json(tmp_path / "x.campaign.json", data)) == "player 'alex' appears twice"


def test_a_track_path_the_system_cannot_use_is_not_a_crash(tmp_path: Path) -> None:
    data = sample_data()
    data["races"][0]["track"] = "x" * 300 + ".track.json"  # too long a name for the file system
    loaded, ctx = load_campaign(write_json(tmp_path / "x.campaign.json", data))
    assert 0 not in ctx.track_limits
    assert loaded.races[0].track == "x" * 300 + ".track.json"


def test_a_track_path_with_nul_is_refused(tmp_path: Path) -> None:
    data = sample_data()
    data["races"][0]["track"] = "luigi\u0000circuit.track.json"  # no system has such a file
    assert refusal(write_json(tmp_path / "x.campaign.json", data)) == "race 1: track: a file name cannot contain NUL"


def test_a_file_that_is_not_an_object(tmp_path: Path) -> None:
    path = write_json(tmp_path / "x.campaign.json", [1, 2])
    assert refusal(path) == "the top level must be a JSON object, not a list"


DATA = Path(__file__).parents[1] / "data"


# version 3's golden is a season: its coins go to the cars (test_campaign_ids)
@pytest.mark.parametrize("version", [1, 2])
def test_older_files_keep_every_gate_and_coin_they_hold(version):
    path = DATA / f"campaign-v{version}.campaign.json"
    written = json.loads(path.read_text(encoding="utf-8"))["races"]
    doc, _ctx = load_campaign(path)
    assert [[(r.gates, r.coins) for r in race.results] for race in doc.races] == [
        [(r.get("gates", 0), r.get("coins", 0)) for r in race["results"]] for race in written]
    assert all(r.gates is not None and r.coins is not None for race in doc.races for r in race.results)


def test_not_entered_gates_and_coins_are_left_out_of_the_file_and_come_back_not_entered():
    doc = grand_prix(races=[RACE_1])
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.set_result(doc, ctx, 2, "Alex", 1, coins=3)
    text = dumps_campaign(doc)
    assert json.loads(text)["races"][1]["results"] == [{"player": "Alex", "place": 1, "coins": 3}]
    again = campaign_from_json(text)
    assert again == doc and again.races[1].result("Alex").gates is None
    assert dumps_campaign(again) == text
