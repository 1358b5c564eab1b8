"""Undoable element edits: add, remove (remembering indices), change values (mergeable), reorder."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtGui import QUndoCommand

from designer.commands.merge import MergeId, SwapCommand
from designer.document.document import Document
from designer.model.elements import Element


class AddElements(QUndoCommand):
    """Append elements (or insert at `index`); undo removes exactly those ids."""

    def __init__(self, document: Document, elements: Sequence[Element], text: str = "",
                 index: int | None = None) -> None:
        super().__init__(text or describe("Add", elements))
        self._document = document
        start = len(document) if index is None else index
        self._placements = [(start + n, e) for n, e in enumerate(elements)]

    def redo(self) -> None:
        self._document.insert_elements(self._placements)

    def undo(self) -> None:
        self._document.remove_elements([e.id for _, e in self._placements])


class RemoveElements(QUndoCommand):
    """Remove elements; undo re-inserts each at its old index, so the list order is restored exactly."""

    def __init__(self, document: Document, ids: Sequence[str], text: str = "") -> None:
        elements = [document.element(i) for i in ids]
        super().__init__(text or describe("Delete", [e for e in elements if e is not None]))
        self._document = document
        self._ids = list(ids)
        self._removed: list[tuple[int, Element]] = []

    def redo(self) -> None:
        self._removed = self._document.remove_elements(self._ids)

    def undo(self) -> None:
        self._document.insert_elements(self._removed)


class ChangeElements(SwapCommand):
    """Swap elements between before and after values. Mergeable: a drag or a scrub is one undo step.

    Two commands merge when they carry the same merge id and `merge_key` and touch the same ids.
    A merged command whose result equals its start becomes obsolete and leaves the stack.
    """

    def __init__(self, document: Document, before: Sequence[Element], after: Sequence[Element], text: str,
                 merge_id: MergeId | None = None, merge_key: object = None) -> None:
        self._document = document
        self._ids = frozenset(e.id for e in before)
        super().__init__(text, list(before), list(after), merge_id, merge_key)

    def can_merge(self, other: SwapCommand) -> bool:
        return other._ids == self._ids

    def apply(self, value: list[Element]) -> None:
        self._document.replace_elements(value)


class ReorderElements(QUndoCommand):
    """Bring to front / send to back: the whole order is swapped, so undo restores it exactly."""

    def __init__(self, document: Document, ids: Sequence[str], to_front: bool) -> None:
        super().__init__("Bring to front" if to_front else "Send to back")
        self._document = document
        self._before = [e.id for e in document.elements]
        moving = [i for i in self._before if i in set(ids)]
        rest = [i for i in self._before if i not in set(ids)]
        self._after = rest + moving if to_front else moving + rest

    def redo(self) -> None:
        self._document.set_order(self._after)

    def undo(self) -> None:
        self._document.set_order(self._before)


def describe(verb: str, elements: Sequence[Element]) -> str:
    if len(elements) == 1:
        return f"{verb} {elements[0].kind.replace('_', ' ')}"
    return f"{verb} {len(elements)} elements"
