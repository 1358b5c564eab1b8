"""Axles and Alloys II driver careers on the command line: `kartographer campaign driver add | game | list`.
Called from `designer.campaign_cli`, which turns a refusal (CampaignError) into one line naming the campaign
file, exit status 2. No Qt.

Every edit loads the campaign (fully checked), applies pure edits from `designer.campaign.edit` — whose
career replay (`designer.systems.axles_alloys_2.careers`) refuses what cannot have happened — and saves atomically. A
driver's vehicle file is typed relative to the current folder and stored relative to the campaign file, like
a track; the file must hold a car of the driver's weight class.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign_warnings import report_notices
from designer.i18n import _, ngettext, pgettext
from designer.io.campaign_io import load_campaign, relative_track, save_campaign
from designer.io.display import is_text, json_printable, printable
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.io.validation import describe_validation_error
from designer.model.campaign import CampaignDocument, GameEntry
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.careers import (
    DriverRecord,
    career_rules,
    careers,
    check_vehicle_class,
    death_faces,
    faces_text,
    find_driver,
    game_location,
    require_careers,
    rerolls_earned,
    resolve_vehicle,
)
from designer.systems.axles_alloys_2.driver_fields import DriverVehicle
from designer.systems.axles_alloys_2.rule_data import reroll_event
from designer.systems.axles_alloys_2.scenarios import SCENARIO_TITLES
from designer.systems.axles_alloys_2.vehicle_io import driver_vehicle


def run_driver(args: argparse.Namespace) -> int:
    return {"add": _add, "game": _game, "list": _list}[args.driver_action](args)


def _stored_path(campaign: Path, path: Path) -> str:
    """How the campaign stores a file typed on the command line (relative to the current folder)."""
    if not is_text(str(path)):
        raise DocumentError(path, _("the name is not UTF-8 text, so a campaign file cannot store it"))
    return relative_track(campaign, path)


# --- add -------------------------------------------------------------------------------------------
def _add(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    require_careers(doc)
    stored = _stored_path(args.file, args.vehicle_file) if args.vehicle_file is not None else None
    class_id = resolve_vehicle(ctx, args.vehicle_class, f"drivers ({args.name.strip()})")
    if stored is not None:
        vehicle = driver_vehicle(args.file, stored)
        check_vehicle_class(ctx, args.name.strip(), class_id, vehicle, str(args.vehicle_file),
                            f"drivers ({args.name.strip()})")
        class_id = vehicle.weight_class
    new = career_edit.add_driver(doc, ctx, args.name, args.player, class_id)
    if stored is not None:
        new = career_edit.set_driver_vehicle(new, ctx, new.drivers[-1].name, stored)
    save_campaign(new, args.file)
    report_notices(args.file, new, ctx)
    record = _record(new, ctx, new.drivers[-1].name)
    if record.vehicle is None:
        line = _("{file}: driver {name} for {player} (no car class yet)").format(
            file=args.file, name=record.name, player=record.player)
    elif stored is not None:
        line = _("{file}: driver {name} for {player}: {car} car, {vehicle}").format(
            file=args.file, name=record.name, player=record.player, car=record.vehicle, vehicle=stored)
    else:
        line = _("{file}: driver {name} for {player}: {car} car").format(
            file=args.file, name=record.name, player=record.player, car=record.vehicle)
    print(printable(line))
    return 0


# --- game ------------------------------------------------------------------------------------------
def _game(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    require_careers(doc)
    name = doc.drivers[find_driver(doc, args.driver)].name
    if args.new:
        if args.scenario is None:
            raise CampaignError(_("a new game needs --scenario deathmatch or race"), "games")
        number = len(doc.games) + 1
        scenario = args.scenario
    else:
        number = args.game
        if not 1 <= number <= len(doc.games):
            raise CampaignError(_("there is no game {n}").format(n=number), "games")
        scenario = doc.games[number - 1].scenario
        if args.track is not None:
            raise CampaignError(_("--track is for a new game; game {n} already has its track").format(n=number),
                                game_location(number - 1))
        if args.scenario is not None and args.scenario != scenario:
            kind = _("game {n} is a deathmatch") if scenario == "deathmatch" else _("game {n} is a race")
            raise CampaignError(kind.format(n=number), game_location(number - 1))
    where = f"{game_location(number - 1)}, {name}"
    entry = _entry(where, driver=name, destroyed=args.destroyed, kills=args.kills, finished=args.finished,
                   won=args.won, died=args.died, rerolls_used=args.rerolls_used)
    if args.new:
        track = _game_track(args.file, args.track, ctx) if args.track is not None else None
        new = career_edit.add_game(doc, ctx, scenario, track, [entry])
    else:
        new = career_edit.set_game_entry(doc, ctx, number, entry)
    save_campaign(new, args.file)
    print(printable(_game_line(args.file, new, ctx, number, name)))
    report_notices(args.file, new, ctx)
    return 0


def _entry(where: str, **fields: Any) -> GameEntry:
    try:
        return GameEntry(**fields)
    except ValidationError as exc:  # a death without a destroyed vehicle, a winner who did not finish…
        location, reason = describe_validation_error(exc, fields)
        raise CampaignError(reason, f"{where}: {location}" if location else where) from None


def _game_track(campaign: Path, track: Path, ctx: Context) -> str:
    document = load_track(track)
    if document.ruleset != ctx.ruleset.id:
        raise DocumentError(track, _("is a {track} track; the campaign plays {campaign}").format(
            track=document.ruleset, campaign=ctx.ruleset.id), "ruleset")
    return _stored_path(campaign, track)


def _game_line(file: Path, doc: CampaignDocument, ctx: Context, number: int, name: str) -> str:
    """ "c.campaign.json: game 1 (Deathmatch): Max: Survive +1, Destroy at least one vehicle +1; 2 rerolls
    earned in all, 0 used, 2 left" """
    game = doc.games[number - 1]
    entry = next(e for e in game.entries if e.driver == name)
    awards = rerolls_earned(entry, game.scenario, career_rules(ctx))
    if awards:
        earned = ", ".join(_("{event} +{rerolls}").format(event=reroll_event(ctx.ruleset.id, event), rerolls=n)
                           for event, n in awards)
    else:
        earned = _("no rerolls earned")
    record = _record(doc, ctx, name)
    total = ngettext("{earned} reroll earned in all, {used} used, {left} left",
                     "{earned} rerolls earned in all, {used} used, {left} left", record.earned).format(
        earned=record.earned, used=record.used, left=record.rerolls)
    line = _("{file}: game {n} ({scenario}): {name}: {earned}; {total}").format(
        file=file, n=number, scenario=_(SCENARIO_TITLES[game.scenario]), name=name, earned=earned, total=total)
    if entry.died and entry.destroyed:
        line += "; " + _("{name} died ({faces} on a d6 after the vehicle was destroyed)").format(
            name=name, faces=faces_text(death_faces(ctx)))
    elif entry.died:
        line += "; " + _("{name} died").format(name=name)
    return line


# --- list ------------------------------------------------------------------------------------------
def _record(doc: CampaignDocument, ctx: Context, name: str) -> DriverRecord:
    return next(r for r in careers(doc, ctx) if r.name == name)


def drivers_data(doc: CampaignDocument, ctx: Context) -> list[dict[str, Any]]:
    """The `--json` list: one entry per driver in the campaign's order."""
    files = {d.name: DriverVehicle.of(d).vehicle_file for d in doc.drivers}
    return [{"driver": r.name, "player": r.player, "class": r.vehicle, "class_id": r.vehicle_id,
             "vehicle_file": files[r.name], "games": r.games, "kills": r.kills, "wins": r.wins,
             "rerolls_earned": r.earned, "rerolls_used": r.used, "rerolls_left": r.rerolls, "alive": r.alive,
             "died_in": r.died_in} for r in careers(doc, ctx)]


def _list(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    require_careers(doc)
    report_notices(args.file, doc, ctx)
    if args.json:
        print(json_printable(json.dumps(drivers_data(doc, ctx), indent=2, ensure_ascii=False)))
        return 0
    files = {d.name: DriverVehicle.of(d).vehicle_file for d in doc.drivers}
    head = [_("Driver"), _("Player"), pgettext("a car's weight class", "Class"), _("Vehicle file"), _("Games"),
            _("Kills"), pgettext("rerolls", "Earned"), pgettext("rerolls", "Used"), pgettext("rerolls", "Left"),
            _("Status")]
    table = [head]
    for r in careers(doc, ctx):
        status = _("alive") if r.alive else _("died in game {n}").format(n=r.died_in)
        table.append([printable(r.name), printable(r.player), r.vehicle or "-", printable(files[r.name] or "-"),
                      str(r.games), str(r.kills), str(r.earned), str(r.used), str(r.rerolls), status])
    drivers = ngettext("{n} driver", "{n} drivers", len(doc.drivers)).format(n=len(doc.drivers))
    games = ngettext("{n} game", "{n} games", len(doc.games)).format(n=len(doc.games))
    print(printable(_("{name}: {drivers}, {games}").format(name=doc.name, drivers=drivers, games=games)))
    widths = [max(len(row[i]) for row in table) for i in range(len(head))]
    for row in table:
        cells = [cell.rjust(w) if 4 <= i <= 8 else cell.ljust(w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip())
    return 0
