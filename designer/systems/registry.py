"""The registry of game systems: built-ins and outside plug-ins, registered the same way.

`get(id)`, `ids()` and `systems()` answer from the registry in use. The first question loads the built-in
packages (`BUILTIN_SYSTEMS`, imported by name exactly as an entry point would be) and then every
`kartographer.systems` entry point, each naming a module whose `SYSTEM` is a `designer.systems.api.System`.
Low in the layers: it imports only `api`, so the checks engine, the print shop, the palette and the campaign
core can all ask it; the system packages, which use those layers, are imported only by name, at load time.

Tests take a fresh registry with discovery blocked: `with use(Registry(builtins=(), entry_points=False)):`.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from importlib.metadata import entry_points

from designer.systems.api import System

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

    # --- registering ---------------------------------------------------------------------------------
    def register(self, system: System) -> System:
        """Add `system`; refuses a second system with the same id and a default mode it does not offer."""
        if not isinstance(system, System):
            raise GameSystemError(f"{system!r} is not a designer.systems.api.System")
        if system.id in self._systems:
            raise GameSystemError(f"a game system with id {system.id!r} is already registered")
        names = [m.name for m in system.modes]
        if len(set(names)) != len(names):
            raise GameSystemError(f"system {system.id!r} lists a campaign mode twice")
        if system.default_mode is not None and system.default_mode not in names:
            raise GameSystemError(f"system {system.id!r}: default mode {system.default_mode!r} is not one of its modes")
        sections = [s.name for s in system.prints]
        if len(set(sections)) != len(sections) or "all" in sections:
            raise GameSystemError(f"system {system.id!r}: print sections must be unique and not 'all'")
        self._systems[system.id] = system
        return system

    def register_module(self, module_name: str) -> System:
        module = importlib.import_module(module_name)
        system = getattr(module, "SYSTEM", None)
        if system is None:
            raise GameSystemError(f"{module_name} has no SYSTEM")
        return self.register(system)

    def _load(self) -> None:
        if self._loaded:
            return
        self._loaded = True
        for name in self._builtins:
            self.register_module(name)
        if self._entry_points:
            for point in entry_points(group=ENTRY_POINT_GROUP):
                self.register(_system_of(point.load(), point.name))

    # --- asking --------------------------------------------------------------------------------------
    def get(self, system_id: str) -> System:
        self._load()
        try:
            return self._systems[system_id]
        except KeyError:
            known = ", ".join(sorted(self._systems)) or "none"
            raise GameSystemError(f"unknown game system {system_id!r} (known: {known})") from None

    def find(self, system_id: str) -> System | None:
        self._load()
        return self._systems.get(system_id)

    def ids(self) -> tuple[str, ...]:
        self._load()
        return tuple(sorted(self._systems))

    def systems(self) -> tuple[System, ...]:
        self._load()
        return tuple(self._systems[i] for i in sorted(self._systems))


def _system_of(loaded: object, name: str) -> System:
    system = getattr(loaded, "SYSTEM", loaded)
    if not isinstance(system, System):
        raise GameSystemError(f"entry point {name!r} of {ENTRY_POINT_GROUP} gives no System")
    return system


_current = Registry()


def current() -> Registry:
    return _current


@contextmanager
def use(registry: Registry) -> Iterator[Registry]:
    """Make `registry` the one in use for the block (tests: a fresh one with discovery blocked)."""
    global _current
    previous, _current = _current, registry
    try:
        yield registry
    finally:
        _current = previous


def get(system_id: str) -> System:
    return _current.get(system_id)


def find(system_id: str) -> System | None:
    return _current.find(system_id)


def ids() -> tuple[str, ...]:
    return _current.ids()


def systems() -> tuple[System, ...]:
    return _current.systems()
