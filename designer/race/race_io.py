"""Load and save `*.race.json`: read defensively, check the shape, then replay every action through the
system's race rules, so a file whose actions the rules refuse is refused on one line naming the action.
Saves are atomic (the file is saved after every action: closing the laptop mid-race loses nothing)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from designer.i18n import _
from designer.io.atomic import atomic_write_text
from designer.io.documents import document_from_data
from designer.io.errors import DocumentError
from designer.io.jsonfile import dumps_json, read_json_file
from designer.race.dice import fresh_seed
from designer.race.document import RACE_FORMAT, Entrant, RaceFile
from designer.race.engine import Race, RaceError, RaceRules, replay
from designer.rules import RulesetError, load_ruleset
from designer.systems import registry


def race_rules(ruleset_id: str, source: str | Path = "<race>") -> tuple[RaceRules, Any]:
    """The race rules and rule data of a system; DocumentError when it has none or is unknown."""
    try:
        ruleset = load_ruleset(ruleset_id)
    except RulesetError as exc:
        raise DocumentError(source, str(exc), "ruleset") from None
    system = registry.find(ruleset_id)
    rules = system.race_rules if system is not None else None
    if rules is None:
        raise DocumentError(source, _("{system} has no race day yet").format(
            system=system.display_name if system else ruleset_id), "ruleset")
    return rules, ruleset


def race_from_file(file: RaceFile, source: str | Path = "<race>") -> Race:
    rules, ruleset = race_rules(file.ruleset, source)
    try:
        return replay(file, rules, ruleset)
    except RaceError as exc:
        raise DocumentError(source, str(exc), "actions") from None


def race_from_data(data: Any, source: str | Path = "<data>") -> Race:
    return race_from_file(document_from_data(RaceFile, data, RACE_FORMAT, str(source)), source)


def load_race(path: str | Path) -> Race:
    return race_from_data(read_json_file(path), path)


def new_race(ruleset_id: str, players: Sequence[Entrant], seed: int | None = None, mode: str | None = None,
             track: str | None = None, track_document: Any = None, source: str | Path = "<race>",
             campaign: tuple[str, int] | None = None, setup: dict[str, int] | None = None) -> Race:
    """A race at the green light; `track_document` (a loaded track) gives the system's setup (else `setup`);
    `campaign` the campaign file (as the race file stores it) and race (or game) it runs."""
    rules, _ruleset = race_rules(ruleset_id, source)
    setup = rules.from_track(track_document) if track_document is not None else dict(setup or {})
    data = {"format": RACE_FORMAT, "schema_version": 1, "ruleset": ruleset_id, "mode": mode,
            "seed": fresh_seed() if seed is None else seed, "players": [p.model_dump() for p in players],
            "track": track, "setup": setup, "actions": [],
            "campaign": {"file": campaign[0], "race": campaign[1]} if campaign is not None else None}
    return race_from_data(data, source)


def dumps_race(file: RaceFile) -> str:
    return dumps_json(file.model_dump(mode="json", exclude_none=True))


def save_race(race: Race | RaceFile, path: str | Path, protect: Iterable[str | Path] = ()) -> None:
    file = race.file if isinstance(race, Race) else race
    atomic_write_text(path, dumps_race(file), protect)
