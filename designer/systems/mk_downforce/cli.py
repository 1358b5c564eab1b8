"""Mario Kart for Downforce's season on the command line: `kartographer campaign prizes`, the season's options of
`campaign result` (`--car --owner --paid --bets`), and its own `result` and `standings` (`System.campaign_cli`,
`System.campaign_options`, `CampaignMode.commands`). Only the parsers load with every command; the season's
code (`designer.systems.mk_downforce.season_cli`) is imported when a season command runs."""

from __future__ import annotations

import argparse
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from designer.cli_args import name_argument
from designer.i18n import _
from designer.systems.api import CampaignOptions, CliCommand
from designer.systems.mk_downforce.money import MoneyError, money_refusal, parse_dollars


def parse_money(value: str) -> int:
    """Whole dollars from "2000000", "2,000,000", "$2M", "2M", "1.5M" or "500k" (argparse type; the same
    reading as the campaign window's money cells, `designer.systems.mk_downforce.money.parse_dollars`). On the command
    line an amount has digits, 0-9 only: an empty value or a bare "$" is a slip, not $0."""
    if not any("0" <= ch <= "9" for ch in value) or any(ch.isdigit() and not ch.isascii() for ch in value):
        raise argparse.ArgumentTypeError(str(money_refusal(value.strip())))
    try:
        return parse_dollars(value)
    except MoneyError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def parse_paid(value: str) -> int:
    """A purchase price: money paid, so "-5M" and "5M" both mean $5,000,000 paid (argparse type)."""
    text = value.strip()
    return parse_money(text[1:] if text[:1] in ("-", "\u2212") else text)



def add_result_options(result: argparse.ArgumentParser) -> None:
    """A season's `campaign result`: a car's place, owner and price, a player's bets."""
    result.add_argument("--car", type=name_argument, metavar="COLOUR",
                        help=_("a season: the car whose place this is (every race has six, one per colour)"))
    result.add_argument("--owner", type=name_argument, metavar="NAME",
                        help=_("a season: the player who bought the car (left out: nobody's car)"))
    result.add_argument("--paid", type=parse_paid, default=0, metavar="MONEY",
                        help=_("a season: what the owner paid for the car at the auction, e.g. 5M or -5M (0)"))
    # "--paid -5M": an amount with a minus sign is a value, not an option (argparse's own test knows only digits)
    result._negative_number_matcher = re.compile(r"^-[\d$.,]")
    result.add_argument("--bets", type=parse_money, default=None, metavar="MONEY",
                        help=_("a season: the bet winnings of --player (or of --owner) in this race"))


def season_options_used(args: argparse.Namespace, doc: Any) -> None:
    """`--car`, `--owner`, `--paid` or `--bets` given for a campaign that keeps no money: refused."""
    if args.car or args.owner or args.paid or args.bets is not None:
        from designer.campaign.validate import race_location
        from designer.systems.mk_downforce.season_edit import season_only

        season_only(doc, race_location(args.race - 1))


def add_prizes_parser(actions: argparse._SubParsersAction) -> None:
    prizes = actions.add_parser("prizes", help=_("a season: set the prize money for each place, 1st first"))
    prizes.add_argument("file", type=Path)
    prizes.add_argument("amounts", type=parse_money, nargs="*", metavar="MONEY",
                        help=_("e.g. 12M 9M 6M 4M 2M 0; none: back to the base game's table"))


def run_prizes(args: argparse.Namespace) -> int:
    from designer.systems.mk_downforce.season_cli import season_prizes

    return season_prizes(args)


def season_result(args: argparse.Namespace, doc: Any, ctx: Any, edit: Callable[..., Any]) -> int:
    from designer.systems.mk_downforce.season_cli import season_result as result

    return result(args, doc, edit)


def season_standings(args: argparse.Namespace, doc: Any, ctx: Any, edit: Callable[..., Any]) -> int:
    from designer.systems.mk_downforce.season_cli import print_standings

    return print_standings(args, doc, ctx)


CAMPAIGN_CLI = (CliCommand("prizes", add_prizes_parser, run_prizes),)
CAMPAIGN_OPTIONS = (CampaignOptions("result", add_result_options, season_options_used),)
SEASON_COMMANDS = {"result": season_result, "standings": season_standings}
