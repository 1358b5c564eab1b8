"""Where the bundled data lives: the packages `designer.resources` and `designer.templates`.

In the repository they are the top-level folders `resources/` and `templates/` (pyproject maps them into the
package); a wheel carries them inside `designer/`. Both are found where the import system finds the package (the
folder `importlib.resources.files` names for a package on disk, without importing `importlib.resources`, a
twentieth of a command's start-up), so the editable and the installed package find the same files. A source
tree that was never installed falls back to the top-level folders.
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def _package_folder(package: str, source_folder: str) -> Path:
    try:
        origin = import_module(package).__spec__.origin  # type: ignore[union-attr]
    except ModuleNotFoundError:  # no install at all (e.g. PYTHONPATH=checkout): the folder beside designer/
        return PROJECT_ROOT / source_folder
    folder = Path(str(origin)).parent
    # pip always unpacks wheels, so this is a real folder; zip imports are not supported (nor a namespace
    # package: no origin, no folder of its own).
    if origin is None or not folder.is_dir():
        raise RuntimeError(f"Kartographer's bundled data {package} is not a folder on disk ({folder})")
    return folder


RESOURCES_DIR = _package_folder("designer.resources", "resources")
TEMPLATES_DIR = _package_folder("designer.templates", "templates")
RULESETS_DIR = RESOURCES_DIR / "rulesets"
ICONS_DIR = RESOURCES_DIR / "icons"
SCHEMA_DIR = RESOURCES_DIR / "schema"
DEFAULT_TRACK = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
