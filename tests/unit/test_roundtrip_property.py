"""Property test: any valid document survives save → load unchanged, and saving again gives identical bytes."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from designer.io.track_io import dumps_track, track_from_json
from designer.model import ELEMENT_CLASSES, TrackDocument

coord = st.floats(min_value=-2000, max_value=4000, allow_nan=False, allow_infinity=False)
angle = st.floats(min_value=-360, max_value=360, allow_nan=False)
length = st.floats(min_value=1, max_value=1000, allow_nan=False)
ident = st.from_regex(r"[a-z][a-z0-9_-]{0,11}", fullmatch=True)

EXTRA = {
    "start_finish": st.fixed_dictionaries({"width_mm": length}),
    "gate": st.fixed_dictionaries({"order": st.integers(1, 999), "width_mm": length}),
    "item_box": st.fixed_dictionaries({"stack": st.sampled_from([1, 2])}),
    "dash_panel": st.fixed_dictionaries({"pads": st.integers(1, 20)}),
    "ramp": st.fixed_dictionaries({"hoop": st.booleans()}),
    "warp_pipe": st.fixed_dictionaries({"pair": st.none() | ident}),
    "bullet_bill": st.fixed_dictionaries({"launcher": st.none() | ident}),
    "piranha_plant": st.fixed_dictionaries({"range_mm": length}),
    "chain_chomp": st.fixed_dictionaries({"reach_mm": length}),
    "wandering_threat": st.fixed_dictionaries(
        {"name": st.text(min_size=1, max_size=40), "move": st.sampled_from(["short", "medium"])}
    ),
    "scenery": st.fixed_dictionaries(
        {
            # distinct once stored to 0.01 mm
            "polygon": st.lists(st.tuples(coord, coord), min_size=3, max_size=8,
                                unique_by=lambda p: (round(p[0], 2), round(p[1], 2))),
            "solid": st.booleans(),
            "label": st.text(max_size=20),
        }
    ),
}


@st.composite
def documents(draw) -> TrackDocument:
    count = draw(st.integers(0, 12))
    ids = draw(st.lists(ident, min_size=count, max_size=count, unique=True))
    elements = []
    for element_id in ids:
        kind = draw(st.sampled_from(sorted(ELEMENT_CLASSES)))
        fields = draw(EXTRA[kind]) if kind in EXTRA else {}
        elements.append({"id": element_id, "kind": kind, "x_mm": draw(coord), "y_mm": draw(coord),
                         "rotation_deg": draw(angle), **fields})
    closed = draw(st.booleans())
    centerline = draw(st.lists(st.tuples(coord, coord), min_size=3, max_size=10))
    return TrackDocument.model_validate(
        {
            "name": draw(st.text(min_size=1, max_size=40)),
            "table": {"width_mm": draw(st.floats(100, 5000)), "height_mm": draw(st.floats(100, 5000))},
            "display_units": draw(st.sampled_from(["mm", "cm", "in"])),
            "laps": draw(st.integers(1, 99)),
            "karts": draw(st.integers(1, 16)),
            "track": draw(st.none() | st.just({"centerline": centerline, "closed": closed, "width_mm": 200.0})),
            "elements": elements,
        }
    )


@settings(max_examples=150, deadline=None)
@given(documents())
def test_save_load_save_is_stable(document):
    text = dumps_track(document)
    loaded = track_from_json(text)
    assert loaded == document
    assert dumps_track(loaded) == text
    assert all(math.isfinite(e.x_mm) for e in loaded.elements)
