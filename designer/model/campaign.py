"""The campaign document (`*.campaign.json`): a group's season — roster, races, upgrades, battles, careers.

Only the shape lives here (strict, immutable pydantic models). Whether the content is consistent with a
ruleset — places, caps, points, balloons — is checked by `designer.campaign.validate`, because it needs
the rule data and the tracks.

Modes: `mode` names one of the campaign modes of the ruleset's game system (`designer.systems`, e.g.
Gaslands' `grand_prix`, `race_series`, `balloon_battle`); the file format only bounds its spelling, and
`designer.campaign.validate` refuses a mode the system does not offer. The mode's record says which lists
the campaign keeps: races (with upgrades when scored on points), battles (logs of Wipe Outs), or drivers
and games (careers).

A game system keeps its own fields on the records here (the document, a race, a race result, a custom
character, a driver) as `designer.model.record_fields.RecordFields`, contributed through the registry
(`System.campaign_fields`); they are described where they are defined. Schema version 4 reshaped a season
race of one system; version 3 added system fields, left out of the file where unused, so a version 2 file
reads unchanged.

Schema version 2 (version 1 stored display names): `players[].character` is the stable id of a ruleset
character ("princess-peach") or of one of the campaign's custom characters, which carry their own `id`; in a
system with neither (Axles and Alloys) it is the player's own label for their kart.
"""

from __future__ import annotations

from typing import Annotated, Final, Literal

from pydantic import AfterValidator, Field, StringConstraints, model_validator

from designer.i18n import _
from designer.model.base import WHOLE_NUMBER, StrictBool, StrictInt, StrictModel, StrictStr
from designer.model.record_fields import Extensible
from designer.model.stats import STATS  # noqa: F401 - re-exported: the campaign code reads it here
from designer.model.track import default_ruleset

CAMPAIGN_FORMAT: Final = "kartographer-campaign"
CAMPAIGN_SCHEMA_VERSION: Final = 4
MAX_PLAYERS = 16
MAX_RACES = 50

#: A campaign mode's name, as a game system spells it (which names are allowed depends on the system).
ModeName = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=40)]
Stat = Literal["handling", "max_gear"]

PersonName = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=40)]
#: A stable id, spelt as the rule data's ids are (`designer.rules.base.Slug`).
CharacterId = Annotated[StrictStr, StringConstraints(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$", max_length=64)]
#: What a player drives: a character id, or free text when the system has no characters.
CharacterRef = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=64)]


def _no_nul(path: str) -> str:
    if "\x00" in path:  # no file system allows it, and Python's file functions raise on it
        raise ValueError(_("a file name cannot contain NUL"))
    return path


TrackPath = Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=500),
                      AfterValidator(_no_nul)]
Small = Annotated[StrictInt, Field(ge=0, le=10_000)]


def _check_unique(names: list[str], refusal: str) -> None:
    """`refusal`: the translated message, with `{name}` for the name that appears twice."""
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise ValueError(refusal.format(name=name))
        seen.add(name.casefold())


class Player(StrictModel):
    """A player and the character their kart is: the id of a ruleset character or of a custom one."""

    name: PersonName
    character: CharacterRef


class CustomCharacter(Extensible):
    """A home-made character; the stats its system does not use stay empty (`System.character_stats` says
    which it uses; a system may keep stats of its own as fields on it). Players refer to it by `id` (never a
    ruleset character's)."""

    id: CharacterId
    name: PersonName
    weight: Literal["Lightweight", "Middleweight", "Heavyweight"] | None = None
    handling: Annotated[StrictInt, Field(ge=0, le=20)] | None = None
    max_gear: Annotated[StrictInt, Field(ge=1, le=20)] | None = None


class RaceResult(Extensible):
    """A player's race. `gates` and `coins` are None while not entered (they count 0, and are left out of
    the file, as an older Kartographer reads them: 0)."""

    OMIT_UNUSED = (("gates", None), ("coins", None))

    player: PersonName
    place: Annotated[StrictInt, Field(ge=1, le=MAX_PLAYERS)]
    gates: Small | None = None
    coins: Small | None = None

    @property
    def gates_counted(self) -> int:
        """The gates as scored: not entered counts 0."""
        return self.gates or 0

    @property
    def coins_counted(self) -> int:
        """The coins as scored: not entered counts 0."""
        return self.coins or 0


class Race(Extensible):
    """One race: the track (a path relative to the campaign file), the starting grid and the results (a
    system may keep its own record of a race instead, as fields on it)."""

    track: TrackPath | None = None
    grid: Annotated[list[PersonName], Field(max_length=MAX_PLAYERS)] = []
    results: Annotated[list[RaceResult], Field(max_length=MAX_PLAYERS)] = []

    def result(self, player: str) -> RaceResult | None:
        key = player.strip().casefold()
        return next((r for r in self.results if r.player.casefold() == key), None)


class Upgrade(StrictModel):
    """A stat bought between race `after_race` and the next one."""

    player: PersonName
    after_race: Annotated[StrictInt, Field(ge=1, le=MAX_RACES)]
    stat: Stat


class WipeOut(StrictModel):
    """One popped balloon; `by` optionally names who caused it."""

    player: PersonName
    by: PersonName | None = None


class Battle(StrictModel):
    """A Balloon Battle on an arena track: the karts taking part (all players when empty) and the log."""

    track: TrackPath | None = None
    karts: Annotated[list[PersonName], Field(max_length=MAX_PLAYERS)] = []
    wipe_outs: Annotated[list[WipeOut], Field(max_length=1_000)] = []


class Driver(Extensible):
    """A named driver belonging to a player (a careers mode; the system keeps what they drive as its own
    fields on it)."""

    name: PersonName
    player: PersonName


class GameEntry(StrictModel):
    """How one driver fared in one game. `died` does not need `destroyed`: besides the roll after losing the car,
    the Driver component can be lost at a threshold, radiation can kill him, and a Deathshead impales him."""

    driver: PersonName
    destroyed: StrictBool = False
    kills: Annotated[StrictInt, Field(ge=0, le=MAX_PLAYERS)] = 0
    finished: StrictBool = False
    won: StrictBool = False
    died: StrictBool = False
    rerolls_used: Annotated[StrictInt, Field(ge=0, le=1_000)] = 0

    @model_validator(mode="after")
    def _consistent(self) -> GameEntry:
        if self.died and self.finished:
            raise ValueError(_("a driver who died cannot finish the race"))
        if self.won and not self.finished:
            raise ValueError(_("a winner must have finished"))
        if self.finished and self.destroyed:
            raise ValueError(_("a destroyed vehicle cannot finish the race"))
        return self


class Game(StrictModel):
    scenario: Literal["deathmatch", "race"]
    track: TrackPath | None = None
    entries: Annotated[list[GameEntry], Field(max_length=MAX_PLAYERS * 4)] = []


class CampaignDocument(Extensible):

    format: Literal["kartographer-campaign"] = CAMPAIGN_FORMAT
    schema_version: Annotated[Literal[4], WHOLE_NUMBER] = CAMPAIGN_SCHEMA_VERSION
    name: Annotated[StrictStr, StringConstraints(strip_whitespace=True, min_length=1, max_length=120)]
    ruleset: Annotated[StrictStr, Field(min_length=1, max_length=64)] = Field(default_factory=default_ruleset)
    mode: ModeName = "grand_prix"
    players: Annotated[list[Player], Field(max_length=MAX_PLAYERS)] = []
    custom_characters: Annotated[list[CustomCharacter], Field(max_length=64)] = []
    races: Annotated[list[Race], Field(max_length=MAX_RACES)] = []
    upgrades: Annotated[list[Upgrade], Field(max_length=1_000)] = []
    battles: Annotated[list[Battle], Field(max_length=MAX_RACES)] = []
    drivers: Annotated[list[Driver], Field(max_length=1_000)] = []
    games: Annotated[list[Game], Field(max_length=1_000)] = []
    notes: Annotated[StrictStr, Field(max_length=10_000)] = ""

    @model_validator(mode="after")
    def _unique_names(self) -> CampaignDocument:
        _check_unique([p.name for p in self.players], _("player '{name}' appears twice"))
        _check_unique([c.name for c in self.custom_characters], _("custom character '{name}' appears twice"))
        _check_unique([c.id for c in self.custom_characters], _("custom character id '{name}' appears twice"))
        _check_unique([d.name for d in self.drivers], _("driver '{name}' appears twice"))
        return self

    def player(self, name: str) -> Player | None:
        key = name.strip().casefold()
        return next((p for p in self.players if p.name.casefold() == key), None)

    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def custom_character(self, name: str) -> CustomCharacter | None:
        key = name.strip().casefold()
        return next((c for c in self.custom_characters if c.name.casefold() == key), None)

    def custom_character_by_id(self, character_id: str) -> CustomCharacter | None:
        return next((c for c in self.custom_characters if c.id == character_id), None)
