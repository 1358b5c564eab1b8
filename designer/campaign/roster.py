"""Players and their characters: stats from the ruleset or the campaign's custom characters, upgrades
applied, and PitchKart's starting coins by grid slot."""

from __future__ import annotations

from dataclasses import dataclass

from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset


@dataclass(frozen=True)
class CharacterStats:
    name: str
    weight: str | None
    handling: int | None
    max_gear: int | None
    custom: bool = False

    def base(self, stat: str) -> int | None:
        return {"handling": self.handling, "max_gear": self.max_gear}[stat]


def character_stats(doc: CampaignDocument, ruleset: Ruleset, name: str) -> CharacterStats | None:
    """The character called `name`: the ruleset's first, then the campaign's custom ones."""
    known = ruleset.character(name)
    if known is not None:
        return CharacterStats(known.name, known.weight, known.handling, known.max_gear)
    custom = doc.custom_character(name)
    if custom is not None:
        return CharacterStats(custom.name, custom.weight, custom.handling, custom.max_gear, custom=True)
    return None


def character_names(doc: CampaignDocument, ruleset: Ruleset) -> list[str]:
    """Every character a player may pick: the ruleset's, then the custom ones."""
    return [c.name for c in ruleset.characters] + [c.name for c in doc.custom_characters]


def require_character(doc: CampaignDocument, ruleset: Ruleset, name: str, location: str = "") -> CharacterStats:
    stats = character_stats(doc, ruleset, name)
    if stats is None:
        known = ", ".join(character_names(doc, ruleset)) or "none; add a custom character"
        raise CampaignError(f"unknown character '{name}' (known: {known})", location)
    return stats


def require_player(doc: CampaignDocument, name: str, location: str = "") -> str:
    """The player's name as spelt in the roster; refuses names not in the campaign."""
    player = doc.player(name)
    if player is None:
        known = ", ".join(doc.player_names()) or "nobody yet"
        raise CampaignError(f"'{name}' is not a player in this campaign (players: {known})", location)
    return player.name


def starting_coins(ctx: Context, grid: list[str]) -> list[tuple[str, int]]:
    """Coins each kart starts with by grid slot (PitchKart); slots past the table start with none."""
    coins = ctx.ruleset.coins
    table = (coins.starting_coins_by_slot if coins else None) or []
    return [(player, table[i] if i < len(table) else 0) for i, player in enumerate(grid)]


def has_starting_coins(ruleset: Ruleset) -> bool:
    return bool(ruleset.coins and ruleset.coins.starting_coins_by_slot)
