"""`kartographer campaign …`: start a campaign and keep it from the shell — race results, upgrades,
Balloon Battle wipe-outs, and the actions game systems add (`System.campaign_cli`) — read the standings (Grand Prix
points or a race series' places; a mode's own through `CampaignMode.commands`) and print the score sheet, the
kart dashboards and the start-order sheet. No Qt.

Every edit loads the file (fully checked), applies one pure edit from `designer.campaign.edit` and saves
atomically. A refusal is one line on stderr naming the file, exit status 2, and the file is not touched.
Names and paths are printed through `printable`, so control characters and undecodable bytes show escaped.
Every message, table heading and help text goes through the catalogue (`designer.i18n`); ids, stat codes,
mode names and the `--json` keys stay as they are.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pydantic import ValidationError

from designer.battle_cli import run_battle
from designer.campaign import edit
from designer.campaign.battle import battle_state
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import (
    TIE_RULE,
    champions,
    coins_text,
    gates_text,
    ledger,
    race_points,
    races_complete,
    standings,
    stat_label,
)
from designer.campaign.modes import campaign_mode, default_mode, records, scored, system_for
from designer.campaign.partial import races_counted, waiting_lines
from designer.campaign.places import item_name
from designer.campaign.roster import FREE_LABEL
from designer.campaign.series import SERIES_RULE, races_run, series_standings
from designer.campaign.validate import race_location
from designer.campaign_warnings import report_notices
from designer.i18n import _, ngettext, pgettext, place_ordinal
from designer.io.campaign_io import load_campaign, relative_track, resolve_track, save_campaign
from designer.io.display import is_text, json_printable, print_table, printable
from designer.io.errors import DocumentError
from designer.io.output import write_pdf
from designer.io.track_io import load_track
from designer.io.validation import describe_validation_error
from designer.model.campaign import CampaignDocument
from designer.rules import load_ruleset
from designer.rules.texts import character_name, ruleset_name
from designer.systems import registry
from designer.systems.api import ModeCommand

SUFFIX = ".campaign.json"


def run(args: argparse.Namespace) -> int:
    """Carry out one `campaign` action; refusals become a DocumentError naming the campaign file."""
    handler = {**{command.name: command.run for system in registry.systems() for command in system.campaign_cli},
               "new": _new, "result": _result, "upgrade": _upgrade, "standings": _standings,
               "wipe-out": _wipe_out, "battle": run_battle, "print": _print}[args.action]
    path = args.output if args.action == "new" else args.file
    try:
        return handler(args)
    except CampaignError as exc:
        raise DocumentError(path, exc.reason, exc.location) from None
    except ValidationError as exc:  # a model bound no edit checked first: still one line
        location, reason = describe_validation_error(exc, None, item_name)
        raise DocumentError(path, reason, location) from None
    except OSError as exc:  # e.g. a file name too long for the file system
        raise DocumentError(exc.filename or path, exc.strerror or str(exc)) from None


def _own_command(doc: CampaignDocument, action: str) -> ModeCommand | None:
    """The campaign's mode's own take on `action` (`CampaignMode.commands`), if it has one."""
    return campaign_mode(doc.ruleset, doc.mode).commands.get(action)


def _edit(path: Path, change) -> tuple[CampaignDocument, CampaignDocument, Context]:
    """Load, apply `change(doc, ctx)` (which raises on a refusal), save; returns (old, new, context)."""
    doc, ctx = load_campaign(path)
    new = change(doc, ctx)
    save_campaign(new, path)
    return doc, new, ctx


# --- new -------------------------------------------------------------------------------------------
def _new(args: argparse.Namespace) -> int:
    out: Path = args.output
    if out.exists() and not args.force:
        raise DocumentError(out, _("already exists (use --force to replace it)"))
    ruleset = load_ruleset(args.ruleset)
    ctx = Context(ruleset)
    mode = campaign_mode(ruleset.id, args.mode or default_mode(ruleset.id))
    tracks = []
    for track in args.tracks:
        document = load_track(track)
        if not is_text(str(track)):
            raise DocumentError(track, _("the name is not UTF-8 text, so a campaign file cannot store it"))
        if document.ruleset != ruleset.id:
            raise DocumentError(track, _("is a {track} track; the campaign plays {campaign}").format(
                track=document.ruleset, campaign=ruleset.id), "ruleset")
        tracks.append(relative_track(out, track))
    if tracks and mode.record == "games":
        raise CampaignError(_("a {mode} campaign names a track per game, not up front").format(mode=mode.name),
                            "tracks")
    if len(tracks) > 1 and mode.record == "battle":
        raise CampaignError(_("a balloon battle is fought on one arena; give one --track"), "tracks")
    # a character is given by id or English name (any case) and stored by id; a system without characters
    # (Axles and Alloys) takes bare names, and the player's label is the generic "Driver", as in the window
    players = list(args.players)
    bare = [player for player, character in players if not character]
    if bare and ctx.ruleset.characters:
        raise CampaignError(_("{player} needs a character: NAME:CHARACTER (e.g. {player}:{example})").format(
            player=bare[0], example=character_name(ctx.ruleset, ctx.ruleset.characters[0])), "players")
    players = [(player, character or FREE_LABEL) for player, character in players]
    name = args.name or _name_from(out)
    doc = edit.new_campaign(name, ctx, mode.name, players, tracks)
    save_campaign(doc, out, protect=args.tracks)
    battles, races, players = len(doc.battles), len(doc.races), len(doc.players)
    if mode.record == "battle":
        size = ngettext("{n} battle", "{n} battles", battles).format(n=battles)
    elif mode.record == "games":
        size = _("no games yet")
    else:
        size = ngettext("{n} race", "{n} races", races).format(n=races)
    print(printable(_("wrote {path}: {name}, {mode}, {players}, {size}").format(
        path=out, name=doc.name, mode=doc.mode.replace("_", " "),
        players=ngettext("{n} player", "{n} players", players).format(n=players), size=size)))
    return 0


def _name_from(path: Path) -> str:
    name = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    # undecodable bytes become U+FFFD and control characters go: a name is text, whatever the file name is
    name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    name = "".join(c for c in name if printable(c) == c)
    return name.replace("-", " ").replace("_", " ").strip().title() or pgettext("default campaign name", "Campaign")


# --- result and upgrade ----------------------------------------------------------------------------
def _result(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    own = _own_command(doc, "result")
    if own is not None:
        return own(args, doc, ctx, _edit)
    for system in registry.systems():  # options another mode reads, given for this campaign: refused
        for options in system.campaign_options:
            if options.action == "result":
                options.check(args, doc)
    if args.player is None or args.place is None:
        raise CampaignError(_("give --player NAME and --place P"), race_location(args.race - 1))
    _old, doc, ctx = _edit(args.file, lambda d, c: edit.set_result(
        d, c, args.race, args.player, args.place, args.gates, args.coins))
    race = doc.races[args.race - 1]
    result = race.result(args.player)
    place = place_ordinal(result.place)
    if scored(doc):
        gp = ctx.grand_prix()
        points = race_points(result, gp).total
        total = ledger(doc, gp, result.player)[args.race - 1].total
        line = _("{file}: race {race}: {player} {place}, {gates}, {coins}: {points} points (total {total})").format(
            file=args.file, race=args.race, player=result.player, place=place, gates=gates_text(result.gates),
            coins=coins_text(result.coins), points=points, total=total)
    else:
        line = _("{file}: race {race}: {player} {place}").format(file=args.file, race=args.race,
                                                                 player=result.player, place=place)
    print(printable(line))
    _champion_line(doc, ctx)
    return 0


def _upgrade(args: argparse.Namespace) -> int:
    _old, doc, ctx = _edit(args.file, lambda d, c: edit.buy_upgrade(d, c, args.player, args.stat, args.after_race))
    bought = doc.upgrades[-1]
    row = next(s for s in standings(doc, ctx) if s.player == bought.player)
    value = row.handling if bought.stat == "handling" else row.max_gear
    left = ledger(doc, ctx.grand_prix(), bought.player)[bought.after_race - 1].total
    label = stat_label(bought.stat)
    step = ctx.grand_prix().upgrade(bought.stat).step
    print(printable(_("{file}: {player} bought +{step} {stat} after race {race}: {stat} {value}, {left} points "
                      "left").format(file=args.file, player=bought.player, step=step, stat=label,
                                     race=bought.after_race, value=value, left=left)))
    return 0


def _champion_line(doc: CampaignDocument, ctx: Context) -> None:
    if not scored(doc):
        return
    winners = champions(doc, ctx)
    if len(winners) == 1:
        print(printable(_("Champion: {name}").format(name=winners[0])))
    elif winners:
        print(printable(_("Joint champions (level on every tie-break): {names}").format(names=", ".join(winners))))


# --- standings -------------------------------------------------------------------------------------
def standings_data(doc: CampaignDocument, ctx: Context) -> list[dict]:
    """The `--json` list: one entry per player in rank order."""
    gp = ctx.grand_prix()
    winners = set(champions(doc, ctx))
    rows = []
    for s in standings(doc, ctx):
        races = []
        for line in s.lines[: gp.races]:
            r = line.result
            races.append({"race": line.race, "place": r.place if r else None, "gates": r.gates if r else None,
                          "coins": r.coins if r else None, "earned": line.earned, "spent": line.spent,
                          "total": line.total, "bought": list(line.bought)})
        rows.append({"rank": s.rank, "player": s.player, "character": s.character, "earned": s.earned,
                     "spent": s.spent, "total": s.total, "wins": s.wins, "coins": s.coins, "gates": s.gates,
                     "handling": s.handling, "max_gear": s.max_gear, "champion": s.player in winners,
                     "character_id": s.character_id, "races": races})
    return rows


def _standings(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    report_notices(args.file, doc, ctx)
    own = _own_command(doc, "standings")
    if own is not None:
        return own(args, doc, ctx, _edit)
    if not scored(doc) and records(doc, "races"):
        return _series_standings(args, doc, ctx)
    if not scored(doc):
        points = [m.name for m in system_for(doc.ruleset).modes if m.points]
        if points:
            refusal = _("standings are kept for {modes} campaigns; this is a {mode} campaign").format(
                modes=_(" and ").join(points), mode=doc.mode)
        else:
            refusal = _("standings are kept for campaigns scored on points; this is a {mode} campaign").format(
                mode=doc.mode)
        raise CampaignError(refusal, "mode")
    rows = standings_data(doc, ctx)
    if args.json:
        print(json_printable(json.dumps(rows, indent=2, ensure_ascii=False)))
        return 0
    gp = ctx.grand_prix()
    print(printable(ngettext("{name} — {ruleset}: {done} of {races} races run",
                             "{name} — {ruleset}: {done} of {races} races run", races_complete(doc)).format(
        name=doc.name, ruleset=ruleset_name(ctx.ruleset), done=races_complete(doc), races=gp.races)))
    head = [_("Rank"), _("Player"), _("Character"), _("Earned"), _("Spent"), _("Total"), _("Wins"), _("Coins"),
            *(pgettext("standings column: race number", "R{n}").format(n=n) for n in range(1, gp.races + 1)),
            _("Handling"), _("Max gear")]
    table = [head]
    for row in rows:
        per_race = [str(r["earned"]) if r["place"] is not None else "-" for r in row["races"]]
        table.append([str(row["rank"]), printable(row["player"]), printable(row["character"]), str(row["earned"]),
                      str(row["spent"]), str(row["total"]), str(row["wins"]), str(row["coins"]), *per_race,
                      _stat(row["handling"]), _stat(row["max_gear"])])
    print_table(table)
    for line in waiting_lines(doc):
        print(line)
    print(_("Ties: {rule}").format(rule=_(TIE_RULE)))
    _champion_line(doc, ctx)
    return 0


def _stat(value: int | None) -> str:
    return "-" if value is None else str(value)


def series_data(doc: CampaignDocument, ctx: Context) -> list[dict]:
    """The `--json` list of a race series: one entry per player in rank order."""
    return [{"rank": s.rank, "player": s.player, "character": s.character, "races": s.races, "wins": s.wins,
             "place_counts": list(s.place_counts), "coins": s.coins, "gates": s.gates, "places": list(s.places),
             "character_id": s.character_id} for s in series_standings(doc, ctx.ruleset)]


def _series_standings(args: argparse.Namespace, doc: CampaignDocument, ctx: Context) -> int:
    """A race series: place counts (1st, 2nd, … for as many places as players), then each race's place."""
    rows = series_data(doc, ctx)
    if args.json:
        print(json_printable(json.dumps(rows, indent=2, ensure_ascii=False)))
        return 0
    run_count = races_run(doc)
    print(printable(ngettext("{name} — {ruleset}: {n} race run", "{name} — {ruleset}: {n} races run",
                             run_count).format(name=doc.name, ruleset=ruleset_name(ctx.ruleset), n=run_count)))
    places = max(len(doc.players), 1)
    # a column nobody scored in says nothing (the board game has no gates; coins are optional)
    extras = [(key, title) for key, title in (("coins", _("Coins")), ("gates", _("Gates")))
              if any(row[key] for row in rows)]
    head = [_("Rank"), _("Player"), _("Character"), _("Races"), *(place_ordinal(n) for n in range(1, places + 1)),
            *(title for _key, title in extras),
            *(pgettext("standings column: race number", "R{n}").format(n=n) for n in range(1, len(doc.races) + 1))]
    table = [head]
    for row in rows:
        table.append([str(row["rank"]), printable(row["player"]), printable(row["character"]), str(row["races"]),
                      *(str(c) for c in row["place_counts"]), *(str(row[key]) for key, _title in extras),
                      *(place_ordinal(p) if p is not None else "-" for p in row["places"])])
    print_table(table)
    for line in waiting_lines(doc):
        print(line)
    print(_("Ties: {rule}").format(rule=_(SERIES_RULE)))
    leaders = [row["player"] for row in rows if row["rank"] == 1]
    counted = races_counted(doc)
    if counted and len(leaders) == 1:
        print(printable(_("Leader: {name}").format(name=leaders[0])))
    elif counted:
        print(printable(_("Joint leaders: {names}").format(names=", ".join(leaders))))
    return 0


# --- balloon battles -------------------------------------------------------------------------------
def _wipe_out(args: argparse.Namespace) -> int:
    def change(doc: CampaignDocument, ctx: Context) -> CampaignDocument:
        if not records(doc, "battle"):
            raise CampaignError(_("a {mode} campaign has no battles").format(mode=doc.mode), "battles")
        return edit.wipe_out(doc, ctx, _battle_index(doc, args.battle), args.player, args.by)

    old, doc, ctx = _edit(args.file, change)
    index = _battle_index(old, args.battle)
    state = battle_state(doc, ctx, index)
    wipe = doc.battles[index].wipe_outs[-1]
    left = state.balloons[wipe.player]
    if left == 0 and wipe.by:
        line = _("{file}: battle {n}: {player} is out (popped by {by})")
    elif left == 0:
        line = _("{file}: battle {n}: {player} is out")
    elif wipe.by:
        line = ngettext("{file}: battle {n}: {player} has {left} balloon left (popped by {by})",
                        "{file}: battle {n}: {player} has {left} balloons left (popped by {by})", left)
    else:
        line = ngettext("{file}: battle {n}: {player} has {left} balloon left",
                        "{file}: battle {n}: {player} has {left} balloons left", left)
    print(printable(line.format(file=args.file, n=index + 1, player=wipe.player, left=left, by=wipe.by)))
    if state.winner:
        print(printable(_("{player} wins battle {n}").format(player=state.winner, n=index + 1)))
    return 0


def _battle_index(doc: CampaignDocument, battle: int | None) -> int:
    return (battle if battle is not None else max(len(doc.battles), 1)) - 1


# --- printing --------------------------------------------------------------------------------------
def _print(args: argparse.Namespace) -> int:
    from designer.export.campaign_print import offered_sections, write_campaign_pdf

    doc, ctx = load_campaign(args.file)
    report_notices(args.file, doc, ctx)
    sections = ([s for s in args.sections.split(",") if s.strip()] if args.sections is not None
                else offered_sections(doc, ctx))
    # never over the campaign or one of its tracks
    tracks = [resolve_track(args.file, item.track) for item in (*doc.races, *doc.battles, *doc.games)]
    inputs = [args.file, *(t for t in tracks if t is not None)]
    return write_pdf(args.output, lambda out: write_campaign_pdf(out, doc, ctx, sections, args.paper,
                                                                 source=args.file), inputs)
