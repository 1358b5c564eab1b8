"""A campaign's print kit: the score sheet filled from the campaign (ranked by our tie rule, the rule
printed) and one upgraded kart dashboard per player, read back from the PDF."""

from __future__ import annotations

import io
from collections import defaultdict
from pathlib import Path

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.grand_prix import TIE_RULE
from designer.campaign.grand_prix import standings as campaign_standings
from designer.export import GrandPrixScores, LayoutError, PlayerResults
from designer.export.campaign_print import (
    campaign_karts,
    race_name,
    scores_from_campaign,
    write_campaign_pdf,
)
from designer.export.dashboards import stats
from designer.export.scoresheet import standings as sheet_standings
from designer.io.campaign_io import load_campaign
from designer.model.campaign import CustomCharacter
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset

from . import pdfscan

GOLDEN = Path(__file__).parents[1] / "data" / "campaign-v1.campaign.json"
SAMPLE = TEMPLATES_DIR / "mushroom-cup.campaign.json"


def rows(data: bytes, page: int) -> list[str]:
    """Each line of text on a page, top to bottom, its runs joined left to right (one line per table row)."""
    pdf = pdfscan.reader(data)
    found: dict[int, list[tuple[float, str]]] = defaultdict(list)
    for op, text in pdfscan.text_runs(pdf.pages[page], pdf):
        found[round(op.ctm[5])].append((op.ctm[4], text))
    return [" ".join(t for _, t in sorted(found[y])) for y in sorted(found, reverse=True)]


def table(lines: list[str], players: set[str]) -> dict[str, list[str]]:
    """The score sheet's rows: player → the cells after "Name (Character)"."""
    return {line.split(" (")[0]: line.split(") ", 1)[1].split() for line in lines
            if line.split(" (")[0] in players}


def printed(path: Path, **kwargs) -> tuple[bytes, int]:
    doc, ctx = load_campaign(path)
    buffer = io.BytesIO()
    pages = write_campaign_pdf(buffer, doc, ctx, **kwargs)
    return buffer.getvalue(), pages


def test_scores_carry_the_campaign_ranks_not_the_sheets_own():
    doc, ctx = load_campaign(GOLDEN)
    scores = scores_from_campaign(doc, ctx)
    assert [(p.name, p.character, p.rank) for p in scores.players] == [
        ("Alex", "Mario", 1), ("Billie", "Yoshi", 2), ("Casey", "Wario", 3)]
    alex = scores.players[0].races
    assert (alex[1].place, alex[1].gates, alex[1].coins, alex[1].spent, alex[1].upgrades) == (2, 18, 4, 20,
                                                                                              ("max_gear",))
    assert scores.tie_rule == TIE_RULE and scores.races == 4
    assert scores.race_names == ("track-v1", "", "", "")  # no campaign file given: the track file's stem
    gp = ctx.grand_prix()
    ranked = sheet_standings(scores, gp)
    assert [(s.player.name, s.total, s.rank) for s in ranked] == [("Alex", 78, 1), ("Billie", 78, 2), ("Casey", 48, 3)]
    assert [s.rank for s in ranked] == [s.rank for s in sorted(campaign_standings(doc, ctx), key=lambda s: s.player)]
    # by total alone, Alex and Billie would share first place
    unranked = GrandPrixScores(scores.title, tuple(PlayerResults(p.name, p.character, p.races) for p in scores.players))
    assert [s.rank for s in sheet_standings(unranked, gp)] == [1, 1, 3]


def test_no_ranks_before_the_first_result():
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign("Empty", ctx, "grand_prix", [("Ann", "Mario"), ("Bob", "Luigi")])
    assert [p.rank for p in scores_from_campaign(doc, ctx).players] == [None, None]
    data = io.BytesIO()
    assert write_campaign_pdf(data, doc, ctx) == 3  # the score sheet, a dashboard a page
    lines = rows(data.getvalue(), 0)
    assert "Ann (Mario)" in lines and "Bob (Luigi)" in lines  # names only: no numbers, no rank, no podium
    assert "Podium 1. 2. 3." in lines


def test_race_names_from_track_documents_without_the_campaign_name():
    luigi = "mushroom-cup-1-luigi-circuit.track.json"
    assert race_name(luigi, SAMPLE, "Mushroom Cup") == "Luigi Circuit"
    assert race_name(luigi, SAMPLE, "Winter Cup") == "Mushroom Cup 1 — Luigi Circuit"
    assert race_name(luigi, None, "Mushroom Cup") == "luigi-circuit"
    assert race_name("gone.track.json", SAMPLE) == "gone"
    assert race_name(None, SAMPLE) == ""
    doc, ctx = load_campaign(SAMPLE)
    names = scores_from_campaign(doc, ctx, source=SAMPLE).race_names
    assert names == ("Luigi Circuit", "Moo Moo Meadows", "Thwomp Ruins", "Bowser's Castle")


def test_the_score_sheet_prints_points_totals_ranks_and_the_tie_rule():
    data, pages = printed(GOLDEN, source=GOLDEN)
    assert pages == 4  # the score sheet, then three dashboards one to a page (their item slots hold a card)
    lines = rows(data, 0)
    assert "Golden Cup — score sheet" in pdfscan.reader(data).pages[0].extract_text()
    assert lines[2] == f"Ties: {TIE_RULE}"
    assert lines[3] == "Player Race 1 · Test Loop Race 2 Race 3 Race 4 Rank"
    cells = table(lines, {"Alex", "Billie", "Casey"})
    #                 race 1 ------------  race 2 -------------------------  race 3 ----------  race 4 ----------  rank
    assert cells["Alex"] == ["1", "3", "2", "15", "15", "2", "18", "4", "30", "−20", "G", "25",
                             "3", "18", "2", "26", "51", "1", "12", "5", "27", "78", "1"]
    assert cells["Billie"] == ["2", "3", "3", "14", "14", "1", "12", "2", "24", "38", "1", "12", "1", "23", "61",
                               "3", "10", "1", "17", "78", "2"]
    assert cells["Casey"] == ["3", "2", "1", "9", "9", "3", "9", "2", "17", "26", "2", "10", "3", "21", "−20",
                              "H", "27", "2", "11", "2", "21", "48", "3"]
    assert "Podium 1. Alex 2. Billie 3. Casey" in lines


def test_dashboards_show_each_player_with_upgraded_stats():
    data, pages = printed(GOLDEN, sections=["dashboards"])
    assert pages == 3
    first, yoshi, second = rows(data, 0), rows(data, 1), rows(data, 2)
    assert first[:4] == ["KART 1 Mario Middleweight", "HANDLING MAX GEAR", "3 6", "5 + 1 upgrade"]
    assert "ITEM 1 ITEM 2" in first
    assert "Player: Alex" in first and "GEAR 1 2 3 4 5 6" in first  # an upgraded max gear adds a gear box
    assert "Player: Billie" in yoshi and "GEAR 1 2 3 4" in yoshi
    assert second[:4] == ["KART 3 Wario Heavyweight", "HANDLING MAX GEAR", "3 6", "2 + 1 upgrade"]
    assert "Player: Casey" in second


def test_the_in_progress_sample_prints_current_ranks_and_bought_gear():
    data, pages = printed(SAMPLE, sections="scoresheet,dashboards", paper="a3")
    assert pages == 3
    ranks = {name: cells[-1] for name, cells in table(rows(data, 0), {"Alex", "Billie", "Casey", "Dana"}).items()}
    assert ranks == {"Alex": "1", "Dana": "2", "Casey": "3", "Billie": "4"}
    assert "Podium 1. 2. 3." in rows(data, 0)  # two races still to run: nobody is on the podium yet
    assert "4 + 1 upgrade" in rows(data, 1)  # Billie's Yoshi bought max gear after Luigi Circuit
    pdf = pdfscan.reader(data)
    assert [round(float(v)) for v in pdf.pages[0].mediabox[2:]] == [1191, 842]  # A3 landscape


def test_custom_characters_print_with_their_own_stats():
    ctx = Context(load_ruleset("mk-gaslands"))
    doc = edit.new_campaign("Home Rules", ctx, "grand_prix")
    doc = edit.set_custom_character(doc, ctx, CustomCharacter(id="dry-bones", name="Dry Bones", weight="Lightweight",
                                                              handling=3,
                                                              max_gear=4))
    doc = edit.add_player(doc, ctx, "Ann", "Dry Bones")
    doc = edit.add_player(doc, ctx, "Bob", "Mario")
    doc = edit.set_result(doc, ctx, 1, "Ann", 1, 12, 3)
    doc = edit.set_result(doc, ctx, 1, "Bob", 2, 10, 1)
    doc = edit.buy_upgrade(doc, ctx, "Ann", "handling")
    ann, bob = campaign_karts(doc, ctx)
    assert (ann.player, ann.character.name, ann.upgrades.handling) == ("Ann", "Dry Bones", 1)
    assert {s.name: s.value for s in stats(ann, ctx.ruleset)} == {"Handling": 4, "Max Gear": 4}
    assert bob.upgrades.handling == 0 and bob.number == 2
    data = io.BytesIO()
    assert write_campaign_pdf(data, doc, ctx) == 3
    dashboards = rows(data.getvalue(), 1)
    assert "KART 1 Dry Bones Lightweight" in dashboards and "3 + 1 upgrade" in dashboards


def test_sections_that_do_not_apply_are_refused():
    doc, ctx = load_campaign(GOLDEN)
    with pytest.raises(LayoutError, match="unknown section 'cards'"):
        write_campaign_pdf(io.BytesIO(), doc, ctx, ["cards"])
    with pytest.raises(LayoutError, match="nothing to print"):
        write_campaign_pdf(io.BytesIO(), doc, ctx, [])
    with pytest.raises(LayoutError, match="unknown paper 'a0'"):
        write_campaign_pdf(io.BytesIO(), doc, ctx, paper="a0")
    arena = edit.new_campaign("Arena", ctx, "balloon_battle", [("Ann", "Mario"), ("Bob", "Luigi")])
    with pytest.raises(LayoutError, match="a balloon battle campaign has no Grand Prix score sheet"):
        write_campaign_pdf(io.BytesIO(), arena, ctx)
    assert write_campaign_pdf(io.BytesIO(), arena, ctx, ("dashboards",)) == 2


def test_writes_to_a_path(tmp_path):
    doc, ctx = load_campaign(SAMPLE)
    out = tmp_path / "cup.pdf"
    assert write_campaign_pdf(out, doc, ctx, ("scoresheet", "dashboards"), "letter") == 5
    assert out.read_bytes().startswith(b"%PDF")


def test_gates_and_coins_not_entered_print_as_empty_cells_counting_nothing(tmp_path):
    doc, ctx = load_campaign(GOLDEN)
    doc = edit.set_result(doc, ctx, 1, "Alex", 1)  # race 1 again, only the place given
    assert (doc.races[0].result("Alex").gates, doc.races[0].result("Alex").coins) == (None, None)
    buffer = io.BytesIO()
    write_campaign_pdf(buffer, doc, ctx, source=GOLDEN, sections=["scoresheet"])
    place_points = ctx.grand_prix().place_points_for(1)
    alex = table(rows(buffer.getvalue(), 0), {"Alex"})["Alex"]
    # place, (gates and coins empty), points, total: before, "1 3 2 15 15" with 3 gates and 2 coins
    assert alex[:4] == ["1", str(place_points), str(place_points), "2"]
