"""What Mario Kart for Downforce prints: its `--what` sections, in print order, and its print options.

Downforce is played on the Downforce board, so the kit is what we add to it: `tokens` (banana, coin, green
and blue shell, and the ? blocks that sit one per lane space just after each betting line, with spares;
`kit_tokens.py`), `die` (the item die as a cube net with glue tabs, and round stickers for a blank die;
`die_net.py`), `quick-rules` (the variant's rules on a card, in our words; `kit_cards.py`), `reference` (the
same rules as a full sheet; `reference.py`), `karts` (a card
per kart colour naming the characters that stand in for it; `kit_cards.py`) and `scoresheet` (a season's
money sheet, blank or filled from a campaign; `season_sheet.py`). None needs a track file
(`kartographer export --ruleset mk-downforce`); `track` prints only a document that has a track.

The sizes and counts are the rule data's `downforce.kit` (our assumptions); `--set lanes=5` and the
print dialog override lanes, betting lines, token and die size for one print.

Light on purpose, like `designer.export.sections`: the renderers are imported only when a section is drawn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from designer.export.sections import render_track_section
from designer.i18n import N_, _
from designer.systems.api import PrintOption, PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob

DASHBOARD = N_("Kart cards")


def no_track(job: PrintJob) -> str | None:
    return None if job.document.track is not None else _("'{name}' has no track").format(name=job.document.name)


def render_tokens(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.kit_tokens import render_tokens as render

    return render(c, job)


def token_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.mk_downforce.kit_tokens import cut_parts

    return cut_parts(job)


def render_die(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.die_net import render_die as render

    return render(c, job)


def die_cuts(job: PrintJob) -> list[CutPart]:
    from designer.systems.mk_downforce.die_net import cut_parts

    return cut_parts(job)


def render_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.kit_cards import render_reference as render

    return render(c, job)


def render_rules_reference(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.reference import render_reference as render

    return render(c, job)


def render_karts(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.kit_cards import render_karts as render

    return render(c, job)


def render_scoresheet(c: Canvas, job: PrintJob) -> int:
    from designer.systems.mk_downforce.season_sheet import render_scoresheet as render

    return render(c, job)


def _kit(ruleset: Any) -> Any:
    from designer.systems.mk_downforce.rule_data import DownforceKit, downforce_rules

    return found.kit if (found := downforce_rules(ruleset)) else DownforceKit()


PRINT_OPTIONS: tuple[PrintOption, ...] = (
    PrintOption("lanes", N_("Lanes"), lambda r: _kit(r).lanes, 1, 12),
    PrintOption("betting_lines", N_("Betting lines"), lambda r: _kit(r).betting_lines, 1, 6),
    PrintOption("token_size", N_("Token size"), lambda r: _kit(r).token_size_mm, 10, 40, 1, "mm"),
    PrintOption("die_size", N_("Die size"), lambda r: _kit(r).die_size_mm, 10, 40, 1, "mm"),
)

PRINTS: tuple[PrintSection, ...] = (
    PrintSection("track", N_("Track, 1:1"), render_track_section, no_track),
    PrintSection("tokens", N_("Tokens"), render_tokens, needs_document=False, cut_parts=token_cuts),
    PrintSection("die", N_("Item die"), render_die, needs_document=False, cut_parts=die_cuts),
    PrintSection("quick-rules", N_("Reference card"), render_reference, needs_document=False),
    PrintSection("karts", N_("Kart cards"), render_karts, needs_document=False),
    PrintSection("scoresheet", N_("Season score sheet"), render_scoresheet, needs_document=False),
    PrintSection("reference", N_("Rules reference"), render_rules_reference, needs_document=False),
)
