"""Command-line entry point `kartographer`: headless commands, or the editor window when given files.

Every failure ends with exit status 2 and exactly one line on stderr; never a traceback.
"""

from __future__ import annotations

import argparse
import difflib
import json
import sys
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from designer import __version__, campaign_cli
from designer.io.display import json_printable, printable
from designer.io.errors import DocumentError
from designer.io.output import UsageError, write_pdf
from designer.io.templates import list_starter_tracks, resolve_track_argument
from designer.io.track_io import load_track
from designer.rules import RulesetError, list_rulesets, load_ruleset

COMMANDS = ("rules", "validate", "schema", "templates", "gui", "export", "cards", "campaign")


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="kartographer", description="Design, print and race tabletop kart tracks.")
    parser.add_argument("--version", action="version", version=f"kartographer {__version__}")
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    rules = sub.add_parser("rules", help="list the rulesets, or print one")
    rules.add_argument("ruleset", nargs="?", help="a ruleset id, e.g. mk-gaslands")
    rules.add_argument("--json", action="store_true", help="print the ruleset as JSON")

    validate = sub.add_parser("validate", help="check track files")
    validate.add_argument("files", nargs="+", type=Path)
    validate.add_argument("--json", action="store_true", help="print problems and figures as JSON")

    schema = sub.add_parser("schema", help="print the JSON Schema of a file format")
    schema.add_argument("format", choices=["track", "campaign"])

    sub.add_parser("templates", help="list the starter documents")

    gui = sub.add_parser("gui", help="open the editor (the default when no command is given)")
    gui.add_argument("files", nargs="*", type=Path)

    _add_print_parsers(sub)
    campaign_cli.add_campaign_parser(sub)
    return parser


# --- printing (designer.export; imported only when a print command runs) ---------------------------
PRINT_PAPERS = ("a4", "letter", "a3", "tabloid")


class _ExportHelp(argparse.HelpFormatter):
    """`export --help`: the `--what` values are each game system's print sections, asked of the registry
    only when the help is shown (they are checked against the document's system once it is read)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest != "what":
            return super()._get_help_string(action)
        from designer.systems import registry

        offers = [f"  {s.id}: {', '.join(p.name for p in s.prints) or 'nothing'}" for s in registry.systems()]
        return "\n".join(["which part to print, or all (default: the first, track); by game system:", *offers])

    def _split_lines(self, text: str, width: int) -> list[str]:
        """One help line per line of `text`, each wrapped on its own (system ids keep their hyphens)."""
        lines = []
        for line in text.splitlines():
            indent = len(line) - len(line.lstrip())
            lines += textwrap.wrap(line.lstrip(), width, break_on_hyphens=False, initial_indent=" " * indent,
                                   subsequent_indent=" " * (indent + 2 if indent else 0))
        return lines


def _add_print_parsers(sub: argparse._SubParsersAction) -> None:
    export = sub.add_parser("export", help="print a track: the 1:1 tiles, cards, tokens, sheets its game system has",
                            formatter_class=_ExportHelp)
    export.add_argument("file", type=Path)
    export.add_argument("--what", metavar="SECTION", default=None, help="which part to print (see below)")
    _add_paper_options(export)
    export.add_argument("--overlap", type=float, default=10.0, metavar="MM", help="overlap between tiles (10)")
    export.add_argument("--orientation", choices=("auto", "portrait", "landscape"), default="auto",
                        help="tile orientation; auto picks the fewest pages")
    export.add_argument("--ink-saver", action="store_true", help="outline the track instead of filling it")
    export.add_argument("--reach-rings", action="store_true",
                        help="print piranha-plant and chain-chomp reach rings on the track")
    export.add_argument("--keep-empty", action="store_true", help="keep tiles that show only empty table")

    cards = sub.add_parser("cards", help="print a ruleset's item deck (no track needed)")
    cards.add_argument("--ruleset", required=True, help="a ruleset id, e.g. mk-gaslands")
    _add_paper_options(cards)
    cards.add_argument("--no-backs", action="store_true", help="leave out the card back sheets")


def _add_paper_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", type=str.lower, choices=PRINT_PAPERS, default="a4")
    parser.add_argument("--margin", type=float, default=None, metavar="MM",
                        help="page margin (default 10; 3 for card sheets)")
    parser.add_argument("--card-size", type=str.lower, choices=("poker", "bridge", "mini"), default="poker")
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")


def _cmd_export(args: argparse.Namespace) -> int:
    from designer.export import ExportOptions, export_pdf
    from designer.export.bundle import offered, refusal

    track = resolve_track_argument(args.file)
    document = load_track(track)
    from designer.geometry.checks.shapes import refuse_degenerate
    refuse_degenerate(document, track)
    ruleset = load_ruleset(document.ruleset)
    sections = offered(document)
    what = args.what if args.what is not None else (sections[0].name if sections else "all")
    reason = refusal(document, what)
    if reason:  # the sections are the document's system's: known only once the document is read
        raise UsageError(f"{track.name}: {reason}")
    options = ExportOptions(args.paper, args.margin, args.overlap, args.orientation, args.ink_saver,
                            args.keep_empty, args.card_size, args.reach_rings)
    return write_pdf(args.output, lambda out: export_pdf(out, document, what, options, ruleset), [track])


def _cmd_cards(args: argparse.Namespace) -> int:
    from designer.export import CardOptions, LayoutError, write_cards_pdf

    ruleset = load_ruleset(args.ruleset)
    margin = 3.0 if args.margin is None else args.margin
    options = CardOptions(args.paper, args.card_size, margin, backs=not args.no_backs)
    if not ruleset.deck:
        raise UsageError(str(LayoutError(f"ruleset '{ruleset.id}' has no item deck to print")))
    return write_pdf(args.output, lambda out: write_cards_pdf(out, ruleset, options))


def _cmd_rules(args: argparse.Namespace) -> int:
    if args.ruleset is None:
        rulesets = list_rulesets()
        if args.json:
            print(json.dumps([{"id": r.id, "name": r.name} for r in rulesets], indent=2))
        else:
            width = max((len(r.id) for r in rulesets), default=0)
            for r in rulesets:
                print(f"{r.id:<{width}}  {r.name}")
        return 0
    ruleset = load_ruleset(args.ruleset)
    if args.json:
        print(json.dumps(ruleset.model_dump(mode="json", exclude_none=True), indent=2, ensure_ascii=False))
        return 0
    print(f"{ruleset.name} ({ruleset.id})")
    print(ruleset.summary)
    if ruleset.characters:
        print(f"characters: {', '.join(c.name for c in ruleset.characters)}")
    if ruleset.deck:
        print(f"item deck: {ruleset.card_count()} cards")
        for card in ruleset.deck:
            badge = "  [last place only]" if card.last_place_only else ""
            print(f"  {card.count:>3} × {card.name}{badge}")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    """Read and check each file: exit 0 when no errors, 1 when a file has an error, 2 when one is unreadable."""
    from designer.geometry.checks import run_checks
    from designer.geometry.figures import track_figures

    unreadable = errors = 0
    reports = []
    totals = Counter()
    for path in args.files:
        try:
            document = load_track(resolve_track_argument(path))
            ruleset = load_ruleset(document.ruleset)
        except (DocumentError, RulesetError) as exc:
            unreadable += 1
            print(str(exc), file=sys.stderr)
            reports.append({"file": str(path), "readable": False, "error": str(exc), "problems": [], "figures": {}})
            continue
        problems = run_checks(document, ruleset)
        counts = Counter(p.severity for p in problems)
        totals.update(counts)
        errors += counts["error"] > 0
        if args.json:
            reports.append({"file": str(path), "readable": True, "problems": [p.as_dict() for p in problems],
                            "figures": track_figures(document, ruleset)})
            continue
        for p in problems:
            ids = f" [{', '.join(p.ids)}]" if p.ids else ""
            print(printable(f"{path}: {p.severity} {p.code}: {p.message}{ids}"))
        if not problems:
            print(f"{printable(path)}: ok ({len(document.elements)} elements)")
    if args.json:
        print(json_printable(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2, ensure_ascii=False)))
    else:
        summary = (f"{totals['error']} error{'s' if totals['error'] != 1 else ''}, "
                   f"{totals['warning']} warning{'s' if totals['warning'] != 1 else ''}, {totals['info']} info")
        if unreadable:
            summary += f", {unreadable} unreadable file{'s' if unreadable != 1 else ''}"
        print(summary)
    if unreadable:
        return 2
    return 1 if errors else 0


def _cmd_schema(args: argparse.Namespace) -> int:
    from designer.io.schema import campaign_json_schema, track_json_schema

    schema = campaign_json_schema() if args.format == "campaign" else track_json_schema()
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


def _cmd_templates(args: argparse.Namespace) -> int:
    for starter in list_starter_tracks():
        doc = starter.document
        table = f"{doc.table.width_mm:.0f}×{doc.table.height_mm:.0f} mm"
        print(printable(f"{starter.path.name:<44} {doc.name:<28} {doc.ruleset:<12} {table:<14} "
                        f"{len(doc.elements)} elements"))
    return 0


def _cmd_gui(args: argparse.Namespace) -> int:
    from designer.app.main import run_gui

    return run_gui([str(p) for p in args.files])


def _with_command(argv: list[str]) -> list[str]:
    """The command line with its command: without one the editor opens, on the files named. A first word
    that is neither a command nor an existing file is a mistyped command (never a new file to create)."""
    if not argv:
        return ["gui"]
    first = argv[0]
    if first in COMMANDS or first.startswith("-"):
        return argv
    try:
        exists = Path(first).exists()
    except (OSError, ValueError):  # too long for the file system, or NUL
        exists = False
    if exists:
        return ["gui", *argv]
    close = difflib.get_close_matches(first, COMMANDS, n=1)
    hint = f"did you mean {close[0]}?" if close else f"commands: {', '.join(COMMANDS)}"
    raise UsageError(f"'{first}' is not a command or an existing file ({hint})")


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(_with_command(argv))
        handler = {
            "rules": _cmd_rules,
            "validate": _cmd_validate,
            "schema": _cmd_schema,
            "templates": _cmd_templates,
            "gui": _cmd_gui,
            "export": _cmd_export,
            "cards": _cmd_cards,
            "campaign": campaign_cli.run,
        }[args.command]
        return handler(args)
    except UsageError as exc:
        print(f"kartographer: error: {printable(exc)}", file=sys.stderr)
        return 2
    except (DocumentError, RulesetError) as exc:
        print(printable(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0
    except OSError as exc:  # the system refused (a name too long, a full disk): its reason, on one line
        where = f"{exc.filename}: " if exc.filename else ""
        print(printable(f"kartographer: error: {where}{exc.strerror or exc}"), file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: the traceback goes to the log file, one line to stderr
        from designer.logs import report_unexpected

        return report_unexpected(exc, " ".join(argv))
