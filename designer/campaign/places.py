"""How a refusal names a place in a campaign file for the player: "roster row 2 (Bob)", "race 3, Ann", "game 1,
Max" — never the file's list indices ("players[1]", "races[2].results[0]"). `item_name` is the campaign format's
`designer.io.validation.ItemNamer`, used wherever a campaign's JSON is validated; the lists a game system keeps
in its own fields are named by its model (`RecordFields.item_name`)."""

from __future__ import annotations

from typing import Any

from designer.i18n import _

#: The longest name a refusal repeats: a longer one is what is refused (`model.campaign.PersonName`).
NAME_LIMIT = 40


def name_in(item: Any, key: str) -> str | None:
    """The item's name in `key` when it is one the player could have typed (else it may be what is refused)."""
    value = item.get(key) if isinstance(item, dict) else None
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > NAME_LIMIT \
            or not value.isprintable():
        return None
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate escape
        return None
    return value.strip()


def item_name(key: str, index: int, item: Any) -> str | None:
    """The player's name for item `index` (0-based) of the campaign file's list `key`, or None for a list this
    does not know (it then keeps its index)."""
    n = index + 1
    if key == "players":
        name = name_in(item, "name")
        return _("roster row {n} ({name})").format(n=n, name=name) if name else _("roster row {n}").format(n=n)
    if key == "drivers":
        name = name_in(item, "name")
        return _("driver {n} ({name})").format(n=n, name=name) if name else _("driver {n}").format(n=n)
    if key == "results":  # a player's result in a race: the player
        return name_in(item, "player") or _("result {n}").format(n=n)
    if key == "entries":  # a driver's entry in a game: the driver
        return name_in(item, "driver") or _("entry {n}").format(n=n)
    simple = {"races": _("race {n}"), "battles": _("battle {n}"), "games": _("game {n}"),
              "custom_characters": _("custom character {n}"), "upgrades": _("upgrade {n}"),
              "wipe_outs": _("Wipe Out {n}"), "grid": _("grid place {n}"), "karts": _("battle kart {n}")}
    if key in simple:
        return simple[key].format(n=n)
    from designer.model.record_fields import registered_fields  # the systems' own lists: not for reading a track

    return next((name for model in registered_fields() if (name := model.item_name(key, index, item))), None)
