"""The shown and printed texts of the rule data (`resources/rulesets/*.json`) in the user's language.

The rule files and the models loaded from them stay English (the loaders cache one copy for every language,
and documents store ids, never names); a text is translated only where it is shown, through the one
gettext catalogue, with `pgettext`. Each text has its own context, so the same English word in two places
("Banana" the Gaslands card, "Banana" the Downforce token) can be translated differently:

    "<ruleset id>|<path>"          e.g. "mk-gaslands|deck/green-shell/text"

Paths name the JSON keys from the file's top, list items by their `id` ("characters/mario/name"), and
items without an id by a stable key: their `kind` (board spaces), their `cost` (coin spends), `stat`
(PitchKart stat notes), else the slug of their English name (`slugify`: "templates/turns/hairpin/name",
"axles/components/light-weapon/note", "downforce/tokens/block"); a roll-table outcome by its index;
PitchKart's track pieces by id ("pitchkart/inventory/pieces/curve-45/name").

`rule_messages` lists every translatable text of one rule file (the catalogue extractor,
`designer.rules.extract`, yields them); ids, numbers, tags, units and codes stay out. The helpers below
(`card_name`, `card_text`, `character_name`, …) look one text up; each takes the Ruleset or its id.
Values from a fixed vocabulary (character weights, pawn and kart colours) are plain catalogue messages.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from designer.i18n import _, pgettext
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


def _optional(ruleset: Any, path: str, english: str | None) -> str | None:
    return None if english is None else rule_text(ruleset, path, english)


# --- the texts of one rule file ----------------------------------------------------------------------
def rule_messages(data: Mapping[str, Any]) -> Iterator[tuple[str, str, str]]:
    """(context, English, path) for every translatable text of one rule file's parsed JSON."""
    ruleset_id = str(data.get("id", ""))

    def out(path: str, value: object) -> Iterator[tuple[str, str, str]]:
        if isinstance(value, str) and value.strip():
            yield context(ruleset_id, path), value, path

    def items(section: object, key: str) -> list[Mapping[str, Any]]:
        found = section.get(key) if isinstance(section, Mapping) else None
        return [item for item in found if isinstance(item, Mapping)] if isinstance(found, list) else []

    def names(section: object, key: str) -> list[str]:
        found = section.get(key) if isinstance(section, Mapping) else None
        return [item for item in found if isinstance(item, str)] if isinstance(found, list) else []

    yield from out("name", data.get("name"))
    yield from out("summary", data.get("summary"))
    for character in items(data, "characters"):
        yield from out(f"characters/{character.get('id')}/name", character.get("name"))
    for card in items(data, "deck"):
        for key in CARD_KEYS:
            yield from out(f"deck/{card.get('id')}/{key}", card.get(key))
    deck_rules = data.get("deck_rules")
    for key in DECK_RULE_KEYS:
        yield from out(f"deck_rules/{key}", deck_rules.get(key) if isinstance(deck_rules, Mapping) else None)
    for kind in ("straights", "turns"):
        for template in items(data.get("templates"), kind):
            yield from out(f"templates/{kind}/{key_of(str(template.get('name')))}/name", template.get("name"))
    for spend in items(data.get("coins"), "spend"):
        yield from out(f"coins/spend/{spend.get('cost')}/effect", spend.get("effect"))
    for space in items(data.get("board"), "spaces"):
        kind = str(space.get("kind"))
        yield from out(f"board/spaces/{kind}/name", space.get("name"))
        yield from out(f"board/spaces/{kind}/effect", space.get("effect"))
        for index, outcome in enumerate(items(space, "roll_table")):
            yield from out(f"board/spaces/{kind}/roll_table/{index}/effect", outcome.get("effect"))
    pitchkart = data.get("pitchkart")
    stats = pitchkart.get("stats") if isinstance(pitchkart, Mapping) else None
    for stat, note in (stats.items() if isinstance(stats, Mapping) else ()):
        yield from out(f"pitchkart/stats/{stat}", note)
    inventory = pitchkart.get("inventory") if isinstance(pitchkart, Mapping) else None
    for piece in items(inventory, "pieces"):
        yield from out(f"pitchkart/inventory/pieces/{piece.get('id')}/name", piece.get("name"))
    yield from out("pitchkart/inventory/notes", inventory.get("notes") if isinstance(inventory, Mapping) else None)
    for key in ("item_die_faces", "tokens"):
        for face in names(data.get("downforce"), key):
            yield from out(f"downforce/{key}/{key_of(face)}", face)
    for kart in items(data.get("downforce"), "karts"):
        yield from out(f"downforce/karts/{key_of(str(kart.get('colour')))}/colour", kart.get("colour"))
    kit = data.get("downforce", {}).get("kit") if isinstance(data.get("downforce"), Mapping) else None
    yield from out("downforce/kit/sizes_note", kit.get("sizes_note") if isinstance(kit, Mapping) else None)
    axles = data.get("axles")
    for weight_class in items(axles, "weight_classes"):
        yield from out(f"axles/weight_classes/{weight_class.get('id')}/name", weight_class.get("name"))
    for component in items(axles, "components"):
        key = key_of(str(component.get("name")))
        yield from out(f"axles/components/{key}/name", component.get("name"))
        yield from out(f"axles/components/{key}/note", component.get("note"))
        yield from out(f"axles/components/{key}/includes", component.get("includes"))
    for award in items(axles, "career_rerolls"):
        yield from out(f"axles/career_rerolls/{key_of(str(award.get('event')))}/event", award.get("event"))
    for face in names(axles, "firing_faces"):
        yield from out(f"axles/firing_faces/{key_of(face)}", face)


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
    return _optional(ruleset, f"deck/{card.id}/reach", card.reach)


def card_uses_note(ruleset: Any, card: Any) -> str | None:
    return _optional(ruleset, f"deck/{card.id}/uses_note", card.uses_note)


def deck_rule_note(ruleset: Any, key: str) -> str | None:
    """One of `DECK_RULE_KEYS` of the ruleset's deck rules, or None when it has none."""
    return _optional(ruleset, f"deck_rules/{key}", getattr(ruleset.deck_rules, key))


def template_name(ruleset: Any, kind: str, name: str) -> str:
    """A movement template's name; `kind` is "straights" or "turns"."""
    return rule_text(ruleset, f"templates/{kind}/{key_of(name)}/name", name)


def coin_spend_effect(ruleset: Any, spend: Any) -> str:
    return rule_text(ruleset, f"coins/spend/{spend.cost}/effect", spend.effect)


def board_space_name(ruleset: Any, space: Any) -> str:
    return rule_text(ruleset, f"board/spaces/{space.kind}/name", space.name)


def board_space_effect(ruleset: Any, space: Any) -> str:
    return rule_text(ruleset, f"board/spaces/{space.kind}/effect", space.effect)


def roll_outcome_effect(ruleset: Any, space: Any, index: int) -> str | None:
    """What the `index`-th outcome of a board space's roll table does ("Miss one turn.")."""
    outcome = (space.roll_table or [])[index]
    return _optional(ruleset, f"board/spaces/{space.kind}/roll_table/{index}/effect", outcome.effect)


def stat_note(ruleset: Any, stat: str, english: str) -> str:
    """PitchKart's explanation of a character stat ("top_speed", "traction", "acceleration")."""
    return rule_text(ruleset, f"pitchkart/stats/{stat}", english)


def piece_name(ruleset: Any, piece: Any) -> str:
    """A PitchKart track piece's name ("Curve 45°")."""
    return rule_text(ruleset, f"pitchkart/inventory/pieces/{piece.id}/name", piece.name)


def inventory_note(ruleset: Any) -> str | None:
    """What PitchKart's piece inventory says about its sizes (ours, editable), or None."""
    inventory = ruleset.pitchkart.inventory if ruleset.pitchkart else None
    return _optional(ruleset, "pitchkart/inventory/notes", inventory.notes if inventory else None)


def die_face(ruleset: Any, face: str) -> str:
    """A face of the Downforce item die."""
    return rule_text(ruleset, f"downforce/item_die_faces/{key_of(face)}", face)


def token_name(ruleset: Any, token: str) -> str:
    """A Downforce token."""
    return rule_text(ruleset, f"downforce/tokens/{key_of(token)}", token)


def kart_colour_name(ruleset: Any, colour: str) -> str:
    """A Downforce kart's colour as a word of the current language ("red" → "rot")."""
    return rule_text(ruleset, f"downforce/karts/{key_of(colour)}/colour", colour)


def kit_note(ruleset: Any) -> str | None:
    """What the Downforce kit's sizes rest on (our assumptions), or None."""
    kit = ruleset.downforce.kit if ruleset.downforce else None
    return _optional(ruleset, "downforce/kit/sizes_note", kit.sizes_note if kit else None)


def weight_class_name(ruleset: Any, weight_class: Any) -> str:
    return rule_text(ruleset, f"axles/weight_classes/{weight_class.id}/name", weight_class.name)


def component_name(ruleset: Any, component: Any) -> str:
    return rule_text(ruleset, f"axles/components/{key_of(component.name)}/name", component.name)


def component_note(ruleset: Any, component: Any) -> str | None:
    return _optional(ruleset, f"axles/components/{key_of(component.name)}/note", component.note)


def component_includes(ruleset: Any, component: Any) -> str | None:
    """The second component a component brings along ("Flame Tank"), or None."""
    return _optional(ruleset, f"axles/components/{key_of(component.name)}/includes", component.includes)


def reroll_event(ruleset: Any, event: str) -> str:
    return rule_text(ruleset, f"axles/career_rerolls/{key_of(event)}/event", event)


def firing_face(ruleset: Any, face: str) -> str:
    return rule_text(ruleset, f"axles/firing_faces/{key_of(face)}", face)


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
