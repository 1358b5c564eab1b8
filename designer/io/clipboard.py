"""Elements on the clipboard as JSON, so copy/paste works between documents (and other programs)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from pydantic import ValidationError

from designer.i18n import _
from designer.io.element_names import element_place
from designer.io.errors import DocumentError
from designer.io.jsonfile import parse_json_text
from designer.io.validation import describe_validation_error
from designer.model.edit import placed, unique_id, validate_element
from designer.model.elements import Element

CLIPBOARD_FORMAT = "kartographer-elements"
MIME_TYPE = "application/x-kartographer-elements+json"


def elements_to_json(elements: Sequence[Element]) -> str:
    return json.dumps(
        {"format": CLIPBOARD_FORMAT, "elements": [e.model_dump(mode="json") for e in elements]},
        ensure_ascii=False,
    )


def elements_from_json(text: str) -> list[Element]:
    """Parse clipboard text; raises DocumentError (one line) when it is not ours or not valid."""
    data: Any = parse_json_text(text, _("clipboard"))
    if (not isinstance(data, dict) or data.get("format") != CLIPBOARD_FORMAT
            or not isinstance(data.get("elements"), list)):
        raise DocumentError(_("clipboard"), _("does not hold Kartographer elements"))
    elements = []
    for index, item in enumerate(data["elements"]):
        try:
            elements.append(validate_element(item))
        except ValidationError as exc:
            location, reason = describe_validation_error(exc, item)
            kind = item.get("kind") if isinstance(item, dict) else None
            if isinstance(kind, str) and location.startswith(kind + "."):  # the union's tag: the place names it
                location = location[len(kind) + 1:]
            where = element_place(index, item) + (f": {location}" if location else "")
            raise DocumentError(_("clipboard"), reason, where) from None
    return elements


def prepare_paste(elements: Sequence[Element], taken: Iterable[str], at: tuple[float, float] | None = None,
                  offset: tuple[float, float] = (0.0, 0.0)) -> list[Element]:
    """Fresh ids for the pasted copies (links between them follow), centred on `at` or shifted by `offset`."""
    used = set(taken)
    renamed: dict[str, str] = {}
    for element in elements:
        new = unique_id(element.id, used) if element.id in used else element.id
        used.add(new)
        renamed[element.id] = new
    if at is not None and elements:
        cx = sum(e.x_mm for e in elements) / len(elements)
        cy = sum(e.y_mm for e in elements) / len(elements)
        offset = (at[0] - cx, at[1] - cy)
    result = []
    for element in elements:
        links = {}
        for field in ("pair", "launcher"):
            target = getattr(element, field, None)
            if target is not None:
                links[field] = renamed.get(target, target if target in taken else None)
        copy = element.model_copy(update={"id": renamed[element.id], **links})
        result.append(placed(copy, element.x_mm + offset[0], element.y_mm + offset[1]))
    return result
