"""Race day, Axles and Alloys II: each rule pinned by dice we choose (a scripted generator: the faces a wrong
rule would read differently) — a threshold crossing and its component rolls (6, then 5–6), barrier damage by
the speed bands, head-on destruction, the driver's 4–6 roll with a career reroll spent, a driver dead with his
car whole, kills credited — then seeded races for the undo/replay invariant, and the game filed into a career
(one edit: the right entries, the rerolls the career then awards)."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterable

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.race.document import Action, Entrant
from designer.race.engine import Race, RaceError, parse_action, replay
from designer.race.race_io import load_race, new_race, save_race
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2 import race as axles_race
from designer.systems.axles_alloys_2.careers import careers
from designer.systems.axles_alloys_2.race import RACE_RULES, vehicle_stats
from designer.systems.axles_alloys_2.race_entrants import driver_entrants
from designer.systems.axles_alloys_2.race_entrants import file_career_game as file_game
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.axles_alloys_2.vehicle import VehicleComponent, VehicleDocument

RULES = load_ruleset("axles-alloys-2")
AXLES = axles_rules(RULES)
CTX = Context(RULES)


class Dice(random.Random):
    """A generator whose d6 rolls are the faces given, in order (and fails loudly when a rule rolls more)."""

    def __init__(self, faces: Iterable[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randrange(self, stop, *args, **kwargs):  # type: ignore[override]
        assert self.faces, "a rule rolled a die the test did not expect"
        return self.faces.pop(0) - 1


def game(*entrants: Entrant, setup: dict[str, int] | None = None, seed: int = 7) -> Race:
    return new_race("axles-alloys-2", list(entrants), seed=seed, setup=setup)


def two(rerolls: int = 0, **stats: int) -> Race:
    return game(Entrant(name="Ann", character="medium", stats={"rerolls": rerolls, **stats}),
                Entrant(name="Ben", character="heavy"))


def act(r: Race, words: str, *faces: int) -> list[str]:
    """One action with these dice; every face must be used."""
    dice = Dice(faces)
    lines = axles_race.act(r.ruleset, r.state, parse_action(r.rules, words.split()), dice)
    assert dice.faces == [], f"unused dice {dice.faces}"
    return lines


def car(r: Race, name: str) -> axles_race.Car:
    return r.state.car(name)


def test_cars_start_from_their_weight_class_and_the_scenario():
    r = two()
    medium = AXLES.weight_class_by_id("medium")
    ann = car(r, "Ann")
    assert (ann.lines, ann.boxes) == (medium.hit_point_lines, medium.boxes_per_line) == (3, 5)
    assert (ann.max, ann.acc, ann.dec) == (22, 5, 5)  # the arena line in a deathmatch
    assert ann.speed == 6 == round(AXLES.deathmatch_entry_speed_mm / 25.4)  # a deathmatch enters at 6"
    racing = game(Entrant(name="Ann", character="medium"), setup={"laps": 3})
    assert (car(racing, "Ann").max, car(racing, "Ann").speed) == (25, 0)  # the race line, from the grid
    assert [p.key for p in ann.parts] == ["engine", "steering", "brakes", "fuel", "driver"]


def test_a_threshold_crossing_rolls_each_component_lost_on_6_then_on_5_or_6():
    r = two()
    ann = car(r, "Ann")
    act(r, "damage Ann 4")  # 4 of 5 boxes: no threshold, no dice
    assert ann.damage == 4
    # line 1 (lost on 6): engine 6, steering 5, brakes 1, fuel 2, driver 3
    lines = act(r, "damage Ann 1", 6, 5, 1, 2, 3)
    assert "Engine 6, Steering 5, Brakes 1, Fuel tank 2, Driver 3" in lines[2] and "6" in lines[2]
    assert (ann.part("engine").losses, ann.part("steering").losses) == (1, 0)
    assert lines[-1] == "Engine damaged."
    assert axles_race._limits(r.ruleset, ann) == (1, 11)  # a damaged engine halves MAX 22 (from speed 6)
    # line 2 (lost on 5–6): engine 5 (its second loss: destroyed), steering 5 (damaged), the rest hold
    lines = act(r, "damage Ann 5", 5, 5, 4, 4, 4)
    assert ann.part("engine").lost and ann.part("steering").losses == 1 and not ann.part("brakes").losses
    assert "now MAX 2, DEC 5, TURN 1" in r.summary()[1]  # speed 6 − 4; TURN 2 − 1
    assert "Engine destroyed." in lines and "Steering damaged." in lines
    assert axles_race._limits(r.ruleset, ann) == (0, 6 - AXLES.engine_lost_slowdown_in)
    # line 3 destroys the car; the driver rolls (3: lives)
    lines = act(r, "damage Ann 5", 3)
    assert ann.destroyed and not ann.dead and "Ann's car is destroyed." in lines


def test_a_lost_fuel_tank_destroys_the_car_and_lost_brakes_set_dec():
    r = two()
    act(r, "damage Ann 5", 1, 1, 6, 6, 1, 2)  # brakes 6, fuel 6: destroyed, the driver rolls 2
    ann = car(r, "Ann")
    assert ann.destroyed and not ann.dead and ann.brakes_dec == AXLES.brakes_lost_dec


@pytest.mark.parametrize(("speed", "faces", "points"),
                         [(8, (), 0), (9, (4,), 4), (16, (5,), 5), (17, (3,), 5), (30, (1,), 3)])
def test_barrier_damage_by_the_speed_band(speed, faces, points):
    r = two()
    act(r, f"barrier Ben {speed}", *faces)
    assert car(r, "Ben").damage == points


def test_a_barrier_hit_reads_the_plotted_speed_and_nitro():
    r = two(nitro=1)
    act(r, "speed Ann 8")
    act(r, "barrier Ann")  # 8": no damage, no die
    act(r, "nitro Ann", 1, 1)  # +2": 10 — now the d6 band
    act(r, "barrier Ann", 3)
    assert car(r, "Ann").damage == 3 and car(r, "Ann").part("nitro").charges == 1


def test_a_head_on_hit_destroys_the_car_and_the_driver_rolls():
    r = two()
    lines = act(r, "headon Ben", 3)
    ben = car(r, "Ben")
    assert ben.destroyed and not ben.dead and "3" in lines[-1]
    with pytest.raises(RaceError, match="out of the game"):
        act(r, "speed Ben 4")


@pytest.mark.parametrize(("face", "dies"), [(3, False), (4, True), (6, True)])
def test_the_driver_of_a_destroyed_car_dies_on_4_to_6(face, dies):
    r = two()
    act(r, "headon Ann", face)
    assert car(r, "Ann").dead is dies and car(r, "Ann").pending is None


def test_a_career_reroll_spent_on_the_death_roll_and_the_second_roll_stands():
    r = two(rerolls=2)
    ann = car(r, "Ann")
    lines = act(r, "headon Ann", 5)
    assert ann.pending == (4, 5, 6) and not ann.dead and "2 left" in lines[-1]
    with pytest.raises(RaceError, match="reroll or accept"):
        act(r, "turn")
    act(r, "reroll Ann", 2)
    assert not ann.dead and ann.rerolls_used == 1 and ann.rerolls_left == 1
    saved = two(rerolls=2)
    act(saved, "headon Ann", 5)
    act(saved, "reroll Ann", 4)  # the second roll stands even though a reroll is left
    assert car(saved, "Ann").dead and car(saved, "Ann").pending is None
    with pytest.raises(RaceError, match="no roll to reroll"):
        act(saved, "reroll Ann")
    kept = two(rerolls=1)
    act(kept, "headon Ann", 6)
    act(kept, "accept Ann")
    assert car(kept, "Ann").dead and car(kept, "Ann").rerolls_used == 0


def test_a_driver_dies_with_his_car_whole_when_the_driver_component_is_lost():
    r = two()
    lines = act(r, "damage Ann 5", 1, 1, 1, 1, 6)  # line 1: driver 6
    ann = car(r, "Ann")
    assert ann.dead and not ann.destroyed and "abandoned" in lines[-1]
    outcome = next(o for o in RACE_RULES.game(r.ruleset, r.state)[1] if o.player == "Ann")
    assert (outcome.died, outcome.destroyed) == (True, False)
    spared = two(rerolls=1)
    act(spared, "damage Ann 10", 1, 1, 1, 1, 1, 1, 1, 1, 1, 5)  # line 2: the driver lost on 5
    assert car(spared, "Ann").pending == (5, 6)
    act(spared, "reroll Ann", 4)  # rerolled against the line's own faces: 4 saves him
    assert not car(spared, "Ann").dead and not car(spared, "Ann").part("driver").lost


def test_body_armour_rerolls_the_driver_loss_once_and_its_second_roll_stands():
    r = two(rerolls=2, body_armour=1)
    ann = car(r, "Ann")
    # line 1: engine, steering, brakes, fuel 1; driver 6; body armour 1 — the armour rerolls the driver: 2
    lines = act(r, "damage Ann 5", 1, 1, 1, 1, 6, 1, 2)
    assert "Body Armour rerolls the loss of Driver: 2, it holds." in lines
    assert not ann.dead and ann.pending is None and ann.part("body-armour").spent
    # line 2: the driver lost on 5 — the armour's one reroll is gone: the career reroll is offered
    act(r, "damage Ann 5", 1, 1, 1, 1, 5, 1)
    assert ann.pending == (5, 6)
    again = two(rerolls=2, body_armour=1)
    act(again, "damage Ann 5", 1, 1, 1, 1, 6, 1, 6)  # the armour's reroll kills him too: no career reroll
    assert car(again, "Ann").dead and car(again, "Ann").pending is None
    cell = two(racing_fuel_cell=1)
    act(cell, "damage Ann 5", 1, 1, 1, 6, 1, 1, 4)  # the fuel tank's 6 rerolled by the fuel cell: 4 (lost on 6)
    assert not car(cell, "Ann").destroyed


def test_a_deathshead_kills_the_driver_with_no_reroll():
    r = two(rerolls=3)
    act(r, "deathshead Ann")
    assert car(r, "Ann").destroyed and car(r, "Ann").dead and car(r, "Ann").pending is None


def test_kills_go_to_whoever_destroyed_the_car():
    r = two()
    lines = act(r, "damage Ann 15 Ben", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2)
    assert car(r, "Ben").kills == 1 and car(r, "Ann").destroyed and lines[0] == "Ben hits Ann."
    other = two()
    act(other, "headon Ann", 1)
    assert car(other, "Ben").kills == 0


def test_speed_is_plotted_within_acc_dec_and_max():
    r = two()
    with pytest.raises(RaceError, match="1 to 11"):  # 6 − DEC 5 … 6 + ACC 5
        act(r, "speed Ann 12")
    act(r, "speed Ann 11")
    act(r, "turn")
    act(r, "speed Ann 16")
    act(r, "turn")
    with pytest.raises(RaceError, match="11 to 21"):  # DEC 5 .. +ACC 5
        act(r, "speed Ann 10")


def test_a_vehicle_file_brings_its_rolls_nitro_and_dropper_charges():
    vehicle = VehicleDocument(name="Purple Haze", weight_class="light", adjustments={"max": -2, "acc": 1},
                              components=[VehicleComponent(component="nitro"),
                                          VehicleComponent(component="mine-dropper", facing="Rear"),
                                          VehicleComponent(component="flamethrower", facing="Front")])
    stats = vehicle_stats(RULES, vehicle)
    r = game(Entrant(name="Ann", character="light", stats=stats), Entrant(name="Ben"))
    ann = car(r, "Ann")
    assert (ann.max, ann.acc, ann.dec) == (22, 7, 6)
    assert ann.part("nitro").charges == 2 and ann.part("mine-dropper").charges == 3
    assert ann.part("flamethrower+").effect == "car"  # the Flame Tank
    act(r, "drop Ann")
    act(r, "nitro Ann", 6, 6)
    act(r, "nitro Ann", 1, 1)
    with pytest.raises(RaceError, match="no nitro"):
        act(r, "nitro Ann")
    assert ann.boost == 14 and ann.part("mine-dropper").charges == 2
    racing = game(Entrant(name="Ann", character="light", stats=stats), Entrant(name="Ben"), setup={"laps": 3})
    with pytest.raises(RaceError, match="no dropped weapons"):
        act(racing, "drop Ann")


def test_a_race_places_finishers_and_files_finish_and_win():
    r = game(Entrant(name="Ann"), Entrant(name="Ben"), Entrant(name="Cid"), setup={"laps": 2})
    for words in ("lap Ben", "lap Ann", "lap Ben", "lap Ann"):
        act(r, words)
    act(r, "headon Cid", 1)
    assert [p.player for p in r.result()] == ["Ben", "Ann", "Cid"]
    scenario, outcomes = RACE_RULES.game(r.ruleset, r.state)
    assert scenario == "race"
    assert [(o.player, o.finished, o.won) for o in outcomes] == [
        ("Ann", True, False), ("Ben", True, True), ("Cid", False, False)]


# --- the engine: seeded, undo, replay ---------------------------------------------------------------------

SCRIPT = ("speed Ann 10", "speed Ben 9", "nitro Ann", "damage Ben 6 Ann", "barrier Ann", "turn",
          "speed Ann 14", "damage Ben 7 Ann", "barrier Ann 17", "turn", "damage Ben 9 Ann", "roll 2")


def seeded(seed: int) -> Race:
    return game(Entrant(name="Ann", character="light", stats={"rerolls": 1, "nitro": 1}),
                Entrant(name="Ben", character="medium", stats={"rerolls": 1}), seed=seed)


def run(r: Race, script: Iterable[str]) -> None:
    for words in script:
        try:
            r.act(parse_action(r.rules, words.split()))
        except RaceError:
            if r.state.car("Ben").pending is not None:
                r.act(Action(do="reroll", kart="Ben"))


def test_undo_gives_back_the_state_before_and_the_same_dice_to_come():
    r = seeded(5)
    for words in SCRIPT:
        before, rng = copy.deepcopy(r.state), r.rng.getstate()
        try:
            r.act(parse_action(r.rules, words.split()))
        except RaceError:
            assert r.state == before
            continue
        after = copy.deepcopy(r.state)
        r.undo()
        assert r.state == before and r.rng.getstate() == rng
        r.act(parse_action(r.rules, words.split()))
        assert r.state == after  # the same rolls again


def test_the_same_seed_replays_the_same_game_and_another_seed_differs(tmp_path):
    first, second = seeded(5), seeded(5)
    run(first, SCRIPT)
    run(second, SCRIPT)
    assert first.state == second.state and [x.text for x in first.log] == [x.text for x in second.log]
    path = tmp_path / "arena.race.json"
    save_race(first, path)
    again = load_race(path)
    assert again.state == first.state and again.file == first.file
    assert replay(first.file, first.rules, first.ruleset).state == first.state
    logs = {tuple(x.text for x in run_seed(seed).log) for seed in range(5)}
    assert len(logs) > 1


def run_seed(seed: int) -> Race:
    r = seeded(seed)
    run(r, SCRIPT)
    return r


# --- the career ---------------------------------------------------------------------------------------

def wasteland():
    doc = edit.new_campaign("Wasteland", CTX, "career", [("Alex", "Interceptor"), ("Billie", "War Rig")])
    doc = career_edit.add_driver(doc, CTX, "Max", "Alex", "Light")
    doc = career_edit.add_driver(doc, CTX, "Furiosa", "Billie", "Heavy")
    return career_edit.add_game(doc, CTX, "deathmatch", entries=[{"driver": "Max"}, {"driver": "Furiosa", "kills": 0}])


def test_a_deathmatch_files_one_game_into_the_career_with_the_right_entries():
    doc = wasteland()
    players = driver_entrants(doc, CTX)
    assert [(e.name, e.character, e.stats) for e in players] == [
        ("Max", "light", {"rerolls": 1}), ("Furiosa", "heavy", {"rerolls": 1})]
    r = game(*players)
    act(r, "damage Max 12 Furiosa", *[1] * 5, *[1] * 5, 5)  # two thresholds hold, the car goes, the roll kills
    act(r, "reroll Max", 6)  # the reroll is spent and the second 6 stands
    filed = file_game(doc, CTX, *RACE_RULES.game(r.ruleset, r.state))
    assert len(filed.games) == 2 and filed.games[1].scenario == "deathmatch"
    max_, furiosa = (e.model_dump() for e in filed.games[1].entries)
    assert max_ == {"driver": "Max", "destroyed": True, "kills": 0, "finished": False, "won": False, "died": True,
                    "rerolls_used": 1}
    assert (furiosa["kills"], furiosa["destroyed"], furiosa["died"]) == (1, False, False)
    records = {rec.name: rec for rec in careers(filed, CTX)}
    assert records["Max"].died_in == 2 and records["Max"].rerolls == 0
    assert records["Furiosa"].kills == 1 and records["Furiosa"].rerolls == 3  # survived twice, one kill
    with pytest.raises(CampaignError, match="died in game 2"):
        file_game(filed, CTX, *RACE_RULES.game(r.ruleset, r.state))
    assert [e.name for e in driver_entrants(filed, CTX)] == ["Furiosa"]  # the dead do not race again


def test_the_cli_runs_a_career_game_and_files_it_once(capsys, tmp_path):
    from designer.io.campaign_io import load_campaign, save_campaign
    from tests.unit.cli_runner import refused, run

    campaign = tmp_path / "wasteland.campaign.json"
    save_campaign(wasteland(), campaign)
    path = tmp_path / "game.race.json"
    code, out, err = run(capsys, "race", "new", "--campaign", campaign, "--race", "2", "--seed", "4", "-o", path)
    assert code == 0, err
    assert "A deathmatch" in out and "Max: Light car, 12 hit points in 3 lines" in out
    for words in (["speed", "Max", "10"], ["headon", "Furiosa"]):
        assert run(capsys, "race", "act", path, *words)[0] == 0
    fate = load_race(path).state.car("Furiosa")
    if fate.pending is not None:
        assert run(capsys, "race", "act", path, "accept", "Furiosa")[0] == 0
    code, out, err = run(capsys, "race", "result", path)
    assert code == 0, err
    assert out.splitlines()[1].startswith("game 2: Furiosa: destroyed yes, died ")
    doc, _ctx = load_campaign(campaign)
    assert len(doc.games) == 2 and [e.destroyed for e in doc.games[1].entries] == [False, True]
    assert "this race files game 2" in refused(capsys, campaign, "race", "result", path)
