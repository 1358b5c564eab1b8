"""Mario Kart Gaslands' View ▸ Overlays: where ramps land, boosts push, Thwomps crash and Bullet Bill flies.

Pure geometry (from `designer.geometry.hazards`, imported when an overlay is first worked out, so that
registering the system loads no shapely), declared as `OVERLAYS` in menu order; the canvas
(`designer.canvas.overlays`) paints the marks:

- "ramps": each ramp's Medium ("gear 2–3") and Long ("gear 4+") landing zones beyond the back edge, and
  the flaming hoop a Short beyond the back edge when the ramp has one;
- "boost": the Short push area directly ahead of each boost pad and dash panel;
- "thwomps": each Thwomp's footprint (where it crashes down);
- "bullet_bill": from each plate's launcher pipe, Bill's Medium steps as a line with a dot per step, the
  label saying why it stopped (the role is the reason's code);
- "warp_links": a line joining the two pipes of each linked pair.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from designer.i18n import N_, _
from designer.rules import Ruleset
from designer.systems.api import Layout, Overlay, OverlayLook, OverlayMark

if TYPE_CHECKING:
    from designer.model.elements import Element

#: Labels written on the marks (translated when the marks are worked out).
ZONE_LABELS = {"medium": N_("gear 2–3"), "long": N_("gear 4+"), "hoop": N_("hoop")}
STOP_LABELS = {"left_track": N_("leaves the track"), "left_table": N_("leaves the table"),
               "hit_scenery": N_("hits scenery"), "max_steps": N_("keeps going")}
#: How far above Bill's last step its label sits (mm).
BILL_LABEL_RISE_MM = 14.4


def _per_element(layout: Layout, kinds: tuple[str, ...],
                 marks: Callable[[Any], Iterable[OverlayMark]]) -> list[OverlayMark]:
    """The marks of every element of `kinds`; an odd element costs its own marks, not the overlay."""
    out: list[OverlayMark] = []
    for element in layout.elements:
        if element.kind in kinds:
            try:
                out.extend(marks(element))
            except (ValueError, AttributeError, KeyError):
                continue
    return out


def ramps(layout: Layout, ruleset: Ruleset) -> list[OverlayMark]:
    from designer.geometry.hazards import ramp_landing_zones

    def zones(ramp: Element) -> Iterator[OverlayMark]:
        for role, zone in ramp_landing_zones(ramp, ruleset).items():
            if zone is not None and role in ZONE_LABELS:
                centre = zone.centroid
                yield OverlayMark(role, area=zone, label=_(ZONE_LABELS[role]), label_at=(centre.x, centre.y))
    return _per_element(layout, ("ramp",), zones)


def boost(layout: Layout, ruleset: Ruleset) -> list[OverlayMark]:
    from designer.geometry.hazards import boost_push

    return _per_element(layout, ("boost_pad", "dash_panel"),
                        lambda pad: [OverlayMark("push", area=boost_push(pad, ruleset))])


def thwomps(layout: Layout, ruleset: Ruleset) -> list[OverlayMark]:
    from designer.geometry.hazards import thwomp_footprint

    return _per_element(layout, ("thwomp",),
                        lambda thwomp: [OverlayMark("footprint", area=thwomp_footprint(thwomp, ruleset))])


def bullet_bill(layout: Layout, ruleset: Ruleset) -> list[OverlayMark]:
    from designer.geometry.hazards import bullet_bill_path, launcher_of

    def flight(plate: Element) -> Iterator[OverlayMark]:
        pipe = launcher_of(plate, layout.elements)
        if pipe is None:
            return
        path = bullet_bill_path(pipe, layout.track, layout.elements, layout.table, ruleset)
        end = path.steps[-1] if path.steps else path.start
        yield OverlayMark(path.stopped, line=tuple(path.points), dots=tuple(path.steps),
                          label=_(STOP_LABELS[path.stopped]) if path.stopped in STOP_LABELS else path.stopped,
                          label_at=(end[0], end[1] - BILL_LABEL_RISE_MM))
    return _per_element(layout, ("bullet_bill",), flight)


def warp_links(layout: Layout, ruleset: Ruleset) -> list[OverlayMark]:
    by_id = {e.id: e for e in layout.elements}

    def link(pipe: Any) -> Iterator[OverlayMark]:
        partner = by_id.get(pipe.pair or "")
        # one line per pair: drawn from the pipe whose id sorts first when both name each other
        if partner is not None and partner.kind == "warp_pipe" and partner.id != pipe.id \
                and (partner.pair != pipe.id or pipe.id < partner.id):
            yield OverlayMark("link", line=((pipe.x_mm, pipe.y_mm), (partner.x_mm, partner.y_mm)))
    return _per_element(layout, ("warp_pipe",), link)


_HOOP = "#ff3c1e"
OVERLAYS: tuple[Overlay, ...] = (
    Overlay("ramps", N_("Ramp Landing Zones"), ramps,
            N_("Show where a jump over each ramp lands (gear 2–3, gear 4+) and its flaming hoop"),
            OverlayLook("#ffaa00", {"medium": "#ffaa00", "long": "#dc5000", "hoop": _HOOP}, line="dashed")),
    Overlay("boost", N_("Boost Push"), boost, N_("Show the Short push ahead of each boost pad and dash panel"),
            OverlayLook("#00aaff", line="dashed")),
    Overlay("thwomps", N_("Thwomp Footprints"), thwomps, N_("Show where each Thwomp crashes down"),
            OverlayLook("#783cc8", hatched=True)),
    Overlay("bullet_bill", N_("Bullet Bill Path"), bullet_bill,
            N_("Show Bullet Bill's Medium steps from each plate's launcher pipe, and why it stops"),
            OverlayLook("#141414", line="dotted", end_colour=_HOOP)),
    Overlay("warp_links", N_("Warp-Pipe Links"), warp_links,
            N_("Join the two pipes of each linked pair with a dashed line"), OverlayLook("#00963c", line="dashed")),
)
