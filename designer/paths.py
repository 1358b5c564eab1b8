"""Where the bundled data lives: `resources/` and `templates/` at the project's top level."""

from __future__ import annotations

from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent
RESOURCES_DIR = PROJECT_ROOT / "resources"
TEMPLATES_DIR = PROJECT_ROOT / "templates"
RULESETS_DIR = RESOURCES_DIR / "rulesets"
ICONS_DIR = RESOURCES_DIR / "icons"
SCHEMA_DIR = RESOURCES_DIR / "schema"
DEFAULT_TRACK = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
