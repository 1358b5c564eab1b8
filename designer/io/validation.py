"""Turn pydantic validation errors into short human text: `x_mm: must be a finite number`, the place named by the
format's `ItemNamer` as the player sees it (`element 4 (Thwomp): x_mm: …`), else by its list index (`items[3]`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from designer.i18n import N_, _, ngettext
from designer.io.display import clip

#: pydantic's error type → our reason (marked for the catalogue, translated when a reason is made).
_MESSAGES = {
    "finite_number": N_("must be a finite number"),
    "missing": N_("is required but missing"),
    "extra_forbidden": N_("unknown field"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "string_type": N_("must be a text string"),
    "string_unicode": N_("must be Unicode text, without lone \\udXXX escapes"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "list_type": N_("must be a list"),
    "tuple_type": N_("must be a list of two numbers"),
    "dict_type": N_("must be an object"),
    "model_type": N_("must be an object"),
    "model_attributes_type": N_("must be an object"),
}


#: How a file format names an item of one of its lists for the player, `(list key, 0-based index, the item's
#: data or None) → "roster row 2 (Bob)"`, or None to keep "players[1]" (a campaign: `campaign.places`).
ItemNamer = Callable[[str, int, Any], "str | None"]


#: The place a model-level check of a track names ("elements[3] (coin)"), untranslated (`model.track`).
_ELEMENT_AT = re.compile(r"elements\[(\d+)\]")


def _format_location(loc: tuple[Any, ...], data: Any, show_kind: bool = True,
                     name_item: ItemNamer | None = None) -> str:
    parts: list[str] = []
    named: set[int] = set()  # the parts that are an item's name: joined with ", ", and ": " before a field
    node = data
    i = 0
    while i < len(loc):
        key = loc[i]
        if isinstance(key, int):
            text = f"[{key}]"
            node = node[key] if isinstance(node, list) and 0 <= key < len(node) else None
            list_key = loc[i - 1] if i > 0 and isinstance(loc[i - 1], str) else None
            kind = node.get("kind") if isinstance(node, dict) else None
            # The discriminated union puts the kind into the location; show it once, in brackets.
            if i + 1 < len(loc) and isinstance(loc[i + 1], str) and loc[i + 1] == kind:
                i += 1
            label = name_item(list_key, key, node) if name_item is not None and list_key is not None else None
            if label and parts:
                parts[-1] = label
                named.add(len(parts) - 1)
                i += 1
                continue
            if show_kind and isinstance(kind, str):
                text += f" ({kind})"
            if parts:
                parts[-1] += text
            else:
                parts.append(text)
        else:
            node = node.get(key) if isinstance(node, dict) else None
            parts.append(clip(key))  # a key is input too: an unknown field may be 30 MB long
        i += 1
    # "elements[3] (thwomp)" stays one part, the field after it another; named items: "race 2, Ann: place"
    out: list[str] = []
    previous_named = False
    for at, part in enumerate(parts):
        if at in named and previous_named:
            out[-1] += ", " + part
        elif out and not previous_named and at not in named and not out[-1].endswith(")") \
                and not part.startswith("["):
            out[-1] += "." + part
        else:
            out.append(part)
        previous_named = at in named
    return ": ".join(out)


def _message(error: ErrorDetails) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    if kind == "union_tag_invalid":
        return _("unknown kind '{kind}'").format(kind=clip(ctx.get("tag")))
    if kind == "union_tag_not_found":
        return _("'kind' is missing")
    if kind == "literal_error":
        return _("must be {expected}").format(expected=ctx.get("expected"))
    if kind in ("greater_than", "greater_than_equal", "less_than", "less_than_equal"):
        symbol = {"greater_than": ">", "greater_than_equal": "≥", "less_than": "<", "less_than_equal": "≤"}[kind]
        bound = next(iter(ctx.values()), "")
        return _("must be {symbol} {bound}").format(symbol=symbol, bound=bound)
    if kind in ("too_long", "too_short"):
        return error["msg"][0].lower() + error["msg"][1:]
    if kind == "string_pattern_mismatch":
        return _("may contain only letters, digits and _ . : - and must start with a letter or digit")
    if kind == "value_error":
        return str(ctx.get("error", error["msg"])).removeprefix("Value error, ")
    message = _(_MESSAGES[kind]) if kind in _MESSAGES else error["msg"]
    return message[0].lower() + message[1:]


def describe_location(loc: tuple[Any, ...], data: Any, name_item: ItemNamer | None = None) -> str:
    """Where `loc` (keys and list indices into `data`) is, as a refusal names it ("race 2, Ann")."""
    return _format_location(loc, data, name_item=name_item)


def describe_validation_error(exc: ValidationError, data: Any,
                              name_item: ItemNamer | None = None) -> tuple[str, str]:
    """Return (location, reason) of the first error, plus a count of the others in the reason; `name_item`
    names the items of the format's lists as the player knows them."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    location = _format_location(tuple(first["loc"]), data, show_kind=first["type"] != "union_tag_invalid",
                                name_item=name_item)
    reason = _message(first)
    if not location and reason.startswith("elements["):  # model-level checks name their element
        location, _sep, reason = reason.partition(": ")
        index = _ELEMENT_AT.match(location)
        elements = data.get("elements") if isinstance(data, dict) else None
        if name_item is not None and index and isinstance(elements, list) and int(index[1]) < len(elements):
            location = name_item("elements", int(index[1]), elements[int(index[1])]) or location
    if len(errors) > 1:
        more = len(errors) - 1
        reason += " " + ngettext("(and {n} more problem)", "(and {n} more problems)", more).format(n=more)
    return location, reason
