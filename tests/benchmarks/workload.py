"""The speed workload: a 6'×4' Gaslands table crowded with elements of every kind, as a track file.

`crowded_document(count)` is what the benchmarks draw; run as a script it writes the same table to a file
so the side-by-side run (side_by_side.py) and anyone else can time `kartographer export` on it:

    python tests/benchmarks/workload.py 400 /tmp/crowded-400.track.json
"""

from __future__ import annotations

import argparse
import math
import random
from pathlib import Path

from designer.io.track_io import save_track
from designer.model.elements import ELEMENT_KINDS
from designer.model.track import Table, TrackDocument, TrackSurface
from designer.rules import load_ruleset
from designer.rules.defaults import new_element

WIDTH, HEIGHT = 1828.8, 1219.2  # 6 ft × 4 ft


def crowded_document(count: int = 2000, seed: int = 7) -> TrackDocument:
    """`count` elements (one in 50 scenery, the rest every other kind in turn) at seeded spots and headings
    around a 12-point closed loop 250 mm wide; the same arguments give the same document."""
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


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="write the crowded 6'×4' benchmark table to a track file")
    parser.add_argument("count", type=int, help="how many elements (the targets use 400 and 2000)")
    parser.add_argument("output", type=Path)
    parser.add_argument("--seed", type=int, default=11)
    args = parser.parse_args(argv)
    save_track(crowded_document(args.count, args.seed), args.output)


if __name__ == "__main__":
    main()
