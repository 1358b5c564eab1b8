"""What Axles and Alloys II prints for a track: its `--what` sections, in print order, and its per-player sheet.

No item deck and no coins: the track, the loose tokens (`token_sheets.py`: dropped-weapon templates,
counters, wrecks, and the track's gate numbers), one vehicle sheet per vehicle (`vehicle_sheet.py`, drawn
from the weight classes of the rule data), and the play aids at 1:1 (`play_aids.py`: the inch ruler and the
turn template), which need no track, and the rules reference sheet (`reference.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.sections import TRACK
from designer.i18n import N_, _
from designer.systems.api import PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob

DASHBOARD = N_("Vehicle sheets")


def render_vehicle_sheets(c: Canvas, job: PrintJob) -> int:
    from designer.systems.axles_alloys_2.vehicle_sheet import render_vehicle_sheets as render

    return render(c, job)


def render_play_aids(c: Canvas, job: PrintJob) -> int:
    from designer.systems.axles_alloys_2.play_aids import render_play_aids as render

    return render(c, job)


def render_tokens(c: Canvas, job: PrintJob) -> int:
    from designer.systems.axles_alloys_2.token_sheets import render_tokens as render

    return render(c, job)


def token_cuts(job: PrintJob) -> list[CutPart]:
    """The loose tokens as cutter-file parts: templates, counters and wrecks cut to their true outlines."""
    from designer.export.tokens import token_parts
    from designer.systems.axles_alloys_2.token_sheets import token_groups

    return token_parts(token_groups(job.document, job.ruleset))


def no_weight_classes(job: PrintJob) -> str | None:
    from designer.systems.axles_alloys_2.rule_data import axles_rules

    return None if axles_rules(job.ruleset) is not None else _("ruleset '{id}' has no vehicle rules").format(
        id=job.ruleset.id)


def render_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.axles_alloys_2.reference import render_reference as render

    return render(c, job)


PRINTS: tuple[PrintSection, ...] = (
    TRACK, PrintSection("tokens", N_("Tokens"), render_tokens, no_weight_classes, needs_document=False,
                        cut_parts=token_cuts),
    PrintSection("dashboards", DASHBOARD, render_vehicle_sheets, no_weight_classes,
                                  needs_document=False),
    PrintSection("templates", N_("Ruler and turn template, 1:1"), render_play_aids, no_weight_classes,
                 needs_document=False),
    PrintSection("reference", N_("Rules reference"), render_reference, no_weight_classes, needs_document=False))
