"""Small valid documents for the unit tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def minimal_track_data(**overrides: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": "kartographer-track",
        "schema_version": 1,
        "name": "Test Loop",
        "ruleset": "mk-gaslands",
        "table": {"width_mm": 914.4, "height_mm": 914.4},
        "display_units": "in",
        "laps": 3,
        "karts": 4,
        "track": {"centerline": [[200, 200], [700, 200], [700, 700], [200, 700]], "closed": True, "width_mm": 250},
        "elements": [
            {"id": "sf", "kind": "start_finish", "x_mm": 450, "y_mm": 200, "rotation_deg": 0, "width_mm": 250},
            {"id": "g1", "kind": "gate", "x_mm": 700, "y_mm": 450, "rotation_deg": 90, "order": 1, "width_mm": 250},
            {"id": "b1", "kind": "item_box", "x_mm": 650, "y_mm": 500, "rotation_deg": 90, "stack": 2},
            {"id": "c1", "kind": "coin", "x_mm": 300, "y_mm": 200},
            {"id": "bp", "kind": "boost_pad", "x_mm": 350, "y_mm": 700, "rotation_deg": 180},
            {"id": "dp", "kind": "dash_panel", "x_mm": 500, "y_mm": 700, "rotation_deg": 180, "pads": 3},
            {"id": "r1", "kind": "ramp", "x_mm": 200, "y_mm": 450, "rotation_deg": -90, "hoop": True},
            {"id": "p1", "kind": "warp_pipe", "x_mm": 100, "y_mm": 100, "pair": "p2"},
            {"id": "p2", "kind": "warp_pipe", "x_mm": 800, "y_mm": 800, "pair": "p1"},
            {"id": "bb", "kind": "bullet_bill", "x_mm": 560, "y_mm": 200, "launcher": "p1"},
            {"id": "th", "kind": "thwomp", "x_mm": 450, "y_mm": 450},
            {"id": "pp", "kind": "piranha_plant", "x_mm": 60, "y_mm": 450, "range_mm": 75},
            {"id": "cc", "kind": "chain_chomp", "x_mm": 850, "y_mm": 450, "reach_mm": 150},
            {"id": "wt", "kind": "wandering_threat", "x_mm": 450, "y_mm": 600, "name": "Goomba", "move": "short"},
            {"id": "sc", "kind": "scenery", "x_mm": 450, "y_mm": 450,
             "polygon": [[-50, -50], [50, -50], [50, 50], [-50, 50]], "solid": True, "label": "Rock"},
        ],
    }
    data.update(overrides)
    return data


def campaign_refusal(path: Path, data: dict[str, Any]) -> str:
    """Write `data` as a campaign file at `path` and return the one-line error loading it raises."""
    import pytest

    from designer.io.campaign_io import load_campaign
    from designer.io.errors import DocumentError

    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(DocumentError) as caught:
        load_campaign(path)
    return str(caught.value)
