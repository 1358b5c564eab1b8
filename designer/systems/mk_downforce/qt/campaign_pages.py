"""A Downforce season's pages in the campaign window (`CAMPAIGN_PAGES`): a race tab of six cars
(`SeasonRacePage`) and the standings by money (`fill_season_standings`, the chart in dollars)."""

from __future__ import annotations

from designer.i18n import N_
from designer.panes.campaign.chart import MONEY_AXIS, compact_dollars
from designer.panes.campaign.system_pages import ModePages, ModeStandings
from designer.systems.mk_downforce.qt.season import SeasonRacePage
from designer.systems.mk_downforce.qt.season_standings import fill_season_standings
from designer.systems.mk_downforce.season import counted_races, season_rule

CAMPAIGN_PAGES = {
    "season": ModePages(
        race_page=SeasonRacePage,
        standings=ModeStandings(season_rule, fill_season_standings, counted_races, N_("Money over the races"),
                                (MONEY_AXIS, compact_dollars))),
}
