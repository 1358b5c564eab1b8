"""Loads Qt for the editor without PySide6's source scan of every module imported after it.

Once `PySide6.QtCore` is loaded, its replacement of `__import__` hands every newly imported module to
`shibokensupport.feature.feature_imported`, which reads the module's whole source (`inspect.getsource`) to
learn whether it mentions PySide6: a module that does is switched by `from __feature__ import …` statements,
one that does not is left out of the switching. The editor imports some ninety of its own modules and a few of
the standard library's after Qt, and more whenever a dialog or a game system first loads: reading their sources
cost the start-up about 3 % of its instructions (counted with callgrind, `gui_probe.py shown`).

No module of ours, nor a library we load, uses `__feature__`: every module may count as one using PySide6 with
no feature selected (the answer the scan gives PySide6's own users), and a module that does import
`__feature__` still has its choice recorded by that import, as before. The scan is PySide6's internal code, so
`spare_source_scan` replaces it only where it finds it as expected and otherwise changes nothing.
"""

from __future__ import annotations

import sys
from typing import Any


def _uses_pyside(module: object) -> bool:
    return True


def source_scan() -> Any:
    """PySide6's feature module (Qt loaded first, which installs it) where it has the source scan; else None."""
    import PySide6.QtCore  # noqa: F401 - loads the import hook the scan is part of

    feature = sys.modules.get("shibokensupport.feature")
    return feature if callable(getattr(feature, "_mod_uses_pyside", None)) else None


def spare_source_scan() -> bool:
    """Load Qt and skip the source scan of later imports; False (nothing changed) where PySide6 has none."""
    feature = source_scan()
    if feature is None:
        return False
    feature._mod_uses_pyside = _uses_pyside
    return True
