"""Shared test set-up: Qt runs offscreen; the package (and so pydantic) loads before any Qt module."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import designer  # noqa: F401  (see designer/__init__.py: pydantic must load before PySide6)
