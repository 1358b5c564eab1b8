"""A Downforce season's standings in the campaign window: rank by money, with each player's races, wins,
prize money, coins (and what they are worth), the price paid for cars, bet winnings and total, then the
money won in each race; and the chart of money after each race. `StandingsPanel` calls `fill_season_standings`
for a campaign in money.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.i18n import N_, _, format_dollars, format_number, ngettext, pgettext
from designer.panes.campaign.chart import compact_dollars
from designer.panes.campaign.common import ordinal
from designer.rules import Ruleset
from designer.systems.mk_downforce.season import RaceMoney, car_name, money_totals_by_race, season_standings

if TYPE_CHECKING:
    from designer.panes.campaign.standings import StandingsPanel

SEASON_COLUMNS = ["#", N_("Player"), N_("Character"), N_("Races"), N_("Wins"), N_("Prize"), N_("Coins"), N_("Paid"),
                  N_("Bets"), N_("Total")]
TOTAL_COLUMN = SEASON_COLUMNS.index("Total")


def coins_and_money(coins: int, money: int) -> str:
    """"3 ($3,000,000)": coins won and what they are worth at final scoring."""
    return pgettext("coins and what they are worth", "{coins} ({money})").format(
        coins=format_number(coins, 0), money=format_dollars(money))


def race_money_tip(ruleset: Ruleset, money: RaceMoney) -> str:
    """"red car 1st: prize $12,000,000, 2 coins ($2,000,000), paid -$5,000,000; bets $3,000,000 = $12,000,000"."""
    cars = []
    for car in money.cars:
        coins = _("coins not entered") if car.coins is None else ngettext(
            "{n} coin", "{n} coins", car.coins).format(n=format_number(car.coins, 0))
        cars.append(_("{car} {place}: prize {prize}, {coins} ({coin_money}), paid {paid}").format(
            car=car_name(ruleset, car.colour), place=ordinal(car.place), prize=format_dollars(car.prize),
            coins=coins, coin_money=format_dollars(car.coin_money), paid=format_dollars(-car.paid)))
    return _("{cars}; bets {bets} = {total}").format(cars="; ".join(cars) or _("no car"),
                                                     bets=format_dollars(money.bets),
                                                     total=format_dollars(money.total))


def fill_season_standings(panel: StandingsPanel) -> None:
    """Fill `panel`'s table and chart from its session's season."""
    session = panel.session
    doc, ruleset = session.document, session.context.ruleset
    panel._columns(SEASON_COLUMNS)
    rows = season_standings(doc, ruleset, complete_only=True)
    panel.table.setRowCount(len(rows))
    order = doc.player_names()
    for row, s in enumerate(rows):
        values = [s.rank, s.player, s.character, format_number(s.races, 0), format_number(s.wins, 0),
                  format_dollars(s.prize), coins_and_money(s.coins, s.coin_money), format_dollars(-s.paid),
                  format_dollars(s.bets),
                  format_dollars(s.total)]
        values += [compact_dollars(m.total) if m is not None else "" for m in s.by_race]
        panel._fill_row(row, values, s.rank, order.index(s.player), total_column=TOTAL_COLUMN)
        for column, money in enumerate(s.by_race, start=len(SEASON_COLUMNS)):
            item = panel.table.item(row, column)
            if money is not None and item is not None:
                item.setToolTip(race_money_tip(ruleset, money))
    if panel.chart is not None:
        panel.chart.set_series(money_totals_by_race(doc, ruleset, complete_only=True), len(doc.races))
