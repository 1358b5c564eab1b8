"""Document/command tests need Qt's core (signals, QUndoStack) but no widgets and no window."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication

from designer.document.document import Document
from designer.io.track_io import track_from_data
from tests.unit.factories import minimal_track_data


@pytest.fixture(scope="session", autouse=True)
def core_app():
    return QCoreApplication.instance() or QCoreApplication([])


@pytest.fixture
def document() -> Document:
    return Document(track_from_data(minimal_track_data()))
