"""Mario Kart for Downforce's own fields on the shared campaign records (`System.campaign_fields`).

A race result may carry the colour raced, the prize money and the bet winnings (`DownforceResult`, schema
version 3). A season's race (schema version 4) records the race as the game runs it: six cars whatever the
number of players, each with its colour, place, owner (optional: a car nobody bought still takes its place),
the price paid for it at the auction and its coins, and the race's bet winnings per player (`DownforceRace`,
instead of `results`). The season may set its own prize table (`DownforcePrizes`: dollars per place, 1st first).
Every field is left out of the file while unused, so a file without them keeps its bytes.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field, StringConstraints

from designer.i18n import _
from designer.model.base import OmitUnused, StrictInt, StrictModel, StrictStr
from designer.model.campaign import MAX_PLAYERS, PersonName, Small
from designer.model.record_fields import RecordFields

#: Money in whole dollars (prize money and bet winnings): up to a trillion.
Dollars = Annotated[StrictInt, Field(ge=0, le=10**12)]
#: A kart's colour as the rule data spells it ("red").
KartColour = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]


class DownforceResult(RecordFields):
    """On a race result: the colour raced, the prize money and the bet winnings in dollars."""

    OMIT_UNUSED = (("kart", None), ("prize", 0), ("bets", 0))

    kart: KartColour | None = None
    prize: Dollars = 0
    bets: Dollars = 0


class CarResult(OmitUnused):
    """One car of a Downforce race (schema version 4): its colour, finishing place, owner (None: nobody bought
    it), the price `paid` for it at the auction in dollars, its coins (None: not entered) and, from a migrated
    version 3 file only, the prize money entered by hand then (None: the season's prize table pays)."""

    OMIT_UNUSED = (("owner", None), ("paid", 0), ("coins", None), ("prize", None))

    colour: KartColour
    place: Annotated[StrictInt, Field(ge=1, le=MAX_PLAYERS)]
    owner: PersonName | None = None
    paid: Dollars = 0
    coins: Small | None = None
    prize: Dollars | None = None


class BetWin(StrictModel):
    """A player's bet winnings in one Downforce race, in dollars."""

    player: PersonName
    amount: Dollars


class DownforceRace(RecordFields):
    """On a race of a season: its `cars` and `bets`, kept instead of `results`."""

    OMIT_UNUSED = (("cars", []), ("bets", []))

    cars: Annotated[list[CarResult], Field(max_length=MAX_PLAYERS)] = []
    bets: Annotated[list[BetWin], Field(max_length=MAX_PLAYERS)] = []

    @classmethod
    def item_name(cls, key: str, index: int, item: Any) -> str | None:
        from designer.campaign.places import name_in

        if key == "bets":  # a player's bet winnings: the player
            return name_in(item, "player") or _("bet {n}").format(n=index + 1)
        return _("car {n}").format(n=index + 1) if key == "cars" else None

    def car(self, colour: str) -> CarResult | None:
        return next((c for c in self.cars if c.colour == colour), None)

    def bet(self, player: str) -> int:
        key = player.strip().casefold()
        return next((b.amount for b in self.bets if b.player.casefold() == key), 0)


class DownforcePrizes(RecordFields):
    """On the campaign: the season's prize money per place, 1st first (empty: the rule data's table)."""

    OMIT_UNUSED = (("prizes", []),)

    prizes: Annotated[list[Dollars], Field(max_length=MAX_PLAYERS)] = []

    @classmethod
    def item_name(cls, key: str, index: int, item: Any) -> str | None:
        return _("prize for place {n}").format(n=index + 1) if key == "prizes" else None

