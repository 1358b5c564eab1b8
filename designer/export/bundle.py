"""One PDF with any choice of sections for a track: tiles, cards, tokens, dashboards, score sheet.

`export_pdf(out, document, what)` is what the CLI's `export` command calls. Sections that do not apply
to the track's ruleset (no item deck, no Grand Prix, nothing to cut out) are left out of "all" and refused
with a clear message when asked for by name. Each section gets a bookmark in the PDF outline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfgen.canvas import Canvas

from designer.export import pdf
from designer.export.cards import CardOptions, render_cards
from designer.export.dashboards import DashboardOptions, karts_for, render_dashboards
from designer.export.paper import LayoutError, get_paper
from designer.export.scoresheet import GrandPrixScores, ScoreSheetOptions, render_scoresheet
from designer.export.tiles import TrackPrintOptions, render_track
from designer.export.tokens import TokenOptions, render_tokens, token_groups
from designer.model.track import TrackDocument
from designer.rules import Ruleset, load_ruleset

SECTIONS: tuple[str, ...] = ("track", "cards", "tokens", "dashboards", "scoresheet")
TITLES = {"track": "Track, 1:1", "cards": "Item cards", "tokens": "Tokens", "dashboards": "Kart dashboards",
          "scoresheet": "Score sheet"}


@dataclass(frozen=True)
class ExportOptions:
    """Options shared by every section. `margin_mm=None` lets each section use its own default
    (10 mm, but 3 mm for card sheets — measured to the outer bleed — so 3×3 poker or bridge cards fit
    on A4 and Letter)."""

    paper: str = "a4"
    margin_mm: float | None = None
    overlap_mm: float = 10.0
    orientation: str = "auto"
    ink_saver: bool = False
    keep_empty: bool = False
    card_size: str = "poker"
    reach_rings: bool = False

    def margin(self, default: float) -> float:
        return default if self.margin_mm is None else self.margin_mm


def applicable(section: str, document: TrackDocument, ruleset: Ruleset) -> str | None:
    """Why `section` cannot be printed for this track, or None when it can."""
    if section == "cards" and not ruleset.deck:
        return f"ruleset '{ruleset.id}' has no item deck"
    if section == "scoresheet" and ruleset.grand_prix is None:
        return f"ruleset '{ruleset.id}' has no Grand Prix scoring"
    if section == "tokens" and not token_groups(document, ruleset):
        return f"'{document.name}' needs no tokens"
    return None


def sections_for(what: str | Sequence[str], document: TrackDocument, ruleset: Ruleset) -> list[str]:
    """The sections to print, in canonical order; 'all' quietly drops those that do not apply."""
    wanted = list(SECTIONS) if what == "all" else ([what] if isinstance(what, str) else list(what))
    unknown = [w for w in wanted if w not in SECTIONS]
    if unknown:
        raise LayoutError(f"unknown section '{unknown[0]}' (choose {', '.join(SECTIONS)} or all)")
    chosen = []
    for section in SECTIONS:
        if section not in wanted:
            continue
        reason = applicable(section, document, ruleset)
        if reason is None:
            chosen.append(section)
        elif what != "all":
            raise LayoutError(f"cannot print {section}: {reason}")
    return chosen


def render_section(c: Canvas, section: str, document: TrackDocument, ruleset: Ruleset, options: ExportOptions,
                   scores: GrandPrixScores | None = None) -> int:
    if section == "track":
        return render_track(c, document, ruleset, TrackPrintOptions(
            options.paper, options.margin(10.0), options.overlap_mm, options.orientation, options.ink_saver,
            options.keep_empty, options.reach_rings))
    if section == "cards":
        return render_cards(c, ruleset, CardOptions(options.paper, options.card_size, options.margin(3.0)))
    if section == "tokens":
        return render_tokens(c, document, ruleset, TokenOptions(options.paper, options.margin(10.0)))
    if section == "dashboards":
        return render_dashboards(c, ruleset, karts_for(ruleset, document.karts),
                                 DashboardOptions(options.paper, options.margin(10.0), 2, options.card_size))
    if section == "scoresheet":
        title = scores.title if scores else document.name
        return render_scoresheet(c, ruleset, scores or GrandPrixScores(title=title),
                                 ScoreSheetOptions(options.paper, options.margin(10.0), max(4, document.karts)))
    raise LayoutError(f"unknown section '{section}'")


def export_pdf(out: pdf.Output, document: TrackDocument, what: str | Sequence[str] = "all",
               options: ExportOptions = ExportOptions(), ruleset: Ruleset | None = None,
               scores: GrandPrixScores | None = None) -> int:
    """Write the chosen sections of a track's print kit as one PDF; returns the page count."""
    get_paper(options.paper)
    ruleset = ruleset or load_ruleset(document.ruleset)
    sections = sections_for(what, document, ruleset)
    return pdf.write_sections(out, document.name, "print kit", sections, TITLES,
                              lambda c, section: render_section(c, section, document, ruleset, options, scores))
