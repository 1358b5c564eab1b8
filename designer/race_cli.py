"""`kartographer race …`: run a race at the table from the shell — start it (`new`), do one thing at a time
(`act`, `act FILE undo`), see it as it stands with its log in words (`show`), and file its result into a
campaign race (`result`). Shared and system-neutral: the actions are the race's system's (`System.race`).

Every refusal is one line on stderr with exit status 2, and nothing is written: a race file is saved (atomically)
only after an action the rules accept; `new` never writes over an existing file without `--force`.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from designer.campaign.errors import CampaignError
from designer.i18n import _
from designer.io.campaign_io import load_campaign, relative_track, save_campaign
from designer.io.display import json_printable, printable
from designer.io.errors import DocumentError
from designer.io.output import UsageError
from designer.io.track_io import load_track
from designer.race.campaign import file_result
from designer.race.document import Entrant
from designer.race.engine import Race, RaceError, parse_action
from designer.race.race_io import load_race, new_race, race_rules, save_race
from designer.systems import registry


def run(args: argparse.Namespace) -> int:
    return {"new": _new, "act": _act, "show": _show, "result": _result}[args.action](args)


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
    _rules, ruleset = race_rules(args.ruleset, out)
    if args.mode is not None:
        system = registry.get(args.ruleset)
        if system.mode(args.mode) is None:
            raise UsageError(_("--mode: {mode} is not a campaign mode of this system (modes: {modes})").format(
                mode=repr(args.mode), modes=", ".join(m.name for m in system.modes)))
    track = load_track(args.track) if args.track is not None else None
    if track is not None and track.ruleset != args.ruleset:
        raise DocumentError(args.track, _("is a {track} track; the race is {race}").format(
            track=track.ruleset, race=args.ruleset), "ruleset")
    stored = relative_track(out, args.track) if args.track is not None else None
    race = new_race(args.ruleset, _entrants(args.players, ruleset), args.seed, args.mode, stored, track, out)
    save_race(race, out, protect=[args.track] if args.track is not None else [])
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


def _result(args: argparse.Namespace) -> int:
    race: Race = load_race(args.file)
    doc, ctx = load_campaign(args.campaign)
    if doc.ruleset != race.file.ruleset:
        raise DocumentError(args.campaign, _("is a {campaign} campaign; the race is {race}").format(
            campaign=doc.ruleset, race=race.file.ruleset), "ruleset")
    try:
        filed = file_result(doc, ctx, args.race, race.result())
    except CampaignError as exc:
        raise DocumentError(args.campaign, exc.reason, exc.location) from None
    save_campaign(filed, args.campaign)
    for p in race.result():
        print(printable(_("race {n}: {place}. {player} (gates {gates}, coins {coins})").format(
            n=args.race, place=p.place, player=p.player, gates=p.gates if p.gates is not None else "-",
            coins=p.coins if p.coins is not None else "-")))
    return 0
