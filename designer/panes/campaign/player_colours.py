"""Each player's colour in the campaign window — the standings' name column and the chart's line — the same
as on the player's printed kart dashboard: the character's own colour (Mario red, Luigi green …), else the
kart colour of the player's place in the roster.

The two tables are the printed ones (`designer.export.dashboards.NAMED_COLOURS`, `designer.export.tokens.
KART_COLOURS`), copied because those modules load reportlab, which the window must open without; a test
keeps the copies equal.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset

NAMED_COLOURS = {"red": "#d7263d", "blue": "#2f6fdf", "green": "#2fa84f", "yellow": "#e0b000",
                 "purple": "#8e44ad", "white": "#9aa0a8", "black": "#2d3436", "orange": "#ff7a1a"}
KART_COLOURS = ("#d7263d", "#2f6fdf", "#2fa84f", "#f2b705", "#8e44ad", "#ff7a1a", "#17a2b8", "#6d4c41",
                "#e84393", "#2d3436", "#7f8c8d", "#00b894", "#fd79a8", "#0984e3", "#b8e994", "#fdcb6e")


def player_colours(doc: CampaignDocument, ruleset: Ruleset) -> list[QColor]:
    """One colour per player, in roster order, as their dashboard is printed."""
    colours = []
    for index, player in enumerate(doc.players):
        character = ruleset.character_by_id(player.character)
        named = character.colour if character is not None else None
        colours.append(QColor(NAMED_COLOURS.get(named or "", KART_COLOURS[index % len(KART_COLOURS)])))
    return colours
