"""`Settings`: the user's preferences and session state, persisted with QSettings.

One place names every key and converts values back to their types (an INI backend hands back strings
for booleans and numbers, and a one-element list as a bare string). Besides the typed helpers —
recent files (two lists: tracks and campaigns), autosave interval, last folder, snap to grid, window
geometry and dock layout — there is a generic `get(key, default)` / `set(key, value)` for other
features' preferences.

`Preferences` is what Edit ▸ Preferences… edits: one frozen value read with `Settings.preferences()` and
written with `set_preferences()`; the features that use a preference read it from there when they need it.

Every instance talks to the same store: `QSettings(defaultFormat, UserScope, "Kartographer", "Kartographer")`.
Tests isolate it with `use_settings_folder(tmp)` (`QSettings.setPath` + `setDefaultFormat(IniFormat)`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QByteArray, QSettings, QStandardPaths
from PySide6.QtWidgets import QMainWindow

from designer.export.paper_names import PAPER_IDS
from designer.i18n import current_language
from designer.panes.screen_fit import keep_on_screen

ORGANIZATION = "Kartographer"
APPLICATION = "Kartographer"

RECENT_FILES = "files/recent"
RECENT_CAMPAIGNS = "files/recent_campaigns"
RECENT_VEHICLES = "files/recent_vehicles"
#: kind of file → its list of recent files
RECENT_KEYS = {"track": RECENT_FILES, "campaign": RECENT_CAMPAIGNS, "vehicle": RECENT_VEHICLES}
LAST_FOLDER = "files/last_folder"
AUTOSAVE_INTERVAL = "autosave/interval_seconds"
PNG_PX_PER_MM = "export/png_px_per_mm"
WINDOW_GEOMETRY = "window/geometry"
WINDOW_STATE = "window/state"
RECENT_LIMIT = "files/recent_limit"
OPEN_STARTER = "files/open_starter_track"
NEW_UNITS = "canvas/new_document_units"
NEW_SYSTEM = "new/system"
NEW_WIDTH = "new/table_width_mm"
NEW_HEIGHT = "new/table_height_mm"
NEW_TABLE_UNITS = "new/units"
SNAP_AT_START = "canvas/snap_at_start"
SHOW_GRID = "canvas/show_grid"
CHECKS_DELAY = "checks/delay_ms"
NUDGE_STEP = "canvas/nudge_mm"
NUDGE_LARGE_STEP = "canvas/nudge_large_mm"
PRINT_PAPER = "print/paper"
PRINT_MARGIN = "print/margin_mm"
LANGUAGE = "general/language"
SHOW_TOOLBAR = "window/show_toolbar"

#: Default number of recent files kept per kind (Preferences can change it within RECENT_RANGE).
MAX_RECENT_FILES = 10
RECENT_RANGE = (0, 30)
DEFAULT_AUTOSAVE_SECONDS = 120
AUTOSAVE_MAX_SECONDS = 60 * 60
CHECKS_DELAY_RANGE_MS = (0, 2000)
MARGIN_RANGE_MM = (0.0, 100.0)
NUDGE_RANGE_MM = (0.1, 500.0)
UNITS = ("mm", "cm", "in")
PAPERS = PAPER_IDS
#: The languages Preferences offers; "" follows the system (designer.i18n.language_from_environment).
LANGUAGE_CODES = ("", "en", "de", "es", "fr")
#: Bumped when the dock layout changes incompatibly, so an old saved layout is ignored, not misapplied.
WINDOW_STATE_VERSION = 1

_TRUE = {"true", "1", "yes", "on"}


@dataclass(frozen=True)
class Preferences:
    """The user's preferences; the field defaults are what Restore Defaults puts back."""

    autosave_seconds: int = DEFAULT_AUTOSAVE_SECONDS  # 0: autosave off
    recent_files: int = MAX_RECENT_FILES
    open_starter_track: bool = True  # at start without a file; otherwise an empty "Untitled" document
    new_document_units: str = "in"
    snap_at_start: bool = False
    nudge_mm: float = 1.0  # an arrow key moves the selection this far …
    nudge_large_mm: float = 10.0  # … and this far with Shift
    checks_delay_ms: int = 250
    paper: str = "a4"
    margin_mm: float = 10.0
    language: str = ""  # "" = the system's; read once at start (a change takes effect after a restart)


#: Preference field → its settings key.
PREFERENCE_KEYS = {
    "autosave_seconds": AUTOSAVE_INTERVAL,
    "recent_files": RECENT_LIMIT,
    "open_starter_track": OPEN_STARTER,
    "new_document_units": NEW_UNITS,
    "snap_at_start": SNAP_AT_START,
    "nudge_mm": NUDGE_STEP,
    "nudge_large_mm": NUDGE_LARGE_STEP,
    "checks_delay_ms": CHECKS_DELAY,
    "paper": PRINT_PAPER,
    "margin_mm": PRINT_MARGIN,
    "language": LANGUAGE,
}


def _clamp(value, low, high):
    return min(max(value, low), high)


def sanitized(prefs: Preferences) -> Preferences:
    """`prefs` with every value brought into its range (a hand-edited settings file must not break the app)."""
    default = Preferences()
    return Preferences(
        autosave_seconds=_clamp(int(prefs.autosave_seconds), 0, AUTOSAVE_MAX_SECONDS),
        recent_files=_clamp(int(prefs.recent_files), *RECENT_RANGE),
        open_starter_track=bool(prefs.open_starter_track),
        new_document_units=prefs.new_document_units if prefs.new_document_units in UNITS
        else default.new_document_units,
        snap_at_start=bool(prefs.snap_at_start),
        nudge_mm=_clamp(float(prefs.nudge_mm), *NUDGE_RANGE_MM),
        nudge_large_mm=_clamp(float(prefs.nudge_large_mm), *NUDGE_RANGE_MM),
        checks_delay_ms=_clamp(int(prefs.checks_delay_ms), *CHECKS_DELAY_RANGE_MS),
        paper=prefs.paper if prefs.paper in PAPERS else default.paper,
        margin_mm=_clamp(float(prefs.margin_mm), *MARGIN_RANGE_MM),
        language=prefs.language if prefs.language in LANGUAGE_CODES else default.language,
    )


def default_units() -> str:
    """The units a new table takes until the user picks some: the language's habit."""
    return "in" if current_language() == "en" else "cm"


@dataclass(frozen=True)
class NewChoice:
    """What the New dialog showed last: the game system, the blank table (mm) and its units."""

    system: str
    width_mm: float
    height_mm: float
    units: str


class Settings:
    def __init__(self) -> None:
        self._store = QSettings(QSettings.defaultFormat(), QSettings.Scope.UserScope, ORGANIZATION, APPLICATION)

    # --- generic -----------------------------------------------------------------------------------
    def get(self, key: str, default: Any = None) -> Any:
        """The value under `key`, converted to the type of `default` (when one is given).

        A value that cannot be converted (a hand-edited file, an older version's format) gives `default`.
        """
        value = self._store.value(key)
        if value is None or default is None:
            return default if value is None else value
        try:
            return _convert(value, type(default))
        except (TypeError, ValueError):
            return default

    def set(self, key: str, value: Any) -> None:
        if value is None:
            self._store.remove(key)
        else:
            self._store.setValue(key, value)

    def remove(self, key: str) -> None:
        self._store.remove(key)

    def sync(self) -> None:
        self._store.sync()

    def file_name(self) -> str:
        """Where the settings live (for diagnostics)."""
        return self._store.fileName()

    # --- recent files ------------------------------------------------------------------------------
    # `kind` is "track" or "campaign": each kind has its own list.
    def recent_files(self, kind: str = "track") -> list[Path]:
        """Most recent first, at most the preferred number (MAX_RECENT_FILES at first), without duplicates."""
        paths: list[Path] = []
        for entry in self.get(RECENT_KEYS[kind], []):
            path = Path(str(entry))
            if str(entry) and path not in paths:
                paths.append(path)
        return paths[:self.recent_limit()]

    def set_recent_files(self, paths: list[Path], kind: str = "track") -> None:
        self.set(RECENT_KEYS[kind], [str(p) for p in paths[:self.recent_limit()]])

    def recent_limit(self) -> int:
        return _clamp(self.get(RECENT_LIMIT, MAX_RECENT_FILES), *RECENT_RANGE)

    def add_recent_file(self, path: str | Path, kind: str = "track") -> None:
        path = Path(path).absolute()
        self.set_recent_files([path, *(p for p in self.recent_files(kind) if p != path)], kind)

    def remove_recent_file(self, path: str | Path, kind: str = "track") -> None:
        path = Path(path).absolute()
        self.set_recent_files([p for p in self.recent_files(kind) if p != path], kind)

    def clear_recent_files(self) -> None:
        """Forget the recent files of every kind."""
        for kind in RECENT_KEYS:
            self.set_recent_files([], kind)

    # --- preferences -------------------------------------------------------------------------------
    def autosave_interval_seconds(self) -> int:
        """Seconds between autosaves; 0 turns autosave off."""
        return max(0, self.get(AUTOSAVE_INTERVAL, DEFAULT_AUTOSAVE_SECONDS))

    def set_autosave_interval_seconds(self, seconds: int) -> None:
        self.set(AUTOSAVE_INTERVAL, max(0, int(seconds)))

    def last_folder(self) -> Path:
        """The folder the last file dialog ended in; the Documents folder at first."""
        folder = Path(self.get(LAST_FOLDER, ""))
        if str(folder) not in ("", ".") and folder.is_dir():
            return folder
        documents = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.DocumentsLocation)
        return Path(documents) if documents and Path(documents).is_dir() else Path.home()

    def set_last_folder(self, folder: str | Path) -> None:
        self.set(LAST_FOLDER, str(Path(folder).absolute()))

    def new_choice(self) -> NewChoice | None:
        """The New dialog's last choice, or None (never used, or unreadable)."""
        try:
            choice = NewChoice(str(self.get(NEW_SYSTEM, "")), float(self.get(NEW_WIDTH, 0.0)),
                               float(self.get(NEW_HEIGHT, 0.0)), str(self.get(NEW_TABLE_UNITS, "")))
        except (TypeError, ValueError):
            return None
        sizes_ok = all(math.isfinite(v) and 10.0 <= v <= 100_000.0 for v in (choice.width_mm, choice.height_mm))
        return choice if choice.system and sizes_ok and choice.units in UNITS else None

    def set_new_choice(self, choice: NewChoice) -> None:
        self.set(NEW_SYSTEM, choice.system)
        self.set(NEW_WIDTH, float(choice.width_mm))
        self.set(NEW_HEIGHT, float(choice.height_mm))
        self.set(NEW_TABLE_UNITS, choice.units)
        self.sync()

    def preferences(self) -> Preferences:
        """Everything Edit ▸ Preferences… edits; unreadable or out-of-range values give their defaults (a new
        table's units, never chosen: inches in English, centimetres in the other languages)."""
        default = replace(Preferences(), new_document_units=default_units())
        values = {f.name: self.get(PREFERENCE_KEYS[f.name], getattr(default, f.name)) for f in fields(Preferences)}
        return sanitized(Preferences(**values))

    def set_preferences(self, prefs: Preferences) -> None:
        prefs = sanitized(prefs)
        for f in fields(Preferences):
            self.set(PREFERENCE_KEYS[f.name], getattr(prefs, f.name))
        for kind in RECENT_KEYS:  # a lower limit drops the oldest entries now, not at the next open
            self.set_recent_files(self.recent_files(kind), kind)
        self.sync()

    # --- window ------------------------------------------------------------------------------------
    def save_window(self, window: QMainWindow) -> None:
        self.set(WINDOW_GEOMETRY, window.saveGeometry())
        self.set(WINDOW_STATE, window.saveState(WINDOW_STATE_VERSION))
        self.sync()

    def restore_window(self, window: QMainWindow) -> bool:
        """Put back the window's size, position and dock layout; False when nothing (valid) was saved.

        Docks and toolbars need an objectName for `restoreState` to find them.
        """
        geometry = self._store.value(WINDOW_GEOMETRY)
        state = self._store.value(WINDOW_STATE)
        restored = False
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            restored = window.restoreGeometry(geometry)
        if isinstance(state, QByteArray) and not state.isEmpty():
            restored = window.restoreState(state, WINDOW_STATE_VERSION) and restored
        keep_on_screen(window)  # saved on a larger monitor, or the screen has shrunk since
        return restored


def use_settings_folder(folder: str | Path) -> None:
    """Keep every later `Settings()` in an INI file under `folder` (tests; a portable install)."""
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(folder))


def _convert(value: Any, kind: type) -> Any:
    if kind is bool:
        return value if isinstance(value, bool) else str(value).strip().lower() in _TRUE
    if kind is int:
        return int(float(value))
    if kind is float:
        return float(value)
    if kind is str:
        return str(value)
    if kind is list:
        # INI files give one entry back as a bare string, and an empty list as None or "".
        if isinstance(value, (list, tuple)):
            return list(value)
        return [value] if value not in ("", None) else []
    return value
