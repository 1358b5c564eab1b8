"""`CampaignSession`: the Qt facade over one campaign — the document, its rule context, its file and undo
stack. Every edit is a pure function from `designer.campaign.edit`; `apply` runs it and pushes the result
as one undoable command, or returns the refusal's one-line reason without changing anything."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.commands.campaign import ChangeCampaign
from designer.io.campaign_io import campaign_context, load_campaign, rebase_tracks, resolve_track, save_campaign
from designer.model.campaign import CampaignDocument


class CampaignSession(QObject):
    changed = Signal()        # the document changed (edit, undo, redo)
    path_changed = Signal()

    def __init__(self, document: CampaignDocument, path: str | Path | None = None,
                 context: Context | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.path: Path | None = Path(path) if path else None
        self._document = document
        self._context = context or campaign_context(document, self.path)
        self.undo_stack = QUndoStack(self)

    @classmethod
    def open(cls, path: str | Path, parent: QObject | None = None) -> CampaignSession:
        """Raises DocumentError (one line) when the file cannot be read or is inconsistent."""
        document, context = load_campaign(path)
        return cls(document, path, context, parent)

    @property
    def document(self) -> CampaignDocument:
        return self._document

    @property
    def context(self) -> Context:
        return self._context

    def apply(self, text: str, edit: Callable[..., CampaignDocument], *args: Any, **kwargs: Any) -> str | None:
        """Run `edit(document, context, *args)`; push it as one undo step. Returns the refusal, or None."""
        try:
            after = edit(self._document, self._context, *args, **kwargs)
        except CampaignError as exc:
            return str(exc)
        if after != self._document:
            self.undo_stack.push(ChangeCampaign(self, text, self._document, after, edit))
        return None

    def undo_edit(self) -> Callable[..., CampaignDocument] | None:
        """The pure edit of the step Undo would take back (None when there is none)."""
        stack = self.undo_stack
        command = stack.command(stack.index() - 1) if stack.canUndo() else None
        return getattr(command, "edit", None)

    def replace(self, document: CampaignDocument) -> None:
        """Commands only: make `document` current and tell the views."""
        tracks_moved = [r.track for r in document.races] != [r.track for r in self._document.races]
        self._document = document
        if tracks_moved:
            self._context = campaign_context(document, self.path)
        self.changed.emit()

    def save(self, path: str | Path | None = None) -> None:
        """Atomic save; raises DocumentError and leaves the session dirty on failure."""
        target = Path(path) if path else self.path
        if target is None:
            raise ValueError("no file name to save to")
        moved = self.path is None or target.resolve() != self.path.resolve()
        document = rebase_tracks(self._document, self.path, target) if moved else self._document
        save_campaign(document, target)
        if moved:
            self._document = document  # same tracks, paths now relative to the new file
            self.path = target
            self._context = campaign_context(self._document, self.path)
            self.path_changed.emit()
        self.undo_stack.setClean()

    def resolve_track(self, race_track: str | None) -> Path | None:
        return resolve_track(self.path, race_track)
