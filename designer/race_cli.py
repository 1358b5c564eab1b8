"""`kartographer race …`: run a race at the table from the shell — start it (`new`), do one thing at a time
(`act`, `act FILE undo`), see it as it stands with its log in words (`show`), print that log (`print`), and
file its result into a campaign race (`result`). `new --campaign C --race N` runs a campaign race: its grid
or players, their characters and upgrades so far, its track; `result` then files it there by default. Shared and
system-neutral: the actions are the race's system's (`System.race`).

Every refusal is one line on stderr with exit status 2, and nothing is written: a race file is saved (atomically)
only after an action the rules accept; `new` never writes over an existing file without `--force`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from designer.campaign.errors import CampaignError
from designer.campaign.modes import records
from designer.i18n import _
from designer.io.campaign_io import load_campaign, relative_track, resolve_track, save_campaign
from designer.io.display import json_printable, printable
from designer.io.errors import DocumentError
from designer.io.output import UsageError
from designer.io.track_io import load_track
from designer.race.campaign import campaign_entrants, file_game, file_race
from designer.race.document import Entrant
from designer.race.engine import Race, RaceError, parse_action
from designer.race.race_io import load_race, new_race, race_rules, save_race
from designer.systems import registry


def run(args: argparse.Namespace) -> int:
    return {"new": _new, "act": _act, "show": _show, "result": _result, "print": _print}[args.action](args)


def _entrants(text: str, ruleset: object) -> list[Entrant]:
    entrants = []
    for part in text.split(","):
        name, _sep, character = (p.strip() for p in part.partition(":"))
        if not name:
            continue
        found = None
        if character:
            characters = getattr(ruleset, "characters", [])
            found = next((c.id for c in characters if character.casefold() in (c.id, c.name.casefold())), None)
            if found is None:
                raise UsageError(_("--players: {name} drives {character}, which is no character of {ruleset}").format(
                    name=name, character=repr(character), ruleset=getattr(ruleset, "id", "?")))
        try:
            entrants.append(Entrant(name=name, character=found))
        except ValueError:
            raise UsageError(_("--players: {name} is not a player's name (1 to 40 characters)").format(
                name=repr(name))) from None
    if not entrants:
        raise UsageError(_("--players: give at least one player"))
    return entrants


def _new(args: argparse.Namespace) -> int:
    out: Path = args.output
    if out.exists() and not args.force:
        raise DocumentError(out, _("already exists (use --force to replace it)"))
    if (args.campaign is None) != (args.race is None):
        raise UsageError(_("--campaign and --race go together"))
    ruleset_id, mode, track_path, players, link = args.ruleset, args.mode, args.track, None, None
    if args.campaign is not None:
        doc, ctx = load_campaign(args.campaign)
        if ruleset_id is not None and ruleset_id != doc.ruleset:
            raise UsageError(_("--ruleset: the campaign is {campaign}").format(campaign=doc.ruleset))
        ruleset_id, mode = doc.ruleset, mode or doc.mode
        rules, ruleset = race_rules(ruleset_id, out)
        try:  # the race's grid or roster, or the system's own (a career's living drivers play game N)
            players = campaign_entrants(doc, ctx, args.campaign, rules, ruleset, args.race)
        except CampaignError as exc:
            raise DocumentError(args.campaign, exc.reason, exc.location) from None
        if track_path is None and args.race <= len(doc.races):
            track_path = resolve_track(args.campaign, doc.races[args.race - 1].track)
        link = (relative_track(out, args.campaign), args.race)
    track = load_track(track_path) if track_path is not None else None
    if ruleset_id is None and track is not None:
        ruleset_id = track.ruleset  # a track says which game it is
    if ruleset_id is None:
        raise UsageError(_("give --ruleset (or --track, or --campaign and --race)"))
    _rules, ruleset = race_rules(ruleset_id, out)
    if mode is not None:
        system = registry.get(ruleset_id)
        if system.mode(mode) is None:
            raise UsageError(_("--mode: {mode} is not a campaign mode of this system (modes: {modes})").format(
                mode=repr(mode), modes=", ".join(m.name for m in system.modes)))
    if args.players is not None or players is None:
        if args.players is None:
            raise UsageError(_("give --players (or --campaign and --race)"))
        players = _entrants(args.players, ruleset)
    if track is not None and track.ruleset != ruleset_id:
        raise DocumentError(track_path, _("is a {track} track; the race is {race}").format(
            track=track.ruleset, race=ruleset_id), "ruleset")
    stored = relative_track(out, track_path) if track_path is not None else None
    race = new_race(ruleset_id, players, args.seed, mode, stored, track, out, link)
    save_race(race, out, protect=[p for p in (track_path, args.campaign) if p is not None])
    print(printable(_("wrote {path}: seed {seed}").format(path=out, seed=race.file.seed)))
    for line in race.log:
        print(printable(line.text))
    return 0


def _act(args: argparse.Namespace) -> int:
    race = load_race(args.file)
    words = list(args.words)
    if words in (["list"], []):
        for spec in race.rules.actions:
            print(printable(f"{spec.name:8} {_(spec.help)}"))
        undo = _("take the last action back")
        print(printable(f"{'undo':8} {undo}"))
        return 0
    try:
        if words == ["undo"]:
            undone = race.undo()
            lines = [_("Undone: {action}").format(action=undone.words())]
        else:
            lines = race.act(parse_action(race.rules, words))
    except RaceError as exc:
        raise DocumentError(args.file, str(exc)) from None
    save_race(race, args.file)
    for line in lines:
        print(printable(line))
    return 0


def _show(args: argparse.Namespace) -> int:
    race = load_race(args.file)
    if args.json:
        data = {"seed": race.file.seed, "actions": len(race.file.actions), "summary": race.summary(),
                "result": [vars(p) for p in race.result()],
                "log": [{"step": line.step, "text": line.text} for line in race.log]}
        print(json_printable(json.dumps(data, indent=2, ensure_ascii=False)))
        return 0
    for said in race.summary():
        print(printable(said))
    print()
    print(printable(_("Log (seed {seed}):").format(seed=race.file.seed)))
    for line in race.log:
        print(printable(f"{line.step:>4}  {line.text}"))
    return 0


def _print(args: argparse.Namespace) -> int:
    """The race log on paper: the standing, the result and every step."""
    from designer.io.output import write_pdf
    from designer.race.log_print import write_race_log

    race = load_race(args.file)
    return write_pdf(args.output, lambda buffer: write_race_log(buffer, race, args.paper), inputs=[args.file])


def _result(args: argparse.Namespace) -> int:
    race: Race = load_race(args.file)
    link = race.file.campaign
    campaign = args.campaign if args.campaign is not None else (
        resolve_track(args.file, link.file) if link is not None else None)
    number = args.race if args.race is not None else (link.race if link is not None else None)
    if campaign is None or number is None:
        raise UsageError(_("give --campaign and --race: this race was not started from a campaign"))
    doc, ctx = load_campaign(campaign)
    if doc.ruleset != race.file.ruleset:
        raise DocumentError(campaign, _("is a {campaign} campaign; the race is {race}").format(
            campaign=doc.ruleset, race=race.file.ruleset), "ruleset")
    if records(doc, "games"):
        return _file_game(race, args.file, doc, ctx, campaign, number)
    try:
        filed = file_race(doc, ctx, number, race)
    except CampaignError as exc:
        raise DocumentError(campaign, exc.reason, exc.location) from None
    save_campaign(filed, campaign)
    for p in race.result():
        print(printable(_("race {n}: {place}. {player} (gates {gates}, coins {coins})").format(
            n=number, place=p.place, player=p.player, gates=p.gates if p.gates is not None else "-",
            coins=p.coins if p.coins is not None else "-")))
    return 0


def _file_game(race: Race, race_path: Path, doc: Any, ctx: Any, campaign: Path, number: int) -> int:
    """A career campaign: the race becomes game `number`, appended once (refused when it is there already)."""
    if race.rules.game is None:
        raise DocumentError(campaign, _("this race keeps no career games"), "games")
    if number != len(doc.games) + 1:
        raise DocumentError(campaign, _("the campaign has {n} games: this race files game {game}").format(
            n=len(doc.games), game=number), "games")
    scenario, outcomes = race.rules.game(race.ruleset, race.state)
    track = None
    if race.file.track is not None:
        resolved = resolve_track(race_path, race.file.track)
        track = relative_track(campaign, resolved) if resolved is not None else None
    try:
        filed = file_game(race.rules, doc, ctx, scenario, outcomes, track)
    except CampaignError as exc:
        raise DocumentError(campaign, exc.reason, exc.location) from None
    save_campaign(filed, campaign)
    for o in outcomes:
        print(printable(_("game {n}: {driver}: destroyed {destroyed}, died {died}, kills {kills}, finished "
                          "{finished}, won {won}, rerolls spent {rerolls}").format(
            n=number, driver=o.player, destroyed=_yes(o.destroyed), died=_yes(o.died), kills=o.kills,
            finished=_yes(o.finished), won=_yes(o.won), rerolls=o.rerolls_used)))
    return 0


def _yes(value: bool) -> str:
    return _("yes") if value else _("no")
