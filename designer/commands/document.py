"""Undoable document-level edits: properties (name, table, units …) and the track surface."""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QUndoCommand

from designer.commands.merge import MergeId
from designer.document.document import Document
from designer.model.track import TrackSurface


class ChangeProperties(QUndoCommand):
    def __init__(self, document: Document, values: dict[str, Any], text: str = "Change document properties",
                 merge_key: object = None) -> None:
        super().__init__(text)
        self._document = document
        self._before = {k: document.prop(k) for k in values}
        self._after = dict(values)
        self._merge_key = merge_key

    def id(self) -> int:  # noqa: A003
        return int(MergeId.PROPERTY) if self._merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        if not isinstance(other, ChangeProperties) or other._merge_key != self._merge_key:
            return False
        if set(other._after) != set(self._after):
            return False
        self._after = other._after
        if self._after == self._before:
            self.setObsolete(True)
        return True

    def redo(self) -> None:
        self._document.set_properties(self._after)

    def undo(self) -> None:
        self._document.set_properties(self._before)


class SetTrack(QUndoCommand):
    """Replace the track surface; with a `merge_key`, later SetTracks with the same key fold into this one."""

    def __init__(self, document: Document, track: TrackSurface | None, text: str = "Change track",
                 merge_key: object = None) -> None:
        super().__init__(text)
        self._document = document
        self._before = document.track
        self._after = track
        self._merge_key = merge_key

    def id(self) -> int:  # noqa: A003
        return int(MergeId.TRACK) if self._merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802
        if not isinstance(other, SetTrack) or other._merge_key != self._merge_key:
            return False
        self._after = other._after
        if self._after == self._before:
            self.setObsolete(True)
        return True

    def redo(self) -> None:
        self._document.set_track(self._after)

    def undo(self) -> None:
        self._document.set_track(self._before)
