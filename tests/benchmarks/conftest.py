"""Benchmark fixtures: a 6'×4' table crowded with 2,000 elements of every kind (run with `make bench`)."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from designer.io.track_io import save_track
from designer.model.elements import ELEMENT_KINDS
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

WIDTH, HEIGHT = 1828.8, 1219.2


def crowded_document(count: int = 2000, seed: int = 7) -> TrackDocument:
    rng = random.Random(seed)
    ruleset = load_ruleset("mk-gaslands")
    kinds = [k for k in ELEMENT_KINDS if k != "scenery"]
    elements = []
    for n in range(count):
        kind = "scenery" if n % 50 == 0 else kinds[n % len(kinds)]
        x, y = rng.uniform(40, WIDTH - 40), rng.uniform(40, HEIGHT - 40)
        extra = {"order": 1 + n % 999} if kind == "gate" else {}
        elements.append(new_element(ruleset, kind, f"{kind}-{n}", x, y, rng.uniform(-180, 180), **extra))
    centre = [(WIDTH / 2 + 650 * math.cos(t / 12 * 2 * math.pi), HEIGHT / 2 + 420 * math.sin(t / 12 * 2 * math.pi))
              for t in range(12)]
    return TrackDocument(
        name="Crowded", table=Table(width_mm=WIDTH, height_mm=HEIGHT), display_units="in",
        track=TrackSurface(centerline=centre, closed=True, width_mm=250), elements=elements,
    )


@pytest.fixture(scope="session")
def crowded() -> TrackDocument:
    return crowded_document()


@pytest.fixture(scope="session")
def crowded_file(tmp_path_factory, crowded) -> Path:
    path = tmp_path_factory.mktemp("bench") / "crowded.track.json"
    save_track(crowded, path)
    return path
