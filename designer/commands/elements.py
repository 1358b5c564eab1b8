"""Undoable element edits: add, remove (remembering indices), change values (mergeable), reorder."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtGui import QUndoCommand

from designer.commands.merge import MergeId, SwapCommand
from designer.document.document import Document
from designer.i18n import _, ngettext, pgettext
from designer.model.elements import Element
from designer.model.kind_names import kind_in_sentence


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
        return isinstance(other, ChangeElements) and other._ids == self._ids

    def apply(self, value: list[Element]) -> None:
        self._document.replace_elements(value)


class ReorderElements(QUndoCommand):
    """Bring to front / send to back: the whole order is swapped, so undo restores it exactly."""

    def __init__(self, document: Document, ids: Sequence[str], to_front: bool) -> None:
        super().__init__(_("Bring to front") if to_front else _("Send to back"))
        self._document = document
        self._before = [e.id for e in document.elements]
        moving = [i for i in self._before if i in set(ids)]
        rest = [i for i in self._before if i not in set(ids)]
        self._after = rest + moving if to_front else moving + rest

    def redo(self) -> None:
        self._document.set_order(self._after)

    def undo(self) -> None:
        self._document.set_order(self._before)


def kind_phrase(kind: str) -> str:
    """How an undo text or a tool hint names one element of `kind` mid-sentence ("boost pad"), translated;
    a kind of an outside system is named from its code."""
    words = {
        "start_finish": pgettext("element kind in a sentence", "start finish"),
        "gate": pgettext("element kind in a sentence", "gate"),
        "item_box": pgettext("element kind in a sentence", "item box"),
        "coin": pgettext("element kind in a sentence", "coin"),
        "boost_pad": pgettext("element kind in a sentence", "boost pad"),
        "dash_panel": pgettext("element kind in a sentence", "dash panel"),
        "ramp": pgettext("element kind in a sentence", "ramp"),
        "warp_pipe": pgettext("element kind in a sentence", "warp pipe"),
        "bullet_bill": pgettext("element kind in a sentence", "bullet bill"),
        "thwomp": pgettext("element kind in a sentence", "thwomp"),
        "piranha_plant": pgettext("element kind in a sentence", "piranha plant"),
        "chain_chomp": pgettext("element kind in a sentence", "chain chomp"),
        "wandering_threat": pgettext("element kind in a sentence", "wandering threat"),
        "scenery": pgettext("element kind in a sentence", "scenery"),
    }
    return words.get(kind) or kind_in_sentence(kind) or kind.replace("_", " ")


#: The undo text of each verb `describe` knows, for one element ({kind}) and for several ({n}): whole
#: sentences, so each language puts the verb where it belongs.
_ONE: dict[str, Callable[[], str]] = {
    "Add": lambda: _("Add {kind}"),
    "Delete": lambda: _("Delete {kind}"),
    "Move": lambda: _("Move {kind}"),
    "Nudge": lambda: _("Nudge {kind}"),
    "Rotate": lambda: _("Rotate {kind}"),
    "Paste": lambda: _("Paste {kind}"),
    "Duplicate": lambda: _("Duplicate {kind}"),
}
_MANY: dict[str, Callable[[int], str]] = {
    "Add": lambda n: ngettext("Add {n} element", "Add {n} elements", n),
    "Delete": lambda n: ngettext("Delete {n} element", "Delete {n} elements", n),
    "Move": lambda n: ngettext("Move {n} element", "Move {n} elements", n),
    "Nudge": lambda n: ngettext("Nudge {n} element", "Nudge {n} elements", n),
    "Rotate": lambda n: ngettext("Rotate {n} element", "Rotate {n} elements", n),
    "Paste": lambda n: ngettext("Paste {n} element", "Paste {n} elements", n),
    "Duplicate": lambda n: ngettext("Duplicate {n} element", "Duplicate {n} elements", n),
}


def describe(verb: str, elements: Sequence[Element]) -> str:
    """The undo text for `verb` (English, e.g. "Move") done to `elements`: "Move boost pad", "Move 3 elements",
    in the current language. A verb not listed above is used as given, before the kind or the count."""
    n = len(elements)
    if n == 1:
        template = _ONE[verb]() if verb in _ONE else pgettext("undo text of another edit", "{verb} {kind}")
        return template.format(verb=verb, kind=kind_phrase(elements[0].kind))
    template = _MANY[verb](n) if verb in _MANY else ngettext("{verb} {n} element", "{verb} {n} elements", n)
    return template.format(verb=verb, n=n)


def describe_field(field: str, elements: Sequence[Element]) -> str:
    """The undo text of an edit of one field (its label as it reads in a sentence, "pads") of `elements`:
    "Set pads of dash panel", "Set pads of 3 elements", in the current language."""
    n = len(elements)
    if n == 1:
        return _("Set {field} of {element}").format(field=field, element=kind_phrase(elements[0].kind))
    return ngettext("Set {field} of {n} element", "Set {field} of {n} elements", n).format(field=field, n=n)
