"""Undoable board edits (Mario Kart Board Game): one command applies a `BoardEdit` — removals, changed
values, additions — as ONE undo step, and undo puts every element back at its old index with its old value.

Used for laying spaces along the track, inserting a space (the later ones renumbered) and cycling fields;
deleting a space goes through `designer.document.operations.delete_elements` (the system's delete cascade).
"""

from __future__ import annotations

from PySide6.QtGui import QUndoCommand

from designer.document.document import Document
from designer.i18n import _, ngettext
from designer.systems.mk_board.board import BoardEdit


class ApplyBoardEdit(QUndoCommand):
    """Remove `edit.removed`, replace `edit.changed`, append `edit.added`; undo does the reverse."""

    def __init__(self, document: Document, edit: BoardEdit, text: str) -> None:
        super().__init__(text)
        self._document = document
        self._edit = edit
        self._before = [document.element(e.id) for e in edit.changed]
        self._removed: list = []

    def redo(self) -> None:
        document = self._document
        self._removed = document.remove_elements(self._edit.removed) if self._edit.removed else []
        if self._edit.changed:
            document.replace_elements(self._edit.changed)
        if self._edit.added:
            start = len(document)
            document.insert_elements([(start + n, e) for n, e in enumerate(self._edit.added)])

    def undo(self) -> None:
        document = self._document
        if self._edit.added:
            document.remove_elements([e.id for e in self._edit.added])
        if self._before:
            document.replace_elements(self._before)
        if self._removed:
            document.insert_elements(self._removed)


def lay_text(count: int) -> str:
    return ngettext("Lay {n} space along the track", "Lay {n} spaces along the track", count).format(n=count)


def insert_text() -> str:
    return _("Insert space")


def cycle_text(count: int) -> str:
    return ngettext("Change the field of {n} space", "Change the field of {n} spaces", count).format(n=count)


def shortcut_text() -> str:
    return _("Add shortcut")


def push(document: Document, edit: BoardEdit, text: str) -> bool:
    """Push `edit` as one undo step named `text`; False (nothing pushed) when it changes nothing."""
    if not edit:
        return False
    document.undo_stack.push(ApplyBoardEdit(document, edit, text))
    return True
