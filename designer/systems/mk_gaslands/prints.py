"""What Mario Kart Gaslands prints for a track: its `--what` sections, in print order, and its per-player sheet.

Today's kit: the track at 1:1, the item cards, the tokens, one kart dashboard per kart (gear, coins,
hazards, two item slots, balloons), the Grand Prix score sheet — each drawn by the shared sections — and
the system's own: the movement templates at 1:1 (`templates_print.py`) and the rules reference sheet
(`reference.py`). The last two need no track (`kartographer export --ruleset mk-gaslands`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.sections import CARDS, SCORESHEET, TOKENS, TRACK, dashboards
from designer.i18n import N_, _
from designer.systems.api import PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob


def render_templates(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_gaslands.templates_print import render_templates as render

    return render(c, job)


def template_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.mk_gaslands.templates_print import cut_parts

    return cut_parts(job)


def no_templates(job: PrintJob) -> str | None:
    """Why the templates cannot print (none in the rule data); asked of every print, so no geometry is loaded."""
    templates = job.ruleset.templates
    if templates.straights or templates.turns:
        return None
    return _("ruleset '{id}' has no movement templates").format(id=job.ruleset.id)


def render_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_gaslands.reference import render_reference as render

    return render(c, job)


DASHBOARD = N_("Kart dashboards")
PRINTS: tuple[PrintSection, ...] = (
    TRACK, CARDS, TOKENS, dashboards(DASHBOARD), SCORESHEET,
    PrintSection("templates", N_("Movement templates, 1:1"), render_templates, no_templates, needs_document=False,
                 cut_parts=template_cuts),
    PrintSection("reference", N_("Rules reference"), render_reference, needs_document=False),
)
