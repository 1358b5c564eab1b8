"""System-specific sections of a ruleset: the board game, PitchKart, Downforce and Axles & Alloys II.

Each section is optional on `Ruleset` and only filled for its own system. Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, model_validator

from designer.i18n import _
from designer.rules.base import (
    D6,
    Count,
    Mm,
    Name,
    Positive,
    RuleModel,
    Slug,
    Text,
    check_covers_d6,
    check_unique,
)

# --------------------------------------------------------------------------- board game


class DieOutcome(RuleModel):
    """What a group of die faces does, e.g. a Thwomp roll of 3-4 skips one turn."""

    rolls: list[D6] = Field(min_length=1)
    skip_turns: Count = 0
    effect: Text | None = None


class BoardSpace(RuleModel):
    """A kind of special space printed on the board."""

    kind: Literal["item", "booster", "mushroom", "thwomp", "shortcut", "finish"]
    name: Name
    effect: Text
    roll_table: list[DieOutcome] | None = None
    requires_item: Name | None = None
    pips: Positive | None = None  # how many pips crossing it costs (shortcuts)
    can_stop_on: bool = True
    move_divisor: Positive | None = None  # the next move is divided by this (rounded down)

    @model_validator(mode="after")
    def _roll_table_covers_die(self) -> BoardSpace:
        if self.roll_table is not None:
            check_covers_d6((o.rolls for o in self.roll_table),
                            _("roll table of {name} must cover die faces 1-6 exactly once, got {faces}"),
                            name=repr(self.name))
        return self


class BoardCoinSpend(RuleModel):
    """Coins paid before rolling and the extra spaces they buy."""

    coins: Positive
    extra_spaces: Positive


class BoardCollision(RuleModel):
    """Landing on an occupied space: everyone involved pays, or sits out if broke."""

    coins_paid: Count
    skip_turns_if_broke: Count


class BoardRules(RuleModel):
    """Mario Kart board game (a printed board of spaces, one d6)."""

    laps: Positive  # how many players may race: the ruleset's `karts.min`/`karts.max`
    die: Literal["d6"]
    bank_coins: Count
    banana_chips: Count
    capturing: bool = False
    extra_roll_on_six: bool = False
    coin_on_roll: D6 | None = None  # rolling this face earns a coin while the bank has any
    starting_coin_places: list[Positive] = Field(default_factory=list)
    starting_coins: Count = 0
    hit_coin_loss_fraction: float = Field(ge=0, le=1)
    hit_coin_loss_rounding: Literal["up", "down"]
    spaces: list[BoardSpace]
    coin_spending: list[BoardCoinSpend]
    collision: BoardCollision
    #: Where one space's centre is from the next along the track, and the printed tile's side (ours: the
    #: rules give no size; a 25 mm pawn base fits a 28 mm tile with room between tiles).
    space_pitch_mm: Mm = 32.0
    space_size_mm: Mm = 28.0
    sizes_note: Text | None = None
    blue_shell_reach_spaces: Positive = 51  # the Blue Shell hits the leader within this many spaces
    min_lap_spaces: Positive = 12  # a shorter lap is reported (info): a race is over in a few rolls
    shortcut_min_saving: Positive = 2  # a shortcut must skip at least this many spaces to be worth a Feather
    notes: Text | None = None
    #: The closest pitch Lay Spaces may use (ours): tiles keep at least this less `space_size_mm` apart, tile
    #: edge to tile edge, where bends or the lap's length leave no room for the full pitch.
    space_min_pitch_mm: Mm = 30.0

    @model_validator(mode="after")
    def _check(self) -> BoardRules:
        check_unique((s.name for s in self.spaces), _("duplicate board space {value}"))
        return self


# --------------------------------------------------------------------------- PitchKart


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
        return next((p for p in self.pieces if p.id == piece_id), None)


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


# --------------------------------------------------------------------------- Downforce


#: A printing colour, "#rrggbb".
HexColour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]


class DownforceKart(RuleModel):
    """One of the six base-game car colours, the characters (by id) that can stand in for it, and the ink
    its kart card and record use (`hex`)."""

    colour: Name
    drivers: list[Slug] = Field(min_length=1)
    hex: HexColour = "#808080"


class TokenCount(RuleModel):
    """How many of one item token the kit prints."""

    token: Name
    count: Annotated[int, Field(ge=0, le=200)]


class DownforceKit(RuleModel):
    """The print-and-play kit's sizes and counts (ours: the variant gives none; `sizes_note` says so).

    ? blocks: one per lane space just after each betting line, so `lanes` × `betting_lines`, plus
    `block_spares`; the item tokens a die roll hands out are `item_tokens`. The print options of the same
    names override `lanes`, `betting_lines`, `token_size_mm` and `die_size_mm` for one print.
    """

    token_size_mm: Annotated[float, Field(ge=10, le=40)] = 20.0
    lanes: Annotated[int, Field(ge=1, le=12)] = 6
    betting_lines: Annotated[int, Field(ge=1, le=6)] = 3
    block_token: Name = "? Block"
    block_spares: Annotated[int, Field(ge=0, le=50)] = 3
    item_tokens: list[TokenCount] = Field(default_factory=list)
    die_size_mm: Annotated[float, Field(ge=10, le=40)] = 16.0
    sizes_note: Text | None = None


class CoinRoll(RuleModel):
    """Red-die faces and the coins they award."""

    rolls: list[D6] = Field(min_length=1)
    coins: Positive


class PlaceAdvance(RuleModel):
    """How many spaces the kart in a given position moves."""

    place: Positive
    spaces: Count


class StartBoost(RuleModel):
    """Each kart rolls once before the first speed card; these faces move it ahead."""

    rolls: list[D6] = Field(min_length=1)
    advance_spaces: Positive


class DownforceRules(RuleModel):
    """Mario Kart variant for the Downforce board game."""

    karts: list[DownforceKart] = Field(min_length=1)
    item_die_faces: list[Name] = Field(min_length=6, max_length=6)
    red_die: Literal["d6"]
    start_boost: StartBoost
    coin_table: list[CoinRoll]
    coin_value_dollars: int = Field(ge=1, le=10**12)
    #: Prize money per finishing place, 1st first: the base Downforce game's race payouts, which the variant
    #: leaves to the base game; `prize_table_assumed` marks them as our reading, to check against the box.
    prize_table: list[Annotated[int, Field(ge=0, le=10**12)]] = Field(default_factory=list, max_length=16)
    prize_table_assumed: bool = False
    lightning_table: list[PlaceAdvance]
    tokens: list[Name]
    banana_reach_ahead: Positive
    green_shell_swap_spaces: Positive
    kit: DownforceKit = DownforceKit()
    notes: Text | None = None

    def kart(self, colour: str) -> DownforceKart | None:
        return next((k for k in self.karts if k.colour == colour), None)

    def colour_of(self, character: str) -> str | None:
        """The colour of the kart a character (by id) stands in for, None when it stands in for none."""
        return next((k.colour for k in self.karts if character in k.drivers), None)

    @model_validator(mode="after")
    def _check(self) -> DownforceRules:
        check_unique((k.colour for k in self.karts), _("duplicate kart colour {value}"))
        for name in [self.kit.block_token, *(t.token for t in self.kit.item_tokens)]:
            if name not in self.tokens:
                raise ValueError(_("kit token {name} is not one of the tokens ({tokens})").format(
                    name=repr(name), tokens=", ".join(self.tokens)))
        check_unique((t.token for t in self.kit.item_tokens), _("duplicate kit token {value}"))
        check_covers_d6((c.rolls for c in self.coin_table),
                        _("coin table must cover die faces 1-6 exactly once, got {faces}"))
        check_unique((str(p.place) for p in self.lightning_table), _("duplicate lightning place {value}"))
        if len(self.prize_table) > len(self.karts):
            raise ValueError(_("the prize table pays {n} places but there are {karts} karts").format(
                n=len(self.prize_table), karts=len(self.karts)))
        return self


# --------------------------------------------------------------------------- Axles & Alloys II


class SpeedLine(RuleModel):
    """MAX speed (inches per turn), ACC, DEC and TURN (45-degree turns per game turn)."""

    max: Positive
    acc: Positive
    dec: Positive
    turn: Count


class WeightClass(RuleModel):
    """One vehicle weight class with its arena and race stat lines. Documents refer to it by `id`."""

    id: Slug
    name: Literal["Light", "Medium", "Heavy"]
    max: Positive
    acc: Positive
    dec: Positive
    turn: Count
    race: SpeedLine
    hit_point_lines: Positive
    boxes_per_line: Positive
    capacity: Positive

    @property
    def hit_points(self) -> int:
        return self.hit_point_lines * self.boxes_per_line


class RandomModifier(RuleModel):
    """Random-vehicle variant: a d6 face and what it adds to MAX, ACC or DEC."""

    roll: D6
    modifier: int = Field(ge=-6, le=6)


class Component(RuleModel):
    """A weapon or piece of equipment and the capacity it takes; a vehicle document names it by `id`.

    `fits_vehicles` False: the rules forbid it on a vehicle (Heavy weapons; no cost). `charges`: the uses it
    brings (a nitro's boosts, a dropper's drops), printed as boxes; `includes`: a second component it
    brings at no extra cost (the Flamethrower's Flame Tank), listed on the sheet."""

    id: Slug
    name: Name
    cost: Positive | None = None
    kind: Literal["weapon", "turret", "dropper", "equipment"]
    per_weapon: bool = False  # cost is paid once per weapon mounted inside (turrets)
    rear_only: bool = False
    fits_vehicles: bool = True
    charges: Positive | None = None
    includes: Name | None = None
    #: equipment that rerolls the loss of one of the systems every car has, once a game (Body Armour: "driver")
    rerolls_loss_of: Literal["engine", "steering", "brakes", "fuel", "driver"] | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _cost(self) -> Component:
        if self.fits_vehicles and self.cost is None:
            raise ValueError(_("component {id} fits vehicles but has no cost").format(id=repr(self.id)))
        return self


class Threshold(RuleModel):
    """Crossing out a full line of hit points: components are lost on these faces."""

    line: Positive
    component_lost_on: list[D6] = Field(default_factory=list)
    destroys_vehicle: bool = False


class BarrierBand(RuleModel):
    """Damage for hitting a race barrier at an angle, by speed in inches (upper bound inclusive)."""

    min_speed_in: Count
    max_speed_in: Positive | None  # None: any faster speed
    damage: Literal["none", "d6", "d6+2"]


class RerollAward(RuleModel):
    """Campaign experience: rerolls a named driver earns after a game."""

    scenario: Literal["deathmatch", "race"]
    event: Name
    rerolls: Positive


class AmbushRules(RuleModel):
    """Badlands Ambush: the speeds each side starts at (the defender's cars in the table's centre, heading the
    way it nominated; the attackers' within `entry_within_mm` of the corners or edge midpoints they nominated,
    at most `entry_points_max` of them), and how near the centre a defender's entry point must be to count."""

    defender_speed_mm: Mm
    attackers_speed_mm: Mm
    entry_within_mm: Mm
    entry_points_max: Positive = 2
    centre_tolerance_mm: Mm = 12.7


TemplateVariant = Literal["napalm", "oil", "spikes"]
TEMPLATE_VARIANTS: tuple[TemplateVariant, ...] = ("napalm", "oil", "spikes")


class ScatterRules(RuleModel):
    """What Track ▸ Scatter throws on a race track: so many d6 of dropped-weapon templates (of these
    variants), of ramps and of wrecks."""

    templates_d6: Count = 2
    ramps_d6: Count = 1
    wrecks_d6: Count = 1
    variants: list[TemplateVariant] = Field(default_factory=lambda: list(TEMPLATE_VARIANTS), min_length=1)


class AxlesRules(RuleModel):
    """Axles and Alloys II: toy-car combat in inches, with race and campaign rules."""

    weight_classes: list[WeightClass] = Field(min_length=3, max_length=3)
    random_variant: list[RandomModifier]
    random_variant_stats: list[Literal["max", "acc", "dec"]]
    components: list[Component]
    heavy_weapons_allowed: bool = False
    turrets_per_vehicle: Positive
    firing_faces: list[Literal["Front", "Rear", "Left", "Right"]]
    thresholds: list[Threshold]
    driver_dies_on: list[D6]
    dropped_template_mm: tuple[Mm, Mm]
    race_track_width_min_mm: Mm
    race_track_width_max_mm: Mm
    barrier_bands: list[BarrierBand]
    head_on_barrier_destroys: bool = True
    brakes_lost_dec: Positive = 2  # a car whose brakes are destroyed has this DEC
    engine_lost_slowdown_in: Positive = 4  # a destroyed engine takes this many inches off MAX every game-turn
    nitro_dice: Positive = 2  # a nitro charge adds this many d6 inches for one game-turn
    race_laps: Positive
    dropped_weapons_in_races: bool = False
    one_lap_truce: bool = True
    career_rerolls: list[RerollAward]
    counter_diameter_mm: Mm
    cm_scale_factor: Positive  # playing in centimetres doubles every inch figure
    deathmatch_entry_speed_mm: Mm = 152.4  # a Deathmatch's vehicles enter the table at this speed (6")
    #: the most a car turns at one point of its move (the 1:1 turn template's angle)
    turn_deg: Annotated[float, Field(gt=0, le=90)] = 45.0
    ambush: AmbushRules | None = None
    scatter: ScatterRules = ScatterRules()
    notes: Text | None = None

    @model_validator(mode="after")
    def _check(self) -> AxlesRules:
        check_unique((w.name for w in self.weight_classes), _("duplicate weight class {value}"))
        check_unique((w.id for w in self.weight_classes), _("duplicate weight class id {value}"))
        check_unique((c.name for c in self.components), _("duplicate component {value}"))
        check_unique((c.id for c in self.components), _("duplicate component id {value}"))
        check_covers_d6(([m.roll] for m in self.random_variant),
                        _("random variant table must cover die faces 1-6 exactly once, got {faces}"))
        if self.race_track_width_min_mm > self.race_track_width_max_mm:
            raise ValueError(_("race track width minimum exceeds the maximum"))
        return self

    def weight_class(self, name: str) -> WeightClass | None:
        """The weight class called `name` (case-insensitive), or None."""
        key = name.casefold()
        return next((w for w in self.weight_classes if w.name.casefold() == key), None)

    def weight_class_by_id(self, class_id: str) -> WeightClass | None:
        """The weight class with this stable id (exact), or None."""
        return next((w for w in self.weight_classes if w.id == class_id), None)

    def component(self, component_id: str) -> Component | None:
        """The component with this stable id (exact), or None."""
        return next((c for c in self.components if c.id == component_id), None)

    def find_weight_class(self, text: str) -> WeightClass | None:
        """The weight class a user means by `text`: its id, or its English name (both case-insensitive)."""
        key = text.strip().casefold()
        return next((w for w in self.weight_classes if w.id == key), None) or self.weight_class(key)
