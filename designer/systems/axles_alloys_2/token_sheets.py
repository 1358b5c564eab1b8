"""Axles and Alloys II's loose cut-out pieces at true size (`kartographer export --what tokens`, with or
without a track): a dropped-weapon template for every dropper the rule data has, the 1" Sword, Shield and
Deathshead counters, and wrecks a car's footprint in size, after what the track itself needs from the
shared token sheets (its gate numbers).

Counts, and why:
- templates: a dropper carries `charges` drops (3); a deathmatch of N cars is printed a full load for every
  two cars (ceil(N / 2) loads) of each dropper — mines and smoke go when they fire or clear, but oil, spikes
  and napalm stay on the table all game, so every drop needs its own template;
- counters: the seed scatters "a few" of each, so `FEW_COUNTERS` of each, or as many as the track places and
  a spare when it places more;
- wrecks: the most the race scatter throws (`scatter.wrecks_d6` × 6), or a wreck for every car but the
  last one standing when that is more.

Sizes from the rule data: `axles.dropped_template_mm`, `axles.counter_diameter_mm`, `kart_footprint`. The art
is the track's (`track_art`), so a piece printed on the track and a loose one look alike. No Qt.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from designer.export import pdf
from designer.export.fonts import BOLD
from designer.export.painter import Painter
from designer.export.paper import LayoutError, Rect, check_margin, get_paper
from designer.export.tokens import Token, TokenGroup, cut_outline, draw_token, pack_tokens, render_token_pages
from designer.export.tokens import token_groups as shared_groups
from designer.i18n import N_, _
from designer.rules.texts import ruleset_name
from designer.systems.axles_alloys_2.elements import COUNTER, COUNTER_VARIANTS, VARIANT_NAMES
from designer.systems.axles_alloys_2.rule_data import axles_rules, component_name

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.model.track import TrackDocument
    from designer.rules.schema import Ruleset

FEW_COUNTERS = 3
WRECK_ART_SHARE = (0.84, 0.62)
NAME_BAND_MM = 9.0
DICE_FACES = 6
#: The template art of each dropper the seed names, by component id (any other dropper: a plain template
#: under its component's name).
DROPPER_ART: dict[str, tuple[str, str]] = {
    "mine-dropper": ("mines", N_("Mines")),
    "spike-dropper": ("spikes", VARIANT_NAMES["spikes"]),
    "oil-dropper": ("oil", VARIANT_NAMES["oil"]),
    "napalm-dropper": ("napalm", VARIANT_NAMES["napalm"]),
    "smokescreen-dropper": ("smoke", N_("Smokescreen")),
}
TEMPLATE_DRAW, COUNTER_DRAW, WRECK_DRAW = "axles_template", "axles_counter", "axles_wreck"


@dataclass(frozen=True)
class _Look:
    """What the shared track art reads of an element: its variant, turn and size."""

    variant: str
    w: float
    h: float
    rotation_deg: float = 0.0


class _Sized:
    """The art context the track art asks for a size: the piece's own."""

    def size(self, look: Any) -> tuple[float, float]:
        return look.w, look.h


def dropper_loads(document: TrackDocument) -> int:
    return max(1, math.ceil(document.karts / 2))


def token_groups(document: TrackDocument, ruleset: Ruleset) -> list[TokenGroup]:
    """The track's own tokens (shared), then templates per dropper, counters per kind, wrecks — counted."""
    rules = axles_rules(ruleset)
    if rules is None:
        raise LayoutError(_("ruleset '{id}' has no vehicle rules").format(id=ruleset.id))
    groups = shared_groups(document, ruleset)
    tw, th = rules.dropped_template_mm
    loads = dropper_loads(document)
    for component in (c for c in rules.components if c.kind == "dropper" and c.fits_vehicles):
        art, name = DROPPER_ART.get(component.id, ("plain", ""))
        shown = _(name) if name else component_name(ruleset, component)
        charges = component.charges or 1
        count = charges * loads
        title = _("{name} ({dropper}, {charges} drops a load) × {count}").format(
            name=shown, dropper=component_name(ruleset, component), charges=charges, count=count)
        groups.append(TokenGroup(title, [Token(TEMPLATE_DRAW, tw, th, label=shown, colour=art)] * count))
    d = rules.counter_diameter_mm
    placed = [e for e in document.elements if e.kind == COUNTER]
    for variant in COUNTER_VARIANTS:
        on_track = sum(1 for e in placed if getattr(e, "variant", "") == variant)
        count = on_track + 1 if on_track >= FEW_COUNTERS else FEW_COUNTERS
        shown = _(VARIANT_NAMES[variant])
        groups.append(TokenGroup(_("{name} counters × {count}").format(name=shown, count=count),
                                 [Token(COUNTER_DRAW, d, d, "circle", label=variant)] * count))
    length, width = ruleset.kart_footprint.length_mm, ruleset.kart_footprint.width_mm
    wrecks = max(rules.scatter.wrecks_d6 * DICE_FACES, document.karts - 1)
    groups.append(TokenGroup(_("Wrecks × {count}").format(count=wrecks),
                             [Token(WRECK_DRAW, length, width, label=_("Wreck"))] * wrecks))
    return groups


def _draw(p: Painter, t: Token, x: float, y: float) -> None:
    from designer.systems.axles_alloys_2 import track_art

    if t.draw not in (TEMPLATE_DRAW, COUNTER_DRAW, WRECK_DRAW):
        draw_token(p, t, x, y)
        return
    c = p.c
    c.saveState()
    c.translate(x + t.w / 2, y + t.h / 2)
    if t.draw == TEMPLATE_DRAW:  # the art above a white name band, so the name never sits on the art
        band = min(NAME_BAND_MM, t.h * 0.35)
        art_h = t.h - band
        c.saveState()
        c.translate(0.0, -band / 2)
        track_art.template_art(p, _Look(t.colour, t.w, art_h), _Sized())  # type: ignore[arg-type]
        c.restoreState()
        name, size = pdf.fit_line(t.label, t.w - 6.0, 9.0, BOLD, 5.0)
        pdf.text(c, 0.0, t.h / 2 - band / 2, name, size, BOLD, "middle", pdf.INK, middle=True)
    elif t.draw == COUNTER_DRAW:
        track_art.counter_art(p, _Look(t.label, t.w, t.h), _Sized())  # type: ignore[arg-type]
    else:
        # the battered car's wheels and crumpled nose stick out of its outline: drawn a little smaller, so the
        # whole wreck stays inside the footprint it is cut to
        track_art.wreck_art(p, _Look("", t.w * WRECK_ART_SHARE[0], t.h * WRECK_ART_SHARE[1]), _Sized())  # type: ignore[arg-type]
    c.restoreState()
    cut_outline(p, t, x, y)


def render_tokens(c: Canvas, job: PrintJob) -> int:
    """The token sheets at true size; returns the pages drawn."""
    paper = get_paper(job.options.paper).portrait()
    page = check_margin(paper, job.options.margin(10.0))
    content = Rect(page.x, page.y + 10.0, page.w, page.h - 10.0)
    pages = pack_tokens(token_groups(job.document, job.ruleset), content)
    p = Painter(c, job.options.ink_saver)
    heading = _("Tokens · {name}").format(name=job.document.name or ruleset_name(job.ruleset))
    return render_token_pages(c, paper, page, content, pages, heading, lambda t, x, y: _draw(p, t, x, y))
