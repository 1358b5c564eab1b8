"""What a game system contributes, declared in one place: the `System` record and its parts.

A system is a package (built in under `designer/systems/<id>/`, or from outside through the
`kartographer.systems` entry-point group) whose `SYSTEM` is one of these records. The shared machinery —
the checks engine, the print shop, the palette, the campaign core — reads them from the registry and never
names a system. Pure: no Qt, and nothing here imports the layers that use it (export, checks, campaign),
so every layer can depend on this one.

Names and titles a user sees (a system's `name`, a mode's or an overlay's `title` and `tip`) are English
marked for the catalogue (`N_`); `display_name` / `display_title` / `display_tip` translate them when shown.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import FrozenInstanceError, dataclass, field, fields
from pathlib import Path
from reprlib import recursive_repr
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar, cast, dataclass_transform, overload

from designer.i18n import _

if TYPE_CHECKING:
    import argparse

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob
    from designer.model.elements import ElementBase
    from designer.race.engine import RaceRules

_R = TypeVar("_R")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def _record(cls: type[_R]) -> type[_R]:
    """`@dataclass(frozen=True)`, with its equality, hash, repr and frozenness shared by every record rather
    than generated and compiled per class (the generated methods were most of this module's import, which
    every process pays); what they do is the dataclass's: fields compared and hashed in order (`compare`,
    `hash`), shown as `Name(field=value, …)`, and a field set once, by `__init__`, and never again
    (`FrozenInstanceError`)."""
    made: Any = dataclass(eq=False, repr=False)(cls)
    kept = fields(made)
    made._fields = frozenset(f.name for f in kept)
    made._compared = tuple(f.name for f in kept if f.compare)
    # A deferred field is not hashed: reading it imports what it names (a system's race day), and a record is
    # hashed wherever it keys a cache (its Qt half's, at start-up).
    made._hashed = tuple(f.name for f in kept if (f.compare if f.hash is None else f.hash)
                         and not isinstance(made.__dict__.get(f.name), _Deferred))
    made._shown = tuple(f.name for f in kept if f.repr)
    made.__eq__, made.__hash__, made.__repr__ = _record_eq, _record_hash, _record_repr
    made.__setattr__, made.__delattr__ = _record_setattr, _record_delattr
    return cast("type[_R]", made)


def _record_setattr(self: Any, name: str, value: Any) -> None:
    if name not in self._fields or name in self.__dict__:  # only `__init__` sets a field, once
        raise FrozenInstanceError(f"cannot assign to field {name!r}")
    object.__setattr__(self, name, value)


def _record_delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _record_eq(self: Any, other: Any) -> bool:
    if other.__class__ is not self.__class__:
        return NotImplemented
    return tuple(getattr(self, n) for n in self._compared) == tuple(getattr(other, n) for n in self._compared)


def _record_hash(self: Any) -> int:
    return hash(tuple(getattr(self, n) for n in self._hashed))


@recursive_repr()
def _record_repr(self: Any) -> str:
    shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._shown)
    return f"{self.__class__.__qualname__}({shown})"


class _Deferred:
    """A record field that may be given as "package.module:NAME", where the value lies: that module is imported
    when the field is first read (a command that never reads it never imports it), and the value is kept.
    Any other value is kept as it is; the default is None."""

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = f"_deferred_{name}"

    @overload
    def __get__(self, record: None, owner: type) -> None: ...
    @overload
    def __get__(self, record: object, owner: type) -> RaceRules | None: ...
    def __get__(self, record: object, owner: type) -> RaceRules | None:
        if record is None:
            return None  # the dataclass's default
        value = record.__dict__[self._slot]
        if isinstance(value, str):
            module, _sep, name = value.partition(":")
            value = record.__dict__[self._slot] = getattr(importlib.import_module(module), name)
        return cast("RaceRules | None", value)

    def __set__(self, record: object, value: RaceRules | str | None) -> None:
        if self._slot in record.__dict__:  # set once, by the record's `__init__`
            raise FrozenInstanceError(f"cannot assign to field {self._slot.removeprefix('_deferred_')!r}")
        record.__dict__[self._slot] = value


#: Whether the move under way should bring along what is attached to the moved elements (a gesture asks,
#: e.g. a drag with Alt held) …
_ATTACHED: ContextVar[bool] = ContextVar("move_attached", default=False)
#: … or every move does (a menu toggle, e.g. PitchKart's Track ▸ Move Chain With Section).
_attached_always = False


def move_attached() -> bool:
    """True while a move should carry what is attached to the moved elements (see `System.follow_moves`)."""
    return _attached_always or _ATTACHED.get()


@contextmanager
def moving_attached(on: bool = True) -> Iterator[None]:
    """`with moving_attached():` the moves pushed inside carry what is attached to what they move."""
    token = _ATTACHED.set(on)
    try:
        yield
    finally:
        _ATTACHED.reset(token)


def set_move_attached(on: bool) -> None:
    """Make every move carry what is attached (True), or only those inside `moving_attached` (False)."""
    global _attached_always
    _attached_always = bool(on)


@_record
class PrintSection:
    """One `--what` value of `kartographer export` (and one choice in the print dialog).

    `render(canvas, job)` draws the section's pages on a reportlab canvas and returns how many it drew;
    `unavailable(job)` says in a few words why this document cannot have it (None: it can), so "all"
    leaves it out quietly and asking for it by name gets that reason. `job` is the print shop's
    `designer.export.options.PrintJob` (document, ruleset, options, optional campaign scores).
    `cut_parts(job)`, when given, makes the section's cutter file too (`export --format svg|dxf`, the print
    dialog's SVG/DXF choice): what a maker cuts, as `designer.export.cutfile.CutPart`s at 1:1.
    """

    name: str
    title: str
    render: Callable[[Any, Any], int]
    unavailable: Callable[[Any], str | None] = field(default=lambda job: None)
    #: False: drawn from the rule data and the options alone, so `kartographer export --ruleset ID` prints it
    #: without a track file (a blank document of the system stands in).
    needs_document: bool = True
    cut_parts: Callable[[PrintJob], Sequence[CutPart]] | None = None


@_record
class PrintOption:
    """A number some of a system's print sections take besides the shared options (Downforce: lanes, betting
    lines, token and die sizes): `--set NAME=VALUE` on the CLI, a spin box in the print dialog.
    `default(ruleset)` reads it from the rule data; `decimals` 0 makes it a whole number; `unit` is "mm" or
    ""; `title` is English marked with N_."""

    name: str
    title: str
    default: Callable[[Any], float]
    minimum: float
    maximum: float
    decimals: int = 0
    unit: str = ""

    @property
    def display_title(self) -> str:
        return _(self.title)


@_record
class GeneratorOption:
    """One setting of a system's track generator: `--set NAME=VALUE` of `kartographer generate`, a control in
    File ▸ New ▸ Generate…. A number from `minimum` to `maximum` (`decimals` 0: a whole number; `unit` "mm",
    "%" or ""), or, with `choices` ({key: English title marked N_}), one of those keys. `default(ruleset)` reads
    it from the rule data; `title` is English marked with N_."""

    name: str
    title: str
    default: Callable[[Any], float | str]
    minimum: float = 0.0
    maximum: float = 0.0
    decimals: int = 0
    unit: str = ""
    choices: Mapping[str, str] = field(default_factory=dict, hash=False)

    @property
    def display_title(self) -> str:
        return _(self.title)


@_record
class CharacterStat:
    """One stat a system's characters carry (its rule data's and a campaign's custom characters alike):
    `key` is the field of `designer.rules.schema.Character` and `designer.model.campaign.CustomCharacter`
    ("handling", "top_speed"); `title` English marked with N_ (a column heading, a card row); a whole number
    from `minimum` to `maximum`, or one word of `choices` (stored as written, shown translated by the
    caller, e.g. weight classes); `upgradable`: Grand Prix upgrades raise it (the campaign shows "4 ▲")."""

    key: str
    title: str
    minimum: int = 0
    maximum: int = 20
    choices: tuple[str, ...] = ()
    upgradable: bool = False

    @property
    def display_title(self) -> str:
        return _(self.title)


class GenerateTrack(Protocol):
    """Makes a whole document of the system (a `designer.model.TrackDocument`) on a table of `width_mm` ×
    `height_mm` from `seed` (the same seed and settings give the same document) and the generator's settings
    (every option's value, already range-checked); raises ValueError with a one-line reason when it cannot
    (e.g. the table is too small). Pure: no Qt."""

    def __call__(self, ruleset: Any, width_mm: float, height_mm: float, seed: int,
                 settings: Mapping[str, Any]) -> Any: ...


@_record
class Generator:
    """A system's track generator (`System.generator`): `generate` and its `options`; `table_mm(ruleset)` the
    table it proposes when none is given."""

    generate: GenerateTrack
    options: tuple[GeneratorOption, ...] = ()
    table_mm: Callable[[Any], tuple[float, float]] | None = None

    def option(self, name: str) -> GeneratorOption | None:
        return next((o for o in self.options if o.name == name), None)


class CampaignSheets(Protocol):
    """`CampaignMode.sheets`: draws a campaign's per-player sheets on a reportlab canvas and returns the pages
    drawn. `doc` is the `designer.model.campaign.CampaignDocument`, `ctx` its `designer.campaign.context.Context`
    (rule data and names), `paper` a paper name ("a4"), `source` the campaign file (files it names, such as
    a driver's vehicle file, are relative to it) or None."""

    def __call__(self, c: Any, doc: Any, ctx: Any, paper: str, source: str | Path | None) -> int: ...


class AddParser(Protocol):
    """Registers one command on argparse sub-commands: `sub.add_parser(name, help=…)` and its options."""

    def __call__(self, sub: argparse._SubParsersAction, /) -> object: ...


class RunCommand(Protocol):
    """Carries out a parsed command; returns the exit status. Refusals raise
    `designer.io.errors.DocumentError` (or `designer.campaign.errors.CampaignError` in a campaign action)."""

    def __call__(self, args: argparse.Namespace, /) -> int: ...


@_record
class CliCommand:
    """A command a system adds to `kartographer` (`System.cli`) or an action to `kartographer campaign`
    (`System.campaign_cli`): `add_parser(sub)` registers `name` with its options (keep its imports light: the
    whole parser is built for every command), `run(args)` carries it out (import the command's code there)."""

    name: str
    add_parser: AddParser
    run: RunCommand


class AddOptions(Protocol):
    """Adds a system's own options to the parser of a shared `campaign` action."""

    def __call__(self, parser: argparse.ArgumentParser, /) -> object: ...


class CheckOptions(Protocol):
    """Refuses (raises `designer.campaign.errors.CampaignError`) when the options were given for a campaign
    that does not take them; `doc` is the loaded `designer.model.campaign.CampaignDocument`."""

    def __call__(self, args: argparse.Namespace, doc: Any, /) -> None: ...


@_record
class CampaignOptions:
    """Options a system adds to a shared `kartographer campaign` action (`System.campaign_options`; Downforce:
    `result --car --owner --paid --bets`), after the shared ones. The mode that reads them handles the action
    itself (`CampaignMode.commands`); for any other campaign the action calls `check(args, doc)` first."""

    action: str
    add: AddOptions
    check: CheckOptions


class ModeCommand(Protocol):
    """A campaign mode's own take on a shared `campaign` action (`CampaignMode.commands`): `doc` and `ctx` are
    the loaded campaign and its `designer.campaign.context.Context`; `edit(path, change)` loads, applies
    `change(doc, ctx)` and saves atomically, returning (old, new, ctx). Returns the exit status."""

    def __call__(self, args: argparse.Namespace, doc: Any, ctx: Any, edit: Callable[..., Any], /) -> int: ...


@_record
class ModeScoresheet:
    """`CampaignMode.scoresheet`: the mode's own filled score sheet instead of the Grand Prix one (Downforce's
    season: its money sheet). `render` draws it like `CampaignSheets`; `unavailable(ruleset)` says in a few
    words why a ruleset's rule data cannot fill it (None: it can)."""

    render: CampaignSheets
    unavailable: Callable[[Any], str | None] = field(default=lambda ruleset: None)


@_record
class DocumentFormat:
    """A file format of a system's own (`System.documents`; Axles: cars, `*.vehicle.json`): `kind` names it
    (`kartographer schema KIND`, Open Recent's kind), `suffix` its files' ending; `schema()` its JSON Schema;
    `starters()` one line per starter file of the format for `kartographer templates` (file, name, system, …);
    `mime_type` and `comment` (English, `N_`) its file type on a Linux desktop (`designer/desktop_install.py`)."""

    kind: str
    suffix: str
    schema: Callable[[], dict[str, Any]]
    starters: Callable[[], Sequence[str]] | None = None
    mime_type: str = ""
    comment: str = ""

    @property
    def desktop_mime_type(self) -> str:
        """Its files' MIME type on a desktop (`kartographer install-desktop`): `mime_type`, else one made of `kind`."""
        return self.mime_type or f"application/x-kartographer-{self.kind}+json"

    @property
    def desktop_comment(self) -> str:
        """What a file manager calls its files, English (`comment`, marked `N_`; translated where written)."""
        return self.comment or self.kind


@_record
class RuleSection:
    """A section of rule data only this system has (`System.rule_sections`): the top-level `key` of its
    ruleset JSON ("pitchkart") and the pydantic `model` it is validated as (a `designer.rules.base.RuleModel`).
    The registry adds one optional field per registered section to the `Ruleset` model it builds, so a ruleset
    with a key no registered system contributes is refused.

    - `check(section, ruleset)`: the section's agreement with the shared sections (coins, characters, …), run
      after both are valid; it raises ValueError with a translated one-line message.
    - `texts(section_json)`: the section's translatable texts as (path inside the section, English) pairs, from
      the parsed JSON; the catalogue context is "<ruleset id>|<key>/<path>" (see `designer.rules.texts`).
    - `source`: instead of the rest, where the full declaration lies ("package.module:NAME", a `RuleSection`
      with this key), imported only when the section is first needed (`resolved()`): a process that loads one
      system's rule data imports no other system's models (the built-ins declare theirs so).
    """

    key: str
    model: type[Any] | None = None
    check: Callable[[Any, Any], None] | None = None
    texts: Callable[[Mapping[str, Any]], Iterator[tuple[str, object]]] | None = None
    source: str = ""

    def resolved(self) -> RuleSection:
        """This section with its model, check and texts (importing `source` when it names one)."""
        section: object = self
        if self.source:
            module, _sep, name = self.source.partition(":")
            section = getattr(importlib.import_module(module), name, None)
        if not isinstance(section, RuleSection) or section.key != self.key or section.model is None:
            raise ValueError(_("rule-data section {key}: {source} is not a section with that key and a model")
                             .format(key=repr(self.key), source=self.source or repr(self.model)))
        return section


#: What a campaign mode records (see `CampaignMode.record`).
CAMPAIGN_RECORDS: tuple[str, ...] = ("races", "battle", "games")


@_record
class CampaignMode:
    """A kind of campaign a system keeps: `record` says which record the campaign core keeps for it —
    "races" (results per race), "battle" (eliminations in an arena) or "games" (driver careers over games).

    - `points`: races scored on the rule data's Grand Prix points (a fixed number of races, upgrades bought
      between them); without it a "races" campaign records places only, race after race.
    - `money`: races scored in money (Downforce's season: prize money, coins at the rule data's
      `downforce.coin_value_dollars` each, and bet winnings); standings by money, results carry the kart.
    - `check(doc, ctx)`: the system's own rules about who races (e.g. one kart per colour), run with the
      campaign core's checks; it raises `designer.campaign.errors.CampaignError`.
    - `notices(doc, ctx, source)`: what it reports about a campaign without refusing it, one line each
      (`source`: the campaign file, for the files it names, or None) — Axles: a linked car that breaks a
      build rule or no longer matches its driver's class.
    - `sheets`: what `campaign print` draws as this mode's per-player sheets (its "dashboards" section)
      instead of the shared kart dashboards (`CampaignSheets`), under `sheets_title` (English, `N_`; default:
      the system's `dashboard`) — Axles' driver sheets of a career.
    - `scoresheet`: its own filled score sheet (`ModeScoresheet`), the "scoresheet" section of `campaign print`.
    - `commands`: {action: `ModeCommand`} the mode carries out itself instead of the shared `campaign` action
      ("result", "standings"; Downforce's season: cars, owners and money).
    - `upgrades`: {schema version N: step(data) -> data} what a campaign file of this mode needs, besides the
      shared steps, on its way from version N to N + 1 (raw JSON, before validation) — Downforce's season: 3 → 4,
      one result per player becomes the race's six cars.
    - `needs`: (rule-data section key, what it is called: English, `N_`) the mode cannot run without, when it is
      not the shared one its `record` or `points` implies (Axles' careers: "axles", "driver careers").
    """

    name: str
    title: str
    record: str = "races"
    points: bool = False
    money: bool = False
    check: Callable[[Any, Any], None] | None = None
    notices: Callable[[Any, Any, str | Path | None], list[str]] | None = None
    sheets: CampaignSheets | None = None
    sheets_title: str = ""
    commands: Mapping[str, ModeCommand] = field(default_factory=dict, hash=False)
    scoresheet: ModeScoresheet | None = None
    upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict, hash=False)
    needs: tuple[str, str] | None = None

    @property
    def display_title(self) -> str:
        """`title` in the current language (what a menu or dialog shows)."""
        return _(self.title)


Point = tuple[float, float]


class Layout(NamedTuple):
    """What an overlay reads of a document: its elements, track surface (or None) and table. A
    `designer.model.TrackDocument` has all three, so it can be passed as it is."""

    elements: Sequence[Any]
    track: Any
    table: Any


@_record
class OverlayMark:
    """One thing an overlay draws, in table millimetres; pure data the canvas paints.

    `role` picks its look within the overlay (e.g. a ramp's "medium" and "long" zones); `area` is a filled
    shapely polygon (or multipolygon), `line` an open polyline, `dots` points marked along it, `label` a
    few words written at `label_at`. Any of them may be left out.
    """

    role: str
    area: Any = None
    line: tuple[Point, ...] = ()
    dots: tuple[Point, ...] = ()
    label: str = ""
    label_at: Point | None = None


@_record
class OverlayLook:
    """How an overlay's marks are painted, as data: colours are "#rrggbb"; `colours` by mark role (else
    `colour`); `line` "solid", "dashed" or "dotted"; `hatched` areas are outlined and hatched instead of
    tinted; `end_colour` fills a ring around the last dot."""

    colour: str = "#c8008c"
    colours: Mapping[str, str] = field(default_factory=dict, hash=False)
    line: str = "solid"
    hatched: bool = False
    end_colour: str | None = None

    def colour_of(self, role: str) -> str:
        return self.colours.get(role, self.colour)


@_record
class Overlay:
    """One View ▸ Overlays toggle: an editing aid drawn over the canvas, never printed.

    `shapes(layout, ruleset)` works out its marks from a `Layout` and the document's `designer.rules.Ruleset`
    (it should skip an element it cannot work out rather than raise); `tip` is the menu's status tip; `look`
    how the canvas paints them (without one: the default magenta).
    """

    name: str
    title: str
    shapes: Callable[[Layout, Any], list[OverlayMark]]
    tip: str = ""
    look: OverlayLook = field(default_factory=OverlayLook)

    @property
    def display_title(self) -> str:
        return _(self.title)

    @property
    def display_tip(self) -> str:
        return _(self.tip) if self.tip else ""


@_record
class RefTo:
    """A field hint on a system's own kind: `from_space: Annotated[ElementId, RefTo("space", "number")]` says
    the id names an element of `kind`. The inspector then offers the document's elements of that kind in a
    combo box, titled "{label} — {id}" and in `label` order when a `label` field is named (a space's number),
    and no "None" for a field that must be set. Pydantic ignores it: validation and the schema are unchanged.
    """

    kind: str
    label: str = ""


class HasRuleset(Protocol):
    """What a menu action's `when` sees of a document: its rule data (`designer.rules.Ruleset`)."""

    @property
    def ruleset(self) -> Any: ...


class ActionWindow(Protocol):
    """What a menu action's controller sees of the main window (`designer.app.window.MainWindow`)."""

    def current_editor(self) -> Any: ...

    def statusBar(self) -> Any: ...


@_record
class OffersKinds:
    """`when` for an action that works on some element kinds: True while the document's rule data offers every
    one of `kinds` in its palette (`element_kinds`) — decided from the data, never from a system id."""

    kinds: tuple[str, ...]

    def __call__(self, document: HasRuleset) -> bool:
        try:
            offered = document.ruleset.element_kinds
        except Exception:  # a broken rules file: no such actions, never a crash
            return False
        return all(kind in offered for kind in self.kinds)


def offers(*kinds: str) -> OffersKinds:
    """`when=offers("gate", "item_box")`: the action is offered where the palette has those kinds."""
    return OffersKinds(tuple(kinds))


def always(document: HasRuleset) -> bool:
    """`when` for an action every document gets."""
    return True


C = TypeVar("C")


@_record
class MenuChoice:
    """One entry of an action's submenu (PitchKart's Section Piece ▸ Straight): `text` is shown as it is
    (already translated), `key` is the entry's data (`QAction.data()`), handed to the action's `choose`."""

    key: str
    text: str
    checked: bool = False


@_record
class MenuAction(Generic[C]):
    """One action a system puts in a main-window menu (its Qt half's `ACTIONS.actions`).

    `text` and `tip` are English marked with `N_` (translated when the menu is built); `shortcut` a key
    sequence ("G") or None. `trigger(controller)` runs it on the window's controller of its `ActionSet`.
    The menu shows it, enabled, only while `when(current document)` holds (re-asked on a tab switch and on a
    change of the document's properties, e.g. its ruleset); without a document it is hidden.
    `checkable` actions show `checked(controller)`. With `choices(controller, document)` the action is a
    submenu of those entries, and choosing one calls `choose(controller, key)`.
    `key` names it (`MenuActions.qaction(key)`), unique across systems; `separator` puts a line before it.

    The editor's toolbar (`designer.app.toolbar`) shows it too, under `icon` — an SVG file's path, or the name
    of a shared one in resources/icons/tools/ (without one: a tile with the text's initial) — with `toolbar`
    None meaning "a system's own actions yes, the shared ones no". `tool` names the canvas tool the action arms
    (its `Tool.name`): the action is then checkable, checked while that tool is the active one.
    """

    key: str
    text: str
    trigger: Callable[[C], object]
    when: Callable[[HasRuleset], bool] = always
    shortcut: str | None = None
    tip: str = ""
    menu: str = "Track"
    checkable: bool = False
    checked: Callable[[C], bool] | None = None
    choices: Callable[[C, HasRuleset], Sequence[MenuChoice]] | None = None
    choose: Callable[[C, str], object] | None = None
    separator: bool = False
    icon: str | Path = ""
    toolbar: bool | None = None
    tool: str = ""


@_record
class ActionSet(Generic[C]):
    """A system's menu actions (its Qt half's `ACTIONS`) and the controller they run on: `controller(window)`
    is made once per main window (it keeps what the actions share: the piece last chosen, a dialog, per-tab
    watchers) before its actions are added to the menus, in order."""

    controller: Callable[[ActionWindow], C]
    actions: tuple[MenuAction[C], ...] = ()


class FiguresMaker(Protocol):
    """Works out a system's own Track Report figures of a document (JSON-ready), or None when it has none."""

    def __call__(self, document: Any, ruleset: Any) -> dict[str, Any] | None: ...


@_record
class ReportFigures:
    """A system's part of the Track Report: `track_figures(...)[key]` holds `make(document, ruleset)` for its
    own documents (None for every other system's); its Qt half's `REPORT_SECTIONS[key]` shows them."""

    key: str
    make: FiguresMaker


@_record
class CampaignFields:
    """A system's own fields on one shared campaign record, named by its class in `designer.model.campaign`
    (`"CampaignDocument"`, `"Race"`, `"RaceResult"`, `"CustomCharacter"`, `"Driver"`): `model` is a
    `designer.model.record_fields.RecordFields` (every field with a default), or where it is as
    `"package.module:Class"`, imported only when a campaign is read (the built-ins: registering a system then
    loads no campaign code). Files carry them as keys of the record; the system reads them with
    `Model.of(record)` and edits them with `designer.model.record_fields.with_fields`."""

    record: str
    model: str | type[Any]


@_record
class System:
    """Everything one game system adds. `id` equals its ruleset's id.

    - `ruleset_path`: the system's own rule data (a JSON file validated as `designer.rules.Ruleset`), so a
      system from outside the repo brings its numbers with it.
    - the element kinds its palette offers are its rule data's `element_kinds` (a list is data); the
      pydantic models of kinds it defines itself are `element_classes`.
    - `checks`: the codes of the playability checks that apply to its documents, besides the universal ones
      every system gets. `check_modules`: the modules that register its own checks (`@check`); the checks
      engine imports them before it runs or lists checks, so a command that never checks (a card deck, a
      campaign) does not load them, nor the geometry they stand on.
    - `prints`: the sections it offers for a track, in print order; `dashboard` names what its per-player
      sheet is called ("Kart dashboards", "Vehicle sheets", …).
    - `print_options`: the numbers its sections take besides the shared options (`PrintOption`).
    - `modes` / `default_mode`: the campaign modes it allows, and the one `campaign new` uses without
      `--mode`.

    - `overlays`: its View ▸ Overlays toggles (pure geometry; the canvas paints them).
    - `qt_module`: the name of its Qt half (by convention `<package>.qt`, the only Qt module a system may
      have), imported by the canvas only: its `ITEM_CLASSES` maps the kinds the system defines itself to
      their `designer.canvas.items.ElementItem` classes. Without it those kinds get a generic tile. Its
      optional `PALETTE_TOOLS` {kind: make(tool_manager) -> Tool or None} names the tool a palette entry of
      a kind drawn rather than dropped arms (a shortcut arrow, a track section, a barrier); its optional
      `ACTIONS` (an `ActionSet`) the menu actions it adds to the main window (`MenuAction`: text, shortcut,
      tip, trigger, `when(document)`), offered only for the documents `when` accepts.
    - `print_art`: {kind: draw(painter, element, ctx)} for the kinds it defines itself, drawn on the printed
      track in the element's own frame (origin at its centre, +x = travel); without it a generic tile.
    - `kind_names`: {kind: (name, in mid-sentence)} of the kinds it defines itself, English, marked with
      N_ ("Space", "space"); the palette, messages and undo steps show them translated. Without: from the code.
    - `element_labels`: {kind: (at the start of a sentence, in mid-sentence)} how the player sees ONE element
      of a kind it defines, English templates over its whole-number fields, marked with N_ ("Space {number}",
      "space {number}"): check messages and the refusals of a track file name the element so ("space 33"),
      not by its id or its place in the file. Without: by kind name and id (checks) or place (refusals).
    - `delete_cascade(elements, ids)`: what deleting `ids` also does to the rest, as (more ids to delete,
      new values of kept elements), e.g. arrows ending on a deleted space go and later spaces renumber;
      `designer.document.operations.delete_elements` applies it in the same undo step.
    - `follow_moves(elements, changed)`: the new values of the elements that follow an edit (`changed`: new
      values of some of `elements`, e.g. spaces dragged, nudged, rotated or edited in the inspector), e.g. the
      arrows ending on a moved space re-placed at their new middle. It may return elements of `changed` too
      (its own value wins) and should return every follower, moved or not, so the steps of one drag touch the
      same elements and merge; the move, placement and field operations of `designer.document.operations`
      push them in the same undo step. What is merely attached to a moved element (PitchKart: the sections
      chained after a section) should follow only while `move_attached()` is True: the user asked for it
      (a drag with Alt held: the select tool wraps it in `moving_attached()`; or `set_move_attached`).
    - `generator`: its track generator (`Generator`), for File ▸ New ▸ Generate… and `kartographer generate`.
    - `icons_dir`: the folder of the palette icons (`<kind>.svg`) of the kinds it defines itself.
    - `figures`: its parts of the Track Report (`ReportFigures`), e.g. a board's spaces and turns per lap.
    - `new_defaults(elements, kind)`: {field: value} a new element of `kind` takes when placed from the
      palette, given the document's elements (e.g. a space's next free number; {} for the kinds it leaves
      to the ruleset's defaults); the place tool shows them on its ghost too.
    - `character_stats`: the stats its characters carry (`CharacterStat`), in order: the campaign window's
      roster columns and custom-character editor, `campaign custom`, the prints. Empty: characters are
      names only (or, without any in the rule data, a player's free label).
    - `cli`, `campaign_cli`, `campaign_options`: its `kartographer` commands, its `kartographer campaign`
      actions (`CliCommand`) and its options on shared campaign actions (`CampaignOptions`).
    - `documents`: file formats of its own (`DocumentFormat`), e.g. Axles' cars.
    - `rule_sections`: the sections of rule data only it has (`RuleSection`: JSON key, model, cross-check,
      texts); shared code reads them through the system's own accessors, never by name.
    - `starting_coins(ruleset, places)`: the coins the karts on starting places 1…`places` take from the bank,
      when the system's own rule data says (the board game: its starting coin places); None: the shared coins
      table's `starting_coins_by_slot` is the rule.
    - `campaign_upgrades`: {schema version N: step(data) -> data} what any campaign file of this system needs
      on its way from version N to N + 1, whatever its mode (Axles: drivers name their vehicle class by id).
    - `locale_dir` / `locale_domain`: its own gettext catalogues (`<locale_dir>/<lang>/LC_MESSAGES/<domain>.mo`,
      domain default: its id), for a system outside the repo that cannot add to the app's. The registry adds
      them to the lookup chain of `designer.i18n._` (after the app's catalogue), so its name, section titles
      and menu texts shown by the shared machinery translate; its own code uses `designer.i18n.Translator`.
    - `campaign_fields`: its own fields on the shared campaign records (`CampaignFields`), e.g. Downforce's
      cars of a season race; a campaign of another system that carries them is refused.
    - `race`: its race day (`designer.race.engine.RaceRules`: the state, actions, log, end-of-phase steps and
      result of a race run at the table), or "package.module:NAME" where it lies, imported when first read
      (a command that never races never imports it); None: it has none yet.

    Numbers (sizes, kart counts, points) belong in the rule data, not here: this record holds structure
    and behaviour.
    """

    id: str
    name: str
    ruleset_path: Path
    checks: tuple[str, ...] = ()
    check_modules: tuple[str, ...] = ()
    prints: tuple[PrintSection, ...] = ()
    print_options: tuple[PrintOption, ...] = ()
    dashboard: str = "Player sheets"
    modes: tuple[CampaignMode, ...] = ()
    default_mode: str | None = None
    element_classes: tuple[type[ElementBase], ...] = ()
    overlays: tuple[Overlay, ...] = ()
    qt_module: str | None = None
    print_art: Mapping[str, Callable[[Any, Any, Any], None]] = field(default_factory=dict, hash=False)
    delete_cascade: Callable[[Sequence[Any], Sequence[str]], tuple[list[str], list[Any]]] | None = None
    kind_names: Mapping[str, tuple[str, str]] = field(default_factory=dict, hash=False)
    element_labels: Mapping[str, tuple[str, str]] = field(default_factory=dict, hash=False)
    follow_moves: Callable[[Sequence[Any], Sequence[Any]], list[Any]] | None = None
    new_defaults: Callable[[Sequence[Any], str], Mapping[str, Any]] | None = None
    figures: tuple[ReportFigures, ...] = ()
    icons_dir: Path | None = None
    generator: Generator | None = None
    character_stats: tuple[CharacterStat, ...] = ()
    race: _Deferred = _Deferred()
    campaign_fields: tuple[CampaignFields, ...] = ()
    cli: tuple[CliCommand, ...] = ()
    campaign_cli: tuple[CliCommand, ...] = ()
    campaign_options: tuple[CampaignOptions, ...] = ()
    documents: tuple[DocumentFormat, ...] = ()
    rule_sections: tuple[RuleSection, ...] = ()
    starting_coins: Callable[[Any, int], list[int] | None] | None = None
    campaign_upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict,
                                                                                        hash=False)
    locale_dir: Path | None = None
    locale_domain: str = ""

    @property
    def display_name(self) -> str:
        """`name` in the current language."""
        return _(self.name)

    def mode(self, name: str) -> CampaignMode | None:
        return next((m for m in self.modes if m.name == name), None)

    def section(self, name: str) -> PrintSection | None:
        return next((s for s in self.prints if s.name == name), None)

    def character_stat(self, key: str) -> CharacterStat | None:
        return next((s for s in self.character_stats if s.key == key), None)

    def print_option(self, name: str) -> PrintOption | None:
        return next((o for o in self.print_options if o.name == name), None)
