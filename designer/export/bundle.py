"""The print shop: one PDF with any choice of the sections the document's game system offers.

`export_pdf(out, document, what)` is what the CLI's `export` command and the print dialog call. The
sections, their titles and their order are the system's (`designer.systems.registry.get(document.ruleset)
.prints`); this module never names a system. A section whose `unavailable(job)` gives a reason (no item
deck, no Grand Prix, nothing to cut out) is left out of "all" and refused with that reason when asked for
by name. Each section gets a bookmark in the PDF outline.
"""

from __future__ import annotations

from collections.abc import Sequence

from designer.export import pdf
from designer.export.options import ExportOptions, PrintJob
from designer.export.paper import LayoutError, get_paper
from designer.export.scoresheet import GrandPrixScores
from designer.i18n import N_, _
from designer.model.track import TrackDocument
from designer.rules import Ruleset, load_ruleset
from designer.systems import registry
from designer.systems.api import PrintSection, System

__all__ = ["ExportOptions", "PrintJob", "export_pdf", "offered", "refusal", "sections_for", "system_for"]


def system_for(document: TrackDocument) -> System:
    try:
        return registry.get(document.ruleset)
    except registry.GameSystemError as exc:
        raise LayoutError(str(exc)) from None


def offered(document: TrackDocument) -> tuple[PrintSection, ...]:
    """The sections the document's game system offers, in its print order."""
    return system_for(document).prints


def refusal(document: TrackDocument, what: str) -> str | None:
    """Why `--what what` is not a choice for this document (None: it is), listing the ones that are."""
    system = system_for(document)
    names = [s.name for s in system.prints]
    if what == "all" or what in names:
        return None
    listed = ", ".join(names) + _(" (or all)") if names else _("nothing")
    return _("{system} prints {listed}; not '{what}'").format(system=system.id, listed=listed, what=what)


def sections_for(what: str | Sequence[str], job: PrintJob) -> list[PrintSection]:
    """The sections to print, in the system's order; 'all' quietly drops those unavailable."""
    offer = offered(job.document)
    wanted = [s.name for s in offer] if what == "all" else ([what] if isinstance(what, str) else list(what))
    for name in wanted:
        reason = refusal(job.document, name)
        if reason:
            raise LayoutError(reason)
    chosen = []
    for section in offer:
        if section.name not in wanted:
            continue
        reason = section.unavailable(job)
        if reason is None:
            chosen.append(section)
        elif what != "all":
            raise LayoutError(_("cannot print {section}: {reason}").format(section=section.name, reason=reason))
    return chosen


def export_pdf(out: pdf.Output, document: TrackDocument, what: str | Sequence[str] = "all",
               options: ExportOptions | None = None, ruleset: Ruleset | None = None,
               scores: GrandPrixScores | None = None) -> int:
    """Write the chosen sections of a track's print kit as one PDF; returns the page count."""
    options = options or ExportOptions()
    get_paper(options.paper)
    job = PrintJob(document, ruleset or load_ruleset(document.ruleset), options, scores)
    sections = {s.name: s for s in sections_for(what, job)}
    titles = {name: s.title for name, s in sections.items()}
    return pdf.write_sections(out, document.name, N_("print kit"), list(sections), titles,
                              lambda c, name: sections[name].render(c, job))
