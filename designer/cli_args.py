"""The argument parsers of `kartographer campaign …` and `race …`, apart from the commands, and the argument
types every command shares (bounded numbers, millimetres, names).

`designer.cli` builds its whole parser for every command; keeping these parsers here, with only light imports,
means `kartographer export` or `validate` never loads the campaign code (issue [10/10]): the commands themselves
(`designer.campaign_cli`, `race_cli`) are imported when run. A game system's own actions and options of
`campaign` come from the registry (`System.campaign_cli`, `campaign_options`).
"""

from __future__ import annotations

import argparse
import math
import re
from pathlib import Path
from typing import TYPE_CHECKING

from designer.cli_help import LazyHelp
from designer.export.paper_names import PAPER_IDS
from designer.i18n import _, read_plain_number
from designer.io.display import clip, is_text, printable
from designer.model.stats import STATS

if TYPE_CHECKING:
    from designer.systems.api import System

PAPERS = PAPER_IDS
#: The command line's bounds, the campaign format's own (`designer.model.campaign`, not imported here so that
#: `export` and `validate` load no campaign code; a test holds them equal).
MAX_PLAYERS, MAX_RACES, MAX_GAMES, MAX_COUNT, MAX_REROLLS = 16, 50, 1_000, 10_000, 1_000
#: Millimetres of a page margin or a tile overlap: more than any sheet's side (the layout refuses what does
#: not fit the paper chosen, in its own words).
MAX_PAGE_MM = 1_000.0
_WHOLE = re.compile(r"[+-]?[0-9]+")


def text_argument(value: str) -> str:
    """A name typed on the command line, refused when it holds bytes that are not UTF-8 (lone surrogates)."""
    if not is_text(value):
        raise argparse.ArgumentTypeError(_("'{name}' is not UTF-8 text").format(name=printable(value)))
    return value


def name_argument(value: str) -> str:
    """A name or colour that must say something: UTF-8 text, not empty or blank."""
    if not text_argument(value).strip():
        raise argparse.ArgumentTypeError(_("an empty or blank value is not allowed"))
    return value


class Bounded:
    """The argparse type of every numeric option: a finite number from `low` to `high`, written with the digits
    0-9 (Python's own int() and float() also read other scripts' digits, "nan" and "inf"). The refusal is one
    line naming the value as typed (shortened) and the range."""

    def __init__(self, kind: type[int] | type[float], low: float, high: float) -> None:
        self.kind, self.low, self.high = kind, low, high
        self.__name__ = kind.__name__  # argparse names the type in its own messages

    def __call__(self, text: str) -> int | float:
        shown, typed = clip(text), text.strip()
        if self.kind is int:
            if not _WHOLE.fullmatch(typed):
                raise argparse.ArgumentTypeError(_("'{value}' is not a whole number (digits 0-9)").format(value=shown))
            value: float = int(typed) if len(typed) <= 30 else math.inf  # past int()'s digit limit: out of range
        else:
            value = read_plain_number(typed)  # "1e999" is infinite: out of range below
            if math.isnan(value):
                raise argparse.ArgumentTypeError(_("'{value}' is not a finite number (digits 0-9, e.g. 2.5)").format(
                    value=shown))
        if not self.low <= value <= self.high:
            raise argparse.ArgumentTypeError(_("{value} is not in {low}…{high}").format(
                value=clip(typed), low=_plain(self.low), high=_plain(self.high)))
        return value

    def __repr__(self) -> str:
        return f"Bounded({self.kind.__name__}, {self.low}, {self.high})"


def _plain(number: float) -> str:
    return str(int(number)) if number == int(number) else str(number)


#: The largest cutter sheet side (mm): bigger than any laser bed or plotter roll width we know of.
MAX_SHEET_MM = 5_000.0


def sheet_size(value: str) -> tuple[float, float]:
    """`--sheet 600x400`: a cutter sheet's width and height in mm (argparse type)."""
    width, sep, height = value.strip().lower().replace("×", "x").partition("x")
    if not sep:
        raise argparse.ArgumentTypeError(_("'{value}' is not a sheet size: write WIDTHxHEIGHT in mm, e.g. 600x400")
                                         .format(value=clip(value)))
    side = Bounded(float, 20.0, MAX_SHEET_MM)
    return side(width), side(height)


def whole(low: int, high: int) -> Bounded:
    return Bounded(int, low, high)


def millimetres(low: float = 0.0, high: float = MAX_PAGE_MM) -> Bounded:
    return Bounded(float, low, high)


def _player_spec(value: str) -> tuple[str, str]:
    """(name, character); a bare NAME gives no character, for a system without any (`campaign new` checks)."""
    name, colon, character = text_argument(value).rpartition(":")
    if not colon and value.strip() and ":" not in value:
        return value.strip(), ""
    if not colon or not name.strip() or not character.strip():
        raise argparse.ArgumentTypeError(_("'{value}' is not NAME:CHARACTER (e.g. Alex:Mario)").format(value=value))
    return name.strip(), character.strip()


def _systems() -> tuple[System, ...]:
    """The registered systems, or none when one cannot be loaded: a broken plug-in is reported when it is used,
    not by every command's parser."""
    from designer.systems import registry

    try:
        return tuple(registry.systems())
    except registry.GameSystemError:
        return ()


def _mode_help() -> str:
    """Each system's modes, its default first: argparse cannot know the ruleset yet, so `_new` checks."""
    offered = []
    for system in _systems():
        names = sorted((m.name for m in system.modes), key=lambda n: n != system.default_mode)
        if names:
            offered.append(f"{system.id}: {', '.join(names)}")
    if not offered:
        return _("a campaign mode of the ruleset's game system; default: the system's first one listed")
    return _("a campaign mode of the ruleset's game system ({modes}); default: the system's first one listed").format(
        modes="; ".join(offered))


def add_campaign_parser(sub: argparse._SubParsersAction, systems: bool = True) -> None:
    """Register `campaign` and its actions on the main parser's subcommands (with `systems`, the game systems'
    own actions and options too)."""
    campaign = sub.add_parser("campaign", help=_("create, update, rank and print a campaign (*.campaign.json)"))
    actions = campaign.add_subparsers(dest="action", metavar="ACTION", required=True,
                                      parser_class=type(campaign))

    new = actions.add_parser("new", help=_("start a campaign file"))
    new.add_argument("--ruleset", required=True, help=_("a ruleset id (kartographer rules lists them)"))
    new.add_argument("--mode", type=text_argument, help=LazyHelp(_mode_help))
    new.add_argument("--name", type=text_argument, help=_("the campaign's name (default: from the file name)"))
    new.add_argument("--player", dest="players", type=_player_spec, action="extend", nargs="+", required=True,
                     metavar="NAME:CHARACTER",
                     help=_("a player and their character (its id or name, e.g. Alex:mario; the name alone in a system "
                            "without characters); repeat or list several"))
    new.add_argument("--track", dest="tracks", type=Path, action="extend", nargs="+", default=[],
                     metavar="FILE", help=_("track files in race order (stored relative to the campaign file)"))
    new.add_argument("--force", action="store_true", help=_("replace an existing file"))
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")

    result = actions.add_parser("result", help=_("enter or replace a player's result in a race (a season: a car's)"))
    result.add_argument("file", type=Path)
    result.add_argument("--race", type=whole(1, MAX_RACES), required=True, metavar="N", help=_("1 for the first race"))
    result.add_argument("--player", metavar="NAME", help=_("the player (a season: whose bet winnings --bets are)"))
    result.add_argument("--place", type=whole(1, MAX_PLAYERS), metavar="P")
    result.add_argument("--gates", type=whole(0, MAX_COUNT), default=None, metavar="G",
                        help=_("gates cleared in order (left out: not entered, counting 0)"))
    result.add_argument("--coins", type=whole(0, MAX_COUNT), default=None, metavar="C",
                        help=_("coins collected (left out: not entered, counting 0)"))

    upgrade = actions.add_parser("upgrade", help=_("buy a kart upgrade between races"))
    upgrade.add_argument("file", type=Path)
    upgrade.add_argument("--player", required=True, metavar="NAME")
    upgrade.add_argument("--stat", required=True, choices=STATS)
    upgrade.add_argument("--after-race", type=whole(1, MAX_RACES), metavar="N",
                         help=_("bought after race N (default: after the last finished race)"))

    ranks = actions.add_parser("standings", help=_("the standings: Grand Prix points, or a race series' places"))
    ranks.add_argument("file", type=Path)
    ranks.add_argument("--json", action="store_true", help=_("a JSON list in rank order"))

    wipe = actions.add_parser("wipe-out", help=_("log a Wipe Out in a Balloon Battle (one balloon popped)"))
    wipe.add_argument("file", type=Path)
    wipe.add_argument("--battle", type=whole(1, MAX_RACES), metavar="N",
                      help=_("1 for the first battle (default: the last)"))
    wipe.add_argument("--player", required=True, metavar="NAME", help=_("whose balloon pops"))
    wipe.add_argument("--by", metavar="NAME", help=_("who popped it"))

    add_battle_parser(actions)
    for system in _systems() if systems else ():
        for command in system.campaign_cli:
            command.add_parser(actions)
    for system in _systems() if systems else ():
        for options in system.campaign_options:
            added = {"new": new, "result": result, "upgrade": upgrade, "standings": ranks}.get(options.action)
            if added is not None:
                options.add(added)

    printing = actions.add_parser("print", help=_("print the filled score sheet and the upgraded kart dashboards"))
    printing.add_argument("file", type=Path)
    printing.add_argument("--paper", type=str.lower, choices=PAPERS, default="a4")
    printing.add_argument("--sections", metavar="LIST",
                          help=_("comma-separated: scoresheet,dashboards,startorder (default: those the campaign has)"))
    printing.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")


def add_battle_parser(actions: argparse._SubParsersAction) -> None:
    """Register `battle` on `campaign`'s actions."""
    battle = actions.add_parser("battle", help=_("show a Balloon Battle's result, or start the next battle"))
    battle.add_argument("file", type=Path)
    battle.add_argument("--battle", type=whole(1, MAX_RACES), metavar="N",
                        help=_("1 for the first battle (default: the last)"))
    battle.add_argument("--start", action="store_true", help=_("start the next battle"))
    battle.add_argument("--kart", dest="karts", action="extend", nargs="+", default=[], metavar="NAME",
                        help=_("with --start: the players who fight it (default: every player)"))
    battle.add_argument("--track", type=Path, metavar="FILE",
                        help=_("with --start: its arena (default: the last battle's)"))
    battle.add_argument("--json", action="store_true", help=_("the battle as JSON"))


def add_race_parser(sub: argparse._SubParsersAction) -> None:
    """Register `race` and its actions: run a race at the table from the shell (`*.race.json`)."""
    from designer.race.dice import MAX_SEED  # (the dice: only when the race's parser is made)

    race = sub.add_parser("race", help=_("run a race at the table: start it, act, show it (*.race.json)"))
    actions = race.add_subparsers(dest="action", metavar="ACTION", required=True, parser_class=type(race))

    new = actions.add_parser("new", help=_("start a race: the players at the green light, the deck shuffled"))
    new.add_argument("--ruleset",
                     help=_("a ruleset id (kartographer rules lists them); default: the track's or the campaign's"))
    new.add_argument("--players", type=text_argument, metavar="NAMES",
                     help=_("the players, comma-separated, each optionally with a character: Ann:mario,Ben"))
    new.add_argument("--campaign", type=Path, metavar="FILE",
                     help=_("run a campaign race: its players, characters, upgrades and track (give --race)"))
    new.add_argument("--race", type=whole(1, MAX_RACES), metavar="N",
                     help=_("1 for the first race (a career: the game it becomes)"))
    new.add_argument("--track", type=Path, metavar="FILE", help=_("the track raced (*.track.json)"))
    new.add_argument("--mode", help=_("a campaign mode of the system, e.g. balloon_battle"))
    new.add_argument("--seed", type=whole(0, MAX_SEED), metavar="N",
                     help=_("the random seed (default: a new one), for a race that can be replayed"))
    new.add_argument("--force", action="store_true", help=_("replace an existing file"))
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")

    act = actions.add_parser("act", help=_("do one thing in the race (undo: take the last back); saved at once"))
    act.add_argument("file", type=Path)
    act.add_argument("words", nargs=argparse.REMAINDER, metavar="ACTION",
                     help=_("the action and its kart and value, e.g. box Ben 2; 'list' lists the actions"))

    show = actions.add_parser("show", help=_("the race as it stands and its log in words"))
    show.add_argument("file", type=Path)
    show.add_argument("--json", action="store_true", help=_("the state, result and log as JSON"))

    printed = actions.add_parser("print", help=_("the race log on paper: the standing, the result and every step"))
    printed.add_argument("file", type=Path)
    printed.add_argument("--paper", choices=PAPER_IDS, default="a4", type=str.lower)
    printed.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")

    result = actions.add_parser("result", help=_("file the race's result into a campaign race (one edit)"))
    result.add_argument("file", type=Path)
    result.add_argument("--campaign", type=Path, metavar="FILE",
                        help=_("the campaign (default: the one the race was started from)"))
    result.add_argument("--race", type=whole(1, MAX_RACES), metavar="N",
                        help=_("1 for the first race (a career: the game it becomes)"))
