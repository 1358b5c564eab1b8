"""What Super Mario PitchKart prints for a track: its `--what` sections, in print order, and its per-player sheet.

`track` is the table at 1:1 with the sections drawn as their pieces; `pieces` every section as a 1:1
cut-out to glue on card (several to a page, or tiled when larger than a sheet; `piece_sheets.py`);
`stickers` booster arrows, "?" squares and the section numbers; `characters` a card per character with its
stats as stars; `grid` the starting grid with each slot's starting coins (`kit.py`). PitchKart holds one
item card, so its player mat has one item slot; its coin rules set no limit, so the mat has no coin track.
No Grand Prix score sheet.

Light on purpose, like `designer.export.sections`: the renderers are imported only when a section is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from designer.export.sections import CARDS, TOKENS, dashboards
from designer.i18n import N_
from designer.systems.api import PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob

DASHBOARD = N_("Player mats")


def render_track(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.piece_sheets import render_track_print

    return render_track_print(c, job)


def render_pieces(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.piece_sheets import render_pieces as render

    return render(c, job)


def piece_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.pitchkart.piece_sheets import cut_parts

    return cut_parts(job)


def no_sections(job: PrintJob) -> str | None:
    from designer.systems.pitchkart.piece_sheets import no_sections as reason

    return reason(job)


def render_stickers(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.kit import render_stickers as render

    return render(c, job)


def render_characters(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.kit import render_characters as render

    return render(c, job)


def no_characters(job: PrintJob) -> str | None:
    from designer.systems.pitchkart.kit import no_characters as reason

    return reason(job)


def render_grid(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.kit import render_grid as render

    return render(c, job)


def no_pitchkart(job: PrintJob) -> str | None:
    from designer.systems.pitchkart.kit import no_pitchkart as reason

    return reason(job)


def section_art(painter: Any, element: Any, ctx: Any) -> None:
    """`System.print_art` for `track_section` (imported when first drawn: it needs reportlab)."""
    from designer.systems.pitchkart.piece_art import section_art as draw

    draw(painter, element, ctx)


PRINT_ART = {"track_section": section_art}


def render_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.pitchkart.reference import render_reference as render

    return render(c, job)


PRINTS: tuple[PrintSection, ...] = (
    PrintSection("track", N_("Track, 1:1"), render_track),
    PrintSection("pieces", N_("Track pieces, 1:1"), render_pieces, no_sections, cut_parts=piece_cuts),
    PrintSection("stickers", N_("Stickers"), render_stickers, no_pitchkart),
    CARDS,
    PrintSection("characters", N_("Character cards"), render_characters, no_characters, needs_document=False),
    PrintSection("grid", N_("Starting grid"), render_grid, no_pitchkart, needs_document=False),
    TOKENS,
    dashboards(DASHBOARD),
    PrintSection("reference", N_("Rules reference"), render_reference, needs_document=False),
)
