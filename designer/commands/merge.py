"""The one enum of merge ids, and the swap command every mergeable edit is built on.

A `SwapCommand` holds a before and an after value and applies one or the other. With a merge key,
later commands of the same class, merge id and key fold into it (a drag, a scrub, a handle drag are one
undo step); a merged command that ends where it started becomes obsolete and leaves the stack.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from PySide6.QtGui import QUndoCommand


class MergeId(IntEnum):
    PLACEMENT = 1   # drags, nudges and rotations of the same selection
    FIELD = 2       # scrubbing one inspector spin box
    PROPERTY = 3    # document properties
    TRACK = 4       # dragging a track control point
    OUTLINE = 5     # dragging a scenery outline's vertex


class SwapCommand(QUndoCommand):
    """Swap between `before` and `after` through `apply(value)`; subclasses say how to apply a value."""

    def __init__(self, text: str, before: Any, after: Any, merge_id: MergeId | None = None,
                 merge_key: object = None) -> None:
        super().__init__(text)
        self._before = before
        self._after = after
        self._merge_id = merge_id
        self._merge_key = merge_key

    def apply(self, value: Any) -> None:
        raise NotImplementedError

    def can_merge(self, other: SwapCommand) -> bool:
        """Besides class, id and key: whether `other` edits the same thing (e.g. the same element ids)."""
        return True

    def id(self) -> int:
        # Without a key there is nothing to merge with: Qt only calls mergeWith for equal ids.
        return int(self._merge_id) if self._merge_id is not None and self._merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if type(other) is not type(self) or other._merge_key != self._merge_key or not self.can_merge(other):
            return False
        self._after = other._after
        if self._after == self._before:
            self.setObsolete(True)
        return True

    def redo(self) -> None:
        self.apply(self._after)

    def undo(self) -> None:
        self.apply(self._before)
