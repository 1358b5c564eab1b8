"""`kartographer campaign battle`: a battle's result (balloons, pops, order out, places, the winner) as a
table and as JSON, starting the next battle on the same arena, and the refusals (a self-pop; a battle that
does not exist; --kart without --start)."""

from __future__ import annotations

import json

from designer.io.campaign_io import load_campaign

from .cli_runner import refused, run


def arena(capsys, tmp_path):
    path = tmp_path / "arena.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player",
               "Ann:Mario", "Bob:Luigi", "Cy:Toad", "-o", path)[0] == 0
    return path


def pop(capsys, path, player, by=None):
    argv = ["campaign", "wipe-out", path, "--player", player] + (["--by", by] if by else [])
    code, _out, err = run(capsys, *argv)
    assert code == 0, err


def test_a_battle_under_way_then_won(capsys, tmp_path):
    path = arena(capsys, tmp_path)
    pop(capsys, path, "Bob", "Ann")
    code, out, _err = run(capsys, "campaign", "battle", path)
    assert code == 0
    assert out.splitlines()[0] == "Battle 1 of 1"
    assert out.splitlines()[2].split() == ["Ann", "5", "1", "—", "—"]
    assert out.splitlines()[3].split() == ["Bob", "4", "0", "—", "—"]
    assert out.splitlines()[-1] == "Under way: 3 karts still have balloons"
    for _i in range(5):
        pop(capsys, path, "Cy", "Ann")
    for _i in range(4):
        pop(capsys, path, "Bob")
    code, out, _err = run(capsys, "campaign", "battle", path, "--json")
    result = json.loads(out)
    assert (result["over"], result["winner"]) == (True, "Ann")
    assert [(k["kart"], k["balloons"], k["popped"], k["out"], k["place"]) for k in result["karts"]] == [
        ("Ann", 5, 6, None, 1), ("Bob", 0, 0, 2, 2), ("Cy", 0, 0, 1, 3)]
    code, out, _err = run(capsys, "campaign", "battle", path)
    assert out.splitlines()[-1] == "Ann wins battle 1"


def test_start_the_next_battle_on_the_same_arena(capsys, tmp_path):
    path = arena(capsys, tmp_path)
    code, out, _err = run(capsys, "campaign", "battle", path, "--start", "--kart", "Ann", "cy")
    assert code == 0 and out == f"{path}: battle 2 started: Ann, Cy (5 balloons each)\n"
    doc, _ctx = load_campaign(path)
    assert len(doc.battles) == 2 and doc.battles[1].karts == ["Ann", "Cy"]
    assert doc.battles[1].track == doc.battles[0].track
    pop(capsys, path, "Cy", "Ann")  # the wipe-out goes to the last battle
    doc, _ctx = load_campaign(path)
    assert len(doc.battles[0].wipe_outs) == 0 and len(doc.battles[1].wipe_outs) == 1
    code, out, _err = run(capsys, "campaign", "battle", path, "--battle", "1")
    assert out.splitlines()[0] == "Battle 1 of 2"


def test_battle_refusals(capsys, tmp_path):
    path = arena(capsys, tmp_path)
    assert refused(capsys, path, "campaign", "wipe-out", path, "--player", "Bob", "--by", "bob").endswith(
        "battle 1: Bob cannot pop its own balloon; log the Wipe Out without who popped it")
    assert refused(capsys, path, "campaign", "battle", path, "--battle", "3").endswith("there is no battle 3")
    assert refused(capsys, path, "campaign", "battle", path, "--kart", "Ann").endswith(
        "--kart and --track start a battle: add --start")
    assert refused(capsys, path, "campaign", "battle", path, "--start", "--kart", "Zed").endswith(
        "'Zed' is not a player in this campaign (players: Ann, Bob, Cy)")


def test_a_race_campaign_has_no_battles(capsys, tmp_path):
    path = tmp_path / "cup.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--player", "Ann:Mario", "-o", path)
    assert refused(capsys, path, "campaign", "battle", path).endswith("a grand prix campaign has no battles")
