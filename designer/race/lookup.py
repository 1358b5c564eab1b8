"""Lookups every system's race rules make: a card of the rule data by id, its name in the current language, and a
kart of the race by the name a player typed — each refused with one line (a RaceError), never a crash, when the
rule data or the race has no such thing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar

from designer.i18n import _
from designer.race.engine import RaceError
from designer.rules.texts import card_name


class Named(Protocol):
    name: str


K = TypeVar("K", bound=Named)


def rule_card(ruleset: Any, card_id: str) -> Any:
    """The rule data's card `card_id`; the rule data lost a card the race holds: refused."""
    card = ruleset.card_by_id(card_id)
    if card is None:
        raise RaceError(_("no card {id} in the rule data").format(id=repr(card_id)))
    return card


def card_named(ruleset: Any, card_id: str) -> str:
    return card_name(ruleset, rule_card(ruleset, card_id))


def named_kart(karts: Sequence[K], name: str | None) -> K:
    """The kart called `name` (any case, spaces trimmed)."""
    key = (name or "").strip().casefold()
    found = next((k for k in karts if k.name.casefold() == key), None)
    if found is None:
        raise RaceError(_("no kart {name} in this race (karts: {karts})").format(
            name=repr(name), karts=", ".join(k.name for k in karts)))
    return found
