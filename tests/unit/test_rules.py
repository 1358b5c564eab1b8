"""Rule data for the five game systems: the numbers must match the rules digest exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from designer.model.elements import element_kinds
from designer.rules import (
    ELEMENT_KINDS,
    Ruleset,
    RulesetError,
    list_rulesets,
    load_ruleset,
    load_ruleset_file,
    ruleset_ids,
)
from designer.rules.loader import RULESETS_DIR
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.mk_board.rule_data import board_rules
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.pitchkart.rule_data import pitchkart_rules

ALL_IDS = ("axles-alloys-2", "mk-board", "mk-downforce", "mk-gaslands", "pitchkart")
IN = 25.4


@pytest.fixture(scope="module")
def gaslands() -> Ruleset:
    return load_ruleset("mk-gaslands")


def composition(ruleset: Ruleset) -> dict[str, int]:
    return {card.name: card.count for card in ruleset.deck}


def raw(ruleset_id: str) -> dict:
    return json.loads((RULESETS_DIR / f"{ruleset_id}.json").read_text(encoding="utf-8"))


# --------------------------------------------------------------------------- loading


def test_all_five_rulesets_load_sorted_by_id():
    assert ruleset_ids() == ALL_IDS
    rulesets = list_rulesets()
    assert [r.id for r in rulesets] == list(ALL_IDS)
    for r in rulesets:
        assert isinstance(r, Ruleset)
        assert r.name and r.summary


def test_load_is_cached():
    assert load_ruleset("mk-gaslands") is load_ruleset("mk-gaslands")


def test_unknown_id_names_the_known_ones():
    with pytest.raises(RulesetError) as info:
        load_ruleset("mk-nope")
    message = str(info.value)
    assert "unknown ruleset 'mk-nope'" in message
    for ruleset_id in ALL_IDS:
        assert ruleset_id in message


def test_data_files_are_utf8_json_indented_by_two():
    for ruleset_id in ALL_IDS:
        text = (RULESETS_DIR / f"{ruleset_id}.json").read_text(encoding="utf-8")
        assert text.startswith('{\n  "id": ')
        assert json.loads(text)["id"] == ruleset_id


def write(tmp_path: Path, name: str, data: dict) -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def test_broken_file_gives_one_line_error_naming_file_and_field(tmp_path):
    data = raw("mk-gaslands")
    data["deck"][0]["count"] = 0
    path = write(tmp_path, "mk-gaslands.json", data)
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    message = str(info.value)
    assert "\n" not in message
    assert message == f"{path}: deck[0].count: must be ≥ 1"


def test_explicit_path_loads_a_valid_copy(tmp_path):
    path = write(tmp_path, "mk-board.json", raw("mk-board"))
    assert load_ruleset_file(path) == load_ruleset("mk-board")


@pytest.mark.parametrize(
    ("mutate", "location"),
    [
        (lambda d: d.update(surprise=1), "surprise"),
        (lambda d: d["movement"].update(short_mm=float("nan")), "movement.short_mm"),
        (lambda d: d["element_sizes"].pop("coin"), "element_sizes lacks coin"),
        (lambda d: d["element_kinds"].append("rainbow_road"), "element_kinds[14]"),
        (lambda d: d["deck"][1].update(text="x" * 201), "deck[1].text"),
        (lambda d: d.update(id="other-id"), "id"),
    ],
)
def test_invalid_data_is_reported_by_location(tmp_path, mutate, location):
    data = raw("mk-gaslands")
    mutate(data)
    path = tmp_path / "mk-gaslands.json"
    path.write_text(json.dumps(data), encoding="utf-8")  # json.dumps writes NaN as-is
    with pytest.raises(RulesetError) as info:
        load_ruleset_file(path)
    assert str(info.value).startswith(f"{path}: {location}")
    assert "\n" not in str(info.value)


def test_bad_json_and_missing_file(tmp_path):
    path = tmp_path / "mk-gaslands.json"
    path.write_text('{\n  "id": "mk-gaslands",\n  oops\n}', encoding="utf-8")
    with pytest.raises(RulesetError, match=r"mk-gaslands\.json: line 3, column 3: not valid JSON"):
        load_ruleset_file(path)
    path.write_text('{"id": "a", "id": "b"}', encoding="utf-8")
    with pytest.raises(RulesetError, match="duplicate key 'id'"):
        load_ruleset_file(path)
    with pytest.raises(RulesetError, match=r"absent\.json: no such file"):
        load_ruleset_file(tmp_path / "absent.json")


def test_models_are_frozen(gaslands):
    with pytest.raises(ValidationError):
        gaslands.movement.short_mm = 1.0  # type: ignore[misc]


# --------------------------------------------------------------------------- shared rules


@pytest.mark.parametrize("ruleset_id", ALL_IDS)
def test_every_card_has_short_text_of_its_own(ruleset_id):
    ruleset = load_ruleset(ruleset_id)
    for card in ruleset.deck:
        assert card.text.strip(), card.name
        assert len(card.text) <= 200, card.name
        assert card.count >= 1 and card.uses >= 1


@pytest.mark.parametrize("ruleset_id", ALL_IDS)
def test_element_kinds_and_sizes_agree(ruleset_id):
    ruleset = load_ruleset(ruleset_id)
    assert set(ruleset.element_kinds) <= set(element_kinds())  # built-in kinds and the systems' own
    assert set(ruleset.element_sizes) == set(ruleset.element_kinds)
    assert ruleset.element_kinds[0] == ("space" if ruleset_id == "mk-board" else "start_finish")  # the start first
    m = ruleset.movement
    assert 0 < m.short_mm < m.medium_mm < m.long_mm
    assert ruleset.movement.notes


# --------------------------------------------------------------------------- Mario Kart Gaslands


def test_gaslands_deck_composition(gaslands):
    assert gaslands.card_count() == 66
    assert composition(gaslands) == {
        "Green Shell": 12,
        "Triple Green Shell": 3,
        "Red Shell": 8,
        "Triple Red Shell": 3,
        "Blue Shell": 3,
        "Mushroom": 4,
        "Triple Mushroom": 3,
        "Banana": 12,
        "Fire Flower": 3,
        "Fake Item Box": 2,
        "Star": 4,
        "Lightning": 4,
        "Golden Mushroom": 2,
        "Boo": 3,
    }
    assert {c.name for c in gaslands.deck if c.last_place_only} == {"Blue Shell", "Lightning"}
    assert {c.name for c in gaslands.deck if c.uses == 3} == {
        "Triple Green Shell",
        "Triple Red Shell",
        "Triple Mushroom",
        "Fire Flower",
    }
    assert {c.uses for c in gaslands.deck} == {1, 3}
    assert all(c.uses_note for c in gaslands.deck if c.uses == 3)
    assert gaslands.card("green shell").reach


def test_gaslands_deck_rules(gaslands):
    assert gaslands.deck_rules.hand_limit == 2
    assert gaslands.deck_rules.used_cards == "discard"
    assert gaslands.deck_rules.last_place_note


def test_gaslands_characters(gaslands):
    table = {c.name: (c.weight, c.handling, c.max_gear) for c in gaslands.characters}
    assert table == {
        "Mario": ("Middleweight", 3, 5),
        "Luigi": ("Middleweight", 3, 5),
        "Princess Peach": ("Middleweight", 3, 5),
        "Shy Guy": ("Middleweight", 3, 5),
        "Yoshi": ("Lightweight", 4, 4),
        "Toad": ("Lightweight", 4, 4),
        "Waluigi": ("Heavyweight", 2, 6),
        "Wario": ("Heavyweight", 2, 6),
    }
    assert gaslands.character("wario").max_gear == 6
    assert gaslands.character("Bowser") is None


def test_gaslands_grand_prix(gaslands):
    gp = gaslands.grand_prix
    assert gp is not None
    assert gp.races == 4 and gp.podium == 3
    assert [gp.place_points_for(p) for p in range(1, 9)] == [10, 8, 6, 4, 2, 2, 2, 2]
    assert gp.points_per_gate == 1 and gp.points_per_coin == 1
    assert gp.upgrade_cost == 20
    assert {(u.stat, u.step, u.cap) for u in gp.upgrades} == {("handling", 1, 4), ("max_gear", 1, 6)}
    with pytest.raises(ValueError):
        gp.place_points_for(0)


def test_gaslands_balloons_movement_and_sizes(gaslands):
    assert gaslands.balloon_battle.balloons_per_kart == 5
    m = gaslands.movement
    assert (m.short_mm, m.medium_mm, m.long_mm) == (75, 150, 180)  # Gaslands FAQ: Long 18 cm
    assert m.distance_mm("medium") == 150
    assert [(t.name, t.length_mm) for t in gaslands.templates.straights] == [
        ("Short", 75),
        ("Medium", 150),
        ("Long", 180),
    ]
    assert gaslands.templates.turns and gaslands.templates.notes
    assert (gaslands.kart_footprint.length_mm, gaslands.kart_footprint.width_mm) == (75, 35)
    assert gaslands.min_track_width_mm == 60
    assert list(gaslands.element_kinds) == list(ELEMENT_KINDS)
    assert gaslands.element_size("item_box").length_mm == 30
    assert gaslands.element_size("boost_pad").width_mm == 35
    d = gaslands.element_defaults
    assert (d.track_width_mm, d.gate_width_mm, d.piranha_range_mm, d.chain_chomp_reach_mm) == (
        250,
        250,
        75,
        150,
    )
    assert d.notes


def test_gaslands_coins(gaslands):
    coins = gaslands.coins
    assert coins.max_carried == 10
    assert [(s.cost, s.distance) for s in coins.spend] == [(5, "short"), (10, "medium")]


# --------------------------------------------------------------------------- board game


def test_board_deck_and_spaces():
    board = load_ruleset("mk-board")
    assert board.card_count() == 35
    assert composition(board) == {
        "Banana": 10,
        "Mushroom": 5,
        "Feather": 5,
        "Green Shell": 5,
        "Red Shell": 3,
        "Blue Shell": 1,
        "Lightning": 1,
        "Ghost": 2,
        "Blank": 3,
    }
    assert "4" in board.card("Green Shell").reach
    assert "11" in board.card("Red Shell").reach
    assert "51" in board.card("Blue Shell").reach
    assert board.deck_rules.hand_limit == 1
    rules = board_rules(board)
    assert (board.karts.min, board.karts.max, rules.laps, rules.die) == (2, 7, 3, "d6")
    assert (rules.bank_coins, rules.banana_chips) == (20, 5)
    assert rules.coin_on_roll == 6 and rules.starting_coin_places == [5, 6, 7]
    assert (rules.hit_coin_loss_fraction, rules.hit_coin_loss_rounding) == (0.5, "up")
    assert (rules.collision.coins_paid, rules.collision.skip_turns_if_broke) == (1, 1)
    kinds = {s.kind: s for s in rules.spaces}
    assert set(kinds) == {"item", "booster", "mushroom", "thwomp", "shortcut", "finish"}
    thwomp = {tuple(o.rolls): o.skip_turns for o in kinds["thwomp"].roll_table}
    assert thwomp == {(5, 6): 0, (3, 4): 1, (1, 2): 2}
    assert kinds["shortcut"].requires_item == "Feather" and not kinds["shortcut"].can_stop_on
    assert kinds["mushroom"].move_divisor == 2
    colours = {c.name: c.colour for c in board.characters}
    assert colours == {
        "Mario": "red",
        "Luigi": "blue",
        "Yoshi": "green",
        "Peach": "purple",
        "Toad": "white",
        "Wario": "yellow",
        "Donkey Kong": "black",
    }
    assert board.grand_prix is None and board.balloon_battle is None


def test_board_coin_spending_table():
    board = load_ruleset("mk-board")
    table = {s.cost: s.spaces for s in board.coins.spend}
    assert table == {1: 1, 3: 4, 5: 7, 10: 15}
    assert {c.coins: c.extra_spaces for c in board_rules(board).coin_spending} == table
    assert board_rules(board).bank_coins == 20


# --------------------------------------------------------------------------- PitchKart


def test_pitchkart():
    pk = load_ruleset("pitchkart")
    assert pitchkart_rules(pk).starting_coins_by_slot == [5, 5, 4, 4, 3, 3, 2, 2]
    assert pk.coins.starting_coins_by_slot == [5, 5, 4, 4, 3, 3, 2, 2]
    p = pitchkart_rules(pk).penalties
    assert (p.hit_coin_loss, p.spin_out_coin_loss, p.green_shell_coin_loss) == (1, 2, 4)
    assert (p.void_turns_lost, p.void_coin_cost) == (1, 2)
    r = pitchkart_rules(pk)
    assert (r.spare_coin_spacing_min_mm, r.spare_coin_spacing_max_mm) == (30, 40)
    assert (r.lightning_rounds, r.star_turns, r.coin_card_coins) == (4, 4, 2)
    assert set(composition(pk)) == {
        "Green Shell",
        "Red Shell",
        "Banana",
        "Mushroom",
        "Lightning",
        "Star",
        "Ghost",
        "Coin",
    }
    assert pk.deck_rules.notes and "count" in pk.deck_rules.notes
    # the source's figures; every other stat is a house value the character lists as assumed
    speed = {c.name: c.top_speed for c in pk.characters if "top_speed" not in c.assumed}
    assert speed == {"Bowser": 4, "Donkey Kong": 4, "Toad": 2, "Koopa Troopa": 2}
    traction = {c.name: c.traction for c in pk.characters if "traction" not in c.assumed}
    assert traction == {"Peach": 1, "Yoshi": 1, "Koopa Troopa": 3, "Toad": 3}
    assert all("acceleration" in c.assumed for c in pk.characters)  # the source gives no one's stars
    assert len(pk.characters) == pk.karts.max == 8  # one per grid slot
    assert all(None not in (c.top_speed, c.traction, c.acceleration) for c in pk.characters)


# --------------------------------------------------------------------------- Downforce


def test_downforce():
    df = load_ruleset("mk-downforce")
    rules = downforce_rules(df)
    assert rules.item_die_faces == ["Coins", "Coins", "Blue Shell", "Green Shell", "Lightning", "Banana"]
    assert rules.red_die == "d6"
    assert (rules.start_boost.rolls, rules.start_boost.advance_spaces) == ([1, 2], 2)
    assert {tuple(c.rolls): c.coins for c in rules.coin_table} == {(1, 2, 3): 1, (4, 5): 2, (6,): 3}
    assert rules.coin_value_dollars == 1_000_000
    assert {a.place: a.spaces for a in rules.lightning_table} == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5}
    assert len(rules.karts) == 6
    assert {c.name: c.colour for c in df.characters}["Bowser"] == "yellow" == rules.colour_of("bowser")
    assert df.deck == [] and df.card_count() == 0


# --------------------------------------------------------------------------- Axles and Alloys II


def test_axles_weight_classes():
    aa = load_ruleset("axles-alloys-2")
    rules = axles_rules(aa)
    table = {
        w.name: (
            (w.max, w.acc, w.dec, w.turn),
            (w.race.max, w.race.acc, w.race.dec, w.race.turn),
            (w.hit_point_lines, w.boxes_per_line, w.hit_points),
            w.capacity,
        )
        for w in rules.weight_classes
    }
    assert table == {
        "Light": ((24, 6, 6, 3), (22, 6, 6, 3), (3, 4, 12), 3),
        "Medium": ((22, 5, 5, 2), (25, 5, 5, 2), (3, 5, 15), 4),
        "Heavy": ((20, 4, 4, 2), (28, 4, 4, 2), (3, 6, 18), 5),
    }
    assert rules.weight_class("heavy").capacity == 5
    assert {m.roll: m.modifier for m in rules.random_variant} == {1: -2, 2: -1, 3: 0, 4: 0, 5: 1, 6: 2}
    assert rules.random_variant_stats == ["max", "acc", "dec"]


def test_axles_components_thresholds_and_races():
    aa = load_ruleset("axles-alloys-2")
    rules = axles_rules(aa)
    costs = {c.name: c.cost for c in rules.components if c.fits_vehicles}
    assert [c.id for c in rules.components if not c.fits_vehicles] == ["heavy-weapon"]
    assert (rules.component("nitro").charges, rules.component("oil-dropper").charges) == (2, 3)
    assert rules.component("flamethrower").includes == "Flame Tank"
    assert costs == {
        "Light Weapon": 1,
        "Medium Weapon": 2,
        "Turret": 1,
        "Flamethrower": 2,
        "Mine Dropper": 1,
        "Spike Dropper": 1,
        "Oil Dropper": 1,
        "Napalm Dropper": 1,
        "Smokescreen Dropper": 1,
        "Ramplates": 1,
        "Heavy Ramplates": 2,
        "Fire Extinguisher": 1,
        "Body Armour": 1,
        "Racing Fuel Cell": 1,
        "Armoured Engine Bay": 1,
        "Run-flat Tyres": 1,
        "Nitro": 1,
    }
    assert [c.name for c in rules.components if c.per_weapon] == ["Turret"]
    assert all(c.rear_only for c in rules.components if c.kind == "dropper")
    assert not rules.heavy_weapons_allowed and rules.turrets_per_vehicle == 1
    assert [(t.line, t.component_lost_on, t.destroys_vehicle) for t in rules.thresholds] == [
        (1, [6], False),
        (2, [5, 6], False),
        (3, [], True),
    ]
    assert rules.driver_dies_on == [4, 5, 6]
    assert aa.min_track_width_mm == pytest.approx(8 * IN)
    assert rules.race_track_width_min_mm == pytest.approx(203.2)
    assert rules.race_track_width_max_mm == pytest.approx(304.8)
    assert (aa.kart_footprint.length_mm, aa.kart_footprint.width_mm) == pytest.approx((76.2, 38.1))
    bands = [(b.min_speed_in, b.max_speed_in, b.damage) for b in rules.barrier_bands]
    assert bands == [(0, 8, "none"), (9, 16, "d6"), (17, None, "d6+2")]
    rerolls = {(r.scenario, r.event): r.rerolls for r in rules.career_rerolls}
    assert len(rerolls) == 4 and set(rerolls.values()) == {1}
    assert rules.counter_diameter_mm == pytest.approx(25.4)
    assert aa.deck == [] and aa.grand_prix is None
