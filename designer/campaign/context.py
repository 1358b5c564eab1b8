"""What campaign rules need besides the document: the ruleset and what each race's track allows."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from designer.campaign.errors import CampaignError
from designer.i18n import _
from designer.rules import Ruleset
from designer.rules.schema import GrandPrix
from designer.rules.texts import ruleset_name


@dataclass(frozen=True)
class TrackLimit:
    """A race track's gate count and laps: nobody clears more than gates × laps gates in order."""

    gates: int
    laps: int

    @property
    def max_gates(self) -> int:
        return self.gates * self.laps


@dataclass(frozen=True)
class Context:
    ruleset: Ruleset
    #: race index (0-based) → the limit from its track; races without a readable track are not bounded
    track_limits: Mapping[int, TrackLimit] = field(default_factory=dict)

    def grand_prix(self) -> GrandPrix:
        gp = self.ruleset.grand_prix
        if gp is None:
            raise CampaignError(_("{ruleset} has no Grand Prix scoring").format(ruleset=ruleset_name(self.ruleset)),
                                "ruleset")
        return gp

    def balloons(self) -> int:
        battle = self.ruleset.balloon_battle
        if battle is None:
            raise CampaignError(_("{ruleset} has no Balloon Battle rules").format(ruleset=ruleset_name(self.ruleset)),
                                "ruleset")
        return battle.balloons_per_kart
