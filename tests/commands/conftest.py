"""Document/command tests: Qt core only (signals, QUndoStack), no widgets and no window."""

from __future__ import annotations

import pytest

from designer.document.document import Document
from designer.io.track_io import track_from_data
from tests.unit.factories import minimal_track_data


@pytest.fixture(autouse=True)
def _qt_app(qapp):
    """pytest-qt's one QApplication for the session: these tests use signals and QUndoStack, no widgets."""
    return qapp


@pytest.fixture
def document() -> Document:
    return Document(track_from_data(minimal_track_data()))
