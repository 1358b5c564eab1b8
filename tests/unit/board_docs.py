"""Board documents for the mk-board print tests: an oval loop of numbered spaces (every field type) with
shortcuts across it, built as track-file data so the registered `space` / `shortcut` kinds load it."""

from __future__ import annotations

import math

from designer.io.track_io import track_from_data
from designer.model.track import TrackDocument

FIELD_CYCLE = ("plain", "item", "plain", "booster", "plain", "mushroom", "plain", "thwomp")


def board_data(spaces: int = 24, width: float = 600.0, height: float = 400.0, shortcuts: int = 2,
               with_track: bool = True) -> dict:
    """An ellipse of `spaces` spaces on a `width` × `height` mm table, space 1 the start."""
    cx, cy, rx, ry = width / 2, height / 2, width / 2 - 50, height / 2 - 50
    elements = []
    for i in range(spaces):
        a = 2 * math.pi * i / spaces
        x, y = cx + rx * math.cos(a), cy + ry * math.sin(a)
        heading = math.degrees(math.atan2(ry * math.cos(a), -rx * math.sin(a)))
        field = "start" if i == 0 else FIELD_CYCLE[i % len(FIELD_CYCLE)]
        elements.append({"id": f"s{i + 1}", "kind": "space", "x_mm": round(x, 2), "y_mm": round(y, 2),
                         "rotation_deg": round(heading, 2), "number": i + 1, "field": field})
    for k in range(shortcuts):
        a, b = elements[2 + k * (spaces // 2)], elements[(spaces // 2 - 3 + k * (spaces // 2)) % spaces]
        elements.append({"id": f"sc{k + 1}", "kind": "shortcut", "x_mm": (a["x_mm"] + b["x_mm"]) / 2,
                         "y_mm": (a["y_mm"] + b["y_mm"]) / 2, "rotation_deg": 0.0,
                         "from_space": a["id"], "to_space": b["id"]})
    data = {"format": "kartographer-track", "schema_version": 1, "name": "Board Loop", "ruleset": "mk-board",
            "table": {"width_mm": width, "height_mm": height}, "laps": 3, "karts": 4, "elements": elements}
    if with_track:
        angles = [2 * math.pi * i / 32 for i in range(32)]
        points = [[round(cx + rx * math.cos(a), 1), round(cy + ry * math.sin(a), 1)] for a in angles]
        data["track"] = {"centerline": points, "closed": True, "width_mm": 40.0}
    return data


def board_document(**kwargs) -> TrackDocument:
    return track_from_data(board_data(**kwargs))
