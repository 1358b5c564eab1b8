"""Hand-checkable tracks for the route/authoring/hazard geometry tests.

RECT: a closed loop round the 1000 × 600 rectangle (100, 100)–(1100, 700), corners cut at 45°, control
points every 200 mm so the middle of each side is exactly straight (four collinear control points make a
straight Catmull-Rom span). It runs clockwise on screen: +x along the top, +y down the right side.
STRAIGHT: an open track from (100, 300) to (1100, 300), driven along +x.
FIGURE8: a closed lemniscate of Gerono centred on (500, 300), crossing itself once there.
"""

from __future__ import annotations

import math

from designer.model.track import Table, TrackSurface

RECT_POINTS = [
    (200, 100), (400, 100), (600, 100), (800, 100), (1000, 100),
    (1100, 200), (1100, 400), (1100, 600),
    (1000, 700), (800, 700), (600, 700), (400, 700), (200, 700),
    (100, 600), (100, 400), (100, 200),
]
RECT = TrackSurface(centerline=RECT_POINTS, closed=True, width_mm=200)
STRAIGHT = TrackSurface(centerline=[(100, 300), (1100, 300)], closed=False, width_mm=200)
TABLE = Table(width_mm=1200, height_mm=800)


def figure8(phase: float = 0.5, count: int = 12) -> TrackSurface:
    """Control points on x = 500 + 400 cos t, y = 300 + 200 sin 2t; phase 0 puts two on the crossing."""
    points = [(500 + 400 * math.cos(t), 300 + 200 * math.sin(2 * t))
              for t in ((k + phase) * 2 * math.pi / count for k in range(count))]
    return TrackSurface(centerline=points, closed=True, width_mm=100)


FIGURE8 = figure8()
