"""`kartographer vehicle …`: Axles and Alloys II cars (`*.vehicle.json`) from the shell — check that a build
is legal, start a bare car of a weight class, print the vehicle sheets. No Qt.

`check` follows `validate`: exit 0 when every file is a legal build, 1 when one breaks a rule (one stdout line
per rule broken, from `designer.systems.axles_alloys_2.builder.problems`), 2 when a file cannot be read (one
stderr line, like every loader error). `new` and `print` refuse on one line, exit 2, and never write over an
existing file (unless `new --force`) or over an input. Names and paths go through `printable`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from pydantic import ValidationError

from designer.i18n import _, ngettext, pgettext
from designer.io.atomic import refuse_same_file
from designer.io.display import json_printable, printable
from designer.io.errors import DocumentError
from designer.io.output import write_pdf
from designer.io.validation import describe_validation_error
from designer.rules import load_ruleset
from designer.rules.schema import Ruleset
from designer.systems.axles_alloys_2.rule_data import AxlesRules, axles_rules, weight_class_name
from designer.systems.axles_alloys_2.vehicle import VehicleDocument
from designer.systems.axles_alloys_2.vehicle_io import VEHICLE_SUFFIX, load_vehicle, save_vehicle, vehicle_rules

DEFAULT_RULESET = "axles-alloys-2"


def run(args: argparse.Namespace) -> int:
    return {"check": _check, "new": _new, "print": _print}[args.action](args)


def _read(path: Path) -> tuple[VehicleDocument, Ruleset, AxlesRules]:
    doc = load_vehicle(path)
    ruleset, rules = vehicle_rules(doc, path)
    return doc, ruleset, rules


# --- check -----------------------------------------------------------------------------------------
def _check(args: argparse.Namespace) -> int:
    from designer.systems.axles_alloys_2 import builder  # the game systems load only when a command needs one

    unreadable = broken = 0
    reports: list[dict] = []
    for path in args.files:
        try:
            doc, ruleset, rules = _read(path)
        except DocumentError as exc:
            unreadable += 1
            print(printable(exc), file=sys.stderr)
            reports.append({"file": str(path), "ok": False, "error": str(exc), "problems": [],
                            "capacity_used": None, "capacity": None})
            continue
        problems = builder.problems(doc, rules, ruleset)
        broken += bool(problems)
        cls = builder.weight_class(doc, rules)
        used = builder.capacity_used(doc, rules)
        reports.append({"file": str(path), "ok": not problems,
                        "problems": [{"where": p.where, "message": p.message} for p in problems],
                        "capacity_used": used, "capacity": cls.capacity if cls else None})
        if args.json:
            continue
        for problem in problems:
            print(printable(f"{path}: {problem.line()}"))
        if not problems and cls is not None:
            ok = _("ok — {cls}, {capacity}").format(cls=weight_class_name(ruleset, cls),
                                                    capacity=_capacity(used, cls.capacity))
            print(printable(f"{path}: {ok}"))
    if args.json:
        print(json_printable(json.dumps(reports, indent=2, ensure_ascii=False)))
    if unreadable:
        return 2
    return 1 if broken else 0


# --- new -------------------------------------------------------------------------------------------
def _new(args: argparse.Namespace) -> int:
    out: Path = args.output
    if out.exists() and not args.force:
        raise DocumentError(out, _("already exists (use --force to replace it)"))
    ruleset = load_ruleset(DEFAULT_RULESET)
    rules = axles_rules(ruleset)
    cls = rules.weight_class_by_id(args.weight_class) if rules else None
    if rules is None or cls is None:  # the rule data lost a class the command offers: say so, on one line
        raise DocumentError(out, _("ruleset '{id}' has no weight class '{cls}'").format(
            id=ruleset.id, cls=args.weight_class), "weight_class")
    name = args.name if args.name is not None else _name_from(out)
    try:
        doc = VehicleDocument(name=name, ruleset=ruleset.id, driver=args.driver, weight_class=cls.id,
                              scenario="race" if args.race else "deathmatch")
    except ValidationError as exc:
        location, reason = describe_validation_error(exc, None)
        raise DocumentError(out, reason, location) from None
    save_vehicle(doc, out)
    built = _("built for a race") if args.race else _("built for the arena")  # the sheet's words
    print(printable(_("wrote {path}: {name}, {cls}, {built}, {capacity}").format(
        path=out, name=doc.name, cls=weight_class_name(ruleset, cls), built=built,
        capacity=_capacity(0, cls.capacity))))
    return 0


def _capacity(used: int, total: int) -> str:
    return _("capacity {used} of {total}").format(used=used, total=total)  # as the vehicle sheet says it


def _name_from(path: Path) -> str:
    name = path.name[: -len(VEHICLE_SUFFIX)] if path.name.endswith(VEHICLE_SUFFIX) else path.stem
    # undecodable bytes become U+FFFD and control characters go: a name is text, whatever the file name is
    name = name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    name = "".join(c for c in name if printable(c) == c)
    return name.replace("-", " ").replace("_", " ").strip().title()[:80] or pgettext("default vehicle name", "Car")


# --- print -----------------------------------------------------------------------------------------
def _print(args: argparse.Namespace) -> int:
    from designer.systems.axles_alloys_2 import builder
    from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

    refuse_same_file(args.output, args.files)
    read = [(path, *_read(path)) for path in args.files]  # every file read before a warning: a refusal is one line
    ruleset = read[0][2]  # argparse asks for at least one file
    for path, _doc, other, _axles in read:
        if other.id != ruleset.id:
            raise DocumentError(path, _("is a {this} car; the first one is {first}").format(
                this=other.id, first=ruleset.id), "ruleset")
    for path, doc, other, rules in read:
        count = len(builder.problems(doc, rules, other))
        if count:  # the sheet still prints, with the problems marked on it
            print(printable(ngettext("warning: {file}: {n} rule broken (kartographer vehicle check lists it)",
                                     "warning: {file}: {n} rules broken (kartographer vehicle check lists them)",
                                     count).format(file=path, n=count)), file=sys.stderr)
    vehicles = [(printable(path.name), doc) for path, doc, _other, _axles in read]  # the sheet names its file
    return write_pdf(args.output, lambda out: render_vehicle_pdf(out, vehicles, ruleset, args.paper), args.files)
