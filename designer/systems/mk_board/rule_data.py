"""The board game's own section of rule data (`"board"` in `resources/rulesets/mk-board.json`): its spaces,
die, coins and sizes, its agreement with the shared coin rules, its translatable texts and their look-ups.

Contributed to the ruleset model through `System.rule_sections`; read through `board_rules(ruleset)`.
Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal

from pydantic import Field, model_validator

from designer.i18n import _
from designer.rules.base import (
    D6,
    Count,
    Mm,
    Name,
    Positive,
    RuleModel,
    Text,
    check_covers_d6,
    check_unique,
    new_list,
)
from designer.rules.texts import json_items, optional_text, rule_text
from designer.systems.api import RuleSection

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset


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
    starting_coin_places: list[Positive] = Field(default_factory=new_list)
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


def board_rules(ruleset: Ruleset) -> BoardRules | None:
    """The ruleset's board section, or None when it has none (another system's rule data)."""
    return ruleset.section("board", BoardRules)


def _check(board: BoardRules, ruleset: Ruleset) -> None:
    if ruleset.coins is not None:
        board_table = [(c.coins, c.extra_spaces) for c in board.coin_spending]
        if board_table != [(s.cost, s.spaces) for s in ruleset.coins.spend]:
            raise ValueError(_("board.coin_spending disagrees with coins.spend"))
    if ruleset.karts.max is not None and any(p > ruleset.karts.max for p in board.starting_coin_places):
        raise ValueError(_("a starting coin place is beyond karts.max"))


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    for space in json_items(data, "spaces"):
        kind = str(space.get("kind"))
        yield f"spaces/{kind}/name", space.get("name")
        yield f"spaces/{kind}/effect", space.get("effect")
        for index, outcome in enumerate(json_items(space, "roll_table")):
            yield f"spaces/{kind}/roll_table/{index}/effect", outcome.get("effect")


SECTION = RuleSection("board", BoardRules, _check, _texts)


def starting_coins(ruleset: Ruleset, places: int) -> list[int] | None:
    """The coins a pawn takes on each starting place 1…`places` (`starting_coin_places` each get
    `starting_coins`), or None for rule data without a board section."""
    board = board_rules(ruleset)
    if board is None:
        return None
    return [board.starting_coins if place in board.starting_coin_places else 0 for place in range(1, places + 1)]


def board_space_name(ruleset: Any, space: Any) -> str:
    return rule_text(ruleset, f"board/spaces/{space.kind}/name", space.name)


def board_space_effect(ruleset: Any, space: Any) -> str:
    return rule_text(ruleset, f"board/spaces/{space.kind}/effect", space.effect)


def roll_outcome_effect(ruleset: Any, space: Any, index: int) -> str | None:
    """What the `index`-th outcome of a board space's roll table does ("Miss one turn.")."""
    outcome = (space.roll_table or [])[index]
    return optional_text(ruleset, f"board/spaces/{space.kind}/roll_table/{index}/effect", outcome.effect)
