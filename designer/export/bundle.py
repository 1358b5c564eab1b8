"""The print shop: one PDF with any choice of the sections the document's game system offers.

`export_pdf(out, document, what)` is what the CLI's `export` command and the print dialog call. The
sections, their titles and their order are the system's (`designer.systems.registry.get(document.ruleset)
.prints`); this module never names a system. A section whose `unavailable(job)` gives a reason (no item
deck, no Grand Prix, nothing to cut out) is left out of "all" and refused with that reason when asked for
by name. Each section gets a bookmark in the PDF outline.

Without a track file (`kartographer export --ruleset ID`), `blank_document` stands in and only the sections
that need no document (`PrintSection.needs_document` False: kits, cards, blank sheets) are offered. A
system's own print options (`System.print_options`) arrive as NAME=VALUE pairs, checked by `print_settings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from designer.export import pdf
from designer.export.options import ExportOptions, PrintJob
from designer.export.paper import LayoutError, get_paper
from designer.i18n import N_, _, plain_decimal, read_plain_number
from designer.io.display import clip
from designer.model.track import Table, TrackDocument
from designer.rules import Ruleset, load_ruleset
from designer.systems import registry
from designer.systems.api import PrintSection, System

if TYPE_CHECKING:
    from designer.export.cutfile import CutOptions, CutPart
    from designer.export.scoresheet import GrandPrixScores

__all__ = ["ExportOptions", "PrintJob", "blank_document", "cut_refusal", "cut_sheets", "export_cut", "export_pdf",
           "offered", "print_settings", "refusal", "sections_for", "system_for"]


def blank_document(ruleset: Ruleset) -> TrackDocument:
    """What `export --ruleset` prints from: a document of the system with no track and no elements, named
    after the game (the PDF's title)."""
    from designer.rules.texts import ruleset_name

    return TrackDocument(name=ruleset_name(ruleset), ruleset=ruleset.id, table=Table(width_mm=900.0, height_mm=600.0))


def system_for(document: TrackDocument) -> System:
    try:
        return registry.get(document.ruleset)
    except registry.GameSystemError as exc:
        raise LayoutError(str(exc)) from None


def offered(document: TrackDocument, blank: bool = False) -> tuple[PrintSection, ...]:
    """The sections the document's game system offers, in its print order; `blank`: those that need no
    document (printing without a track file)."""
    return tuple(s for s in system_for(document).prints if not (blank and s.needs_document))


def refusal(document: TrackDocument, what: str, blank: bool = False) -> str | None:
    """Why `--what what` is not a choice for this document (None: it is), listing the ones that are."""
    system = system_for(document)
    names = [s.name for s in offered(document, blank)]
    if what == "all" or what in names:
        return None
    listed = ", ".join(names) + _(" (or all)") if names else _("nothing")
    if blank and system.section(what) is not None:
        return _("{system}'s {what} is printed from a track file; without one it prints {listed}").format(
            system=system.id, what=what, listed=listed)
    return _("{system} prints {listed}; not '{what}'").format(system=system.id, listed=listed, what=clip(what))


def _span(low: float, high: float, decimals: int) -> str:
    return f"{plain_decimal(low, decimals)}–{plain_decimal(high, decimals)}"


def print_settings(system: System, pairs: Sequence[str]) -> tuple[tuple[str, float], ...]:
    """`--set NAME=VALUE` pairs checked against the system's print options: a one-line LayoutError names
    the options (with their ranges) when a name is unknown or a value out of range."""
    settings: dict[str, float] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        option = system.print_option(name.strip())
        if not sep or option is None:
            known = ", ".join(f"{o.name} ({_span(o.minimum, o.maximum, o.decimals)})"
                              for o in system.print_options) or _("none")
            raise LayoutError(_("{system} has no print option '{pair}' (its options: {known})").format(
                system=system.id, pair=clip(pair), known=known))
        value = read_plain_number(text.replace(",", "."))
        whole = option.decimals == 0
        if not (option.minimum <= value <= option.maximum) or (whole and value != int(value)):
            kind = _("a whole number") if whole else _("a number")
            raise LayoutError(_("{name} must be {kind} from {low} to {high}, not '{text}'").format(
                name=option.name, kind=kind, low=plain_decimal(option.minimum, option.decimals),
                high=plain_decimal(option.maximum, option.decimals), text=clip(text.strip())))
        settings[option.name] = value
    return tuple(settings.items())


def sections_for(what: str | Sequence[str], job: PrintJob, blank: bool = False) -> list[PrintSection]:
    """The sections to print, in the system's order; 'all' quietly drops those unavailable."""
    offer = offered(job.document, blank)
    wanted = [s.name for s in offer] if what == "all" else ([what] if isinstance(what, str) else list(what))
    for name in wanted:
        reason = refusal(job.document, name, blank)
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
               scores: GrandPrixScores | None = None, blank: bool = False) -> int:
    """Write the chosen sections of a track's print kit as one PDF; returns the page count. `blank`: the
    document is `blank_document`'s (only sections that need no document)."""
    options = options or ExportOptions()
    get_paper(options.paper)
    job = PrintJob(document, ruleset or load_ruleset(document.ruleset), options, scores)
    sections = {s.name: s for s in sections_for(what, job, blank)}
    titles = {name: s.title for name, s in sections.items()}
    return pdf.write_sections(out, document.name, N_("print kit"), list(sections), titles,
                              lambda c, name: sections[name].render(c, job))


def cut_refusal(document: TrackDocument, what: str | Sequence[str], blank: bool = False) -> str | None:
    """Why `--what what` has no cutter file (None: it has), naming the sections that have one."""
    system = system_for(document)
    cuttable = [s.name for s in offered(document, blank) if s.cut_parts is not None]
    from_track = [s.name for s in system.prints if s.cut_parts is not None and s.name not in cuttable]
    wanted = [what] if isinstance(what, str) else list(what)
    missing = [name for name in wanted if name not in ("all", *cuttable)]
    if cuttable and not missing:
        return None
    if from_track and (not cuttable or missing[0] in from_track):
        return _("{system}'s {listed} cutter files are made from a track file").format(
            system=system.id, listed=", ".join(from_track))
    if not cuttable:
        return _("{system} has no cutter files").format(system=system.id)
    return _("{what} has no cutter file; these have one: {listed}").format(what=clip(missing[0]),
                                                                             listed=", ".join(cuttable))


def cut_sheets(document: TrackDocument, what: str | Sequence[str], cut: CutOptions,
               options: ExportOptions | None = None, ruleset: Ruleset | None = None, blank: bool = False
               ) -> list[list[CutPart]]:
    """The chosen sections' cut parts packed on sheets; "all" takes every section with cut parts that this
    document can have. A one-line LayoutError when a section has none or a part does not fit."""
    from designer.export.cutfile import pack_sheets

    reason = cut_refusal(document, what, blank)
    if reason:
        raise LayoutError(reason)
    options = options or ExportOptions()
    job = PrintJob(document, ruleset or load_ruleset(document.ruleset), options)
    parts: list[CutPart] = []
    for section in sections_for(what, job, blank):
        if section.cut_parts is not None:
            parts += section.cut_parts(job)
    return pack_sheets(parts, cut)


def export_cut(document: TrackDocument, what: str | Sequence[str], fmt: str, cut: CutOptions,
               options: ExportOptions | None = None, ruleset: Ruleset | None = None, blank: bool = False
               ) -> list[bytes]:
    """The chosen sections' cutter files (`fmt` "svg" or "dxf"): one file's bytes per sheet (`cut_sheets`)."""
    from designer.export.cutfile import write

    return write(cut_sheets(document, what, cut, options, ruleset, blank), cut, fmt, document.name)
