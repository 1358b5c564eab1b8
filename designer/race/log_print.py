"""The printed race log (`kartographer race print`, the Race Day window's Print Log…): the race as it stands,
its result and every step of its log in words, set in two columns on one page when it fits (the text shrinks
to `reference_sheet.MIN_PT`), on as few pages as it needs after that (a long race: up to `MAX_PAGES`).
Pure: the reference sheet's layout (`designer.export.reference_sheet.render_blocks`) on the system's blank
document."""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from designer.export import pdf
from designer.export.bundle import blank_document
from designer.export.options import ExportOptions, PrintJob
from designer.export.reference_sheet import render_blocks
from designer.i18n import _, ngettext, place_ordinal
from designer.rules.texts import ruleset_name

if TYPE_CHECKING:
    from designer.export.pdf import Output
    from designer.race.engine import Race

#: A long race's log may take this many pages (a three-lap Gaslands race of four karts logs ~300 steps).
MAX_PAGES = 6


def log_blocks(race: Race) -> list[tuple[str, list[str]]]:
    """The sections of the printed log: the standing, the result (places, gates, coins), the log by step."""
    result = []
    for p in sorted(race.result(), key=lambda p: p.place):
        extra = []
        if p.gates is not None:
            extra.append(ngettext("{n} gate", "{n} gates", p.gates).format(n=p.gates))
        if p.coins is not None:
            extra.append(ngettext("{n} coin", "{n} coins", p.coins).format(n=p.coins))
        line = _("{place}: {player}").format(place=place_ordinal(p.place), player=p.player)
        result.append(line + (" — " + ", ".join(extra) if extra else ""))
    blocks = [(_("As it stands"), list(race.summary()) or [_("Nothing has happened yet.")])]
    if result:
        blocks.append((_("Result"), result))
    steps = [f"{line.step}. {line.text}" if line.step else line.text for line in race.log]  # 0: the start
    blocks.append((_("Log (seed {seed})").format(seed=race.file.seed), steps or [_("Nothing has happened yet.")]))
    return blocks


def write_race_log(out: Output, race: Race, paper: str = "a4") -> int:
    """The race log as a PDF (to a path, atomically, or a binary file object); returns the pages written."""
    ruleset = race.ruleset
    job = PrintJob(blank_document(ruleset), ruleset, ExportOptions(paper=paper))
    title = _("{game}: race log").format(game=ruleset_name(ruleset))
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, title, _("race log"))
    pages = render_blocks(c, job, title, log_blocks(race), MAX_PAGES,
                          _("the race log does not fit on {n} pages: print it from a shorter race file"))
    c.save()
    pdf.deliver(buffer.getvalue(), out)
    return pages
