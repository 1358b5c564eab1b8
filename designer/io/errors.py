"""The one error type of the I/O layer: a file, a place inside it and a reason, printed on one line
(names and paths escaped by `designer.io.display.printable`, so a hostile file name prints safely)."""

from __future__ import annotations

from pathlib import Path

from designer.io.display import printable


class DocumentError(Exception):
    """An unreadable or invalid document. `str()` is a single line: `file: place: reason`."""

    def __init__(self, source: str | Path, reason: str, location: str = "") -> None:
        self.source = str(source)
        self.location = location
        self.reason = " ".join(str(reason).split())  # keep it on one line whatever the cause said
        super().__init__(str(self))

    def __str__(self) -> str:
        parts = [self.source, self.location, self.reason]
        return printable(": ".join(p for p in parts if p))
