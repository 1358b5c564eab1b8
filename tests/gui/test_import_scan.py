"""The editor loads Qt without PySide6's source scan of each later import (designer/app/import_scan.py, #33).

Each case runs in a fresh interpreter (the scan is part of PySide6's import hook, installed once per process):
it imports a module written for the test after Qt and reports whether anything read that module's source.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

SCRIPT = textwrap.dedent("""
    import inspect, json, sys
    sys.path.insert(0, sys.argv[1])
    {setup}
    read = []
    original = inspect.getsource
    def getsource(obj):
        read.append(getattr(obj, "__name__", "?"))
        return original(obj)
    inspect.getsource = getsource
    import probe_after_qt
    from PySide6.QtCore import QPointF  # Qt still answers the new module
    print(json.dumps({{"spared": spared, "read": read, "qt": probe_after_qt.x(QPointF(2.0, 3.0))}}))
""")

PROBE = "from PySide6.QtCore import QPointF\n\ndef x(p: QPointF) -> float:\n    return p.x() + p.y()\n"


def _python(script: str, folder: Path) -> str:
    """What a fresh interpreter prints running `script` with `folder` as its argument: the scan has to be needed
    there (a PySide6 without it, its internals changed, has nothing to spare: said, not failed)."""
    from designer.app.import_scan import source_scan

    if source_scan() is None:
        pytest.skip("this PySide6 reads no module's source on import")
    return subprocess.run([sys.executable, "-c", script, str(folder)], capture_output=True, text=True,
                          timeout=120, check=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"}).stdout


def _run(tmp_path: Path, setup: str) -> dict:
    (tmp_path / "probe_after_qt.py").write_text(PROBE, encoding="utf-8")
    return json.loads(_python(SCRIPT.format(setup=setup), tmp_path).strip().splitlines()[-1])


def test_a_module_imported_after_qt_is_not_read(tmp_path):
    result = _run(tmp_path, "from designer.app.import_scan import spare_source_scan\nspared = spare_source_scan()")
    assert result == {"spared": True, "read": [], "qt": 5.0}


def test_without_it_pyside_reads_the_source(tmp_path):
    """The control: the scan the editor spares is there (else the test above could not fail)."""
    result = _run(tmp_path, "import PySide6.QtCore\nspared = False")
    assert "probe_after_qt" in result["read"] and result["qt"] == 5.0


def test_a_feature_import_still_switches_its_module(tmp_path):
    """A module asking for a `__feature__` still gets it: the choice is recorded by that import, not the scan."""
    (tmp_path / "snake.py").write_text(
        "from __feature__ import snake_case  # noqa\nfrom PySide6.QtCore import QPointF\n\n"
        "def x(p):\n    return p.manhattan_length()\n", encoding="utf-8")
    script = ("import sys; sys.path.insert(0, sys.argv[1])\n"
              "from designer.app.import_scan import spare_source_scan\nassert spare_source_scan()\n"
              "import snake\nfrom PySide6.QtCore import QPointF\nprint(snake.x(QPointF(2.0, -3.0)))\n")
    assert _python(script, tmp_path).split() == ["5.0"]


def test_changes_nothing_where_pyside_has_no_scan(monkeypatch):
    import types

    from designer.app import import_scan

    bare = types.ModuleType("shibokensupport.feature")
    monkeypatch.setitem(sys.modules, "shibokensupport.feature", bare)
    assert import_scan.spare_source_scan() is False
    assert not hasattr(bare, "_mod_uses_pyside")
