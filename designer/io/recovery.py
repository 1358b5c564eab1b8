"""The autosave recovery folder: copies of unsaved documents that a crash would otherwise lose.

Each copy is two files named by a per-document key: the document itself, canonical — `<key>.track.json`
for a track, `<key>.campaign.json` for a campaign — and `<key>.meta.json` (what kind it is, where it came
from and when). A clean close deletes both; after a crash the next start finds them with `pending()`.
Copies written before campaigns existed (a track, metadata without `kind`) read as before.

Anything may sit in the folder, so nothing read from it is trusted: damaged metadata (not JSON, nested too
deep, a time that is not one) falls back to what the copy's own file says, and a folder that cannot be
listed holds no copies. `pending()` never raises; what it had to pass over is in `problems` (one line each),
for the caller to log once.
"""

from __future__ import annotations

import json
import math
import os
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from designer.io.atomic import atomic_write_text
from designer.io.errors import DocumentError
from designer.io.jsonfile import parse_json_text, read_json_file, read_regular_file
from designer.io.suffixes import CAMPAIGN_SUFFIX, TRACK_SUFFIX
from designer.io.track_io import dumps_track, load_track
from designer.model.track import TrackDocument

if TYPE_CHECKING:  # the campaign code loads only when a campaign is kept or recovered, not with every editor
    from designer.model.campaign import CampaignDocument

TRACK = "track"
CAMPAIGN = "campaign"
SUFFIXES = {TRACK: TRACK_SUFFIX, CAMPAIGN: CAMPAIGN_SUFFIX}
MAX_META_BYTES = 64 * 1024
#: The latest autosave time believed (the end of the year 9999); before 1970, later, NaN or infinite is damage.
LATEST_TIME = 253_402_300_799.0


@dataclass(frozen=True)
class RecoveryEntry:
    key: str
    document_path: Path
    original_path: Path | None
    saved_at: float
    name: str
    kind: str = TRACK


class RecoveryStore:
    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        #: What the last `pending()` passed over (one line each): damaged metadata, an unreadable folder.
        self.problems: list[str] = []

    def _meta_path(self, key: str) -> Path:
        return self.folder / f"{key}.meta.json"

    def write(self, key: str, document: TrackDocument | CampaignDocument,
              original_path: str | Path | None) -> None:
        if isinstance(document, TrackDocument):
            kind, text = TRACK, dumps_track(document)
        else:
            from designer.io.campaign_io import dumps_campaign

            kind, text = CAMPAIGN, dumps_campaign(document)
        self.folder.mkdir(parents=True, exist_ok=True)
        atomic_write_text(self.folder / f"{key}{SUFFIXES[kind]}", text)
        meta = {"kind": kind, "original_path": str(original_path) if original_path else None,
                "saved_at": time.time(), "name": document.name}
        atomic_write_text(self._meta_path(key), json.dumps(meta, ensure_ascii=False))

    def discard(self, key: str) -> None:
        for suffix in SUFFIXES.values():
            (self.folder / f"{key}{suffix}").unlink(missing_ok=True)
        self._meta_path(key).unlink(missing_ok=True)

    def pending(self) -> list[RecoveryEntry]:
        """Recovery copies left behind, newest first; damaged metadata or an unreadable folder is never fatal."""
        self.problems = []
        entries: list[RecoveryEntry] = []
        try:
            with os.scandir(self.folder) as listing:
                names = [item.name for item in listing]
        except FileNotFoundError:
            return entries
        except OSError as exc:
            self.problems.append(f"recovery folder {self.folder} cannot be read ({exc.strerror or exc})")
            return entries
        for name in sorted(names):
            for kind, suffix in SUFFIXES.items():
                if name.endswith(suffix) and len(name) > len(suffix):
                    entries.append(self._entry(name.removesuffix(suffix), self.folder / name, kind))
        return sorted(entries, key=lambda e: e.saved_at, reverse=True)

    def _entry(self, key: str, doc_path: Path, kind: str) -> RecoveryEntry:
        meta_path = self._meta_path(key)
        meta, damage = self._meta(meta_path)
        original = meta.get("original_path")
        if original is not None and (not isinstance(original, str) or "\0" in original):
            original, damage = None, damage or "original_path is not a file name"
        name = meta.get("name", key)
        if not isinstance(name, str):
            name, damage = key, damage or "name is not text"
        saved_at = _time(meta["saved_at"]) if "saved_at" in meta else None
        if saved_at is None:
            if "saved_at" in meta:
                damage = damage or "saved_at is not a time"
            try:
                saved_at = _time(doc_path.stat().st_mtime) or 0.0
            except OSError:
                saved_at = 0.0
        if damage:
            self.problems.append(f"recovery metadata {meta_path} is damaged ({damage}); its defaults are used")
        return RecoveryEntry(key=key, document_path=doc_path, original_path=Path(original) if original else None,
                             saved_at=saved_at, name=name, kind=kind)

    @staticmethod
    def _meta(path: Path) -> tuple[dict, str]:
        """The metadata and, if it is damaged, why (missing metadata is not damage: old copies may lack it)."""
        try:
            # regular files only, read bounded and depth-checked: a FIFO planted here must not block start-up,
            # nor deep nesting overflow the parser
            meta = parse_json_text(read_regular_file(path, MAX_META_BYTES).decode("utf-8"), path)
        except DocumentError as exc:
            return {}, "" if not path.exists() and not path.is_symlink() else exc.reason
        except UnicodeDecodeError:
            return {}, "not UTF-8 text"
        return (meta, "") if isinstance(meta, dict) else ({}, "not a JSON object")

    def load(self, entry: RecoveryEntry) -> TrackDocument | CampaignDocument:
        """The recovered document; raises DocumentError if the copy itself is damaged.

        A campaign is checked for its shape only: its race tracks resolve against its original file,
        which the caller knows, not against this folder.
        """
        if entry.kind == CAMPAIGN:
            from designer.io.campaign_io import campaign_from_data

            return campaign_from_data(read_json_file(entry.document_path), entry.document_path)
        return load_track(entry.document_path)


def _time(value: object) -> float | None:
    """`value` as a time of an autosave, or None when it cannot be one."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    try:
        seconds = float(value)
    except OverflowError:  # an integer with hundreds of digits
        return None
    return seconds if math.isfinite(seconds) and 0.0 <= seconds <= LATEST_TIME else None


__all__ = ["CAMPAIGN", "TRACK", "DocumentError", "RecoveryEntry", "RecoveryStore"]
