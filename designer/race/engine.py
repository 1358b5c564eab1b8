"""The race engine: a race is its file's actions replayed from the seed through its system's `RaceRules`.

Acting appends one action and applies it to the current state (refused whole, leaving the race as it was,
when the rules say no); undo drops the last action and replays the rest from the seed, so the state after
an undo is exactly the state before that action — the same cards in the same order, the same rolls to come.
The log is what the rules said while replaying, in the current language ("Ben drew Red Shell").
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from designer.i18n import N_, _
from designer.io.validation import describe_validation_error
from designer.race.dice import new_rng

if TYPE_CHECKING:  # the race document's models load with the first race, not with the systems
    from designer.race.document import Action, Entrant, RaceFile


class RaceError(ValueError):
    """An action the rules refuse, or a race file whose actions cannot be replayed (one line)."""


@dataclass(frozen=True)
class ActionSpec:
    """One action a system's race offers: its name, whether it names a kart, whether it takes a number
    (`n`: "no", "optional", "required") or a word (`what`), a line of help and a button's title (English,
    `N_`; without a title the button shows the name)."""

    name: str
    kart: bool = False
    n: str = "no"
    what: str = "no"
    help: str = ""
    title: str = ""

    @property
    def display_title(self) -> str:
        return _(self.title) if self.title else self.name


@dataclass(frozen=True)
class Placing:
    """A kart's result as a campaign records it: place, gates cleared in order, coins (None: not counted)."""

    player: str
    place: int
    gates: int | None = None
    coins: int | None = None


@dataclass(frozen=True)
class GameOutcome:
    """One entrant's game as a campaign that keeps games (driver careers) records it: the vehicle destroyed,
    the driver dead, vehicles destroyed, over the finish line, won, and the career rerolls spent."""

    player: str
    destroyed: bool = False
    died: bool = False
    kills: int = 0
    finished: bool = False
    won: bool = False
    rerolls_used: int = 0


@dataclass(frozen=True)
class Start:
    """What a race begins from: the rule data, who races, the campaign mode (or None) and the track's setup."""

    ruleset: Any
    players: tuple[Entrant, ...]
    mode: str | None
    setup: dict[str, int]


@dataclass(frozen=True)
class RaceRules:
    """What a game system contributes to race day (`System.race`).

    - `start(start, rng) -> (state, lines)`: the state at the green light and the log's opening lines.
    - `act(ruleset, state, action, rng) -> lines`: apply one action to `state` in place and say what happened;
      a refusal raises `RaceError` (the engine then restores the state).
    - `summary(ruleset, state) -> lines`: the state in words (round, phase, each kart).
    - `result(ruleset, state) -> placings`: the result so far, as a campaign records it.
    - `from_track(document) -> setup`: what the race needs of a track document ({"laps": 3, "gate": 6, …}).
    - `actions`: the actions it understands (the CLI's `race act` and the window's buttons).
    - `current(ruleset, state) -> name`: the kart whose turn it is, in a game of turns (the window picks it
      for the next action); None (or no `current`): the table says which kart acts.
    - `karts(ruleset, state) -> [(name, label)]`: what an action's kart may be, as the action stores it and as a
      picker shows it (None: the players; e.g. a system racing cars by colour names the cars).
    - `file(ruleset, state, doc, ctx, race) -> doc`: the result filed into campaign race `race` (1-based) as one
      checked edit, for a campaign that records more than places, gates and coins per player (None: those).
    - `game(ruleset, state) -> (scenario, outcomes)`: the race as a game of a campaign that keeps games
      (driver careers); None: the system files places only.
    - `vehicle_stats(ruleset, vehicle document) -> stats`: what an entrant's race reads of its vehicle file
      (stored as the entrant's `stats`); None: the system has no vehicle files.
    - `game_setup(ruleset, scenario) -> setup`: the setup of a career game of that scenario played without a
      track file (the campaign's "deathmatch" or "race").
    - `entrant_word`: what the window calls an entrant (English, `N_`: "Kart", "Car").
    - `entrants(doc, ctx, campaign_path, ruleset) -> [Entrant]`: who races a campaign race when the system keeps
      its entrants its own way (a career's living drivers); None: the race's grid or the roster.
    - `file_game(doc, ctx, scenario, outcomes, track) -> doc`: the race filed as the campaign's next game;
      None: the system keeps no games.
    State must compare with `==` (dataclasses do) and copy with `copy.deepcopy`.
    """

    start: Callable[[Start, random.Random], tuple[Any, list[str]]]
    act: Callable[[Any, Any, Action, random.Random], list[str]]
    summary: Callable[[Any, Any], list[str]]
    result: Callable[[Any, Any], list[Placing]]
    from_track: Callable[[Any], dict[str, int]]
    actions: tuple[ActionSpec, ...] = ()
    current: Callable[[Any, Any], str | None] | None = None
    karts: Callable[[Any, Any], list[tuple[str, str]]] | None = None
    file: Callable[[Any, Any, Any, Any, int], Any] | None = None
    game: Callable[[Any, Any], tuple[str, list[GameOutcome]]] | None = None
    vehicle_stats: Callable[[Any, Any], dict[str, int]] | None = None
    game_setup: Callable[[Any, str], dict[str, int]] | None = None
    entrant_word: str = N_("Kart")
    entrants: Callable[[Any, Any, Any, Any], list[Any]] | None = None
    file_game: Callable[[Any, Any, str, Any, str | None], Any] | None = None

    def action(self, name: str) -> ActionSpec | None:
        return next((a for a in self.actions if a.name == name), None)


@dataclass
class LogLine:
    """One line of the log: `step` is the action's number (1 for the first; 0 for the start)."""

    step: int
    text: str


@dataclass
class Race:
    """A race being run: its file, its rules and rule data, and what replaying gave (state, generator, log)."""

    file: RaceFile
    rules: RaceRules
    ruleset: Any
    state: Any = None
    rng: random.Random = field(default_factory=random.Random)
    log: list[LogLine] = field(default_factory=list)

    def act(self, action: Action) -> list[str]:
        """Apply `action` and append it to the file; refused (RaceError) with nothing changed."""
        check_action(self.rules, action)
        state, rng_state = copy.deepcopy(self.state), self.rng.getstate()
        try:
            lines = self.rules.act(self.ruleset, self.state, action, self.rng)
        except RaceError:
            self.state = state
            self.rng.setstate(rng_state)
            raise
        step = len(self.file.actions) + 1
        self.file = self.file.model_copy(update={"actions": [*self.file.actions, action]})
        self.log += [LogLine(step, line) for line in lines]
        return lines

    def undo(self) -> Action:
        """Drop the last action (RaceError when there is none) and replay the rest; returns the action undone."""
        if not self.file.actions:
            raise RaceError(_("nothing to undo"))
        last = self.file.actions[-1]
        again = replay(self.file.model_copy(update={"actions": self.file.actions[:-1]}), self.rules, self.ruleset)
        self.file, self.state, self.rng, self.log = again.file, again.state, again.rng, again.log
        return last

    def summary(self) -> list[str]:
        return self.rules.summary(self.ruleset, self.state)

    def result(self) -> list[Placing]:
        return self.rules.result(self.ruleset, self.state)

    def current(self) -> str | None:
        """The kart whose turn it is, when the system's race goes by turns."""
        return self.rules.current(self.ruleset, self.state) if self.rules.current is not None else None

    def karts(self) -> list[tuple[str, str]]:
        """(name, label) of what an action's kart may be: the system's own list, else the players."""
        if self.rules.karts is not None:
            return self.rules.karts(self.ruleset, self.state)
        return [(p.name, p.name) for p in self.file.players]


def check_action(rules: RaceRules, action: Action) -> None:
    """Refuse an action the system does not offer, or one missing or given a kart, number or word."""
    spec = rules.action(action.do)
    if spec is None:
        raise RaceError(_("unknown action {action} (actions: {actions})").format(
            action=repr(action.do), actions=", ".join(a.name for a in rules.actions)))
    if spec.kart != (action.kart is not None):
        raise RaceError((_("{action} needs a kart") if spec.kart else _("{action} takes no kart")).format(
            action=action.do))
    for part, value in (("n", action.n), ("what", action.what)):
        wanted = getattr(spec, part)
        if wanted == "required" and value is None:
            raise RaceError(_("{action} needs a value").format(action=action.do))
        if wanted == "no" and value is not None:
            raise RaceError(_("{action} takes no value {value}").format(action=action.do, value=repr(value)))


def begin(file: RaceFile, rules: RaceRules, ruleset: Any) -> Race:
    """The race at the green light (the file's actions not yet applied)."""
    rng = new_rng(file.seed)
    state, lines = rules.start(Start(ruleset, tuple(file.players), file.mode, dict(file.setup)), rng)
    return Race(file.model_copy(update={"actions": []}), rules, ruleset, state, rng, [LogLine(0, t) for t in lines])


def replay(file: RaceFile, rules: RaceRules, ruleset: Any) -> Race:
    """The race after every action of `file`; RaceError naming the first action that cannot be applied."""
    race = begin(file, rules, ruleset)
    for number, action in enumerate(file.actions, 1):
        try:
            race.act(action)
        except RaceError as exc:
            raise RaceError(_("action {n} ({action}): {reason}").format(
                n=number, action=action.words(), reason=exc)) from None
    return race


def parse_action(rules: RaceRules, words: Sequence[str]) -> Action:
    """An action from its words as typed ("box Ben 2", "order Ann,Ben", "next"); RaceError when malformed."""
    from designer.race.document import Action

    if not words:
        raise RaceError(_("no action given"))
    spec = rules.action(words[0])
    if spec is None:
        raise RaceError(_("unknown action {action} (actions: {actions})").format(
            action=repr(words[0]), actions=", ".join(a.name for a in rules.actions)))
    rest = list(words[1:])
    fields: dict[str, Any] = {"do": spec.name}
    if spec.kart:
        if not rest:
            raise RaceError(_("{action} needs a kart").format(action=spec.name))
        fields["kart"] = rest.pop(0)
    if spec.n != "no" and rest:
        try:
            fields["n"] = int(rest[0])
            rest.pop(0)
        except ValueError:
            if spec.what == "no":
                raise RaceError(_("{action}: {value} is not a whole number").format(
                    action=spec.name, value=repr(rest[0]))) from None
    if spec.what != "no" and rest:
        fields["what"] = " ".join(rest)
        rest = []
    if rest:
        raise RaceError(_("{action} takes no value {value}").format(action=spec.name, value=repr(" ".join(rest))))
    try:
        action = Action(**fields)
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, fields)
        raise RaceError(_("{action}: {where}: {reason}").format(action=spec.name, where=location,
                                                              reason=reason)) from None
    check_action(rules, action)
    return action
