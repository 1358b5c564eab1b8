"""Pydantic models of a game system's rule data (`resources/rulesets/<id>.json`).

A `Ruleset` holds every number the editor, print shop and campaign manager need for one system:
measuring distances, movement templates, kart footprint, which track elements the palette offers and
their default sizes, characters, the item deck, Grand Prix scoring and system-specific sections.
Pure data: no Qt and no file access here (see `designer.rules.loader` for reading files).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping
from typing import Annotated, Any, ClassVar, Literal, TypeVar

from pydantic import AfterValidator, Field, model_validator

from designer.i18n import _
from designer.model.kind_names import ELEMENT_KINDS as ELEMENT_KINDS  # re-exported
from designer.rules.base import (
    CardText,
    Count,
    Mm,
    Name,
    Positive,
    RuleModel,
    Slug,
    Text,
    check_unique,
    new_list,
)


def _known_kind(kind: str) -> str:
    if kind in ELEMENT_KINDS:  # a built-in kind: known without building the element model (a card deck)
        return kind
    from designer.model.elements import kind_classes

    if kind not in kind_classes():
        raise ValueError(_("unknown element kind {kind} (known: {known})").format(
            kind=repr(kind), known=", ".join(kind_classes())))
    return kind


#: A track-element kind a ruleset may offer: one in the model's kind table (the built-in kinds and those of the
#: registered game systems).
ElementKind = Annotated[str, AfterValidator(_known_kind)]

Distance = Literal["short", "medium", "long"]

S = TypeVar("S")


class Movement(RuleModel):
    """The Short / Medium / Long measuring distances (Gaslands straight-template lengths)."""

    short_mm: Mm
    medium_mm: Mm
    long_mm: Mm
    notes: Text | None = None

    @model_validator(mode="after")
    def _ascending(self) -> Movement:
        if not self.short_mm < self.medium_mm < self.long_mm:
            raise ValueError(_("distances must grow: short_mm < medium_mm < long_mm"))
        return self

    def distance_mm(self, distance: Distance) -> float:
        """The length of a named distance ("short", "medium" or "long")."""
        return {"short": self.short_mm, "medium": self.medium_mm, "long": self.long_mm}[distance]


class StraightTemplate(RuleModel):
    name: Name
    length_mm: Mm
    #: True: no source gives this figure; it is printed marked "approximate"
    approximate: bool = False


class TurnTemplate(RuleModel):
    name: Name
    radius_mm: Mm
    angle_deg: float = Field(gt=0, le=360)
    #: True: the radius and angle are a guess (no source gives them); printed marked "approximate"
    approximate: bool = False


class Templates(RuleModel):
    """Movement templates offered as drawing guides in the editor (approximate, editable)."""

    straights: list[StraightTemplate] = Field(default_factory=new_list)
    turns: list[TurnTemplate] = Field(default_factory=new_list)
    #: how wide the printed templates are (None: the editor's default guide width)
    width_mm: Mm | None = None
    notes: Text | None = None

    @model_validator(mode="after")
    def _unique(self) -> Templates:
        check_unique([t.name for t in self.straights] + [t.name for t in self.turns], _("duplicate template {value}"))
        return self

    def names(self) -> list[str]:
        return [t.name for t in self.straights] + [t.name for t in self.turns]


class GearLimit(RuleModel):
    """The fastest template a kart may use in a given gear."""

    gear: Positive
    max_template: Name


class Footprint(RuleModel):
    """A rectangle: length along the direction of travel (x at rotation 0), width across it."""

    length_mm: Mm
    width_mm: Mm


class ElementDefaults(RuleModel):
    """Starting values for element properties the rules leave open."""

    gate_width_mm: Mm
    track_width_mm: Mm
    piranha_range_mm: Mm
    chain_chomp_reach_mm: Mm
    notes: Text | None = None


Weight = Literal["Lightweight", "Middleweight", "Heavyweight"]


class Character(RuleModel):
    """A playable character; fields a system doesn't use stay None. Documents refer to it by `id`."""

    id: Slug
    name: Name
    weight: Weight | None = None
    handling: Count | None = None
    max_gear: Positive | None = None
    colour: Name | None = None
    top_speed: Count | None = None
    traction: Count | None = None
    acceleration: Count | None = None
    #: The stats (field names) no source gives: our house values, printed marked approximate.
    assumed: list[Literal["weight", "handling", "max_gear", "top_speed", "traction", "acceleration"]] = Field(
        default_factory=new_list)


class ItemCard(RuleModel):
    """One kind of item card in the deck; `count` copies of it are printed. Documents refer to it by `id`."""

    id: Slug
    name: Name
    count: Positive
    last_place_only: bool = False
    uses: Positive = 1
    uses_note: Text | None = None  # how the uses may be spent; the count is printed from `uses`
    text: CardText
    reach: Text | None = None
    tags: list[Name] = Field(default_factory=new_list)
    #: Race day: the holder's next roll is multiplied by this (the board game's Mushroom: 2)
    roll_multiplier: Positive | None = None
    #: Race day: every rival's next move is its roll divided by this, rounded down (the board game's Lightning)
    rivals_move_divisor: Positive | None = None
    #: Race day: turns a kart misses when this card hits it or it stops on its chip (None: none)
    hit_turns: Count | None = None


class DeckRules(RuleModel):
    """How the item deck is held, used and refilled."""

    hand_limit: Positive | None = None
    use_in_order: bool = False
    used_cards: Literal["discard", "bottom_of_deck", "shuffle_back"] | None = None
    last_place_note: Text | None = None
    notes: Text | None = None


class Upgrade(RuleModel):
    stat: Literal["handling", "max_gear"]
    step: Positive
    cap: Positive


class GrandPrix(RuleModel):
    """A series of races scored on a running points total."""

    races: Positive
    place_points: list[Count] = Field(min_length=1)
    other_place_points: Count
    points_per_gate: Count
    points_per_coin: Count
    upgrade_cost: Positive
    upgrades: list[Upgrade] = Field(default_factory=new_list)
    podium: Positive
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> GrandPrix:
        points = [*self.place_points, self.other_place_points]
        if any(a < b for a, b in itertools.pairwise(points)):
            raise ValueError(_("place points must not increase with lower places"))
        check_unique((u.stat for u in self.upgrades), _("duplicate upgrade stat {value}"))
        return self

    def place_points_for(self, place: int) -> int:
        """Points for finishing in `place` (1 = winner); places past the table get other_place_points."""
        if place < 1:
            raise ValueError(_("place must be 1 or more, got {place}").format(place=place))
        if place <= len(self.place_points):
            return self.place_points[place - 1]
        return self.other_place_points

    def upgrade(self, stat: str) -> Upgrade | None:
        return next((u for u in self.upgrades if u.stat == stat), None)


class BalloonBattle(RuleModel):
    balloons_per_kart: Positive
    notes: Text | None = None


class CoinSpend(RuleModel):
    """Coins traded for extra movement: a named distance (Gaslands) or a number of spaces (board)."""

    cost: Positive
    effect: Text
    distance: Distance | None = None
    spaces: Positive | None = None


class Coins(RuleModel):
    max_carried: Positive | None = None
    spend: list[CoinSpend] = Field(default_factory=new_list)
    starting_coins_by_slot: list[Count] | None = None
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> Coins:
        check_unique((str(s.cost) for s in self.spend), _("duplicate coin cost {value}"))
        return self


class Karts(RuleModel):
    """How many karts a race or battle of this system takes: `min`/`max` are the rules' bounds (outside them
    a document is an error), `recommended_min` the fewest the rules advise (below it: a warning)."""

    min: Positive | None = None
    max: Positive | None = None
    recommended_min: Positive | None = None
    #: True: the karts are discs of the kart footprint's length (PitchKart's flicked discs), printed with the
    #: tokens, one per kart of the track in its kart colour.
    discs: bool = False
    notes: Text | None = None

    @model_validator(mode="after")
    def _ordered(self) -> Karts:
        low = self.min if self.min is not None else 1
        if self.max is not None and low > self.max:
            raise ValueError(_("min must not exceed max"))
        if self.recommended_min is not None and not low <= self.recommended_min <= (self.max or self.recommended_min):
            raise ValueError(_("recommended_min must lie between min and max"))
        return self


class Ruleset(RuleModel):
    """All rule data for one game system: the shared sections. The sections only one system has (PitchKart's
    piece inventory, Axles' weight classes, …) are that system's `RuleSection`s; the registry builds the model
    a rule file is validated as (`designer.systems.registry.ruleset_model`), a subclass of this one with one
    optional field per registered section, read through `section` or the system's own accessor."""

    #: {section key: check(section, ruleset)} of the registered sections (set on the registry's subclass).
    section_checks: ClassVar[Mapping[str, Callable[[Any, Any], None]]] = {}

    id: str = Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)
    name: Name
    summary: Text
    source_units: Literal["mm", "in", "cm"]
    movement: Movement
    templates: Templates = Field(default_factory=Templates)
    gears: list[GearLimit] = Field(default_factory=new_list)
    min_track_width_mm: Mm
    kart_footprint: Footprint
    element_kinds: list[ElementKind] = Field(min_length=1)
    element_sizes: dict[ElementKind, Footprint]
    element_defaults: ElementDefaults
    karts: Karts = Field(default_factory=Karts)
    characters: list[Character] = Field(default_factory=new_list)
    deck: list[ItemCard] = Field(default_factory=new_list)
    deck_rules: DeckRules = Field(default_factory=DeckRules)
    grand_prix: GrandPrix | None = None
    balloon_battle: BalloonBattle | None = None
    coins: Coins | None = None
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> Ruleset:
        check_unique(self.element_kinds, _("duplicate element kind {value}"))
        missing = [k for k in self.element_kinds if k not in self.element_sizes]
        if missing:
            raise ValueError(_("element_sizes lacks {kinds}").format(kinds=", ".join(missing)))
        extra = sorted(k for k in self.element_sizes if k not in self.element_kinds)
        if extra:
            raise ValueError(_("element_sizes has kinds not in element_kinds: {kinds}").format(kinds=", ".join(extra)))
        check_unique((c.name for c in self.characters), _("duplicate character {value}"))
        check_unique((c.id for c in self.characters), _("duplicate character id {value}"))
        check_unique((c.name for c in self.deck), _("duplicate card {value}"))
        check_unique((c.id for c in self.deck), _("duplicate card id {value}"))
        check_unique((str(g.gear) for g in self.gears), _("duplicate gear {value}"))
        known = set(self.templates.names())
        for g in self.gears:
            if g.max_template not in known:
                raise ValueError(_("gear {gear} names unknown template {template}").format(
                    gear=g.gear, template=repr(g.max_template)))
        for key, check in self.section_checks.items():
            value = getattr(self, key, None)
            if value is not None:
                check(value, self)
        return self

    def section(self, key: str, model: type[S]) -> S | None:
        """The system section `key` when this ruleset has it (validated as `model`), else None."""
        value = getattr(self, key, None)
        return value if isinstance(value, model) else None

    def card_count(self) -> int:
        """How many cards the whole item deck holds."""
        return sum(card.count for card in self.deck)

    def card(self, name: str) -> ItemCard | None:
        """The deck entry called `name` (case-insensitive), or None."""
        key = name.casefold()
        return next((c for c in self.deck if c.name.casefold() == key), None)

    def card_by_id(self, card_id: str) -> ItemCard | None:
        """The deck entry with this stable id (exact), or None."""
        return next((c for c in self.deck if c.id == card_id), None)

    def character(self, name: str) -> Character | None:
        """The character called `name` (case-insensitive), or None."""
        key = name.casefold()
        return next((c for c in self.characters if c.name.casefold() == key), None)

    def character_by_id(self, character_id: str) -> Character | None:
        """The character with this stable id (exact), or None."""
        return next((c for c in self.characters if c.id == character_id), None)

    def find_character(self, text: str) -> Character | None:
        """The character a user means by `text`: its id, or its English name (both case-insensitive)."""
        key = text.strip().casefold()
        return next((c for c in self.characters if c.id == key), None) or self.character(key)

    def element_size(self, kind: str) -> Footprint | None:
        """Default footprint of an element kind, or None when this system doesn't offer it."""
        return self.element_sizes.get(kind)
