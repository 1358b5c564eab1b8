"""Axles and Alloys II on the command line: the parsers of `kartographer vehicle …` and `kartographer campaign
driver …` (`System.cli`, `System.campaign_cli`). Only the parsers load with every command; the commands
themselves (`vehicle_cli`, `careers_cli`) are imported when run."""

from __future__ import annotations

import argparse
from pathlib import Path

from designer.cli_args import MAX_GAMES, MAX_PLAYERS, MAX_REROLLS, PAPERS, text_argument, whole
from designer.i18n import _
from designer.systems.api import CliCommand
from designer.systems.axles_alloys_2.scenarios import SCENARIO_TITLES

CLASSES = ("light", "medium", "heavy")


def add_driver_parser(actions: argparse._SubParsersAction) -> None:
    """Register `driver` and its own actions on `campaign`'s."""
    driver = actions.add_parser("driver", help=_("Axles and Alloys II careers: add drivers, enter games, list them"))
    sub = driver.add_subparsers(dest="driver_action", metavar="ACTION", required=True, parser_class=type(driver))

    add = sub.add_parser("add", help=_("add a named driver for a player"))
    add.add_argument("file", type=Path)
    add.add_argument("--name", type=text_argument, required=True, metavar="NAME")
    add.add_argument("--player", type=text_argument, required=True, metavar="PLAYER")
    add.add_argument("--class", dest="vehicle_class", type=text_argument, metavar="CLASS",
                     help=_("the car's weight class: light, medium or heavy (default: the vehicle file's)"))
    add.add_argument("--vehicle-file", type=Path, metavar="PATH",
                     help=_("the driver's *.vehicle.json (stored relative to the campaign file)"))

    game = sub.add_parser("game", help=_("enter one driver's result in a game, or in a new one"))
    game.add_argument("file", type=Path)
    game.add_argument("--driver", type=text_argument, required=True, metavar="NAME")
    which = game.add_mutually_exclusive_group(required=True)
    which.add_argument("--game", type=whole(1, MAX_GAMES), metavar="N", help=_("1 for the first game"))
    which.add_argument("--new", action="store_true", help=_("start a new game (give --scenario)"))
    game.add_argument("--scenario", choices=tuple(SCENARIO_TITLES), help=_("a new game's scenario"))
    game.add_argument("--track", type=Path, metavar="FILE",
                      help=_("a new game's track or arena (stored relative to the campaign file)"))
    game.add_argument("--destroyed", action="store_true", help=_("the driver's vehicle was destroyed"))
    game.add_argument("--kills", type=whole(0, MAX_PLAYERS), default=0, metavar="K",
                      help=_("vehicles the driver destroyed (0)"))
    game.add_argument("--finished", action="store_true", help=_("a race: finished with a working vehicle"))
    game.add_argument("--won", action="store_true", help=_("a race: won it"))
    game.add_argument("--died", action="store_true", help=_(
        "the driver died (the roll after the vehicle was destroyed, the Driver component lost, radiation, a "
        "Deathshead)"))
    game.add_argument("--rerolls-used", type=whole(0, MAX_REROLLS), default=0, metavar="R",
                      help=_("rerolls spent in this game (0)"))

    listing = sub.add_parser("list", help=_("each driver's player, class, games, kills and rerolls"))
    listing.add_argument("file", type=Path)
    listing.add_argument("--json", action="store_true", help=_("a JSON list in the campaign's order"))


def add_vehicle_parser(sub: argparse._SubParsersAction) -> None:
    """Register `vehicle` and its actions on the main parser's subcommands."""
    vehicle = sub.add_parser("vehicle", help=_("check, start and print Axles and Alloys II cars (*.vehicle.json)"))
    actions = vehicle.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=type(vehicle))

    check = actions.add_parser("check", help=_("check that each car is a legal build"))
    check.add_argument("files", nargs="+", type=Path, metavar="FILE")
    check.add_argument("--json", action="store_true", help=_("a JSON list: one entry per file"))

    new = actions.add_parser("new", help=_("write a bare car of a weight class, with no components yet"))
    new.add_argument("--class", dest="weight_class", type=str.lower, choices=CLASSES, required=True,
                     help=_("the car's weight class"))
    new.add_argument("--name", type=text_argument, help=_("the car's name (default: from the file name)"))
    new.add_argument("--driver", type=text_argument, default="", help=_("the driver's name"))
    new.add_argument("--race", action="store_true", help=_("built for a race (no dropped weapons), not the arena"))
    new.add_argument("--force", action="store_true", help=_("replace an existing file"))
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")

    printing = actions.add_parser("print", help=_("print a vehicle sheet for each car"))
    printing.add_argument("files", nargs="+", type=Path, metavar="FILE")
    printing.add_argument("--paper", type=str.lower, choices=PAPERS, default="a4")
    printing.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")


def run_vehicle(args: argparse.Namespace) -> int:
    from designer.systems.axles_alloys_2 import vehicle_cli

    return vehicle_cli.run(args)


def run_driver(args: argparse.Namespace) -> int:
    from designer.systems.axles_alloys_2.careers_cli import run_driver as run

    return run(args)


CLI = (CliCommand("vehicle", add_vehicle_parser, run_vehicle),)
CAMPAIGN_CLI = (CliCommand("driver", add_driver_parser, run_driver),)
