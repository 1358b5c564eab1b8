"""Edit operations on a Document, each pushed as ONE undoable command (a macro when it has parts)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from designer.commands.document import ChangeProperties, ReshapeTrack
from designer.commands.elements import AddElements, ChangeElements, RemoveElements, ReorderElements
from designer.commands.elements import describe as _label
from designer.commands.merge import MergeId
from designer.document.document import Document
from designer.geometry.authoring import unpair_on_delete
from designer.geometry.track_follow import Anchor, anchors, follow_track
from designer.i18n import _
from designer.io.clipboard import prepare_paste
from designer.model.edit import placed
from designer.model.elements import Element
from designer.model.track import TrackSurface
from designer.rules import Ruleset
from designer.systems import registry

DUPLICATE_OFFSET_MM = (10.0, 10.0)


def _existing(document: Document, ids: Sequence[str]) -> list[Element]:
    return [e for e in (document.element(i) for i in ids) if e is not None]


def with_followers(document: Document, after: Sequence[Element]) -> list[Element]:
    """`after` and the new values of what the game system's `follow_moves` says goes with it (the arrows
    ending on a moved space), its own value winning for an element of `after` it returns."""
    system = registry.find(document.prop("ruleset"))
    if system is None or system.follow_moves is None or not after:
        return list(after)
    follow = {e.id: e for e in system.follow_moves(document.elements, after)}
    out = [follow.pop(e.id, e) for e in after]
    return out + [e for e in follow.values() if document.element(e.id) is not None]


def move_elements(document: Document, ids: Sequence[str], dx: float, dy: float, merge_key: object = None,
                  text: str = "Move") -> None:
    moving = _existing(document, ids)
    if not moving or (dx == 0 and dy == 0):
        return
    after = with_followers(document, [placed(e, e.x_mm + dx, e.y_mm + dy) for e in moving])
    before = _existing(document, [e.id for e in after])
    if before == after:
        return
    document.undo_stack.push(ChangeElements(document, before, after, _label(text, moving), MergeId.PLACEMENT,
                                            merge_key))


def set_placements(document: Document, after: Sequence[Element], merge_key: object = None,
                   text: str = "Move") -> None:
    """Replace placements wholesale (drags compute final positions themselves)."""
    placing = _existing(document, [e.id for e in after])
    after = with_followers(document, after)
    before = _existing(document, [e.id for e in after])
    if before == after:
        return
    document.undo_stack.push(ChangeElements(document, before, after, _label(text, placing), MergeId.PLACEMENT,
                                            merge_key))


def rotate_elements(document: Document, ids: Sequence[str], degrees: float, merge_key: object = None,
                    pivot: tuple[float, float] | None = None) -> None:
    """Rotate each element by `degrees`; with several, they also turn about their common centre (or `pivot`)."""
    turning = _existing(document, ids)
    if not turning or degrees == 0:
        return
    if pivot is None:
        pivot = (sum(e.x_mm for e in turning) / len(turning), sum(e.y_mm for e in turning) / len(turning))
    cos, sin = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    after = []
    for e in turning:
        rx, ry = e.x_mm - pivot[0], e.y_mm - pivot[1]
        after.append(placed(e, pivot[0] + rx * cos - ry * sin, pivot[1] + rx * sin + ry * cos,
                            e.rotation_deg + degrees))
    after = with_followers(document, after)
    before = _existing(document, [e.id for e in after])
    if before == after:
        return
    document.undo_stack.push(ChangeElements(document, before, after, _label("Rotate", turning), MergeId.PLACEMENT,
                                            merge_key))


def change_elements(document: Document, after: Sequence[Element], text: str, merge_key: object = None,
                    merge_id: MergeId = MergeId.FIELD) -> None:
    """Replace elements by new values; with a `merge_key`, later changes of `merge_id` fold into one step.
    What follows them (the game system's `follow_moves`) changes in the same step."""
    after = with_followers(document, after)
    before = _existing(document, [e.id for e in after])
    if before == list(after):
        return
    merging = merge_id if merge_key is not None else None
    document.undo_stack.push(ChangeElements(document, before, list(after), text, merging, merge_key))


def add_elements(document: Document, elements: Sequence[Element], text: str = "") -> None:
    if elements:
        document.undo_stack.push(AddElements(document, elements, text))


def delete_elements(document: Document, ids: Sequence[str]) -> None:
    """Remove elements; links to them (a pipe's partner, Bill's launcher) are cleared in the same step, and
    so is what the game system's `delete_cascade` asks for (more elements to go, others renumbered)."""
    present = [i for i in ids if document.element(i) is not None]
    if not present:
        return
    text = _label("Delete", _existing(document, present))
    system = registry.find(document.prop("ruleset"))
    extra, renumbered = system.delete_cascade(document.elements, present) if system and system.delete_cascade \
        else ([], [])
    present += [i for i in extra if i not in present and document.element(i) is not None]
    remove = RemoveElements(document, present, text)
    unlinked = unpair_on_delete(document.elements, present)
    if not unlinked and not renumbered:
        document.undo_stack.push(remove)
        return
    with macro(document, text):
        for changed, step in ((unlinked, _("Unlink")), (renumbered, text)):
            if changed:
                before = _existing(document, [e.id for e in changed])
                document.undo_stack.push(ChangeElements(document, before, changed, step, None, None))
        document.undo_stack.push(remove)


def paste_elements(document: Document, elements: Sequence[Element], at: tuple[float, float] | None = None,
                   offset: tuple[float, float] = (0.0, 0.0), text: str = "Paste") -> list[str]:
    copies = prepare_paste(elements, document.ids(), at=at, offset=offset)
    add_elements(document, copies, _label(text, copies))
    return [e.id for e in copies]


def duplicate_elements(document: Document, ids: Sequence[str]) -> list[str]:
    originals = _existing(document, ids)
    return paste_elements(document, originals, offset=DUPLICATE_OFFSET_MM, text="Duplicate")


def reorder_elements(document: Document, ids: Sequence[str], to_front: bool) -> None:
    if ids:
        document.undo_stack.push(ReorderElements(document, ids, to_front))


def not_offered(elements: Sequence[Element], ruleset: Ruleset) -> list[Element]:
    """The elements whose kind `ruleset` does not offer, in document order."""
    offered = set(ruleset.element_kinds)
    return [e for e in elements if e.kind not in offered]


def change_properties(document: Document, values: dict[str, Any], text: str, remove: Sequence[str] = ()) -> None:
    """Change document properties as one undo step. With `remove` (the ids of what a new ruleset does not
    offer) those elements go in the same step, links to them cleared: undo brings back the old properties
    and every element at its old index."""
    present = [i for i in remove if document.element(i) is not None]
    if not present:
        if values:
            document.undo_stack.push(ChangeProperties(document, values, text))
        return
    with macro(document, text):
        delete_elements(document, present)
        if values:
            document.undo_stack.push(ChangeProperties(document, values, text))


class TrackOrigin:
    """The track and elements before a reshape (a drag's start), and the elements standing on that track."""

    def __init__(self, document: Document) -> None:
        self.track = document.track
        self.elements = list(document.elements)
        self.anchors: dict[str, Anchor] = anchors(self.track, self.elements) if self.track is not None else {}


def reshape_track(document: Document, track: TrackSurface, text: str, merge_key: object = None,
                  origin: TrackOrigin | None = None) -> None:
    """Set a reshaped track and carry the elements standing on the old one along (`track_follow`), with what
    follows them (`with_followers`), as ONE undo step; `origin` (a drag's start) is measured from instead of
    the document as it is now, so a whole drag re-places from where the elements stood before it."""
    origin = origin if origin is not None else TrackOrigin(document)
    following: list[Element] = []
    if origin.track is not None and origin.anchors:
        following = with_followers(document, follow_track(origin.track, track, origin.elements, origin.anchors))
    document.undo_stack.push(ReshapeTrack(document, track, following, text, merge_key))


def restore_track(document: Document, origin: TrackOrigin, text: str, merge_key: object = None) -> None:
    """Put back the track and the elements a drag carried (a cancelled drag's last step, merging it away)."""
    ids = set(origin.anchors)
    moved = with_followers(document, [e for e in origin.elements if e.id in ids]) if ids else []
    before = {e.id: e for e in origin.elements}
    back = [before[e.id] for e in moved if e.id in before]
    document.undo_stack.push(ReshapeTrack(document, origin.track, back, text, merge_key))


def macro(document: Document, text: str) -> _Macro:
    """`with macro(doc, "Fill item boxes"): …` groups every command pushed inside into one undo step."""
    return _Macro(document, text)


class _Macro:
    def __init__(self, document: Document, text: str) -> None:
        self._stack = document.undo_stack
        self._text = text

    def __enter__(self) -> None:
        self._stack.beginMacro(self._text)

    def __exit__(self, *exc: object) -> None:
        self._stack.endMacro()


__all__ = [
    "add_elements", "change_elements", "change_properties", "delete_elements", "duplicate_elements", "macro",
    "move_elements", "not_offered", "paste_elements", "reorder_elements", "reshape_track", "restore_track",
    "rotate_elements", "set_placements", "with_followers",
]
