"""What Mario Kart Board Game prints for a track: its `--what` sections, in print order, and its per-player sheet.

`track` is the board at 1:1 on tiled pages (numbered tiles with their fields' icons, shortcuts as red
arrows, then a legend page; `board_sheets.py`), `board-fit` the whole board scaled to one sheet of the
chosen paper (refused when its tiles would come out too small to play on). The kit (`kit.py`): the 35-card
deck, tokens for the bank's coins, the banana chips and a pawn standee per colour, a player mat per player
(coin track, one item slot, missed turns) and a reference card of the coin and turn rules per player
(`quick-rules`); `reference` is the whole rules reference sheet (`reference.py`), printed without a board.
Everything counted comes from the rule data. No Grand Prix.

Light on purpose, like `designer.export.sections`: the renderers are imported only when a section is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.sections import CARDS, render_track_section
from designer.i18n import N_
from designer.systems.api import PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob

DASHBOARD = N_("Player mats")


def render_board(c: Canvas, job: PrintJob) -> int:
    """The board at 1:1; a track with no spaces yet prints as any track does."""
    from designer.systems.mk_board.board_sheets import no_spaces, render_board_tiles

    return render_track_section(c, job) if no_spaces(job) else render_board_tiles(c, job)


def tile_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.mk_board.board_sheets import cut_parts

    return cut_parts(job)


def render_board_fit(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_board.board_sheets import render_board_fit as render

    return render(c, job)


def no_spaces(job: PrintJob) -> str | None:
    from designer.systems.mk_board.board_sheets import no_spaces as reason

    return reason(job)


def no_fit(job: PrintJob) -> str | None:
    from designer.systems.mk_board.board_sheets import no_fit as reason

    return reason(job)


def no_board(job: PrintJob) -> str | None:
    from designer.systems.mk_board.kit import no_board as reason

    return reason(job)


def render_tokens(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_board.kit import render_kit_tokens

    return render_kit_tokens(c, job)


def token_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.mk_board.kit import kit_cut_parts

    return kit_cut_parts(job)


def render_mats(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_board.kit import render_mats as render

    return render(c, job)


def render_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_board.kit import render_reference as render

    return render(c, job)


def render_rules_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_board.reference import render_reference as render

    return render(c, job)


PRINTS: tuple[PrintSection, ...] = (
    PrintSection("track", N_("Board, 1:1"), render_board, cut_parts=tile_cuts),
    PrintSection("board-fit", N_("Board on one sheet"), render_board_fit, no_fit),
    CARDS,
    PrintSection("tokens", N_("Tokens"), render_tokens, no_board, needs_document=False, cut_parts=token_cuts),
    PrintSection("dashboards", DASHBOARD, render_mats, no_board, needs_document=False),
    PrintSection("quick-rules", N_("Reference cards"), render_reference, no_board, needs_document=False),
    PrintSection("reference", N_("Rules reference"), render_rules_reference, needs_document=False),
)
