"""The autosave recovery folder: copies of unsaved documents that a crash would otherwise lose.

Each copy is two files named by a per-document key: the document itself, canonical — `<key>.track.json`
for a track, `<key>.campaign.json` for a campaign — and `<key>.meta.json` (what kind it is, where it came
from and when). A clean close deletes both; after a crash the next start finds them with `pending()`.
Copies written before campaigns existed (a track, metadata without `kind`) read as before.
"""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from designer.io.atomic import atomic_write_text
from designer.io.errors import DocumentError
from designer.io.jsonfile import read_json_file, read_regular_file
from designer.io.suffixes import CAMPAIGN_SUFFIX, TRACK_SUFFIX
from designer.io.track_io import dumps_track, load_track
from designer.model.track import TrackDocument

if TYPE_CHECKING:  # the campaign code loads only when a campaign is kept or recovered, not with every editor
    from designer.model.campaign import CampaignDocument

TRACK = "track"
CAMPAIGN = "campaign"
SUFFIXES = {TRACK: TRACK_SUFFIX, CAMPAIGN: CAMPAIGN_SUFFIX}
MAX_META_BYTES = 64 * 1024


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
        """Recovery copies left behind, newest first; unreadable metadata is tolerated, not fatal."""
        entries: list[RecoveryEntry] = []
        if not self.folder.is_dir():
            return entries
        for kind, suffix in SUFFIXES.items():
            for doc_path in self.folder.glob(f"*{suffix}"):
                entries.append(self._entry(doc_path.name.removesuffix(suffix), doc_path, kind))
        return sorted(entries, key=lambda e: e.saved_at, reverse=True)

    def _entry(self, key: str, doc_path: Path, kind: str) -> RecoveryEntry:
        meta: dict = {}
        with contextlib.suppress(DocumentError, ValueError):  # a FIFO planted here must not block start-up
            meta = json.loads(read_regular_file(self._meta_path(key), MAX_META_BYTES).decode("utf-8"))
        if not isinstance(meta, dict):
            meta = {}
        original = meta.get("original_path")
        try:
            saved_at = float(meta.get("saved_at", doc_path.stat().st_mtime))
        except (OSError, TypeError, ValueError):
            saved_at = 0.0
        return RecoveryEntry(key=key, document_path=doc_path,
                             original_path=Path(original) if isinstance(original, str) else None,
                             saved_at=saved_at, name=str(meta.get("name", key)), kind=kind)

    def load(self, entry: RecoveryEntry) -> TrackDocument | CampaignDocument:
        """The recovered document; raises DocumentError if the copy itself is damaged.

        A campaign is checked for its shape only: its race tracks resolve against its original file,
        which the caller knows, not against this folder.
        """
        if entry.kind == CAMPAIGN:
            from designer.io.campaign_io import campaign_from_data

            return campaign_from_data(read_json_file(entry.document_path), entry.document_path)
        return load_track(entry.document_path)


__all__ = ["CAMPAIGN", "TRACK", "DocumentError", "RecoveryEntry", "RecoveryStore"]
