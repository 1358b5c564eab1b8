"""PitchKart's own section of rule data (`"pitchkart"` in `resources/rulesets/pitchkart.json`): coins by
starting slot, penalties, item numbers, the stat notes and the track-piece inventory; its agreement with the
shared coin rules, its translatable texts and their look-ups.

Contributed to the ruleset model through `System.rule_sections`; read through `pitchkart_rules(ruleset)`.
Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from designer.i18n import _
from designer.rules.base import (
    Count,
    Mm,
    Name,
    Positive,
    RuleModel,
    Slug,
    Text,
    check_unique,
)
from designer.rules.texts import json_items, optional_text, rule_text
from designer.systems.api import RuleSection

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset


class PitchKartPenalties(RuleModel):
    """Coins and turns lost to hits, spins and leaving the track."""

    hit_coin_loss: Count
    spin_out_coin_loss: Count
    green_shell_coin_loss: Count
    mushroom_hit_coin_loss: Count
    void_turns_lost: Count
    void_coin_cost: Count


class TrackPiece(RuleModel):
    """One kind of track piece a set holds: a straight (`length_mm`) or a curve (`radius_mm` of its centre
    line, `angle_deg` turned); a document's `track_section` names it by `id`."""

    id: Slug
    name: Name
    kind: Literal["straight", "curve"]
    length_mm: Mm | None = None
    radius_mm: Mm | None = None
    angle_deg: float | None = Field(default=None, gt=0, le=180)
    count: Count  # how many of it one set holds

    @model_validator(mode="after")
    def _shape(self) -> TrackPiece:
        if self.kind == "straight" and (self.length_mm is None or self.radius_mm is not None
                                        or self.angle_deg is not None):
            raise ValueError(_("straight piece {id} needs length_mm and no radius or angle").format(id=repr(self.id)))
        if self.kind == "curve" and (self.radius_mm is None or self.angle_deg is None or self.length_mm is not None):
            raise ValueError(_("curve piece {id} needs radius_mm and angle_deg and no length").format(
                id=repr(self.id)))
        return self


class PieceInventory(RuleModel):
    """The track pieces of one PitchKart set (ours: the rules give no sizes), the track's width, and how close
    two connectors must be to count as joined (the loop closes within the same limits)."""

    width_mm: Mm
    pieces: list[TrackPiece] = Field(min_length=1)
    connect_gap_max_mm: Mm = 1.0
    connect_heading_max_deg: float = Field(default=0.5, gt=0, le=10)
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> PieceInventory:
        check_unique((p.id for p in self.pieces), _("duplicate track piece id {value}"))
        check_unique((p.name for p in self.pieces), _("duplicate track piece {value}"))
        for piece in self.pieces:
            if piece.radius_mm is not None and piece.radius_mm <= self.width_mm / 2:
                raise ValueError(_("curve piece {id} is tighter than half the track width").format(
                    id=repr(piece.id)))
        return self

    def piece(self, piece_id: str) -> TrackPiece | None:
        """The piece with this id (exact), or None."""
        held = _PIECES_BY_ID.get(id(self))
        if held is None or held[0] is not self or held[1] != len(self.pieces):
            if len(_PIECES_BY_ID) >= 16:  # inventories come and go with the rule data loaded: keep a few
                _PIECES_BY_ID.clear()
            held = _PIECES_BY_ID[id(self)] = (self, len(self.pieces), {p.id: p for p in reversed(self.pieces)})
        return held[2].get(piece_id)


#: {id(inventory): (inventory, its piece count, {piece id: the first piece of that id})}: a track of hundreds of
#: sections asks for pieces thousands of times. The inventory is held, so its id cannot be reused meanwhile.
_PIECES_BY_ID: dict[int, tuple[PieceInventory, int, dict[str, TrackPiece]]] = {}


class PitchKartRules(RuleModel):
    """Super Mario PitchKart (discs flicked along numbered track sections)."""

    starting_coins_by_slot: list[Count] = Field(min_length=1)
    spare_coins_below_players: Positive  # spare coins go on the track with fewer players than this
    spare_coin_sections_max: Positive
    spare_coin_spacing_min_mm: Mm
    spare_coin_spacing_max_mm: Mm
    penalties: PitchKartPenalties
    drop_distance_max_mm: Mm  # shells/bananas set down at most this far behind the disc
    red_shell_max_flicks: Positive
    lightning_rounds: Positive
    lightning_max_sections: Positive
    star_turns: Positive
    star_extra_sections: Positive
    coin_card_coins: Positive
    #: Characters (by id) who never overheat: a flick past their limit leaves the disc at the end of the last
    #: section allowed instead of costing the next turn.
    overheat_stop_characters: list[Slug] = Field(default_factory=lambda: ["toad", "koopa-troopa"])
    stats: dict[Literal["top_speed", "traction", "acceleration"], Text]
    inventory: PieceInventory
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> PitchKartRules:
        if self.spare_coin_spacing_min_mm > self.spare_coin_spacing_max_mm:
            raise ValueError(_("spare coin spacing minimum exceeds the maximum"))
        return self


def pitchkart_rules(ruleset: Ruleset) -> PitchKartRules | None:
    """The ruleset's PitchKart section, or None when it has none (another system's rule data)."""
    return ruleset.section("pitchkart", PitchKartRules)


def _check(rules: PitchKartRules, ruleset: Ruleset) -> None:
    slots = ruleset.coins.starting_coins_by_slot if ruleset.coins is not None else None
    if slots is not None and slots != rules.starting_coins_by_slot:
        raise ValueError(_("coins.starting_coins_by_slot disagrees with pitchkart section"))


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    stats = data.get("stats")
    for stat, note in (stats.items() if isinstance(stats, Mapping) else ()):
        yield f"stats/{stat}", note
    inventory = data.get("inventory")
    for piece in json_items(inventory, "pieces"):
        yield f"inventory/pieces/{piece.get('id')}/name", piece.get("name")
    yield "inventory/notes", inventory.get("notes") if isinstance(inventory, Mapping) else None


SECTION = RuleSection("pitchkart", PitchKartRules, _check, _texts)


def stat_note(ruleset: Any, stat: str, english: str) -> str:
    """PitchKart's explanation of a character stat ("top_speed", "traction", "acceleration")."""
    return rule_text(ruleset, f"pitchkart/stats/{stat}", english)


def piece_name(ruleset: Any, piece: Any) -> str:
    """A PitchKart track piece's name ("Curve 45°")."""
    return rule_text(ruleset, f"pitchkart/inventory/pieces/{piece.id}/name", piece.name)


def inventory_note(ruleset: Any) -> str | None:
    """What PitchKart's piece inventory says about its sizes (ours, editable), or None."""
    rules = pitchkart_rules(ruleset)
    return optional_text(ruleset, "pitchkart/inventory/notes", rules.inventory.notes if rules else None)
