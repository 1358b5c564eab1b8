"""A Downforce season's filled money sheet for `campaign print` (`CampaignMode.scoresheet`): the campaign read
into `season_sheet.SeasonScores`, drawn by `season_sheet.render_scoresheet`. No Qt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from designer.campaign.context import Context
from designer.export.campaign_print import race_name
from designer.model.campaign import CampaignDocument
from designer.systems.mk_downforce.fields import DownforceRace
from designer.systems.mk_downforce.rule_data import downforce_rules
from designer.systems.mk_downforce.season_sheet import (
    PlayerRace,
    SeasonCar,
    SeasonPlayer,
    SeasonScores,
    render_scoresheet,
)


def season_scores_from_campaign(doc: CampaignDocument, ctx: Context, *,
                                source: str | Path | None = None) -> SeasonScores:
    """A Downforce season's score sheet data (`season_sheet.SeasonScores`): each race's six cars (place, owner, price
    paid, prize, coins), every player's bets and money per race, their season money and rank, and the prize table in
    use."""
    from designer.systems.mk_downforce.season import (
        car_money,
        counted_races,
        prize_table,
        prizes_assumed,
        season_standings,
    )

    started = any(counted_races(doc, ctx.ruleset))  # ranks and season money only once a race counts
    by_player = {s.player: s for s in season_standings(doc, ctx.ruleset)}
    players = []
    for p in doc.players:
        s = by_player[p.name]
        races = tuple(None if m is None else PlayerRace(m.bets, m.total) for m in s.by_race)
        players.append(SeasonPlayer(p.name, s.character, races, s.total if started else None,
                                    s.rank if started else None))
    colours = [k.colour for k in rules.karts] if (rules := downforce_rules(ctx.ruleset)) else []
    cars = []
    for colour in colours:
        per_race = []
        for race in doc.races:
            car = DownforceRace.of(race).car(colour)
            money = car_money(doc, ctx.ruleset, car) if car else None
            per_race.append(None if car is None or money is None else
                            SeasonCar(car.place, car.owner, car.paid, money.prize, car.coins))
        cars.append((colour, tuple(per_race)))
    names = tuple(race_name(race.track, source, doc.name) for race in doc.races)
    return SeasonScores(doc.name, tuple(players), names, len(doc.races), tuple(cars),
                        prize_table(doc, ctx.ruleset), prizes_assumed(doc, ctx.ruleset))


def render_season_sheet(c: Any, doc: CampaignDocument, ctx: Context, paper: str, source: str | Path | None) -> int:
    """The season's money sheet filled from the campaign; returns the pages drawn."""
    from designer.export.bundle import blank_document
    from designer.export.options import ExportOptions, PrintJob

    job = PrintJob(blank_document(ctx.ruleset), ctx.ruleset, ExportOptions(paper=paper),
                   season_scores_from_campaign(doc, ctx, source=source))
    return render_scoresheet(c, job)
