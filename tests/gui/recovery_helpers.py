"""Shared by the recovery tests: answer the restore dialog with "restore everything"."""

from __future__ import annotations

import pytest

from designer.app import autosave
from designer.app.autosave import RecoveryChoice


def accept_all(monkeypatch: pytest.MonkeyPatch) -> list[list]:
    """Replace the recovery question with one that restores every copy; returns what was offered."""
    offered: list[list] = []

    def fake(parent, entries):
        offered.append(list(entries))
        return RecoveryChoice(list(entries), [])

    monkeypatch.setattr(autosave, "ask_recovery", fake)
    return offered
