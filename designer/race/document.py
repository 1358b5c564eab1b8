"""The race file (`*.race.json`): which game system, the seed, who races, what the system read of the track,
and the actions taken, in order. Nothing else is stored: the state and the log are what replaying the actions
from the seed gives (`designer.race.engine`). Only the shape lives here (strict, immutable pydantic)."""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import Field, StringConstraints, model_validator

from designer.i18n import _
from designer.model.base import WHOLE_NUMBER, StrictInt, StrictModel, StrictStr
from designer.race.dice import MAX_SEED

RACE_FORMAT: Final = "kartographer-race"
RACE_SCHEMA_VERSION: Final = 1
RACE_SUFFIX: Final = ".race.json"
MAX_ACTIONS = 20_000
#: As a campaign's (`designer.model.campaign`, not imported: a system's race module loads with the registry,
#: and `export` or `validate` must not load the campaign code; a test holds them equal).
MAX_PLAYERS = 16
PersonName = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
CharacterId = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
ModeName = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
TrackPath = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=500)]

#: An action's name as a system spells it ("box", "next").
ActionName = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z][a-z0-9-]*$", max_length=24)]
SetupKey = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


StatName = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]


class Entrant(StrictModel):
    """A player and, where the system has characters, the id of the character they drive; `stats` the
    character's numbers as a campaign has them now (upgrades bought: {"max_gear": 6}), over the rule data's."""

    name: PersonName
    character: CharacterId | None = None
    stats: Annotated[dict[StatName, Annotated[StrictInt, Field(ge=0, le=100)]], Field(max_length=16)] | None = None


class CampaignRace(StrictModel):
    """The campaign race this race runs: the campaign file (relative to the race file) and the race (1-based)."""

    file: TrackPath
    race: Annotated[StrictInt, Field(ge=1, le=50)]


class Action(StrictModel):
    """One thing done at the table, as typed: the action's name, the kart it concerns, a number and a word
    (which of them an action takes is the system's to say, `designer.race.engine.ActionSpec`)."""

    do: ActionName
    kart: PersonName | None = None
    n: Annotated[StrictInt, Field(ge=-1000, le=1000)] | None = None
    what: Annotated[StrictStr, StringConstraints(min_length=1, max_length=200)] | None = None

    def words(self) -> str:
        """The action as it is typed on the command line ("box Ben 2")."""
        return " ".join(str(p) for p in (self.do, self.kart, self.n, self.what) if p is not None)


class RaceFile(StrictModel):
    format: Literal["kartographer-race"] = RACE_FORMAT
    schema_version: Annotated[Literal[1], WHOLE_NUMBER] = RACE_SCHEMA_VERSION
    ruleset: Annotated[StrictStr, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
    mode: ModeName | None = None
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)]
    players: Annotated[list[Entrant], Field(min_length=1, max_length=MAX_PLAYERS)]
    #: The track raced (relative to the race file), for the reader; the race itself reads only `setup`.
    track: TrackPath | None = None
    #: What the system read of the track when the race began (laps, gates, Thwomps…): replaying never
    #: depends on the track file as it is today.
    setup: Annotated[dict[SetupKey, Annotated[StrictInt, Field(ge=0, le=10_000)]], Field(max_length=64)] = Field(
        default_factory=dict)
    #: The campaign race it runs ("Run this race"), where `race result` files it by default.
    campaign: CampaignRace | None = None
    actions: Annotated[list[Action], Field(max_length=MAX_ACTIONS)] = Field(default_factory=list)

    @model_validator(mode="after")
    def _unique_players(self) -> RaceFile:
        seen: set[str] = set()
        for entrant in self.players:
            if entrant.name.casefold() in seen:
                raise ValueError(_("{name} races twice").format(name=entrant.name))
            seen.add(entrant.name.casefold())
        return self
