"""The import-linter contracts in pyproject.toml (run by `make lint`) catch what they are meant to: a copy of the
package with one wrong import per contract breaks each of the four, and the real package keeps them all."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import designer

ROOT = Path(designer.__file__).resolve().parent.parent
CONTRACTS = ("Shared machinery never imports a game system", "Game systems are independent of each other",
             "Pure layers never import Qt", "Layers point down")
WRONG = {  # one wrong import per contract
    "geometry/_wrong_system.py": "import designer.systems.mk_board.board\n",
    "systems/mk_board/_wrong_neighbour.py": "import designer.systems.pitchkart.sections\n",
    "model/_wrong_qt.py": "import PySide6.QtCore\n",
    "model/_wrong_layer.py": "import designer.export.pdf\n",
}


def lint_imports(root: Path) -> str:
    exe = Path(sys.executable).with_name("lint-imports")
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([str(exe), "--no-cache", "--config", str(root / "pyproject.toml")], cwd=root, env=env,
                          capture_output=True, text=True, timeout=300)
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def wrong_copy(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("wrong")
    shutil.copytree(ROOT / "designer", root / "designer", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    for name, text in WRONG.items():
        (root / "designer" / name).write_text(text, encoding="utf-8")
    return root


def test_each_contract_breaks_on_its_wrong_import(wrong_copy):
    report = lint_imports(wrong_copy)
    for name in CONTRACTS:
        assert f"{name} BROKEN" in report, report[-3000:]
    for module in ("_wrong_system", "_wrong_neighbour", "_wrong_qt", "_wrong_layer"):
        assert module in report
