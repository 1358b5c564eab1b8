"""Players and their characters: stats from the ruleset or the campaign's custom characters (the stats the
system's characters carry: `System.character_stats`), upgrades applied, and PitchKart's starting coins by
grid slot. Players store a character's stable id; the names
shown come from the ruleset (or the custom character), and what a user types (an id or a name) is
resolved to that id here."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.i18n import _
from designer.io.display import clip
from designer.model.campaign import CampaignDocument
from designer.model.record_fields import Extensible, field_value
from designer.rules import Ruleset
from designer.rules.texts import character_name
from designer.systems import registry
from designer.systems.api import CharacterStat

#: What a player of a system without characters (Axles and Alloys) has as their character: a stored label.
FREE_LABEL = "Driver"

#: The stats a custom character keeps as fields of its own (a system may add more: `System.campaign_fields`).
SHARED_STAT_KEYS = ("weight", "handling", "max_gear")


def stat_keys() -> tuple[str, ...]:
    """Every stat a character (ruleset or custom) may carry, whatever the system: the shared ones, then the
    registered systems' own keys (`System.character_stats`)."""
    keys = (s.key for system in registry.systems() for s in system.character_stats)
    return tuple(dict.fromkeys((*SHARED_STAT_KEYS, *keys)))


@dataclass(frozen=True)
class CharacterStats:
    name: str
    weight: str | None
    handling: int | None
    max_gear: int | None
    custom: bool = False
    #: every stat the character carries, by key (`stat_keys()`): None where not given
    values: Mapping[str, int | str | None] = field(default_factory=dict, hash=False)
    #: the stats that are the rule data's house values (`Character.assumed`)
    assumed: tuple[str, ...] = ()

    def base(self, stat: str) -> int | None:
        value = self.values.get(stat, getattr(self, stat, None))
        return value if isinstance(value, int) else None

    def value(self, stat: str) -> int | str | None:
        return self.values.get(stat)


def stats_of(name: str, source: object, custom: bool = False, assumed: tuple[str, ...] = (),
             keys: tuple[str, ...] | None = None) -> CharacterStats:
    """`source`'s stats (a ruleset character, or a custom one with its system's fields); only `keys` are read
    (default: all; the others are None)."""
    every = stat_keys()
    keys = every if keys is None else keys
    values = {key: _stat(source, key) if key in keys else None for key in every}
    return CharacterStats(name, values["weight"], values["handling"], values["max_gear"],
                          custom=custom, values=values, assumed=assumed)


def _stat(source: object, key: str) -> Any:
    value = field_value(source, key) if isinstance(source, Extensible) else getattr(source, key, None)
    return value if isinstance(value, int | str) else None


def system_stats(ruleset: Ruleset) -> tuple[CharacterStat, ...]:
    """The stats this ruleset's system gives its characters (none for a system not registered)."""
    system = registry.find(ruleset.id)
    return system.character_stats if system is not None else ()


def character_stats(doc: CampaignDocument, ruleset: Ruleset, character_id: str) -> CharacterStats | None:
    """The character with this id: the ruleset's first (its name in the current language, `designer.rules.texts`),
    then the campaign's custom ones (named as the campaign spells them)."""
    known = ruleset.character_by_id(character_id)
    if known is not None:
        return stats_of(character_name(ruleset, known), known, assumed=tuple(known.assumed))
    custom = doc.custom_character_by_id(character_id)
    if custom is not None:  # a custom one made before characters carried their system's own stats may hold
        # Gaslands' weight, handling and max gear in another system's campaign: ignored, never shown or printed
        return stats_of(custom.name, custom, custom=True, keys=tuple(s.key for s in system_stats(ruleset)))
    return None


def character_label(doc: CampaignDocument, ruleset: Ruleset, character_id: str) -> str:
    """The name to show for a player's character: the ruleset's or the custom one's, else the stored text
    (a system without characters keeps the player's own label)."""
    stats = character_stats(doc, ruleset, character_id)
    return stats.name if stats is not None else character_id


def resolve_character(doc: CampaignDocument, ruleset: Ruleset, text: str) -> str | None:
    """The id of the character a user means by `text` (an id, or a name in English or in the current language;
    case-insensitive), or None."""
    known = ruleset.find_character(text)
    if known is not None:
        return known.id
    key = text.strip().casefold()
    shown = next((c for c in ruleset.characters if character_name(ruleset, c).casefold() == key), None)
    if shown is not None:
        return shown.id
    custom = doc.custom_character_by_id(key) or doc.custom_character(key)
    return custom.id if custom is not None else None


def has_characters(doc: CampaignDocument, ruleset: Ruleset) -> bool:
    """Whether players must drive a known character (otherwise their character is free text)."""
    return bool(ruleset.characters or doc.custom_characters)


def character_names(doc: CampaignDocument, ruleset: Ruleset) -> list[str]:
    """Every character a player may pick: the ruleset's (as shown in the current language), then the custom ones."""
    return [character_name(ruleset, c) for c in ruleset.characters] + [c.name for c in doc.custom_characters]


def require_character(doc: CampaignDocument, ruleset: Ruleset, character_id: str,
                      location: str = "") -> CharacterStats:
    stats = character_stats(doc, ruleset, character_id)
    if stats is None:
        ids = [c.id for c in ruleset.characters] + [c.id for c in doc.custom_characters]
        known = ", ".join(ids) or _("none; add a custom character")
        raise CampaignError(_("unknown character id '{id}' (known: {known})").format(id=character_id, known=known),
                            location)
    return stats


def require_character_id(doc: CampaignDocument, ruleset: Ruleset, text: str, location: str = "") -> str:
    """The id of the character `text` names (id or name); refused when unknown. Free text is kept as typed
    while the system has no characters and the campaign no custom ones."""
    if not has_characters(doc, ruleset):
        return text.strip()
    found = resolve_character(doc, ruleset, text)
    if found is None:
        known = ", ".join(character_names(doc, ruleset)) or _("none; add a custom character")
        raise CampaignError(_("unknown character '{name}' (known: {known})").format(
            name=clip(text.strip()), known=known), location)
    return found


def require_player(doc: CampaignDocument, name: str, location: str = "") -> str:
    """The player's name as spelt in the roster; refuses names not in the campaign."""
    player = doc.player(name)
    if player is None:
        known = ", ".join(doc.player_names()) or _("nobody yet")
        raise CampaignError(_("'{name}' is not a player in this campaign (players: {players})").format(
            name=clip(name), players=known), location)
    return player.name


def starting_coins(ctx: Context, grid: list[str]) -> list[tuple[str, int]]:
    """Coins each kart starts with by grid slot (PitchKart); slots past the table start with none."""
    coins = ctx.ruleset.coins
    table = (coins.starting_coins_by_slot if coins else None) or []
    return [(player, table[i] if i < len(table) else 0) for i, player in enumerate(grid)]


def has_starting_coins(ruleset: Ruleset) -> bool:
    return bool(ruleset.coins and ruleset.coins.starting_coins_by_slot)
