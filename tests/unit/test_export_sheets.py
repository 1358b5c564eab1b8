"""Kart dashboards and the Grand Prix score sheet: stats with upgrades, scoring maths, pages."""

from __future__ import annotations

import io

import pytest

from designer.export import (
    DashboardOptions,
    GrandPrixScores,
    LayoutError,
    PlayerResults,
    RaceResult,
    ScoreSheetOptions,
    Upgrades,
    karts_for,
    write_dashboards_pdf,
    write_scoresheet_pdf,
)
from designer.export.dashboards import dashboard_layout, item_slots, stats
from designer.export.paper import Rect
from designer.export.scoresheet import score_race, standings
from designer.rules import load_ruleset

from . import pdfscan

GASLANDS = load_ruleset("mk-gaslands")
GP = GASLANDS.grand_prix


def test_karts_default_to_the_first_characters():
    karts = karts_for(GASLANDS, 3)
    assert [k.character.name for k in karts] == [c.name for c in GASLANDS.characters[:3]]
    assert [k.number for k in karts] == [1, 2, 3]
    with pytest.raises(LayoutError, match="unknown character 'Bowser'"):
        karts_for(GASLANDS, 1, ["Bowser"])


def test_upgrades_apply_and_respect_the_caps():
    wario, yoshi = karts_for(GASLANDS, 2, ["Wario", "Yoshi"], [{"handling": 1, "max_gear": 2}, Upgrades(1, 1)])
    assert {s.name: (s.base, s.bonus, s.value) for s in stats(wario, GASLANDS)} == {
        "Handling": (2, 1, 3), "Max Gear": (6, 0, 6)}  # max gear never above 6
    assert {s.name: s.value for s in stats(yoshi, GASLANDS)} == {"Handling": 4, "Max Gear": 5}
    with pytest.raises(LayoutError, match="unknown upgrade 'speed'"):
        Upgrades.of({"speed": 1})


def test_dashboard_layout_keeps_card_shaped_slots_inside():
    area = Rect(10, 10, 277, 190)  # one to a landscape A4 page: half a portrait page cannot hold the cards
    lay = dashboard_layout(area, (63, 88), 2)
    for box in (*lay.slots, lay.stats, lay.tracks):
        assert box.x >= area.x and box.right <= area.right + 1e-9 and box.bottom <= area.bottom + 1e-9
    assert (lay.slots[0].w, lay.slots[0].h) == (67, 92)  # the card and 2 mm each way
    assert lay.slots[0].right < lay.slots[1].x
    assert item_slots(GASLANDS) == 2 and item_slots(load_ruleset("mk-board")) == 1


def test_dashboards_two_per_a4_or_one():
    karts = karts_for(GASLANDS, 5, upgrades=[{"max_gear": 1}])
    buffer = io.BytesIO()
    assert write_dashboards_pdf(buffer, GASLANDS, karts) == 5  # one a page: two to a page leave no room for cards
    pdf = pdfscan.reader(buffer.getvalue())
    words = " ".join(page.extract_text() for page in pdf.pages)
    for kart in karts:
        assert kart.character.name in words
    assert "5 + 1 upgrade" in words  # Mario's max gear 5, bought up to 6
    assert "BALLOONS" in words and "HAZARDS" in words and "6+" in words
    one = io.BytesIO()
    assert write_dashboards_pdf(one, GASLANDS, 2, DashboardOptions(per_page=1)) == 2
    w, h = (float(v) for v in pdfscan.reader(one.getvalue()).pages[0].mediabox[2:])
    assert w > h


def test_race_points_follow_the_rules():
    assert score_race(RaceResult(1, gates=6, coins=8), GP) == 10 + 6 + 8
    assert score_race(RaceResult(7, gates=2, coins=0), GP) == 2 + 2
    assert score_race(RaceResult(None, gates=3, coins=1), GP) == 4


def test_standings_pay_for_upgrades_and_share_ranks():
    scores = GrandPrixScores("Cup", (
        PlayerResults("Ann", races=(RaceResult(1, 6, 8), RaceResult(2, 6, 5, spent=20, upgrades=("handling",)))),
        PlayerResults("Ben", races=(RaceResult(2, 6, 9), RaceResult(1, 6, 2))),
        PlayerResults("Cy", races=(RaceResult(3, 5, 12),)),
        PlayerResults("Di"),
    ))
    rows = standings(scores, GP)
    ann, ben, cy, di = rows
    assert [r.total for r in ann.races] == [24, 24 + 19 - 20]
    assert ben.total == 23 + 18 and cy.total == 23
    assert (ben.rank, ann.rank, cy.rank, di.rank) == (1, 2, 2, None)  # Ann and Cy tie on 23
    with pytest.raises(LayoutError, match="5 races but the Grand Prix has 4"):
        standings(GrandPrixScores(players=(PlayerResults("X", races=(RaceResult(1),) * 5),)), GP)


def test_score_sheet_blank_and_filled():
    blank = io.BytesIO()
    assert write_scoresheet_pdf(blank, GASLANDS, options=ScoreSheetOptions(players=6)) == 1
    page = pdfscan.reader(blank.getvalue()).pages[0]
    text = page.extract_text()
    assert all(f"Race {n}" in text for n in range(1, 5)) and "Race 5" not in text
    assert {"Place", "Gates", "Coins", "Points", "Upgr.", "Total", "Rank"} <= set(text.split())
    filled = io.BytesIO()
    scores = GrandPrixScores("Mushroom Cup", (PlayerResults("Ann", "Yoshi", (RaceResult(1, 6, 8),)),),
                             ("Luigi Circuit",))
    write_scoresheet_pdf(filled, GASLANDS, scores)
    text = pdfscan.reader(filled.getvalue()).pages[0].extract_text()
    assert "Mushroom Cup" in text and "Ann (Yoshi)" in text and "24" in text and "Luigi Circuit" in text


def test_score_sheet_needs_grand_prix_rules():
    with pytest.raises(LayoutError, match="no Grand Prix scoring"):
        write_scoresheet_pdf(io.BytesIO(), load_ruleset("mk-board"))
