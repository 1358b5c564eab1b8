"""Level of detail by zoom: which form of an element's art the canvas draws at a given size on screen.

A decision, not a drawing: the canvas (designer/canvas/items/base.py) asks `detail_level` with an element's
size in screen pixels and paints the matching form. Like Inkscape and Tiled, a crowded table at a far zoom
drops what would not read anyway, so zooming and repainting stay quick:

* ``SIMPLE`` — the body as a flat silhouette in the kind's colour with a hairline rim: the element is a few
  dozen pixels across at most and its inner details would be specks.
* ``FLAT`` — every shape, outline, face and number, but gradients painted as their middle colour and hairline
  texture (a ramp's deck slats) left out: shading across a few dozen pixels barely shows, and painting it
  costs several times a flat fill.
* ``FULL`` — everything.

Whatever the level, texture strokes under half a screen pixel wide are left out (`shows_hairline`).

Only tables with more than `CROWDED` elements use ``FLAT``; a sparse table also keeps silhouettes for
smaller sizes, so a starter at fit looks exactly as drawn.
"""

from __future__ import annotations

from enum import Enum


class Detail(Enum):
    SIMPLE = "simple"
    FLAT = "flat"
    FULL = "full"


#: Below this many screen pixels across (its longer side), an element is a silhouette.
SIMPLE_BELOW_PX = 16.0
#: A table with more elements than this is crowded: its budget per element is smaller.
CROWDED = 400
#: On a crowded table silhouettes start at a larger size …
SIMPLE_BELOW_PX_CROWDED = 40.0
#: … and an element whose narrower side is under this many pixels is drawn `FLAT`. Raising it speeds up
#: zooming (a gradient costs 3–10× a flat fill) but takes the shading off pipes, plates and plants from
#: three wheel steps in on a 6'×4' table: kept where it was.
FLAT_BELOW_PX_CROWDED = 60.0
#: Texture strokes (a ramp's deck slats) thinner than this on screen are left out: drawn, they would be
#: widened to a faint full pixel, and thin antialiased lines are among the dearest things to paint.
HAIRLINE_MIN_PX = 0.5


def shows_hairline(width_mm: float, px_per_mm: float) -> bool:
    """True when a texture stroke `width_mm` wide is worth drawing at `px_per_mm` screen pixels per mm."""
    return width_mm * px_per_mm >= HAIRLINE_MIN_PX


def is_crowded(element_count: int) -> bool:
    return element_count > CROWDED


def detail_level(long_px: float, short_px: float, crowded: bool) -> Detail:
    """The form to draw an element whose footprint is `long_px` × `short_px` screen pixels."""
    if long_px < (SIMPLE_BELOW_PX_CROWDED if crowded else SIMPLE_BELOW_PX):
        return Detail.SIMPLE
    if crowded and short_px < FLAT_BELOW_PX_CROWDED:
        return Detail.FLAT
    return Detail.FULL
