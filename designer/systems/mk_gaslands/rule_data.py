"""Mario Kart Gaslands' own section of rule data (`"gaslands"`): the numbers of its track features.

Boost pads, ramps, the Thwomp's die roll, the strikes of Piranha Plants and Chain Chomps, and how far
Bullet Bill and wandering threats move: what the reference sheet prints (`designer.systems.mk_gaslands.
reference`). Distances are named ("short", "medium", "long": the straight templates' lengths in
`movement`). Contributed to the ruleset model through `System.rule_sections`; read through
`gaslands_rules(ruleset)`. Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import Field, model_validator

from designer.i18n import _
from designer.rules.base import D6, Count, Positive, RuleModel, Text, check_unique
from designer.systems.api import RuleSection

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset

Reach = Literal["short", "medium", "long"]
Weight = Literal["Lightweight", "Middleweight", "Heavyweight"]


class Jump(RuleModel):
    """Where a ramp lands a kart leaving it in gears `min_gear` to `max_gear` (None: and every gear above)."""

    min_gear: Positive
    max_gear: Positive | None = None
    distance: Reach


class RampRules(RuleModel):
    """A ramp: the lowest gear to take it, where a kart too slow is put back, its jumps and its optional hoop."""

    min_gear: Positive
    fail_distance: Reach
    jumps: list[Jump] = Field(min_length=1)
    hoop_distance: Reach | None = None
    hoop_items: Positive = 1

    @model_validator(mode="after")
    def _ordered(self) -> RampRules:
        for jump in self.jumps:
            if jump.max_gear is not None and jump.max_gear < jump.min_gear:
                raise ValueError(_("a jump's max_gear must not be below its min_gear"))
        return self


class Smash(RuleModel):
    """A course hazard that Smash Attacks karts as a kart of `weight` in `gear` would."""

    weight: Weight
    gear: Positive


class StrikeRules(RuleModel):
    """A strike from a plant or a chomp: the kart drops `gear_loss` gears and gains `hazards` tokens."""

    gear_loss: Count
    hazards: Count
    obstacle: Smash | None = None


class ThwompRules(RuleModel):
    """At the end of each gear phase a D6 roll on one of `rolls` lifts or drops the Thwomp."""

    rolls: list[D6] = Field(min_length=1)
    drop_to_gear: Positive
    hazards: Count
    smash: Smash

    @model_validator(mode="after")
    def _unique(self) -> ThwompRules:
        check_unique((str(r) for r in self.rolls), _("duplicate die face {value}"))
        return self


class MoverRules(RuleModel):
    """A threat that moves on its own at the end of each gear phase, `distance` at a time."""

    distance: Reach
    smash: Smash


class GaslandsRules(RuleModel):
    boost_distance: Reach
    double_stack_draw: Positive
    ramp: RampRules
    thwomp: ThwompRules
    piranha_plant: StrikeRules
    chain_chomp: StrikeRules
    bullet_bill: MoverRules
    wandering_threat: MoverRules
    notes: Text | None = None


def gaslands_rules(ruleset: Ruleset) -> GaslandsRules | None:
    """The ruleset's Gaslands section, or None when it has none (another system's rule data)."""
    return ruleset.section("gaslands", GaslandsRules)


SECTION = RuleSection("gaslands", GaslandsRules)
