"""Help text for the command line that is worked out only when help is shown.

Some option texts list what the game systems offer (campaign modes, print sections); asking the registry for
them while the parser is built would load every system on every command. `LazyHelp` defers that to the
moment argparse formats the help.
"""

from __future__ import annotations

from collections.abc import Callable


class LazyHelp:
    """An option's help, made by `make()` when argparse formats it (argparse only strips and formats it)."""

    def __init__(self, make: Callable[[], str]) -> None:
        self.make = make

    def __str__(self) -> str:
        return self.make()

    def strip(self) -> str:
        return str(self).strip()
