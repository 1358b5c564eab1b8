"""`kartographer campaign …`: start a campaign and keep it from the shell — race results, upgrades,
Balloon Battle wipe-outs — read the standings and print the score sheet and kart dashboards. No Qt.

Every edit loads the file (fully checked), applies one pure edit from `designer.campaign.edit` and saves
atomically. A refusal is one line on stderr naming the file, exit status 2, and the file is not touched.
Names and paths are printed through `printable`, so control characters and undecodable bytes show escaped.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from pydantic import ValidationError

from designer.campaign import edit
from designer.campaign.battle import battle_state
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.grand_prix import (
    STAT_LABELS,
    TIE_RULE,
    champions,
    ledger,
    race_points,
    races_complete,
    standings,
)
from designer.campaign.modes import campaign_mode, default_mode, records, scored, system_for
from designer.cli_help import LazyHelp
from designer.io.campaign_io import load_campaign, relative_track, resolve_track, save_campaign
from designer.io.display import json_printable, printable
from designer.io.errors import DocumentError
from designer.io.output import write_pdf
from designer.io.track_io import load_track
from designer.io.validation import describe_validation_error
from designer.model.campaign import STATS, CampaignDocument
from designer.rules import load_ruleset
from designer.systems import registry

PAPERS = ("a4", "letter", "a3", "tabloid")
SUFFIX = ".campaign.json"


def _is_text(value: str) -> bool:
    """False for a name holding bytes that are not UTF-8 (argv keeps them as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _text(value: str) -> str:
    if not _is_text(value):
        raise argparse.ArgumentTypeError(f"'{printable(value)}' is not UTF-8 text")
    return value


def _player_spec(value: str) -> tuple[str, str]:
    name, colon, character = _text(value).rpartition(":")
    if not colon or not name.strip() or not character.strip():
        raise argparse.ArgumentTypeError(f"'{value}' is not NAME:CHARACTER (e.g. Alex:Mario)")
    return name.strip(), character.strip()


def _mode_help() -> str:
    """Each system's modes, its default first: argparse cannot know the ruleset yet, so `_new` checks."""
    try:
        systems = registry.systems()
    except registry.GameSystemError:  # a broken plug-in is reported when it is used, not in --help
        systems = ()
    offered = []
    for system in systems:
        names = sorted((m.name for m in system.modes), key=lambda n: n != system.default_mode)
        if names:
            offered.append(f"{system.id}: {', '.join(names)}")
    listed = f" ({'; '.join(offered)})" if offered else ""
    return f"a campaign mode of the ruleset's game system{listed}; default: the system's first one listed"


def add_campaign_parser(sub: argparse._SubParsersAction) -> None:
    """Register `campaign` and its actions on the main parser's subcommands."""
    campaign = sub.add_parser("campaign", help="create, update, rank and print a campaign (*.campaign.json)")
    actions = campaign.add_subparsers(dest="action", metavar="ACTION", required=True,
                                      parser_class=type(campaign))

    new = actions.add_parser("new", help="start a campaign file")
    new.add_argument("--ruleset", required=True, help="a ruleset id, e.g. mk-gaslands")
    new.add_argument("--mode", type=_text, help=LazyHelp(_mode_help))
    new.add_argument("--name", type=_text, help="the campaign's name (default: from the file name)")
    new.add_argument("--player", dest="players", type=_player_spec, action="extend", nargs="+", required=True,
                     metavar="NAME:CHARACTER",
                     help="a player and their character (its id or name, e.g. Alex:mario); repeat or list several")
    new.add_argument("--track", dest="tracks", type=Path, action="extend", nargs="+", default=[],
                     metavar="FILE", help="track files in race order (stored relative to the campaign file)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.add_argument("-o", "--output", type=Path, required=True, metavar="FILE")

    result = actions.add_parser("result", help="enter or replace a player's result in a race")
    result.add_argument("file", type=Path)
    result.add_argument("--race", type=int, required=True, metavar="N", help="1 for the first race")
    result.add_argument("--player", required=True, metavar="NAME")
    result.add_argument("--place", type=int, required=True, metavar="P")
    result.add_argument("--gates", type=int, default=0, metavar="G", help="gates cleared in order (0)")
    result.add_argument("--coins", type=int, default=0, metavar="C", help="coins collected (0)")

    upgrade = actions.add_parser("upgrade", help="buy a kart upgrade between races")
    upgrade.add_argument("file", type=Path)
    upgrade.add_argument("--player", required=True, metavar="NAME")
    upgrade.add_argument("--stat", required=True, choices=STATS)
    upgrade.add_argument("--after-race", type=int, metavar="N",
                         help="bought after race N (default: after the last finished race)")

    ranks = actions.add_parser("standings", help="the Grand Prix standings")
    ranks.add_argument("file", type=Path)
    ranks.add_argument("--json", action="store_true", help="a JSON list in rank order")

    wipe = actions.add_parser("wipe-out", help="log a Wipe Out in a Balloon Battle (one balloon popped)")
    wipe.add_argument("file", type=Path)
    wipe.add_argument("--battle", type=int, metavar="N", help="1 for the first battle (default: the last)")
    wipe.add_argument("--player", required=True, metavar="NAME", help="whose balloon pops")
    wipe.add_argument("--by", metavar="NAME", help="who popped it")

    printing = actions.add_parser("print", help="print the filled score sheet and the upgraded kart dashboards")
    printing.add_argument("file", type=Path)
    printing.add_argument("--paper", type=str.lower, choices=PAPERS, default="a4")
    printing.add_argument("--sections", metavar="LIST",
                          help="comma-separated: scoresheet,dashboards (default: those the campaign has)")
    printing.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")


def run(args: argparse.Namespace) -> int:
    """Carry out one `campaign` action; refusals become a DocumentError naming the campaign file."""
    handler = {"new": _new, "result": _result, "upgrade": _upgrade, "standings": _standings,
               "wipe-out": _wipe_out, "print": _print}[args.action]
    path = args.output if args.action == "new" else args.file
    try:
        return handler(args)
    except CampaignError as exc:
        raise DocumentError(path, exc.reason, exc.location) from None
    except ValidationError as exc:  # a model bound no edit checked first: still one line
        location, reason = describe_validation_error(exc, None)
        raise DocumentError(path, reason, location) from None
    except OSError as exc:  # e.g. a file name too long for the file system
        raise DocumentError(exc.filename or path, exc.strerror or str(exc)) from None


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
        raise DocumentError(out, "already exists (use --force to replace it)")
    ruleset = load_ruleset(args.ruleset)
    ctx = Context(ruleset)
    mode = campaign_mode(ruleset.id, args.mode or default_mode(ruleset.id))
    tracks = []
    for track in args.tracks:
        document = load_track(track)
        if not _is_text(str(track)):
            raise DocumentError(track, "the name is not UTF-8 text, so a campaign file cannot store it")
        if document.ruleset != ruleset.id:
            raise DocumentError(track, f"is a {document.ruleset} track; the campaign plays {ruleset.id}", "ruleset")
        tracks.append(relative_track(out, track))
    if tracks and mode.record == "games":
        raise CampaignError(f"a {mode.name} campaign names a track per game, not up front", "tracks")
    if len(tracks) > 1 and mode.record == "battle":
        raise CampaignError("a balloon battle is fought on one arena; give one --track", "tracks")
    # a character is given by id or English name (any case) and stored by id
    players = list(args.players)
    name = args.name or _name_from(out)
    doc = edit.new_campaign(name, ctx, mode.name, players, tracks)
    save_campaign(doc, out, protect=args.tracks)
    size = {"battle": _count(len(doc.battles), "battle"), "games": "no games yet"}.get(
        mode.record, _count(len(doc.races), "race"))
    print(printable(f"wrote {out}: {doc.name}, {doc.mode.replace('_', ' ')}, {_count(len(doc.players), 'player')}, "
                    f"{size}"))
    return 0


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def _name_from(path: Path) -> str:
    name = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    # undecodable bytes become U+FFFD and control characters go: a name is text, whatever the file name is
    name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    name = "".join(c for c in name if printable(c) == c)
    return name.replace("-", " ").replace("_", " ").strip().title() or "Campaign"


# --- result and upgrade ----------------------------------------------------------------------------
def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _result(args: argparse.Namespace) -> int:
    _, doc, ctx = _edit(args.file, lambda d, c: edit.set_result(d, c, args.race, args.player, args.place,
                                                                 args.gates, args.coins))
    race = doc.races[args.race - 1]
    result = race.result(args.player)
    line = f"{args.file}: race {args.race}: {result.player} {_ordinal(result.place)}"
    if scored(doc):
        gp = ctx.grand_prix()
        points = race_points(result, gp).total
        total = ledger(doc, gp, result.player)[args.race - 1].total
        line += f", {result.gates} gates, {result.coins} coins: {points} points (total {total})"
    print(printable(line))
    _champion_line(doc, ctx)
    return 0


def _upgrade(args: argparse.Namespace) -> int:
    _, doc, ctx = _edit(args.file, lambda d, c: edit.buy_upgrade(d, c, args.player, args.stat, args.after_race))
    bought = doc.upgrades[-1]
    row = next(s for s in standings(doc, ctx) if s.player == bought.player)
    value = row.handling if bought.stat == "handling" else row.max_gear
    left = ledger(doc, ctx.grand_prix(), bought.player)[bought.after_race - 1].total
    label = STAT_LABELS[bought.stat]
    step = ctx.grand_prix().upgrade(bought.stat).step
    print(printable(f"{args.file}: {bought.player} bought +{step} {label} after race {bought.after_race}: "
                    f"{label} {value}, {left} points left"))
    return 0


def _champion_line(doc: CampaignDocument, ctx: Context) -> None:
    if not scored(doc):
        return
    winners = champions(doc, ctx)
    if len(winners) == 1:
        print(printable(f"Champion: {winners[0]}"))
    elif winners:
        print(printable(f"Joint champions (level on every tie-break): {', '.join(winners)}"))


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
    if not scored(doc):
        points = [m.name for m in system_for(doc.ruleset).modes if m.points]
        kept = f"{' and '.join(points)} campaigns" if points else "campaigns scored on points"
        raise CampaignError(f"standings are kept for {kept}; this is a {doc.mode} campaign", "mode")
    rows = standings_data(doc, ctx)
    if args.json:
        print(json_printable(json.dumps(rows, indent=2, ensure_ascii=False)))
        return 0
    gp = ctx.grand_prix()
    print(printable(f"{doc.name} — {ctx.ruleset.name}: {races_complete(doc)} of {gp.races} races run"))
    head = ["Rank", "Player", "Character", "Earned", "Spent", "Total", "Wins", "Coins",
            *(f"R{n}" for n in range(1, gp.races + 1)), "Handling", "Max gear"]
    table = [head]
    for row in rows:
        per_race = [str(r["earned"]) if r["place"] is not None else "-" for r in row["races"]]
        table.append([str(row["rank"]), printable(row["player"]), printable(row["character"]), str(row["earned"]),
                      str(row["spent"]), str(row["total"]), str(row["wins"]), str(row["coins"]), *per_race,
                      _stat(row["handling"]), _stat(row["max_gear"])])
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    for r in table:
        cells = [cell.ljust(w) if i in (1, 2) else cell.rjust(w)
                 for i, (cell, w) in enumerate(zip(r, widths, strict=True))]
        print("  ".join(cells).rstrip())
    print(f"Ties: {TIE_RULE}")
    _champion_line(doc, ctx)
    return 0


def _stat(value: int | None) -> str:
    return "-" if value is None else str(value)


# --- balloon battles -------------------------------------------------------------------------------
def _wipe_out(args: argparse.Namespace) -> int:
    def change(doc: CampaignDocument, ctx: Context) -> CampaignDocument:
        if not records(doc, "battle"):
            raise CampaignError(f"a {doc.mode} campaign has no battles", "battles")
        return edit.wipe_out(doc, ctx, _battle_index(doc, args.battle), args.player, args.by)

    old, doc, ctx = _edit(args.file, change)
    index = _battle_index(old, args.battle)
    state = battle_state(doc, ctx, index)
    wipe = doc.battles[index].wipe_outs[-1]
    left = state.balloons[wipe.player]
    by = f" (popped by {wipe.by})" if wipe.by else ""
    status = "is out" if left == 0 else f"has {left} balloon{'s' * (left != 1)} left"
    print(printable(f"{args.file}: battle {index + 1}: {wipe.player} {status}{by}"))
    if state.winner:
        print(printable(f"{state.winner} wins battle {index + 1}"))
    return 0


def _battle_index(doc: CampaignDocument, battle: int | None) -> int:
    return (battle if battle is not None else max(len(doc.battles), 1)) - 1


# --- printing --------------------------------------------------------------------------------------
def _print(args: argparse.Namespace) -> int:
    from designer.export.campaign_print import write_campaign_pdf

    doc, ctx = load_campaign(args.file)
    if args.sections is not None:
        sections = [s for s in args.sections.split(",") if s.strip()]
    elif scored(doc):
        sections = ["scoresheet", "dashboards"]
    else:
        sections = ["dashboards"]
    # never over the campaign or one of its tracks
    tracks = [resolve_track(args.file, item.track) for item in (*doc.races, *doc.battles, *doc.games)]
    inputs = [args.file, *(t for t in tracks if t is not None)]
    return write_pdf(args.output, lambda out: write_campaign_pdf(out, doc, ctx, sections, args.paper,
                                                                 source=args.file), inputs)
