"""How a refusal names an element of a track file (or of the clipboard) for the player: by what is printed on
it when it has a number ("space 33", "track section 5", "gate 4"), else by its place in the file, 1-based, and
its translated kind name, with its own name if it has one ("element 2 (Thwomp)", "element 5 (Scenery 'Castle')")
— never "elements[1]" or an id. `element_item` is the track format's `designer.io.validation.ItemNamer`.

Generic: a game system names its own kinds through `System.element_labels` (`designer.model.kind_names`).
"""

from __future__ import annotations

from typing import Any

from designer.i18n import _, pgettext
from designer.model.elements import element_kinds
from designer.model.kind_names import element_label, fill_label, kind_name

#: The text fields that name one element ("Goomba", a scenery's "Castle"), in the order tried.
_NAME_FIELDS = ("label", "name")
#: The longest name a refusal repeats.
_NAME_LIMIT = 40


def _showable(value: Any) -> bool:
    """Is `value` a name a refusal may repeat (short printable text: a longer or odd one may be what is refused)?"""
    return isinstance(value, str) and 0 < len(value.strip()) <= _NAME_LIMIT and value.isprintable() \
        and not any("\ud800" <= ch <= "\udfff" for ch in value)


def element_place(index: int, item: Any) -> str:
    """"space 33", "gate 4", "element 2 (Thwomp)": element `index` (0-based) of a file, its data `item` as read."""
    fields = item if isinstance(item, dict) else {}
    kind = fields.get("kind")
    if not isinstance(kind, str) or kind not in element_kinds():
        return _("element {n}").format(n=index + 1)
    if kind == "gate":
        shown = fill_label(pgettext("check: element mid-sentence", "gate {number}"),
                           lambda _name: fields.get("order"))
    else:
        shown = element_label(kind, fields.get, middle=True)
    if shown is not None:
        return shown
    name = next((fields[key].strip() for key in _NAME_FIELDS if _showable(fields.get(key))), None)
    what = kind_name(kind) + (f" '{name}'" if name else "")
    return _("element {n} ({kind})").format(n=index + 1, kind=what)


def element_item(key: str, index: int, item: Any) -> str | None:
    """The track format's `ItemNamer`: its `elements` by `element_place`; its other lists keep their index."""
    return element_place(index, item) if key == "elements" else None
