"""The registry of game systems: built-ins and outside plug-ins, registered the same way.

`get(id)`, `ids()` and `systems()` answer from the registry in use. The first question loads the built-in
packages (`BUILTIN_SYSTEMS`, imported by name exactly as an entry point would be) and then every
`kartographer.systems` entry point, each naming a module whose `SYSTEM` is a `designer.systems.api.System` —
except a question about one built-in's id (`get`, `find`, `load_only`: a track or rule file of that system),
which registers that built-in alone until another question needs the rest (they then come in the same order).
The element kinds systems define (`System.element_classes`) go into the model's kind table
(`designer.model.elements.set_extra_kinds`), and their fields on the campaign records (`System.campaign_fields`)
into the model's fields table (`designer.model.fields_table.set_campaign_fields`), while their registry is the
one in use.
Low in the layers: it imports only `api` and the element model (that one only once a system defines kinds of
its own or the model is in use: a card deck builds no element model), so the checks engine, the print shop,
the palette and the campaign core can all ask it; the system packages, which use those layers, are imported
only by name, at load time.

Tests take a fresh registry with discovery blocked: `with use(Registry(builtins=(), entry_points=False)):`.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

from designer.i18n import _, add_catalogue
from designer.model.fields_table import FieldsError, set_campaign_fields, set_fields_loader
from designer.model.kind_names import ELEMENT_KINDS, set_system_element_labels, set_system_kind_names
from designer.systems.api import CAMPAIGN_RECORDS, RuleSection, System

if TYPE_CHECKING:
    from designer.model.elements import ElementBase

T = TypeVar("T")

ENTRY_POINT_GROUP = "kartographer.systems"
BUILTIN_SYSTEMS: tuple[str, ...] = (
    "designer.systems.mk_gaslands",
    "designer.systems.mk_board",
    "designer.systems.pitchkart",
    "designer.systems.mk_downforce",
    "designer.systems.axles_alloys_2",
)


class GameSystemError(ValueError):
    """An unknown system id, or a system that cannot be registered (said in one line)."""


class Registry:
    def __init__(self, builtins: Sequence[str] = BUILTIN_SYSTEMS, entry_points: bool = True) -> None:
        self._builtins = tuple(builtins)
        self._entry_points = entry_points
        self._systems: dict[str, System] = {}
        self._loaded = False
        self._loading = False  # while the built-ins and entry points register: the kind table is synced once
        self._memo: dict[str, object] = {}  # see `memo`: dropped when a system registers
        # Where each system stands in the order a full load gives (see `_load`): (group, index); group 0 a
        # system registered by hand before the first question, 1 a built-in, 2 an entry point, 3 by hand after.
        self._place: dict[str, tuple[int, int]] = {}
        self._asked = False  # a question was asked (one built-in may have been loaded alone, `load_only`)
        self._alone: dict[str, str] = {}  # {id: module} of the built-ins `load_only` registered before the load

    # --- registering ---------------------------------------------------------------------------------
    def register(self, system: System) -> System:
        """Add `system`; refuses a second system with the same id and a default mode it does not offer."""
        if not isinstance(system, System):
            raise GameSystemError(_("{system} is not a designer.systems.api.System").format(system=repr(system)))
        if system.id in self._systems:
            raise GameSystemError(_("a game system with id {id} is already registered").format(id=repr(system.id)))
        names = [m.name for m in system.modes]
        if len(set(names)) != len(names):
            raise GameSystemError(_("system {id} lists a campaign mode twice").format(id=repr(system.id)))
        for mode in system.modes:
            if mode.record not in CAMPAIGN_RECORDS or (mode.points and mode.record != "races"):
                text = (_("system {id}: campaign mode {mode} records {record} with points (records: {records}; "
                          "points only for races)") if mode.points else
                        _("system {id}: campaign mode {mode} records {record} (records: {records}; points only "
                          "for races)"))
                raise GameSystemError(text.format(id=repr(system.id), mode=repr(mode.name), record=repr(mode.record),
                                                  records=", ".join(CAMPAIGN_RECORDS)))
        if system.default_mode is not None and system.default_mode not in names:
            raise GameSystemError(_("system {id}: default mode {mode} is not one of its modes").format(
                id=repr(system.id), mode=repr(system.default_mode)))
        sections = [s.name for s in system.prints]
        if len(set(sections)) != len(sections) or "all" in sections:
            raise GameSystemError(_("system {id}: print sections must be unique and not 'all'").format(
                id=repr(system.id)))
        overlays = [o.name for o in system.overlays]
        if len(set(overlays)) != len(overlays):
            raise GameSystemError(_("system {id} lists an overlay twice").format(id=repr(system.id)))
        taken = set(ELEMENT_KINDS)
        if system.element_classes:
            from designer.model.elements import KindError, kind_of_class

            taken |= {kind_of_class(cls) for cls in self.element_classes()}
        for cls in system.element_classes:
            try:
                kind = kind_of_class(cls)
            except KindError as exc:
                raise GameSystemError(_("system {id}: {reason}").format(id=repr(system.id), reason=exc)) from None
            if kind in taken:
                raise GameSystemError(_("system {id}: element kind {kind} is already defined").format(
                    id=repr(system.id), kind=repr(kind)))
            taken.add(kind)
        keys = {s.key for s in self.rule_sections()}
        for section in system.rule_sections:
            if section.key in keys:
                raise GameSystemError(_("system {id}: rule-data section {key} is already defined").format(
                    id=repr(system.id), key=repr(section.key)))
            keys.add(section.key)
        try:
            set_campaign_fields(_fields_entries((*self._systems.values(), system)), check_only=True)
        except FieldsError as exc:
            raise GameSystemError(_("system {id}: {reason}").format(id=repr(system.id), reason=exc)) from None
        self._systems[system.id] = system
        self._place.setdefault(system.id, (3 if self._asked else 0, len(self._systems)))
        self._memo.clear()
        if system.locale_dir is not None:
            add_catalogue(system.locale_domain or system.id, system.locale_dir)
        if self is _current and not self._loading:
            _sync_kinds(self)
        return system

    def register_module(self, module_name: str) -> System:
        module = importlib.import_module(module_name)
        system = getattr(module, "SYSTEM", None)
        if system is None:
            raise GameSystemError(_("{module} has no SYSTEM").format(module=module_name))
        return self.register(system)

    def load(self) -> None:
        """Register the built-ins and the entry points now (the first question does it anyway)."""
        self._load()

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = self._asked = True
        self._loading = True  # the document model is rebuilt once for all the new kinds, not once per system
        try:
            for index, name in enumerate(self._builtins):
                if name not in self._alone.values():
                    self._place[self.register_module(name).id] = (1, index)
            if self._entry_points:
                from importlib.metadata import entry_points

                for index, point in enumerate(entry_points(group=ENTRY_POINT_GROUP)):
                    self._place[self.register(_system_of(point.load(), point.name)).id] = (2, index)
        finally:
            self._loading = False
            # in the order a full load at the first question gives, whichever built-in `load_only` took before
            self._systems = dict(sorted(self._systems.items(), key=lambda item: self._place[item[0]]))
            if self is _current:
                _sync_kinds(self)

    def load_only(self, system_id: str, kinds: Iterable[object] = (), sections: Iterable[object] = ()) -> bool:
        """Register just the built-in game system `system_id`, when that is all a task needs: a document of that
        system whose element `kinds` are the built-in ones or its own, or its rule data with only its own
        `sections`. A built-in is found without importing the others by its module's name (`mk_gaslands` for
        `mk-gaslands`). Anything else (an id no built-in has, a kind or section of another system) loads the
        whole registry, as any other question does. True when the system is registered."""
        self._asked = True
        if not self._loaded and system_id not in self._systems:
            module = next((m for m in self._builtins if m.rpartition(".")[2].replace("_", "-") == system_id), None)
            system = getattr(importlib.import_module(module), "SYSTEM", None) if module else None
            if not isinstance(system, System) or system.id != system_id:
                self._load()
                return system_id in self._systems
            self.register(system)
            self._place[system_id] = (1, self._builtins.index(cast(str, module)))
            self._alone[system_id] = cast(str, module)
        system = self._systems.get(system_id)
        if system is None:
            return False
        own_kinds = {*ELEMENT_KINDS, *_kinds_of(system.element_classes)}
        own_sections = {s.key for s in system.rule_sections}
        if not (set(kinds) <= own_kinds and set(sections) <= own_sections):
            self._load()
        return True

    # --- asking --------------------------------------------------------------------------------------
    def get(self, system_id: str) -> System:
        self.load_only(system_id)
        try:
            return self._systems[system_id]
        except KeyError:
            known = ", ".join(sorted(self._systems)) or _("none")
            raise GameSystemError(_("unknown game system {id} (known: {known})").format(
                id=repr(system_id), known=known)) from None

    def find(self, system_id: str) -> System | None:
        self.load_only(system_id)
        return self._systems.get(system_id)

    def ids(self) -> tuple[str, ...]:
        self._load()
        return tuple(sorted(self._systems))

    def systems(self) -> tuple[System, ...]:
        self._load()
        return self.registered()

    def registered(self) -> tuple[System, ...]:
        """The systems registered so far, in the order of `systems()`, loading none (`systems()` loads them all):
        what a start-up that leaves the others for later has."""
        return tuple(self._systems[i] for i in sorted(self._systems))

    def default_id(self) -> str:
        """The system a new document, or a file that names none, takes: the first registered — the first of
        `BUILTIN_SYSTEMS` (the flagship), which register before any entry point."""
        self._load()
        if not self._systems:
            raise GameSystemError(_("no game system is registered"))
        return next(iter(self._systems))

    def kind_names(self) -> dict[str, tuple[str, str]]:
        """What the registered systems call the kinds they define (without loading)."""
        return {kind: names for system in self._systems.values() for kind, names in system.kind_names.items()}

    def element_labels(self) -> dict[str, tuple[str, str]]:
        """How the registered systems name one element of the kinds they define (without loading)."""
        return {kind: labels for system in self._systems.values() for kind, labels in system.element_labels.items()}

    def rule_sections(self) -> tuple[RuleSection, ...]:
        """The rule-data sections the registered systems contribute, in registration order (without loading)."""
        return tuple(section for system in self._systems.values() for section in system.rule_sections)

    def memo(self, key: str, make: Callable[[], T]) -> T:
        """`make()`, kept for this registry until another system registers (e.g. the rules loader's ruleset
        model, built from the registered sections once)."""
        if key not in self._memo:
            self._memo[key] = make()
        return cast(T, self._memo[key])

    def element_classes(self) -> tuple[type[ElementBase], ...]:
        """The element classes the registered systems define, in registration order (without loading)."""
        return tuple(cls for system in self._systems.values() for cls in system.element_classes)


def _system_of(loaded: object, name: str) -> System:
    system = getattr(loaded, "SYSTEM", loaded)
    if not isinstance(system, System):
        raise GameSystemError(_("entry point {name} of {group} gives no System").format(
            name=repr(name), group=ENTRY_POINT_GROUP))
    return system


def _fields_entries(systems: Sequence[System]) -> list[tuple[str, str, str | type[Any]]]:
    return [(system.id, f.record, f.model) for system in systems for f in system.campaign_fields]


def _kinds_of(classes: Sequence[type[ElementBase]]) -> list[str]:
    if not classes:
        return []
    from designer.model.elements import kind_of_class

    return [kind_of_class(cls) for cls in classes]


def _sync_kinds(registry: Registry) -> None:
    """The model's kind table: the built-in kinds plus those of `registry`'s systems; its campaign fields too.
    Without kinds of their own, a model not imported yet already holds that table (the built-in kinds)."""
    classes = registry.element_classes()
    if classes or "designer.model.elements" in sys.modules:
        from designer.model.elements import set_extra_kinds

        set_extra_kinds(classes)
    set_campaign_fields(_fields_entries(tuple(registry._systems.values())))
    set_system_kind_names(registry.kind_names())
    set_system_element_labels(registry.element_labels())


_current = Registry()


def current() -> Registry:
    return _current


@contextmanager
def use(registry: Registry) -> Iterator[Registry]:
    """Make `registry` the one in use for the block (tests: a fresh one with discovery blocked)."""
    global _current
    previous, _current = _current, registry
    _sync_kinds(registry)
    try:
        yield registry
    finally:
        _current = previous
        _sync_kinds(previous)


def load() -> None:
    """Load the registry in use (its systems' kinds join the kind table before a document is read)."""
    _current.load()


set_fields_loader(load)  # a campaign record read before any question loads the systems whose fields it may hold


def load_only(system_id: str, kinds: Iterable[object] = (), sections: Iterable[object] = ()) -> bool:
    """`Registry.load_only` of the registry in use."""
    return _current.load_only(system_id, kinds, sections)


def get(system_id: str) -> System:
    return _current.get(system_id)


def find(system_id: str) -> System | None:
    return _current.find(system_id)


def ids() -> tuple[str, ...]:
    return _current.ids()


def systems() -> tuple[System, ...]:
    return _current.systems()


def registered() -> tuple[System, ...]:
    return _current.registered()


def default_id() -> str:
    return _current.default_id()



def rule_sections() -> tuple[RuleSection, ...]:
    """The rule-data sections the systems of the registry in use contribute (loading it)."""
    _current.load()
    return _current.rule_sections()
