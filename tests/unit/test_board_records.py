"""The board game's records and starters: a race series ranked by wins then second places …, its standings in
`kartographer campaign standings`, the start-order sheet with the starting coins, and the two starter boards."""

from __future__ import annotations

import io
import json
from collections import Counter

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.series import (
    finishing_order,
    has_start_order_coins,
    series_standings,
    starting_coins_by_place,
)
from designer.export.campaign_print import offered_sections, start_order_from_campaign, write_campaign_pdf
from designer.export.paper import LayoutError
from designer.export.start_order import coin_rule
from designer.geometry.checks import run_checks
from designer.io.campaign_io import save_campaign
from designer.io.templates import starters_for
from designer.rules import load_ruleset
from designer.systems.mk_board.rule_data import board_rules

from . import pdfscan
from .cli_runner import refused, run
from .test_campaign_print import rows

BOARD = load_ruleset("mk-board")
PLAYERS = [("Ana", "Mario"), ("Ben", "Luigi"), ("Cy", "Yoshi"), ("Di", "Peach"), ("Ed", "Toad"), ("Flo", "Wario"),
           ("Gus", "Donkey Kong")]
def fixed_night():
    """Race 2: Ben 1st, Ana 2nd, then Di, Cy, Ed, Gus, Flo (places 3–7)."""
    ctx = Context(BOARD)
    doc = edit.new_campaign("Board Night", ctx, "race_series", PLAYERS)
    orders = [["Ana", "Ben", "Cy", "Di", "Ed", "Flo", "Gus"], ["Ben", "Ana", "Di", "Cy", "Ed", "Gus", "Flo"],
              ["Cy", "Ana", "Ben", "Ed", "Di", "Gus", "Flo"], ["Di", "Ben", "Ana", "Cy", "Gus", "Ed", "Flo"]]
    for number, order in enumerate(orders, start=1):
        for place, name in enumerate(order, start=1):
            doc = edit.set_result(doc, ctx, number, name, place)
    return doc, ctx


# --- standings ---------------------------------------------------------------------------------------
def test_series_ranks_by_wins_then_seconds_then_thirds():
    doc, ctx = fixed_night()
    ranked = series_standings(doc, ctx.ruleset)
    # one win each for Ana, Ben, Cy and Di; Ana and Ben level on every place (they share 1st); Cy's two
    # fourths beat Di's one
    table = {s.player: s.place_counts for s in ranked}
    assert table["Ana"] == (1, 2, 1, 0, 0, 0, 0) and table["Ben"] == (1, 2, 1, 0, 0, 0, 0)
    assert table["Cy"] == (1, 0, 1, 2, 0, 0, 0) and table["Di"] == (1, 0, 1, 1, 1, 0, 0)
    assert [(s.rank, s.player) for s in ranked] == [(1, "Ana"), (1, "Ben"), (3, "Cy"), (4, "Di"), (5, "Ed"),
                                                    (6, "Gus"), (7, "Flo")]
    assert [s.character for s in ranked[:2]] == ["Mario", "Luigi"]
    assert ranked[0].places == (1, 2, 2, 3) and ranked[-1].places == (6, 7, 7, 7)
    assert finishing_order(doc, 1) == ["Ben", "Ana", "Di", "Cy", "Ed", "Gus", "Flo"]


def test_a_second_place_breaks_a_tie_on_wins():
    ctx = Context(BOARD)
    doc = edit.new_campaign("Duel", ctx, "race_series", PLAYERS[:3])
    for number, order in enumerate([["Ana", "Ben", "Cy"], ["Cy", "Ben", "Ana"], ["Ben", "Cy", "Ana"]], start=1):
        for place, name in enumerate(order, start=1):
            doc = edit.set_result(doc, ctx, number, name, place)
    # one win each; Ben has two seconds, Cy one, Ana none
    assert [(s.rank, s.player, s.place_counts) for s in series_standings(doc, ctx.ruleset)] == [
        (1, "Ben", (1, 2, 0)), (2, "Cy", (1, 1, 1)), (3, "Ana", (1, 0, 2))]


def test_cli_standings_of_a_board_race_series(capsys, tmp_path):
    doc, _ctx = fixed_night()
    path = tmp_path / "night.campaign.json"
    save_campaign(doc, path)
    code, out, err = run(capsys, "campaign", "standings", path)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0] == "Board Night — Mario Kart Board Game: 4 races run"
    assert lines[1].split() == ["Rank", "Player", "Character", "Races", "1st", "2nd", "3rd", "4th", "5th", "6th",
                                "7th", "R1", "R2", "R3", "R4"]  # no Coins or Gates: nobody recorded any
    assert lines[2].split() == ["1", "Ana", "Mario", "4", "1", "2", "1", "0", "0", "0", "0", "1st", "2nd", "2nd",
                                "3rd"]
    assert lines[3].split()[:2] == ["1", "Ben"] and lines[4].split()[:3] == ["3", "Cy", "Yoshi"]
    assert lines[8].split()[:2] == ["7", "Flo"]
    assert lines[9].startswith("Ties: Ranked by race wins, then second places")
    assert lines[10] == "Joint leaders: Ana, Ben"
    code, out, _err = run(capsys, "campaign", "standings", path, "--json")
    data = json.loads(out)
    assert code == 0 and [r["player"] for r in data] == ["Ana", "Ben", "Cy", "Di", "Ed", "Gus", "Flo"]
    assert data[2] == {"rank": 3, "player": "Cy", "character": "Yoshi", "races": 4, "wins": 1,
                       "place_counts": [1, 0, 1, 2, 0, 0, 0], "coins": 0, "gates": 0, "places": [3, 4, 1, 4],
                       "character_id": "yoshi"}


def test_cli_standings_before_any_race_and_with_coins(capsys, tmp_path):
    path = tmp_path / "empty.campaign.json"
    code, _out, _err = run(capsys, "campaign", "new", "--ruleset", "mk-board", "--player", "Ana:Mario", "Ben:Luigi",
                           "-o", path)
    assert code == 0
    code, out, _err = run(capsys, "campaign", "standings", path)
    assert code == 0 and out.splitlines()[0] == "Empty — Mario Kart Board Game: 0 races run"
    assert "leader" not in out.lower()
    run(capsys, "campaign", "result", path, "--race", "1", "--player", "Ben", "--place", "1", "--coins", "6")
    code, out, _err = run(capsys, "campaign", "standings", path)
    lines = out.splitlines()  # race 1 waits for Ana's place: nothing counts yet, nobody leads
    assert lines[1].split() == ["Rank", "Player", "Character", "Races", "1st", "2nd", "R1"]
    assert [line.split() for line in lines[2:4]] == [["1", "Ana", "Mario", "0", "0", "0", "-"],
                                                     ["1", "Ben", "Luigi", "0", "0", "0", "1st"]]
    assert "race 1 is waiting for 1 place; it counts once every place is in" in lines
    assert "leader" not in out.lower()
    run(capsys, "campaign", "result", path, "--race", "1", "--player", "Ana", "--place", "2")
    code, out, _err = run(capsys, "campaign", "standings", path)
    lines = out.splitlines()
    assert lines[1].split() == ["Rank", "Player", "Character", "Races", "1st", "2nd", "Coins", "R1"]
    assert lines[2].split() == ["1", "Ben", "Luigi", "1", "1", "0", "6", "1st"]
    assert lines[3].split() == ["2", "Ana", "Mario", "1", "0", "1", "0", "2nd"]
    assert "waiting" not in out and lines[-1] == "Leader: Ben"


def test_standings_still_refused_for_a_battle(capsys, tmp_path):
    arena = tmp_path / "arena.campaign.json"
    run(capsys, "campaign", "new", "--ruleset", "mk-gaslands", "--mode", "balloon_battle", "--player", "A:Mario",
        "B:Luigi", "-o", arena)
    assert "standings are kept for grand_prix campaigns" in refused(capsys, arena, "campaign", "standings", arena)


# --- start order -------------------------------------------------------------------------------------
def test_starting_coins_come_from_the_rule_data():
    assert starting_coins_by_place(BOARD, 7) == [0, 0, 0, 0, 1, 1, 1]
    assert starting_coins_by_place(BOARD, 4) == [0, 0, 0, 0]
    pitch = load_ruleset("pitchkart")
    assert starting_coins_by_place(pitch, 3) == pitch.coins.starting_coins_by_slot[:3]
    assert has_start_order_coins(BOARD) and not has_start_order_coins(load_ruleset("mk-gaslands"))
    assert coin_rule([0, 0, 0, 0, 1, 1, 1]) == "Places 5, 6 and 7 start with 1 coin from the bank."
    assert coin_rule([0, 0, 0, 0, 1]) == "Place 5 starts with 1 coin from the bank."
    assert coin_rule([0, 0]) == ""


def test_the_start_order_sheet_gives_places_5_to_7_a_coin():
    doc, ctx = fixed_night()
    ctx_doc = edit.set_grid(doc, ctx, 2, ["Gus", "Flo", "Ed", "Di", "Cy", "Ben", "Ana"])
    order = start_order_from_campaign(ctx_doc, ctx)
    assert order.coins == (0, 0, 0, 0, 1, 1, 1) and order.races[1][1][:2] == ("Gus", "Flo")
    assert [(p.name, p.colour) for p in order.players][:2] == [("Ana", "red"), ("Ben", "blue")]
    assert offered_sections(ctx_doc, ctx) == ["dashboards", "startorder"]
    buffer = io.BytesIO()
    assert write_campaign_pdf(buffer, ctx_doc, ctx, ["startorder"]) == 1
    lines = rows(buffer.getvalue(), 0)
    assert lines[0].startswith("Board Night — start order")
    assert "Places 5, 6 and 7 start with 1 coin from the bank." in lines[1]
    places = {line.split()[0]: line for line in lines if line[:2] in {f"{n}." for n in range(1, 8)}}
    assert sorted(places) == ["1.", "2.", "3.", "4.", "5.", "6.", "7."]
    assert all("1 1 coin" in places[p] for p in ("5.", "6.", "7."))
    assert all("coin" not in places[p] and "—" in places[p] for p in ("1.", "2.", "3.", "4."))
    assert places["1."].split()[-1] == "Gus" and places["7."].split()[-1] == "Ana"  # race 2's grid, filled in
    assert "Gus: Donkey Kong, black pawn" in " ".join(lines)
    pdf = pdfscan.reader(buffer.getvalue())
    assert Counter(op.name for op in pdfscan.ops(pdf.pages[0], pdf))[b"re"] > 0
    assert [len(p.mediabox) for p in pdf.pages] and float(pdf.pages[0].mediabox.width) > float(
        pdf.pages[0].mediabox.height)  # landscape


def test_start_order_is_printed_by_default_and_refused_without_coins(capsys, tmp_path):
    doc, _ctx = fixed_night()
    path = tmp_path / "night.campaign.json"
    save_campaign(doc, path)
    code, out, _err = run(capsys, "campaign", "print", path, "-o", tmp_path / "night.pdf")
    assert code == 0 and out.strip() == f"wrote {tmp_path / 'night.pdf'}: 8 pages"  # 7 mats one a page + sheet
    gp = Context(load_ruleset("mk-gaslands"))
    cup = edit.new_campaign("Cup", gp, "grand_prix", [("A", "Mario"), ("B", "Luigi")])
    with pytest.raises(LayoutError, match="cannot print startorder: ruleset 'mk-gaslands' gives no coins"):
        write_campaign_pdf(io.BytesIO(), cup, gp, ["startorder"])
    with pytest.raises(LayoutError, match=r"unknown section 'x' \(choose dashboards, startorder\)"):
        write_campaign_pdf(io.BytesIO(), doc, Context(BOARD), ["x"])
    assert offered_sections(cup, gp) == ["scoresheet", "dashboards"]


# --- starters ----------------------------------------------------------------------------------------
def test_the_board_starters_load_and_validate_clean(capsys):
    starters = {s.slug: s.document for s in starters_for("mk-board")}
    assert set(starters) == {"board-coin-cove-loop", "board-blank-loop"}
    base, blank = starters["board-coin-cove-loop"], starters["board-blank-loop"]
    spaces = [e for e in base.elements if e.kind == "space"]
    assert 40 <= len(spaces) <= 70 and sorted(e.number for e in spaces) == list(range(1, len(spaces) + 1))
    assert {e.field for e in spaces} == {"plain", "item", "booster", "mushroom", "thwomp", "start"}
    assert sum(e.field == "start" for e in spaces) == 1
    shortcuts = [e for e in base.elements if e.kind == "shortcut"]
    assert len(shortcuts) >= 2
    blank_spaces = [e for e in blank.elements if e.kind == "space"]
    assert len(blank_spaces) >= board_rules(BOARD).min_lap_spaces and len(blank_spaces) < len(spaces)
    assert [e.field for e in blank_spaces].count("start") == 1 and {e.field for e in blank_spaces} == {"plain",
                                                                                                       "start"}
    for document in (base, blank):
        assert [p for p in run_checks(document, BOARD) if p.severity in ("error", "warning")] == []
    code, out, _err = run(capsys, "validate", *(s.path for s in starters_for("mk-board")))
    assert code == 0 and out.splitlines()[-1].startswith("0 errors, 0 warnings")


def test_board_starters_pitch_follows_the_rule_data():
    import math

    base = next(s.document for s in starters_for("mk-board") if s.slug == "board-coin-cove-loop")
    spaces = sorted((e for e in base.elements if e.kind == "space"), key=lambda e: e.number)
    gaps = [math.dist((a.x_mm, a.y_mm), (b.x_mm, b.y_mm)) for a, b in zip(spaces, spaces[1:] + spaces[:1],
                                                                           strict=True)]
    assert min(gaps) >= board_rules(BOARD).space_pitch_mm - 0.5 and max(gaps) <= board_rules(BOARD).space_pitch_mm + 1.5
