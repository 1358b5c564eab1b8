"""Feature hook for the main window (filled in by the module's owner)."""

from __future__ import annotations


def install(window) -> None:
    """Add this feature's actions, docks and behaviour to `window`."""
