"""The autosave recovery folder: copies of unsaved documents that a crash would otherwise lose.

Each copy is two files named by a per-document key: `<key>.track.json` (the document, canonical) and
`<key>.meta.json` (where it came from and when). A clean close deletes both; after a crash the next
start finds them with `pending()`.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from designer.io.atomic import atomic_write_text
from designer.io.errors import DocumentError
from designer.io.track_io import dumps_track, load_track
from designer.model.track import TrackDocument


@dataclass(frozen=True)
class RecoveryEntry:
    key: str
    document_path: Path
    original_path: Path | None
    saved_at: float
    name: str


class RecoveryStore:
    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)

    def _paths(self, key: str) -> tuple[Path, Path]:
        return self.folder / f"{key}.track.json", self.folder / f"{key}.meta.json"

    def write(self, key: str, document: TrackDocument, original_path: str | Path | None) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        doc_path, meta_path = self._paths(key)
        atomic_write_text(doc_path, dumps_track(document))
        meta = {"original_path": str(original_path) if original_path else None, "saved_at": time.time(),
                "name": document.name}
        atomic_write_text(meta_path, json.dumps(meta, ensure_ascii=False))

    def discard(self, key: str) -> None:
        for path in self._paths(key):
            path.unlink(missing_ok=True)

    def pending(self) -> list[RecoveryEntry]:
        """Recovery copies left behind, newest first; unreadable metadata is tolerated, not fatal."""
        entries = []
        if not self.folder.is_dir():
            return entries
        for doc_path in self.folder.glob("*.track.json"):
            key = doc_path.name.removesuffix(".track.json")
            meta: dict = {}
            try:
                meta = json.loads(self._paths(key)[1].read_text(encoding="utf-8"))
            except (OSError, ValueError):
                pass
            original = meta.get("original_path") if isinstance(meta, dict) else None
            entries.append(RecoveryEntry(
                key=key,
                document_path=doc_path,
                original_path=Path(original) if isinstance(original, str) else None,
                saved_at=float(meta.get("saved_at", doc_path.stat().st_mtime)) if isinstance(meta, dict) else 0.0,
                name=str(meta.get("name", key)) if isinstance(meta, dict) else key,
            ))
        return sorted(entries, key=lambda e: e.saved_at, reverse=True)

    def load(self, entry: RecoveryEntry) -> TrackDocument:
        """The recovered document; raises DocumentError if the copy itself is damaged."""
        return load_track(entry.document_path)


__all__ = ["DocumentError", "RecoveryEntry", "RecoveryStore"]
