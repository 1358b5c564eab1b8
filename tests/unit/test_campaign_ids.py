"""Campaign schema_version 2 (3 only adds optional fields): players store character ids. The v1 → v2
migration, the golden files of every version, custom character ids, and the CLI taking a character by id or
English name."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import standings
from designer.campaign.series import series_standings
from designer.io.campaign_io import campaign_from_data, dumps_campaign, load_campaign, save_campaign
from designer.io.errors import DocumentError
from designer.io.migrations import CHAINS, migrate_1_to_2, migrate_2_to_3
from designer.model.campaign import CustomCharacter
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.mk_downforce.fields import DownforcePrizes, DownforceRace
from designer.systems.mk_downforce.season import race_money, season_standings

from .cli_runner import refused, run
from .factories import campaign_refusal

DATA = Path(__file__).parents[1] / "data"
V1 = DATA / "campaign-v1.campaign.json"
V2 = DATA / "campaign-v2.campaign.json"
V3 = DATA / "campaign-v3.campaign.json"
V4 = DATA / "campaign-v4.campaign.json"
GASLANDS = Context(load_ruleset("mk-gaslands"))


def v1_data() -> dict:
    return json.loads(V1.read_text(encoding="utf-8"))


def test_current_campaign_version_is_4_with_a_complete_chain() -> None:
    current, steps = CHAINS["kartographer-campaign"]
    assert current == 4 and steps[1] is migrate_1_to_2 and steps[2] is migrate_2_to_3 and callable(steps[3])
    # 3 → 4 is the campaign mode's own step: Downforce's season turns results into cars
    from designer.systems import registry
    from designer.systems.mk_downforce.season_upgrade import upgrade_3_to_4

    assert registry.get("mk-downforce").mode("season").upgrades == {3: upgrade_3_to_4}
    assert {p.name for p in DATA.glob("campaign-v*.campaign.json")} == {V1.name, V2.name, V3.name, V4.name}


def test_v1_golden_loads_and_equals_v2_golden() -> None:
    old, _ = load_campaign(V1)
    new, _ = load_campaign(V2)
    assert old == new
    assert [(p.name, p.character) for p in new.players] == [("Alex", "mario"), ("Billie", "yoshi"), ("Casey", "wario")]
    assert new.schema_version == 4


def test_v2_saves_as_v4_with_nothing_else_changed(tmp_path: Path) -> None:
    """Versions 3 and 4 only add optional fields outside a season, left out where unused: a v2 Grand Prix
    saves with its version bumped."""
    doc, _ = load_campaign(V2)
    v2_text = V2.read_text(encoding="utf-8")
    assert dumps_campaign(doc) == v2_text.replace('"schema_version": 2,', '"schema_version": 4,', 1)
    path = tmp_path / "again.campaign.json"
    save_campaign(doc, path)
    again, _ = load_campaign(path)
    assert again == doc
    saved = path.read_bytes()
    save_campaign(again, path)
    assert path.read_bytes() == saved


def test_a_v3_season_becomes_six_cars_a_race_and_keeps_every_players_money() -> None:
    """Version 3 kept a result per player (place, kart, prize, coins, bets); version 4 keeps the race's six
    cars and the bets. Each player's money, race by race, is what version 3 added up."""
    old = json.loads(V3.read_text(encoding="utf-8"))
    doc, ctx = load_campaign(V3)
    assert doc.schema_version == 4 and not DownforcePrizes.of(doc).prizes
    first = DownforceRace.of(doc.races[0])
    assert doc.races[0].results == []
    assert [(c.colour, c.place, c.owner, c.coins, c.prize) for c in first.cars] == [
        ("red", 1, "Ana", 2, 6_000_000), ("green", 2, "Ben", 1, 4_000_000), ("orange", 3, "Cy", 3, 2_000_000),
        ("black", 4, None, None, None), ("blue", 5, None, None, None), ("yellow", 6, None, None, None)]
    assert [(b.player, b.amount) for b in first.bets] == [("Ana", 2_000_000), ("Cy", 1_000_000)]
    for race, written in zip(doc.races, old["races"], strict=True):
        for result in written["results"]:
            money = race_money(doc, ctx.ruleset, race, result["player"])
            assert money is not None and money.total == (result.get("prize", 0) + result.get("bets", 0)
                                                         + result.get("coins", 0) * 1_000_000)
    assert [(s.player, s.total) for s in season_standings(doc, ctx.ruleset)] == [
        ("Ana", 18_000_000), ("Cy", 12_000_000), ("Ben", 7_000_000)]


def test_the_v4_golden_is_canonical_and_scores_from_its_prize_table() -> None:
    doc, ctx = load_campaign(V4)
    assert dumps_campaign(doc) == V4.read_text(encoding="utf-8")
    assert DownforcePrizes.of(doc).prizes == [12_000_000, 9_000_000, 6_000_000, 4_000_000, 2_000_000, 0]
    cy = race_money(doc, ctx.ruleset, doc.races[1], "Cy")
    assert cy is not None and (cy.paid, cy.total) == (3_000_000, 6_000_000 - 3_000_000)
    nobody = json.loads(V4.read_text(encoding="utf-8"))["races"][0]["cars"][3]
    assert nobody == {"colour": "black", "place": 4}  # unused fields left out


def test_a_v3_result_without_a_colour_takes_the_first_free_one() -> None:
    data = json.loads(V3.read_text(encoding="utf-8"))
    data["custom_characters"] = [{"id": "kong-jr", "name": "Kong Jr"}]
    data["players"][1]["character"] = "kong-jr"  # Ben: a custom character has no colour
    doc = campaign_from_data(data, "x.campaign.json")
    # red and orange were taken: green is the first free
    assert DownforceRace.of(doc.races[0]).car("green").owner == "Ben"


def test_saving_a_v1_file_writes_v4(tmp_path: Path) -> None:
    doc, _ = load_campaign(V1)
    path = tmp_path / "up.campaign.json"
    save_campaign(doc, path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 4 and data["players"][0] == {"name": "Alex", "character": "mario"}
    assert set(data["races"][0]["results"][0]) == {"player", "place", "gates", "coins"}  # no unused season fields


def test_newer_than_4_is_refused() -> None:
    with pytest.raises(DocumentError, match=r"schema_version 5; this version reads up to 4"):
        campaign_from_data({**v1_data(), "schema_version": 5}, "x.campaign.json")


def test_migration_is_pure_and_maps_names_case_insensitively() -> None:
    data = v1_data()
    data["players"][1]["character"] = "  yOsHi "
    data["players"].append({"name": "Dana", "character": "Princess Peach"})
    before = copy.deepcopy(data)
    out = migrate_1_to_2(copy.deepcopy(data))
    assert [p["character"] for p in out["players"]] == ["mario", "yoshi", "wario", "princess-peach"]
    assert data == before


def test_migration_gives_custom_characters_distinct_ids() -> None:
    data = v1_data()
    data["custom_characters"] = [{"name": "Dry Bones", "handling": 4}, {"name": "Mario!"}, {"name": "Ünïcödé"}]
    data["players"] += [{"name": "Dana", "character": "dry bones"}, {"name": "Eve", "character": "Mario!"}]
    out = migrate_1_to_2(data)
    assert out["custom_characters"] == [{"id": "dry-bones", "name": "Dry Bones", "handling": 4},
                                        {"id": "mario-2", "name": "Mario!"}, {"id": "unicode", "name": "Ünïcödé"}]
    assert [p["character"] for p in out["players"]][3:] == ["dry-bones", "mario-2"]
    fields = {k: out[k] for k in ("players", "custom_characters")}
    doc = campaign_from_data({**v1_data(), "schema_version": 2, **fields})
    assert doc.custom_character_by_id("mario-2").name == "Mario!"


def test_migration_refuses_an_unknown_name_in_one_line(tmp_path: Path) -> None:
    data = v1_data()
    data["players"][2]["character"] = "Bowser"
    path = tmp_path / "old.campaign.json"
    assert campaign_refusal(path, data) == (f"{path}: roster row 3 (Casey): Casey drives 'Bowser', which is no "
                                            "Mario Kart Gaslands character and no custom one")


def test_migration_keeps_free_text_where_a_system_has_no_characters() -> None:
    data = {"format": "kartographer-campaign", "schema_version": 1, "name": "Wastes", "ruleset": "axles-alloys-2",
            "mode": "career", "players": [{"name": "A", "character": "Rusty Van"}]}
    assert migrate_1_to_2(data)["players"] == [{"name": "A", "character": "Rusty Van"}]


def test_bundled_template_is_current_and_loads() -> None:
    path = TEMPLATES_DIR / "mushroom-cup.campaign.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["schema_version"] == 4
    doc, _ = load_campaign(path)
    assert dumps_campaign(doc) == path.read_text(encoding="utf-8")
    assert [p.character for p in doc.players][-1] == "princess-peach"


def test_a_v2_file_naming_a_character_by_name_is_refused(tmp_path: Path) -> None:
    data = json.loads(V2.read_text(encoding="utf-8"))
    data["players"][0]["character"] = "Mario"
    message = campaign_refusal(tmp_path / "bad.campaign.json", data)
    assert re.search(r"roster row 1 \(Alex\): unknown character id 'Mario' \(known: mario, ", message)


def test_custom_id_may_not_be_a_ruleset_id(tmp_path: Path) -> None:
    data = json.loads(V2.read_text(encoding="utf-8"))
    data["custom_characters"] = [{"id": "luigi", "name": "Weegee"}]
    message = campaign_refusal(tmp_path / "bad.campaign.json", data)
    assert re.search(r"custom character 1: id 'luigi' of Weegee is a Mario Kart", message)


def test_edits_take_a_name_or_an_id_and_store_the_id() -> None:
    doc = edit.new_campaign("Cup", GASLANDS, "grand_prix", [("Ann", "Princess Peach"), ("Bo", "shy-guy")])
    assert [p.character for p in doc.players] == ["princess-peach", "shy-guy"]
    doc = edit.set_character(doc, GASLANDS, "Ann", "TOAD")
    doc = edit.add_player(doc, GASLANDS, "Cy", "waluigi")
    assert [p.character for p in doc.players] == ["toad", "shy-guy", "waluigi"]
    with pytest.raises(CampaignError, match=r"unknown character 'Bowser' \(known: Mario, Luigi, Princess Peach"):
        edit.add_player(doc, GASLANDS, "Di", "Bowser")
    rows = {s.player: (s.character, s.character_id) for s in standings(doc, GASLANDS)}
    assert rows["Ann"] == ("Toad", "toad")


def test_custom_characters_keep_their_id_and_avoid_ruleset_ids() -> None:
    doc = edit.new_campaign("Cup", GASLANDS, "grand_prix", [("Ann", "Mario")])
    doc = edit.set_custom_character(doc, GASLANDS, CustomCharacter(id="luigi", name="Weegee", handling=2))
    assert doc.custom_characters[0].id == "weegee"
    doc = edit.set_character(doc, GASLANDS, "Ann", "Weegee")
    assert doc.players[0].character == "weegee"
    doc = edit.set_custom_character(doc, GASLANDS, CustomCharacter(id="other", name="Weegee", handling=5))
    assert doc.custom_characters[0].id == "weegee" and doc.custom_characters[0].handling == 5
    with pytest.raises(CampaignError, match="Ann still drives Weegee"):
        edit.remove_custom_character(doc, GASLANDS, "weegee")
    assert next(s for s in standings(doc, GASLANDS)).character == "Weegee"


def test_series_standings_show_names() -> None:
    pitch = Context(load_ruleset("pitchkart"))
    doc = edit.new_campaign("Series", pitch, "race_series", [("Ann", "Koopa Troopa")])
    assert doc.players[0].character == "koopa-troopa"
    assert series_standings(doc, pitch.ruleset)[0].character == "Koopa Troopa"


@pytest.mark.parametrize("spec", ["Ann:mario", "Ann:Mario", "Ann:MARIO"])
def test_cli_new_stores_the_character_id(capsys, tmp_path: Path, spec: str) -> None:
    path = tmp_path / "c.campaign.json"
    code, _, err = run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", spec,
                       "Bo:princess peach", "-o", path)
    assert code == 0, err
    data = json.loads(path.read_text(encoding="utf-8"))
    assert [p["character"] for p in data["players"]] == ["mario", "princess-peach"]


def test_cli_standings_json_has_name_and_id(capsys, tmp_path: Path) -> None:
    code, out, err = run(capsys, "campaign", "standings", V2, "--json")
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["character"], r["character_id"]) for r in rows] == [("Mario", "mario"), ("Yoshi", "yoshi"),
                                                                   ("Wario", "wario")]
    code, out, _ = run(capsys, "campaign", "standings", V2)
    assert code == 0 and "Mario" in out and "mario" not in out


def test_cli_refuses_an_unknown_character_in_one_line(capsys, tmp_path: Path) -> None:
    path = tmp_path / "c.campaign.json"
    line = refused(capsys, path, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Ann:bowser", "-o", path)
    assert line.endswith("roster row 1 (Ann): unknown character 'bowser' (known: Mario, Luigi, Princess Peach, "
                         "Shy Guy, Yoshi, Toad, Waluigi, Wario)")
