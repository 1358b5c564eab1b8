"""Shared test set-up: Qt runs offscreen, and a few small documents every suite uses."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
