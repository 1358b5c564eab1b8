"""Shared pieces of the rule-data models: the strict base class and bounded number/text types.

Pure data definitions: no Qt and no file access here. Error messages are whole sentences translated by
the callers (validators run when a file is read, after the language is set).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, StringConstraints

#: Nothing on a tabletop is bigger than this (100 m), so anything larger is a data error.
MAX_MM = 100_000.0

Mm = Annotated[float, Field(gt=0, le=MAX_MM)]
"""A strictly positive distance in millimetres."""

Count = Annotated[int, Field(ge=0, le=10_000)]
"""A non-negative whole number (coins, spaces, points, turns...)."""

Positive = Annotated[int, Field(ge=1, le=10_000)]
"""A whole number of at least one."""

D6 = Annotated[int, Field(ge=1, le=6)]
"""One face of a six-sided die."""

Name = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=80)]
"""A short label such as a card, character or template name."""

Text = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=600)]
"""A free explanatory note written in the project's own words."""

SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"

Slug = Annotated[str, StringConstraints(pattern=SLUG_PATTERN, max_length=64)]
"""A stable id: lower-case ASCII words joined by hyphens ("princess-peach"); it never changes when the
display name or its translation does, so documents refer to rule data by it."""

CardText = Annotated[str, StringConstraints(strip_whitespace=True, min_length=1, max_length=200)]
"""Rule text short enough to print on a card."""


class RuleModel(BaseModel):
    """Base of every rule-data model: unknown keys, NaN and infinity are refused; values are immutable."""

    model_config = ConfigDict(extra="forbid", allow_inf_nan=False, frozen=True, defer_build=True)


def new_list() -> list:
    """`default_factory` of a list field: an empty list, as `list` gives. Not `list` itself: pydantic reads each
    factory's signature, and a builtin's costs `inspect` compiling `tokenize`'s patterns (about 1 % of a
    `validate`)."""
    return []


def check_unique(values: Iterable[str], message: str) -> None:
    """Raise ValueError naming the first value that appears twice (compared case-insensitively): `message`
    with its `{value}` filled in ("duplicate card id {value}", translated by the caller)."""
    seen: set[str] = set()
    for value in values:
        key = value.casefold()
        if key in seen:
            raise ValueError(message.format(value=repr(value)))
        seen.add(key)


def slugify(name: str, taken: Iterable[str] = (), fallback: str = "custom") -> str:
    """A `Slug` made from a display name ("Princess Peach" → "princess-peach"), accents dropped; `-2`, `-3` …
    is added while it is one of `taken` (a name with no ASCII letter or digit becomes `fallback`)."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    base = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:56].strip("-") or fallback
    used = set(taken)
    slug, n = base, 1
    while slug in used:
        n += 1
        slug = f"{base}-{n}"
    return slug


def check_covers_d6(groups: Iterable[Iterable[int]], message: str, **values: str) -> None:
    """Raise ValueError unless the groups of die faces cover 1-6 exactly once between them: `message` with
    its `{faces}` (and `values`) filled in ("coin table must cover die faces 1-6 exactly once, got {faces}",
    translated by the caller)."""
    faces: list[int] = [face for group in groups for face in group]
    if sorted(faces) != [1, 2, 3, 4, 5, 6]:
        raise ValueError(message.format(faces=sorted(faces), **values))
