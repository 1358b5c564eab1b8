"""The shown and printed texts of the rule data (`resources/rulesets/*.json`) in the user's language.

The rule files and the models loaded from them stay English (the loaders cache one copy for every language,
and documents store ids, never names); a text is translated only where it is shown, through the one
gettext catalogue, with `pgettext`. Each text has its own context, so the same English word in two places
("Banana" the Gaslands card, "Banana" the Downforce token) can be translated differently:

    "<ruleset id>|<path>"          e.g. "mk-gaslands|deck/green-shell/text"

Paths name the JSON keys from the file's top, list items by their `id` ("characters/mario/name"), and
items without an id by a stable key: their `cost` (coin spends), else the slug of their English name
(`slugify`: "templates/turns/hairpin/name"). A system's own rule-data section (`RuleSection`) lists its texts
itself, under its key ("<key>/…"), and has its own look-ups in its package.

`rule_messages` lists every translatable text of one rule file (the catalogue extractor,
`designer.rules.extract`, yields them); ids, numbers, tags, units and codes stay out. The helpers below
(`card_name`, `card_text`, `character_name`, …) look one text up; each takes the Ruleset or its id.
Values from a fixed vocabulary (character weights, pawn and kart colours) are plain catalogue messages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from designer.i18n import _, ngettext, pgettext
from designer.rules.base import slugify

#: The keys of a deck card that are shown or printed.
CARD_KEYS = ("name", "text", "reach", "uses_note")
#: The notes of `deck_rules` (how the deck is held, used and refilled).
DECK_RULE_KEYS = ("notes", "last_place_note")
#: What `rule_messages` says to translators about each kind of text (the last part of its path).
COMMENTS = {
    "text": "Rule text printed on a card: keep it short (at most 200 characters).",
    "reach": "Printed on a card after \"Reach:\".",
    "uses_note": "Printed at a card's foot beside one tick circle per use.",
}

def context(ruleset_id: str, path: str) -> str:
    """The catalogue context of one rule-data text: "mk-gaslands|deck/green-shell/name"."""
    return f"{ruleset_id}|{path}"


def key_of(name: str) -> str:
    """The stable path key of a list item without an id: the slug of its English name ("? Block" → "block")."""
    return slugify(name)


def _id(ruleset: Any) -> str:
    return ruleset if isinstance(ruleset, str) else ruleset.id


def rule_text(ruleset: Any, path: str, english: str) -> str:
    """`english`, the rule-data text at `path` of the ruleset (a Ruleset or its id), in the current language."""
    if not english:
        return english
    return pgettext(context(_id(ruleset), path), english)


def optional_text(ruleset: Any, path: str, english: str | None) -> str | None:
    """`rule_text` of a text the rule data may leave out (None stays None)."""
    return None if english is None else rule_text(ruleset, path, english)


# --- the texts of one rule file ----------------------------------------------------------------------
def json_items(section: object, key: str) -> list[Mapping[str, Any]]:
    """The objects of the list `section[key]` of parsed JSON (nothing when it is not there or not a list)."""
    found = section.get(key) if isinstance(section, Mapping) else None
    return [item for item in found if isinstance(item, Mapping)] if isinstance(found, list) else []


def json_names(section: object, key: str) -> list[str]:
    """The strings of the list `section[key]` of parsed JSON."""
    found = section.get(key) if isinstance(section, Mapping) else None
    return [item for item in found if isinstance(item, str)] if isinstance(found, list) else []


def rule_messages(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(context, English, path) for every translatable text of one rule file's parsed JSON: the shared sections',
    then those of the registered systems' own sections (`RuleSection.texts`)."""
    from designer.systems import registry  # the systems are only needed to read their sections' texts

    ruleset_id = str(data.get("id", ""))

    def out(path: str, value: object) -> Iterator[tuple[str, str, str]]:
        if isinstance(value, str) and value.strip():
            yield context(ruleset_id, path), value, path

    yield from out("name", data.get("name"))
    yield from out("summary", data.get("summary"))
    for character in json_items(data, "characters"):
        yield from out(f"characters/{character.get('id')}/name", character.get("name"))
    for card in json_items(data, "deck"):
        for key in CARD_KEYS:
            yield from out(f"deck/{card.get('id')}/{key}", card.get(key))
    deck_rules = data.get("deck_rules")
    for key in DECK_RULE_KEYS:
        yield from out(f"deck_rules/{key}", deck_rules.get(key) if isinstance(deck_rules, Mapping) else None)
    for kind in ("straights", "turns"):
        for template in json_items(data.get("templates"), kind):
            yield from out(f"templates/{kind}/{key_of(str(template.get('name')))}/name", template.get("name"))
    for spend in json_items(data.get("coins"), "spend"):
        yield from out(f"coins/spend/{spend.get('cost')}/effect", spend.get("effect"))
    for declared in registry.rule_sections():
        value = data.get(declared.key)
        if isinstance(value, Mapping) and (section := declared.resolved()).texts is not None:
            for path, text in section.texts(value):
                yield from out(f"{section.key}/{path}", text)


# --- looking one up ----------------------------------------------------------------------------------
def ruleset_name(ruleset: Any) -> str:
    return rule_text(ruleset, "name", ruleset.name)


def ruleset_summary(ruleset: Any) -> str:
    return rule_text(ruleset, "summary", ruleset.summary)


def character_name(ruleset: Any, character: Any) -> str:
    """A character's name; one the ruleset doesn't know (a campaign's custom character) as it is spelt."""
    return rule_text(ruleset, f"characters/{character.id}/name", character.name)


def card_name(ruleset: Any, card: Any) -> str:
    return rule_text(ruleset, f"deck/{card.id}/name", card.name)


def card_text(ruleset: Any, card: Any) -> str:
    return rule_text(ruleset, f"deck/{card.id}/text", card.text)


def card_reach(ruleset: Any, card: Any) -> str | None:
    return optional_text(ruleset, f"deck/{card.id}/reach", card.reach)


def card_uses_note(ruleset: Any, card: Any) -> str | None:
    return optional_text(ruleset, f"deck/{card.id}/uses_note", card.uses_note)


def card_effects(card: Any) -> list[str]:
    """What a card's race-day numbers do, one short line each, worded here from `roll_multiplier`,
    `rivals_move_divisor` and `hit_turns` (the card's `text` is the rule data's words and may not say them)."""
    lines = []
    if card.roll_multiplier is not None:
        lines.append(_("Your roll × {n}").format(n=card.roll_multiplier))
    if card.rivals_move_divisor is not None:
        lines.append(_("Rivals' next rolls ÷ {n}, round down").format(n=card.rivals_move_divisor))
    if card.hit_turns is not None:
        lines.append(ngettext("Hit: miss {n} turn", "Hit: miss {n} turns", card.hit_turns).format(n=card.hit_turns)
                     if card.hit_turns else _("Hit: no turn missed"))
    return lines


def deck_rule_note(ruleset: Any, key: str) -> str | None:
    """One of `DECK_RULE_KEYS` of the ruleset's deck rules, or None when it has none."""
    return optional_text(ruleset, f"deck_rules/{key}", getattr(ruleset.deck_rules, key))


def template_name(ruleset: Any, kind: str, name: str) -> str:
    """A movement template's name; `kind` is "straights" or "turns"."""
    return rule_text(ruleset, f"templates/{kind}/{key_of(name)}/name", name)


def coin_spend_effect(ruleset: Any, spend: Any) -> str:
    return rule_text(ruleset, f"coins/spend/{spend.cost}/effect", spend.effect)


def weight_name(weight: str | None) -> str | None:
    """A character weight ("Middleweight": a fixed vocabulary, the same in every ruleset, and the same messages
    as the campaign roster's weight list); another as it is."""
    names = {"Lightweight": _("Lightweight"), "Middleweight": _("Middleweight"), "Heavyweight": _("Heavyweight")}
    return None if weight is None else names.get(weight, weight)


def colour_name(colour: str | None) -> str | None:
    """A pawn or kart colour the rule files name ("red"); another as it is."""
    names = {
        "red": pgettext("colour", "red"), "blue": pgettext("colour", "blue"),
        "green": pgettext("colour", "green"), "yellow": pgettext("colour", "yellow"),
        "purple": pgettext("colour", "purple"), "white": pgettext("colour", "white"),
        "black": pgettext("colour", "black"), "orange": pgettext("colour", "orange"),
    }
    return None if colour is None else names.get(colour, colour)
