"""Load and save `*.campaign.json`: read defensively, migrate, validate the shape, check it against the
ruleset and the race tracks, write atomically. Track paths in the file are relative to the campaign."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from designer.campaign.context import Context, TrackLimit
from designer.campaign.errors import CampaignError
from designer.campaign.places import item_name
from designer.campaign.validate import check_campaign
from designer.io.atomic import atomic_write_text
from designer.io.documents import document_from_data
from designer.io.errors import DocumentError
from designer.io.jsonfile import dumps_json, parse_json_text, read_json_file
from designer.io.suffixes import CAMPAIGN_SUFFIX  # noqa: F401 - re-exported: read here by the callers
from designer.io.track_io import load_track
from designer.model.campaign import CAMPAIGN_FORMAT, CampaignDocument
from designer.model.record_fields import moved_paths
from designer.rules import RulesetError, load_ruleset


def campaign_from_data(data: Any, source: str | Path = "<data>") -> CampaignDocument:
    """Shape only: migrate and validate the JSON (no ruleset or track checks)."""
    return document_from_data(CampaignDocument, data, CAMPAIGN_FORMAT, str(source), item_name)


def campaign_context(doc: CampaignDocument, path: str | Path | None = None) -> Context:
    """The ruleset and the gate limits of every race track that can be read (others are not bounded)."""
    try:
        ruleset = load_ruleset(doc.ruleset)
    except RulesetError as exc:
        raise DocumentError(path or "<campaign>", str(exc), "ruleset") from None
    limits: dict[int, TrackLimit] = {}
    for index, race in enumerate(doc.races):
        track = resolve_track(path, race.track)
        if track is None:
            continue
        try:
            document = load_track(track)
        except (DocumentError, OSError, ValueError):  # e.g. a hand-typed path the system cannot use
            continue
        gates = sum(1 for e in document.elements if e.kind == "gate")
        if gates:
            limits[index] = TrackLimit(gates, document.laps)
    return Context(ruleset, limits)


def checked(doc: CampaignDocument, path: str | Path | None = None) -> tuple[CampaignDocument, Context]:
    """Check the content against its rules; a refusal becomes a DocumentError naming the file."""
    ctx = campaign_context(doc, path)
    try:
        check_campaign(doc, ctx)
    except CampaignError as exc:
        raise DocumentError(path or "<campaign>", exc.reason, exc.location) from None
    return doc, ctx


def load_campaign(path: str | Path) -> tuple[CampaignDocument, Context]:
    doc = campaign_from_data(read_json_file(path), path)
    return checked(doc, path)


def campaign_from_json(text: str, source: str | Path = "<text>") -> CampaignDocument:
    return campaign_from_data(parse_json_text(text, source), source)


def dumps_campaign(doc: CampaignDocument) -> str:
    return dumps_json(doc.model_dump(mode="json"))


def save_campaign(doc: CampaignDocument, path: str | Path, protect: Iterable[str | Path] = ()) -> None:
    """Atomic save; refused when `path` is one of the files in `protect` (e.g. the tracks of a new campaign)."""
    atomic_write_text(path, dumps_campaign(doc), protect)


def resolve_track(campaign_path: str | Path | None, track: str | None) -> Path | None:
    """Where a race's track file is: relative to the campaign's folder (or the working folder)."""
    if not track:
        return None
    candidate = Path(track).expanduser()
    if not candidate.is_absolute() and campaign_path is not None:
        candidate = Path(campaign_path).resolve().parent / candidate
    return candidate


def relative_track(campaign_path: str | Path | None, track: str | Path) -> str:
    """How to store `track` in a campaign saved at `campaign_path`: relative with forward slashes."""
    track = Path(track).resolve()
    if campaign_path is None:
        return track.as_posix()
    try:
        return Path(os.path.relpath(track, Path(campaign_path).resolve().parent)).as_posix()
    except ValueError:  # another drive on Windows
        return track.as_posix()


def rebase_tracks(doc: CampaignDocument, old: str | Path | None, new: str | Path) -> CampaignDocument:
    """The document with every track path (and every file path a game system keeps in its own fields, e.g. a
    driver's car) rewritten so it still points at the same file from `new`."""
    def move(track: str | None) -> str | None:
        found = resolve_track(old, track)
        return relative_track(new, found) if found is not None else None

    races = [r.model_copy(update={"track": move(r.track)}) for r in doc.races]
    battles = [b.model_copy(update={"track": move(b.track)}) for b in doc.battles]
    games = [g.model_copy(update={"track": move(g.track)}) for g in doc.games]
    moved: CampaignDocument = moved_paths(doc.model_copy(update={"races": races, "battles": battles, "games": games}),
                                          move)
    return moved
