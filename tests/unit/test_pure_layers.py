"""The pure layers (model, rules, geometry, io, export, campaign, the game systems but their Qt half — `qt.py`
or the `qt/` package) and the CLI's headless commands never load Qt."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import designer

PURE = ("model", "rules", "geometry", "io", "export", "campaign", "systems")
PACKAGE = Path(designer.__file__).parent


def test_no_qt_import_in_pure_sources():
    offenders = [
        str(path.relative_to(PACKAGE))
        for layer in PURE
        for path in (PACKAGE / layer).rglob("*.py")
        if path.name != "qt.py" and "qt" not in path.relative_to(PACKAGE).parts[:-1]  # a system's Qt half
        and re.search(r"^\s*(from|import)\s+PySide6", path.read_text(encoding="utf-8"), re.M)
    ]
    assert offenders == []


def test_importing_pure_layers_and_cli_does_not_load_qt():
    modules = ", ".join(f"designer.{layer}" for layer in PURE)
    code = (f"import sys, designer.cli; import {modules}; import designer.systems.registry as r; r.load(); "
            "print(len(r.ids()), 'PySide6' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "5 False"
