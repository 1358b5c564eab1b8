"""Lookups every system's race rules make: a card of the rule data by id, its name in the current language, a
kart of the race by the name a player typed, and the row of a coin-spending table a kart can pay — each refused
with one line (a RaceError), never a crash, when the rule data or the race has no such thing."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

from designer.i18n import _, ngettext
from designer.race.engine import RaceError
from designer.rules.texts import card_name


class Named(Protocol):
    name: str


K = TypeVar("K", bound=Named)
R = TypeVar("R")


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


def coin_spend(table: Sequence[R], cost: Callable[[R], int], n: int | None, name: str, coins: int) -> R:
    """The row of the rule data's spending `table` that costs `n` coins, when `name` holding `coins` can pay it."""
    row = next((r for r in table if cost(r) == n), None)
    if row is None:
        raise RaceError(_("coins are spent {costs} at a time, not {n}").format(
            costs=_(" or ").join(str(cost(r)) for r in table) or "-", n=n))
    if coins < cost(row):
        raise RaceError(ngettext("{name} has {coins} coin, not {cost}", "{name} has {coins} coins, not {cost}",
                                 coins).format(name=name, coins=coins, cost=cost(row)))
    return row
