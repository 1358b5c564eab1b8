"""Fake Rally for the fast in-process tests: the plug-in's own source (tests/plugins/fake_rally, the one source of
truth) imported from the tree, not installed, and registered by hand into a fresh registry beside the built-ins
(entry points blocked) — as the installed package's entry point registers it (tests/integration/
test_plugin_install.py proves that part for real). Pure: never imports Qt.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from designer.rules import clear_cache
from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use

PLUGIN_SOURCE = Path(__file__).resolve().parents[1] / "plugins" / "fake_rally"
if str(PLUGIN_SOURCE) not in sys.path:
    sys.path.insert(0, str(PLUGIN_SOURCE))

from fake_rally import (  # noqa: E402 - the plug-in's folder goes on the path first
    BRIGHT_MM,
    FAKE_CHECK,
    FAKE_FIGURES,
    FAKE_ID,
    FAKE_KIND,
    FAKE_KINDS,
    FAKE_MODE,
    FAKE_NAME,
    FAKE_SECTION,
    FakeBeacon,
    make_system,
    write_ruleset,
)

__all__ = ["BRIGHT_MM", "FAKE_CHECK", "FAKE_FIGURES", "FAKE_ID", "FAKE_KIND", "FAKE_KINDS", "FAKE_MODE", "FAKE_NAME",
           "FAKE_SECTION", "PLUGIN_SOURCE", "FakeBeacon", "fake_registry", "make_system", "track_data",
           "write_ruleset", "write_track"]


@contextmanager
def fake_registry(folder: Path) -> Iterator[Registry]:
    """A fresh registry in use for the block: the built-ins plus Fake Rally, no entry points."""
    registry = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    registry.register(make_system(folder))
    clear_cache()
    try:
        with use(registry):
            yield registry
    finally:
        clear_cache()


def track_data() -> dict:
    """A Fake Rally track: a loop with its start line and one dim beacon."""
    return {
        "format": "kartographer-track", "schema_version": 1,
        "name": "Beacon Loop", "ruleset": FAKE_ID,
        "table": {"width_mm": 1200.0, "height_mm": 900.0},
        "display_units": "mm",
        "track": {"centerline": [[250, 250], [950, 250], [950, 650], [250, 650]], "closed": True, "width_mm": 200},
        "elements": [
            {"id": "sf", "kind": "start_finish", "x_mm": 600, "y_mm": 250, "width_mm": 200},
            {"id": "b1", "kind": FAKE_KIND, "x_mm": 600, "y_mm": 650, "glow_mm": 30},
        ],
    }


def write_track(folder: Path) -> Path:
    path = Path(folder) / "beacon-loop.track.json"
    path.write_text(json.dumps(track_data(), indent=2), encoding="utf-8")
    return path
