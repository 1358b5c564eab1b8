"""Command-line entry point `kartographer`: headless commands, or the editor window when given files.

Every failure ends with exit status 2 and exactly one line on stderr; never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from designer import cli_args, desktop_install
from designer.cli_help import LazyHelp
from designer.i18n import LANGUAGES, _, language_from_environment, ngettext, set_language
from designer.io.display import clip, json_printable, printable
from designer.io.errors import DocumentError
from designer.io.filekind import special_kind
from designer.io.output import UsageError, write_files, write_pdf
from designer.rules import RulesetError, list_rulesets, load_ruleset
from designer.rules.texts import card_name, character_name, ruleset_name, ruleset_summary

if TYPE_CHECKING:
    from designer.export.options import ExportOptions
    from designer.model.track import TrackDocument
    from designer.rules import Ruleset
    from designer.systems.api import CliCommand, DocumentFormat

#: The shared commands; a game system adds its own (`System.cli`) after "campaign" (see `commands()`).
COMMANDS = ("rules", "validate", "schema", "templates", "gui", "export", "cards", "generate", "campaign", "race",
            "install-desktop")
LANGUAGE_CHOICES = tuple(sorted(LANGUAGES))


class _Help(argparse.HelpFormatter):
    def add_usage(self, usage, actions, groups, prefix=None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return str(action.help) if isinstance(action.help, LazyHelp) else action.help


class _Parser(argparse.ArgumentParser):
    """Refuses with a UsageError; its headings and -h come from our catalogue (argparse's own are English)."""

    def __init__(self, *args, **kwargs) -> None:
        kwargs.setdefault("formatter_class", _Help)
        add_help = kwargs.pop("add_help", True)
        super().__init__(*args, add_help=False, **kwargs)
        self._positionals.title = _("positional arguments")
        self._optionals.title = _("options")
        if add_help:
            self.add_argument("-h", "--help", action="help", help=_("show this help message and exit"))

    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)

    # argparse quotes what was typed whole; a refusal quotes at most `clip`'s share of it
    def parse_args(self, args=None, namespace=None):  # type: ignore[override]
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:
            self.error(_("unrecognized arguments: {args}").format(args=clip(" ".join(extras))))
        return parsed

    def _check_value(self, action: argparse.Action, value: object) -> None:
        if isinstance(value, str) and action.choices is not None and value not in action.choices:
            value = clip(value)
        super()._check_value(action, value)  # type: ignore[misc]


class _VersionAction(argparse._VersionAction):
    """argparse's `--version`, reading the version only when asked (see `designer.__getattr__`)."""

    def __call__(self, parser, namespace, values, option_string=None) -> None:  # type: ignore[override]
        from designer import __version__

        self.version = f"kartographer {__version__}"
        super().__call__(parser, namespace, values, option_string)


def _needs_systems(argv: Sequence[str]) -> bool:
    """Whether the parser for `argv` needs what the game systems add (their commands, campaign actions and
    options, file formats): not for `--version` nor a shared command that takes none, so those never import
    the systems."""
    words = [w for w in argv if not w.startswith("-")]
    if not words:
        return any(w in ("-h", "--help") for w in argv)
    return words[0] not in COMMANDS or words[0] in ("campaign", "schema")


class _Unmade:
    """A command's parser left unmade (see `_OneCommand`): whatever is asked of it, it does nothing."""

    def __getattr__(self, name: str) -> Callable[..., _Unmade]:
        return lambda *args, **kwargs: self


class _OneCommand:
    """The subparsers making only `name`'s parser: a line that starts with a shared command is parsed by that
    command's parser alone, so the other commands' options are never built (a twentieth of `validate`)."""

    def __init__(self, sub: argparse._SubParsersAction, name: str) -> None:
        self._sub, self._name = sub, name

    def add_parser(self, name: str, **kwargs: Any) -> Any:
        return self._sub.add_parser(name, **kwargs) if name == self._name else _Unmade()


def _parser(systems: bool = True, only: str | None = None) -> argparse.ArgumentParser:
    """The whole command line; without `systems`, only the shared commands and options (see `_needs_systems`);
    with `only` (a command the line starts with), only that command's parser among the commands'."""
    parser = _Parser(prog="kartographer", description=_("Design, print and race tabletop kart tracks."))
    parser.add_argument("--version", action=_VersionAction,
                        help=_("show the program's version number and exit"))
    parser.add_argument("--lang", choices=LANGUAGE_CHOICES, metavar="LANG",
                        help=_("language of the messages: de, en, es or fr (default: the system's)"))
    sub: Any = parser.add_subparsers(dest="command", parser_class=_Parser)
    if only is not None:
        sub = _OneCommand(sub, only)

    rules = sub.add_parser("rules", help=_("list the rulesets, or print one"))
    rules.add_argument("ruleset", nargs="?", help=_("a ruleset id (kartographer rules lists them)"))
    rules.add_argument("--json", action="store_true", help=_("print the ruleset as JSON"))

    validate = sub.add_parser("validate", help=_("check track files"))
    validate.add_argument("files", nargs="+", type=Path)
    validate.add_argument("--json", action="store_true", help=_("print problems and figures as JSON"))

    schema = sub.add_parser("schema", help=_("print the JSON Schema of a file format"))
    kinds = [d.kind for d in _system_documents()] if systems else []
    schema.add_argument("format", choices=["track", "campaign", *kinds])

    sub.add_parser("templates", help=_("list the starter documents"))

    gui = sub.add_parser("gui", help=_("open the editor (the default when no command is given)"))
    gui.add_argument("files", nargs="*", type=Path)

    if only in (None, "export", "cards"):  # the groups made by functions: called only when one of theirs is asked
        _add_print_parsers(sub)
    if only in (None, "generate"):
        _add_generate_parser(sub)
    if only in (None, "campaign"):
        cli_args.add_campaign_parser(sub, systems)
    for command in _system_commands() if systems else ():
        command.add_parser(sub)
    if only in (None, "race"):
        cli_args.add_race_parser(sub)
    if only in (None, "install-desktop"):
        desktop_install.add_install_desktop_parser(sub)
    return parser


# --- printing (designer.export; imported only when a print command runs) ---------------------------


class _ExportHelp(_Help):
    """`export --help`: the `--what` values are each game system's print sections, asked of the registry
    only when the help is shown (they are checked against the document's system once it is read)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.dest != "what":
            return super()._get_help_string(action)
        from designer.systems import registry

        nothing = _("nothing")
        offers = [f"  {s.id}: {', '.join(p.name for p in s.prints) or nothing}" for s in registry.systems()]
        return "\n".join([_("which part to print, or all (default: the first, track); by game system:"), *offers])

    def _split_lines(self, text: str, width: int) -> list[str]:
        """One help line per line of `text`, each wrapped on its own (system ids keep their hyphens)."""
        import textwrap

        lines = []
        for line in text.splitlines():
            indent = len(line) - len(line.lstrip())
            lines += textwrap.wrap(line.lstrip(), width, break_on_hyphens=False, initial_indent=" " * indent,
                                   subsequent_indent=" " * (indent + 2 if indent else 0))
        return lines


def _add_print_parsers(sub: argparse._SubParsersAction) -> None:
    export = sub.add_parser("export", formatter_class=_ExportHelp,
                            help=_("print a track: the 1:1 tiles, cards, tokens, sheets its game system has"))
    export.add_argument("file", type=Path, nargs="?")
    export.add_argument("--ruleset", metavar="ID",
                        help=_("print a game system's kit without a track file (the parts that need none)"))
    export.add_argument("--what", metavar="SECTION", default=None, help=_("which part to print (see below)"))
    export.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                        help=LazyHelp(_print_options_help))
    _add_paper_options(export)
    export.add_argument("--overlap", type=cli_args.millimetres(), default=10.0, metavar="MM",
                        help=_("overlap between tiles (10)"))
    export.add_argument("--orientation", choices=("auto", "portrait", "landscape"), default="auto",
                        help=_("tile orientation; auto picks the fewest pages"))
    export.add_argument("--ink-saver", action="store_true",
                        help=_("outlines and pale tints instead of solid colour (track, cards, tokens)"))
    export.add_argument("--reach-rings", action="store_true",
                        help=_("print piranha-plant and chain-chomp reach rings on the track"))
    export.add_argument("--keep-empty", action="store_true", help=_("keep tiles that show only empty table"))
    export.add_argument("--format", dest="fmt", type=str.lower, choices=("pdf", "svg", "dxf"), default="pdf",
                        help=_("pdf (default), or a cutter file for a laser or vinyl plotter: svg or dxf, one file "
                               "per sheet, layers cut, score and engrave"))
    export.add_argument("--sheet", type=cli_args.sheet_size, default=None, metavar="W×H",
                        help=_("cutter files: the sheet's size in mm, e.g. 600x400 (default: the paper's)"))
    export.add_argument("--gap", type=cli_args.millimetres(0.0, 100.0), default=3.0, metavar="MM",
                        help=_("cutter files: room between parts and round the sheet's edge (3)"))
    export.add_argument("--kerf", type=cli_args.millimetres(0.0, 5.0), default=0.0, metavar="MM",
                        help=_("cutter files: the width the beam or blade takes; outlines grow by half of it (0)"))

    cards = sub.add_parser("cards", help=_("print a ruleset's item deck (no track needed)"))
    cards.add_argument("--ruleset", required=True, help=_("a ruleset id (kartographer rules lists them)"))
    _add_paper_options(cards)
    cards.add_argument("--no-backs", action="store_true", help=_("leave out the card back sheets"))


def _print_options_help() -> str:
    """`--set`'s help: each system's own print options, asked of the registry only when help is shown."""
    from designer.systems import registry

    lines = [f"{s.id}: " + ", ".join(f"{o.name} ({o.display_title})" for o in s.print_options)
             for s in registry.systems() if s.print_options]
    return _("a game system's own print option, e.g. lanes=5; repeatable. {options}").format(
        options="; ".join(lines) or _("none"))


def _add_paper_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--paper", type=str.lower, choices=cli_args.PAPERS, default="a4")
    parser.add_argument("--margin", type=cli_args.millimetres(), default=None, metavar="MM",
                        help=_("page margin (default 10; 7.5 for card sheets; 8 or more for 1:1 tiles)"))
    parser.add_argument("--card-size", type=str.lower, choices=("poker", "bridge", "mini"), default="poker")
    parser.add_argument("--duplex", type=str.lower, choices=("long", "short"), default="long",
                        help=_("the edge your printer turns card sheets over for the backs (default long)"))
    parser.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.pdf")


def _cmd_export(args: argparse.Namespace) -> int:
    from designer.export import ExportOptions, LayoutError, export_pdf
    from designer.export.bundle import PrintJob, blank_document, offered, print_settings, refusal, system_for

    blank = args.file is None
    if blank == (args.ruleset is None):
        raise UsageError(_("export needs a track file or --ruleset ID (not both)"))
    if blank:
        ruleset = load_ruleset(args.ruleset)
        document, inputs, source = blank_document(ruleset), [], ruleset.id
    else:
        from designer.io.templates import resolve_track_argument  # a card deck reads no track
        from designer.io.track_io import load_track

        track = resolve_track_argument(args.file)
        document = load_track(track)
        from designer.geometry.track import is_degenerate
        if is_degenerate(document):  # only then the checks engine, for the words
            from designer.geometry.checks.shapes import refuse_degenerate
            refuse_degenerate(document, track)
        ruleset = load_ruleset(document.ruleset)
        inputs, source = [track], track.name
    try:
        settings = print_settings(system_for(document), args.settings)
    except LayoutError as exc:
        raise UsageError(f"{source}: {exc}") from None
    options = ExportOptions(args.paper, args.margin, args.overlap, args.orientation, args.ink_saver,
                            args.keep_empty, args.card_size, args.reach_rings, settings, args.duplex)
    if args.what is None:  # the first section this document can have (with a cutter file, if one is asked for)
        job = PrintJob(document, ruleset, options)
        ready = [s for s in offered(document, blank) if s.unavailable(job) is None
                 and (args.fmt == "pdf" or s.cut_parts is not None)]
        what = ready[0].name if ready else "all"
    else:
        what = args.what
    reason = refusal(document, what, blank)
    if reason:  # the sections are the document's system's: known only once the document is read
        raise UsageError(f"{source}: {reason}")
    if args.fmt != "pdf":
        return _export_cut(args, document, what, options, ruleset, blank, inputs, source)
    return write_pdf(args.output, lambda out: export_pdf(out, document, what, options, ruleset, blank=blank), inputs)


def _export_cut(args: argparse.Namespace, document: TrackDocument, what: str, options: ExportOptions,
                ruleset: Ruleset, blank: bool, inputs: list[Path], source: str) -> int:
    """`export --format svg|dxf`: the chosen sections' cutter files, one per sheet."""
    from designer.export.bundle import cut_refusal, export_cut
    from designer.export.cutfile import CutOptions
    from designer.export.paper import get_paper

    reason = cut_refusal(document, what, blank)
    if reason:
        raise UsageError(f"{source}: {reason}")
    paper = get_paper(options.paper)
    width, height = args.sheet or (paper.width_mm, paper.height_mm)
    cut = CutOptions(width, height, args.gap, args.kerf)
    return write_files(args.output, args.fmt, lambda: export_cut(document, what, args.fmt, cut, options, ruleset,
                                                                 blank), inputs)


def _cmd_cards(args: argparse.Namespace) -> int:
    from designer.export import CardOptions, LayoutError, write_cards_pdf

    ruleset = load_ruleset(args.ruleset)
    from designer.export.paper import CARD_MARGIN_MM

    margin = CARD_MARGIN_MM if args.margin is None else args.margin
    options = CardOptions(args.paper, args.card_size, margin, backs=not args.no_backs, duplex=args.duplex)
    if not ruleset.deck:
        raise UsageError(str(LayoutError(_("ruleset '{id}' has no item deck to print").format(id=ruleset.id))))
    return write_pdf(args.output, lambda out: write_cards_pdf(out, ruleset, options))


# --- generating (designer.geometry.generate) ---------------------------------------------------------


def _add_generate_parser(sub: argparse._SubParsersAction) -> None:
    generate = sub.add_parser("generate", help=_("make a new track from a seed with a game system's generator"))
    generate.add_argument("--ruleset", metavar="ID", required=True,
                          help=LazyHelp(lambda: _("the game system, one of: {ids}").format(ids=_generator_ids())))
    generate.add_argument("--table", metavar="W×H",
                          help=_("table size with units, e.g. 6ftx4ft, 72x48in or 1800x1200 (mm); default: the "
                                 "generator's"))
    generate.add_argument("--seed", type=cli_args.whole(0, 2**31 - 1), default=0, metavar="N",
                          help=_("the same seed and settings give the same track (default 0)"))
    generate.add_argument("--set", dest="settings", action="append", default=[], metavar="NAME=VALUE",
                          help=LazyHelp(_generate_options_help))
    generate.add_argument("--force", action="store_true", help=_("replace an existing file"))
    generate.add_argument("-o", "--output", type=Path, required=True, metavar="OUT.track.json")


def _generator_ids() -> str:
    from designer.geometry.generate import generator_systems

    return ", ".join(s.id for s in generator_systems()) or _("none")


def _generate_options_help() -> str:
    """`--set`'s help: each generator's options and what they take, asked of the registry when shown."""
    from designer.geometry.generate import generator_systems, option_range

    lines = [f"{s.id}: " + ", ".join(f"{o.name} ({option_range(o)})" for o in s.generator.options)
             for s in generator_systems() if s.generator is not None and s.generator.options]
    return _("a generator option, e.g. gates=5; repeatable. {options}").format(options="; ".join(lines) or _("none"))


def _cmd_generate(args: argparse.Namespace) -> int:
    from designer.geometry.generate import GenerateError, generate, generator_of, parse_settings, parse_table
    from designer.io.atomic import atomic_write_text
    from designer.io.track_io import dumps_track

    if args.output.exists() and not args.force:  # a track, a campaign or a car is never replaced unasked
        raise DocumentError(args.output, _("already exists (use --force to replace it)"))
    try:
        _system, generator = generator_of(args.ruleset)
        table = parse_table(args.table) if args.table is not None else None
        document = generate(args.ruleset, table, args.seed, parse_settings(generator, args.settings))
    except GenerateError as exc:
        raise UsageError(str(exc)) from None
    atomic_write_text(args.output, dumps_track(document))
    count = len(document.elements)
    print(ngettext("wrote {path}: {count} element", "wrote {path}: {count} elements", count).format(
        path=printable(args.output), count=count))
    return 0


def _cmd_rules(args: argparse.Namespace) -> int:
    if args.ruleset is None:
        rulesets = list_rulesets()
        if args.json:
            print(json.dumps([{"id": r.id, "name": r.name} for r in rulesets], indent=2))
        else:
            width = max((len(r.id) for r in rulesets), default=0)
            for r in rulesets:
                print(f"{r.id:<{width}}  {ruleset_name(r)}")
        return 0
    ruleset = load_ruleset(args.ruleset)
    if args.json:
        print(json.dumps(ruleset.model_dump(mode="json", exclude_none=True), indent=2, ensure_ascii=False))
        return 0
    print(f"{ruleset_name(ruleset)} ({ruleset.id})")
    print(ruleset_summary(ruleset))
    if ruleset.characters:
        print(_("characters: {names}").format(names=", ".join(character_name(ruleset, c) for c in ruleset.characters)))
    if ruleset.deck:
        count = ruleset.card_count()
        print(ngettext("item deck: {count} card", "item deck: {count} cards", count).format(count=count))
        for card in ruleset.deck:
            badge = "  " + _("[last place only]") if card.last_place_only else ""
            print(f"  {card.count:>3} × {card_name(ruleset, card)}{badge}")
    return 0


def _cmd_validate(args: argparse.Namespace) -> int:
    """Read and check each file: exit 0 when no errors, 1 when a file has an error, 2 when one is unreadable."""
    from designer.geometry.checks import run_checks
    from designer.geometry.figures import track_figures
    from designer.io.templates import resolve_track_argument
    from designer.io.track_io import load_track

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
            count = len(document.elements)
            ok = ngettext("ok ({count} element)", "ok ({count} elements)", count).format(count=count)
            print(f"{printable(path)}: {ok}")
    if args.json:
        print(json_printable(json.dumps(reports[0] if len(reports) == 1 else reports, indent=2, ensure_ascii=False)))
    else:
        print(_summary(totals, unreadable))
    if unreadable:
        return 2
    return 1 if errors else 0


def _summary(totals: Counter, unreadable: int) -> str:
    """ "2 errors, 1 warning, 0 info" (and ", 1 unreadable file" when one could not be read)."""
    errors, warnings, infos = totals["error"], totals["warning"], totals["info"]
    parts = [ngettext("{n} error", "{n} errors", errors).format(n=errors),
             ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings),
             ngettext("{n} info", "{n} info", infos).format(n=infos)]
    if unreadable:
        parts.append(ngettext("{n} unreadable file", "{n} unreadable files", unreadable).format(n=unreadable))
    return ", ".join(parts)


def _cmd_schema(args: argparse.Namespace) -> int:
    from designer.io.schema import campaign_json_schema, track_json_schema
    from designer.systems import registry

    registry.load()  # the game systems' own element kinds belong in the track format (the board's spaces)

    formats = {"campaign": campaign_json_schema, **{d.kind: d.schema for d in _system_documents()}}
    schema = formats.get(args.format, track_json_schema)()
    print(json.dumps(schema, indent=2, ensure_ascii=False))
    return 0


def _cmd_templates(args: argparse.Namespace) -> int:
    from designer.io.templates import list_starter_tracks

    for starter in list_starter_tracks():
        doc = starter.document
        table = f"{doc.table.width_mm:.0f}×{doc.table.height_mm:.0f} mm"
        elements = ngettext("{count} element", "{count} elements", len(doc.elements)).format(count=len(doc.elements))
        print(printable(f"{starter.path.name:<44} {doc.name:<28} {doc.ruleset:<14} {table:<14} {elements}"))
    for document in _system_documents():  # a game system's own starters (Axles' cars)
        for line in document.starters() if document.starters is not None else ():
            print(line)
    return 0


def _cmd_gui(args: argparse.Namespace) -> int:
    for path in args.files:  # before Qt starts: a folder or a FIFO would leave the editor waiting on it
        _refuse_special(path)
    _load_before_qt()
    from designer.app.import_scan import spare_source_scan

    spare_source_scan()
    from designer.app.main import run_gui

    return run_gui([str(p) for p in args.files], language=args.lang)


def _refuse_special(path: Path) -> None:
    """A path to open that exists but is no regular file (a folder, a FIFO, a device) is refused on one line."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # not there yet (the editor starts it), or a name no file can have
        return
    kind = special_kind(mode)
    if kind is not None:
        raise DocumentError(path, _("is {kind}, not a document; nothing was opened").format(kind=kind))


def _load_before_qt() -> None:
    """Import the pure half the first paint needs (geometry, checks, the flagship game system) before Qt: once
    PySide6 is loaded, its import hook reads the source of every module imported after it (looking for
    `__feature__` switches), which cost the start-up about 6 % more instructions (measured with callgrind). The
    other systems load when a document needs them, else once the window is painted (`app.main.first_painted`)."""
    import importlib

    import designer.geometry.checks
    import designer.geometry.track  # noqa: F401 - imported for its side effect: loaded before Qt
    from designer.systems.registry import BUILTIN_SYSTEMS

    # imported, not registered: the registry still does that, and reports failures
    importlib.import_module(BUILTIN_SYSTEMS[0])


def _cmd_campaign(args: argparse.Namespace) -> int:
    from designer import campaign_cli  # the campaign code loads only for its own command

    return campaign_cli.run(args)


def _system_commands() -> tuple[CliCommand, ...]:
    """The commands the registered game systems add (`System.cli`); none when one cannot be loaded (a broken
    plug-in is reported when it is used, not by every command)."""
    from designer.systems import registry

    try:
        return tuple(command for system in registry.systems() for command in system.cli)
    except registry.GameSystemError:
        return ()


def _system_documents() -> tuple[DocumentFormat, ...]:
    """The file formats the registered game systems add (`System.documents`); none when one cannot be loaded."""
    from designer.systems import registry

    try:
        return tuple(document for system in registry.systems() for document in system.documents)
    except registry.GameSystemError:
        return ()


def commands() -> tuple[str, ...]:
    """Every command's name: the shared ones, the game systems' after "campaign"."""
    at = COMMANDS.index("campaign") + 1
    return (*COMMANDS[:at], *(command.name for command in _system_commands()), *COMMANDS[at:])


def _cmd_race(args: argparse.Namespace) -> int:
    from designer import race_cli

    return race_cli.run(args)


def _with_command(argv: list[str]) -> list[str]:
    """The command line with its command: without one the editor opens, on the files named. A first word
    that is neither a command nor an existing file is a mistyped command (never a new file to create)."""
    if not argv:
        return ["gui"]
    first = argv[0]
    if first in COMMANDS or first.startswith("-"):
        return argv
    names = commands()
    if first in names:
        return argv
    try:
        exists = Path(first).exists()
    except (OSError, ValueError):  # too long for the file system, or NUL
        exists = False
    if exists:
        return ["gui", *argv]
    import difflib

    close = difflib.get_close_matches(first, names, n=1)
    hint = (_("did you mean {command}?").format(command=close[0]) if close
            else _("commands: {commands}").format(commands=", ".join(names)))
    raise UsageError(_("'{word}' is not a command or an existing file ({hint})").format(word=clip(first),
                                                                                        hint=hint))


def _take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """`--lang CODE` / `--lang=CODE` taken out of the command line wherever it stands (before or after the
    command; not after `--`), so every command and the parser's own messages speak that language."""
    language, rest = None, []
    words = iter(argv)
    for word in words:
        if word == "--":
            rest += [word, *words]
            break
        if word == "--lang" or word.startswith("--lang="):
            language = word.partition("=")[2] if "=" in word else next(words, "")
            if language not in LANGUAGE_CHOICES:
                raise UsageError(_("--lang: '{code}' is not one of {codes}").format(
                    code=clip(language), codes=", ".join(LANGUAGE_CHOICES)))
            continue
        rest.append(word)
    return language, rest


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    set_language(language_from_environment())  # the refusal of a wrong --lang is in the system's language
    try:
        language, argv = _take_language(argv)
        if language is not None:
            set_language(language)
        argv = _with_command(argv)
        only = argv[0] if argv[0] in COMMANDS else None  # no option before it: no overall help to show
        args = _parser(_needs_systems(argv), only).parse_args(argv)
        args.lang = language
        shared = {
            "rules": _cmd_rules,
            "validate": _cmd_validate,
            "schema": _cmd_schema,
            "templates": _cmd_templates,
            "gui": _cmd_gui,
            "export": _cmd_export,
            "cards": _cmd_cards,
            "generate": _cmd_generate,
            "campaign": _cmd_campaign,
            "race": _cmd_race,
            "install-desktop": desktop_install.run,
        }
        if args.command in shared:  # asks no game system (a shared command's name is never a system's)
            return shared[args.command](args)
        return {command.name: command.run for command in _system_commands()}[args.command](args)
    except UsageError as exc:
        print(_("kartographer: error: {message}").format(message=printable(exc)), file=sys.stderr)
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
        print(printable(_("kartographer: error: {message}").format(message=f"{where}{exc.strerror or exc}")),
              file=sys.stderr)
        return 2
    except Exception as exc:  # a bug: the traceback goes to the log file, one line to stderr
        from designer.logs import report_unexpected

        return report_unexpected(exc, " ".join(argv))
