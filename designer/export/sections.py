"""Print sections any game system can offer, ready to put in its `prints.py`: the track at 1:1, the item
card sheets, the token sheets, a per-player sheet and a Grand Prix score sheet, each drawing from the
document's rule data (`designer.export.options.PrintJob`). A system picks the ones its game has, in its
print order, and adds its own `PrintSection`s beside them.

Light on purpose: system packages import this when the registry loads them (reading any track does), so
the renderers — reportlab — are imported only when a section is drawn or asked about.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.i18n import N_, _
from designer.systems.api import PrintSection

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.cutfile import CutPart
    from designer.export.options import PrintJob


def render_track_section(c: Canvas, job: PrintJob) -> int:
    from designer.export.tiles import TrackPrintOptions, render_track

    o = job.options
    return render_track(c, job.document, job.ruleset, TrackPrintOptions(
        o.paper, o.margin(10.0), o.overlap_mm, o.orientation, o.ink_saver, o.keep_empty, o.reach_rings))


def render_cards_section(c: Canvas, job: PrintJob) -> int:
    from designer.export.cards import CardOptions, render_cards
    from designer.export.paper import CARD_MARGIN_MM

    o = job.options
    return render_cards(c, job.ruleset, CardOptions(o.paper, o.card_size, o.margin(CARD_MARGIN_MM), duplex=o.duplex,
                                                      ink_saver=o.ink_saver))


def render_tokens_section(c: Canvas, job: PrintJob) -> int:
    from designer.export.tokens import TokenOptions, render_tokens

    o = job.options
    return render_tokens(c, job.document, job.ruleset, TokenOptions(o.paper, o.margin(10.0), ink_saver=o.ink_saver))


def render_dashboards_section(c: Canvas, job: PrintJob) -> int:
    """One sheet per kart, as many to a page as fit; what each shows comes from the rule data (`dashboards.py`)."""
    from designer.export.dashboards import DashboardOptions, karts_for, render_dashboards

    o = job.options
    return render_dashboards(c, job.ruleset, karts_for(job.ruleset, job.document.karts),
                             DashboardOptions(o.paper, o.margin(10.0), 4, o.card_size))


def render_scoresheet_section(c: Canvas, job: PrintJob) -> int:
    from designer.export.scoresheet import GrandPrixScores, ScoreSheetOptions, render_scoresheet

    scores = job.scores if isinstance(job.scores, GrandPrixScores) else GrandPrixScores(title=job.document.name)
    return render_scoresheet(c, job.ruleset, scores,
                             ScoreSheetOptions(job.options.paper, job.options.margin(10.0), max(4, job.document.karts)))


def tokens_cut_parts(job: PrintJob) -> list[CutPart]:
    from designer.export.paper import check_margin, get_paper
    from designer.export.tokens import token_cut_parts

    return token_cut_parts(job.document, job.ruleset, check_margin(get_paper(job.options.paper).portrait(), 0.0))


def no_deck(job: PrintJob) -> str | None:
    return None if job.ruleset.deck else _("ruleset '{id}' has no item deck").format(id=job.ruleset.id)


def no_tokens(job: PrintJob) -> str | None:
    from designer.export.tokens import token_groups

    if token_groups(job.document, job.ruleset):
        return None
    return _("'{name}' needs no tokens").format(name=job.document.name)


def no_grand_prix(job: PrintJob) -> str | None:
    """A Grand Prix is scored on the rule data's points, over tracks: an arena (no track) has no race."""
    if job.ruleset.grand_prix is None:
        return _("ruleset '{id}' has no Grand Prix scoring").format(id=job.ruleset.id)
    if job.document.track is None and job.scores is None:
        return _("'{name}' is an arena with no track, and a Grand Prix is raced on tracks").format(
            name=job.document.name)
    return None


TRACK = PrintSection("track", N_("Track, 1:1"), render_track_section)
CARDS = PrintSection("cards", N_("Item cards"), render_cards_section, no_deck, needs_document=False)
TOKENS = PrintSection("tokens", N_("Tokens"), render_tokens_section, no_tokens, cut_parts=tokens_cut_parts)
SCORESHEET = PrintSection("scoresheet", N_("Score sheet"), render_scoresheet_section, no_grand_prix)


def dashboards(title: str) -> PrintSection:
    """The per-player sheet section under the system's own name for it (`System.dashboard`)."""
    return PrintSection("dashboards", title, render_dashboards_section, needs_document=False)
