"""Self-crossing scenery costs bounded time ([1/10] §3): `kartographer validate` on a 4.5 MB track of
200 scenery elements, each a 500-point star polygon {500/199} (every edge crosses ~400 others: ~99,000
crossings an outline). Target: under 5 s for the whole command, start-up included.

Before: 352 s (GEOS repaired each outline with buffer(0), ~1.5 s a star, then shrank and unioned the
results). After: ~1.4 s (an outline crossing itself that often is taken as its convex hull; see
`designer.geometry.outline`).
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

WIDTH, HEIGHT = 1828.8, 1219.2


def star(points: int = 500, step: int = 199, radius: float = 40.0) -> list[list[float]]:
    return [[round(radius * math.cos(2 * math.pi * i * step / points), 6),
             round(radius * math.sin(2 * math.pi * i * step / points), 6)] for i in range(points)]


def star_track_data(count: int = 200) -> dict:
    centre = [[WIDTH / 2 + 650 * math.cos(t / 12 * 2 * math.pi), HEIGHT / 2 + 420 * math.sin(t / 12 * 2 * math.pi)]
              for t in range(12)]
    elements = [{"id": "sf", "kind": "start_finish", "x_mm": WIDTH / 2 + 650, "y_mm": HEIGHT / 2, "rotation_deg": 90}]
    outline = star()
    elements += [{"id": f"star-{n}", "kind": "scenery", "x_mm": 45 + (n % 20) * 91.0, "y_mm": 60 + (n // 20) * 110.0,
                  "polygon": outline, "solid": True} for n in range(count)]
    return {"format": "kartographer-track", "schema_version": 1, "name": "Stars", "ruleset": "mk-gaslands",
            "table": {"width_mm": WIDTH, "height_mm": HEIGHT}, "display_units": "in",
            "track": {"centerline": centre, "closed": True, "width_mm": 250}, "elements": elements}


@pytest.fixture(scope="module")
def star_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("stars") / "stars.track.json"
    path.write_text(json.dumps(star_track_data(), indent=1), encoding="utf-8")
    assert path.stat().st_size > 4_000_000
    return path


def test_validate_200_self_crossing_stars(star_file, benchmark):
    def validate():
        return subprocess.run([sys.executable, "-m", "designer", "validate", str(star_file)],
                              capture_output=True, text=True, timeout=600)

    result = benchmark.pedantic(validate, rounds=3, iterations=1)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    lines = result.stdout.splitlines()
    assert sum(" error scenery-self-crossing: " in line for line in lines) == 200
    assert lines[-1].startswith("201 errors")  # and the start line standing in four stars
    assert benchmark.stats.stats.median < 5.0
