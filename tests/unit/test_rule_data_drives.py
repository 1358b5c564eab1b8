"""No rule data that drives nothing: every leaf field of every ruleset, changed in a copy, changes some output.

For each of the five systems, `parts` lists what the program makes from its rule data, cheapest first: what
`kartographer rules ID` prints, the elements the editor's palette puts down, the rules reference sheet, the
checks' problems and the Track Report figures of every starter track (templates/), the campaign arithmetic (who
may enter a campaign of each mode, 1 to 10 players, and the standings of a small one), Axles' starter cars'
sheets and build problems and its Track ▸ Scatter, every print section without a track, the board game's Insert
Space After on its starter boards, the overlays' marks, every print section of the starter track with the most
kinds of element, and a generated track. PDFs are compared as bytes: reportlab writes them with `invariant=1`, so
equal output is equal bytes, and any changed word or stroke shows.

`leaf_mutations` (tests/unit/rule_mutations.py) changes one leaf at a time (a near change, and for a number far
ones too: a limit nudged by one may reach no starter track); the parts are compared with the unchanged rule
data's one by one and the walk stops at the first that differs. While a copy is in use `load_ruleset(id)`
returns it too, so code that reads the rule data by id rather than from its caller is followed as well.

A field whose copies change nothing fails the test unless ALLOWED_DEAD lists it with its reason; a field with no
valid single change (a die table that must cover 1–6) is listed in NO_SINGLE_CHANGE. The whole test takes about
35 s on a 2-core machine (most of it the Gaslands' 130 fields).
"""

from __future__ import annotations

import glob
import hashlib
import io
import json
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stdout
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.cli import main
from designer.export.bundle import blank_document, export_pdf, offered
from designer.export.options import ExportOptions
from designer.export.paper import LayoutError
from designer.geometry.checks import run_checks
from designer.geometry.figures import track_figures
from designer.geometry.footprint import kind_size
from designer.io.track_io import load_track
from designer.model.track import TrackDocument
from designer.rules import loader
from designer.rules.defaults import new_element
from designer.rules.schema import Ruleset
from designer.systems import registry
from designer.systems.axles_alloys_2.rule_data import axles_rules
from designer.systems.mk_board.rule_data import board_rules
from designer.systems.mk_downforce.rule_data import downforce_rules

from .rule_mutations import leaf_mutations

ROOT = Path(__file__).resolve().parents[2]
#: Insert Space After, at most this often on one starter board (each lays the whole lap again: ~0.15 s).
INSERTS = 3
SYSTEMS = ("mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")

NOTE = ("a note for whoever edits the rule data (its sources, what is ours, what the fields mean); what a player "
        "needs of it is printed from the fields themselves")
SHARED = "every ruleset fills it (the shared schema requires it), but this system has no {what}"
GUIDES = ("the editor's drawing guides (the Qt canvas draws them; no print, check or record reads them for this "
          "system)")
NOTES = ("notes", "movement.notes", "templates.notes", "element_defaults.notes", "karts.notes", "coins.notes",
         "deck_rules.notes")

#: Fields no output reads, on purpose, "system:path" → why. A field's stable `id` is left out of the walk
#: (see `is_key`): documents refer to rule data by it, so renaming it changes what they find, not an output.
ALLOWED_DEAD: dict[str, str] = {
    **{f"{s}:karts.discs": "kart discs print on the shared token sheet; this system prints its own tokens (pawns, "
       "car counters), so it has no disc to switch on" for s in ("mk-board", "mk-downforce", "axles-alloys-2")},
    **{f"{s}:{p}": NOTE for s in SYSTEMS for p in NOTES
       if (s, p) not in (("axles-alloys-2", "coins.notes"), ("axles-alloys-2", "deck_rules.notes"))},
    **{f"{s}:{p}": NOTE for s, p in (
        ("mk-gaslands", "grand_prix.notes"), ("mk-gaslands", "balloon_battle.notes"), ("mk-gaslands", "gaslands.notes"),
        ("mk-board", "board.notes"), ("mk-board", "board.sizes_note"), ("pitchkart", "pitchkart.notes"),
        ("pitchkart", "pitchkart.inventory.notes"), ("mk-downforce", "downforce.notes"),
        ("axles-alloys-2", "axles.notes"),
        ("mk-board", "board.spaces[0].effect"), ("mk-board", "board.spaces[3].roll_table[0].effect"))},
    **{f"{s}:source_units": "which unit the source measures in, for whoever edits the data: every figure in it is "
       "already millimetres (Axles' vehicle sheets read it)" for s in SYSTEMS if s != "axles-alloys-2"},
    **{f"{s}:movement.{d}_mm": SHARED.format(what="Short/Medium/Long measuring distances")
       for s in ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2") for d in ("short", "medium")},
    **{f"{s}:movement.long_mm": SHARED.format(what="Short/Medium/Long measuring distances")
       for s in ("pitchkart", "mk-downforce")},
    **{f"{s}:element_defaults.{f}": SHARED.format(what="Piranha Plant or Chain Chomp")
       for s in ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")
       for f in ("piranha_range_mm", "chain_chomp_reach_mm")},
    **{f"mk-board:element_defaults.{f}": SHARED.format(what="gate or drawn track (its track is a chain of spaces)")
       for f in ("gate_width_mm", "track_width_mm")},
    **{f"{s}:kart_footprint.{f}": SHARED.format(what="karts on a measured table (it moves on spaces)")
       for s in ("mk-board", "mk-downforce") for f in ("length_mm", "width_mm")},
    "axles-alloys-2:kart_footprint.length_mm": SHARED.format(what="one car size (each weight class has its own)"),
    **{f"{s}:min_track_width_mm": SHARED.format(what="drawn track surface to measure") for s in ("mk-downforce",)},
    "pitchkart:min_track_width_mm": "PitchKart's track is as wide as its pieces (pitchkart.inventory.width_mm); the "
                                    "shared width check needs a drawn track surface, which a PitchKart track has not",
    **{f"{s}:deck_rules.use_in_order": "matters only with a hand of two or more items; this system's hand holds one "
       "(or it has no deck)" for s in ("mk-board", "pitchkart", "mk-downforce", "axles-alloys-2")},
    **{f"pitchkart:templates.{p}": GUIDES for p in (
        "straights[]", "straights[0].name", "straights[0].length_mm", "straights[0].approximate", "turns[]",
        "turns[0].name", "turns[0].radius_mm", "turns[0].angle_deg", "turns[0].approximate")},
    **{f"{s}:deck[0].tags": "labels for whoever edits the deck (shell, projectile, ...); nothing sorts or prints by "
       "them" for s in ("mk-gaslands", "mk-board", "pitchkart")},
    **{f"{s}:coins.spend[0].effect": "the spend in the data's words; the reference sheet words it from the cost "
       "and the distance or spaces" for s in ("mk-gaslands", "mk-board")},
    "mk-board:board.spaces[0].name": "a space kind's label in the data; prints and checks name spaces by kind "
                                     "(translated), so a renamed kind changes no output",
    "pitchkart:pitchkart.inventory.connect_gap_max_mm": "read by the track-section joins check; the starter tracks "
                                                        "join exactly, so no tolerance changes their problems",
    "pitchkart:pitchkart.inventory.connect_heading_max_deg": "as connect_gap_max_mm: the starter tracks join exactly",
    "mk-downforce:downforce.tokens": "the names the kit's tokens must come from (validated); the kit prints "
                                     "kit.item_tokens and kit.block_token",
    "axles-alloys-2:axles.components[5].rear_only": "read by the vehicle builder; no starter car mounts a "
                                                    "rear-only weapon facing elsewhere",
    "axles-alloys-2:axles.components[2].note": "printed on a car's sheet beside the component (the vehicle "
                                               "editor shows it too); no starter car carries that component",
    "axles-alloys-2:axles.ambush.centre_tolerance_mm": "read by the Badlands Ambush check; no starter track is an "
                                                       "ambush",
}

#: Fields with no valid change of that field alone (the copy would not validate), per system.
TIED = {"element_kinds"}  # each kind offered needs its element_sizes entry and the reverse
NO_SINGLE_CHANGE: dict[str, set[str]] = {
    # an upgrade's stat is one of two names, each used once
    "mk-gaslands": TIED | {"grand_prix.upgrades[0].stat"},
    # the die is a d6 (nothing else is allowed); a roll table covers 1-6 once; board.coin_spending and
    # coins.spend are two copies of one table that must agree (the validator says so)
    "mk-board": TIED | {"board.die", "board.spaces[3].roll_table[]", "board.spaces[3].roll_table[0].rolls",
                        "board.coin_spending[]", "board.coin_spending[0].coins",
                        "board.coin_spending[0].extra_spaces", "coins.spend[]", "coins.spend[0].cost",
                        "coins.spend[0].spaces"},
    # two copies of the starting coins that must agree; a piece's kind decides which sizes it must have
    "pitchkart": TIED | {"coins.starting_coins_by_slot", "pitchkart.starting_coins_by_slot",
                         "pitchkart.inventory.pieces[0].kind"},
    # the karts name the characters, and a character's colour (which the editor reads) must be its kart's;
    # the coin table covers 1-6 once; kit tokens come from `tokens`
    "mk-downforce": TIED | {"characters[0].colour", "downforce.karts[]", "downforce.karts[0].colour",
                            "characters[]", "downforce.coin_table[]", "downforce.coin_table[0].rolls",
                            "downforce.red_die", "downforce.kit.block_token",
                            "downforce.kit.item_tokens[0].token"},
    # three weight classes named Light/Medium/Heavy; the random table covers 1-6 once; a component that
    # fits no vehicle has no cost, so it cannot be made to fit
    "axles-alloys-2": TIED | {"axles.weight_classes[]", "axles.weight_classes[0].name", "axles.random_variant[]",
                              "axles.random_variant[0].roll", "axles.components[2].fits_vehicles"},
}


def is_key(path: str) -> bool:
    """A stable id (documents refer to rule data by it): left out of the walk."""
    return path.endswith(".id")


def starter_files(system: str, kind: str) -> list[str]:
    """templates/*.KIND.json of the system."""
    paths = sorted(glob.glob(str(ROOT / "templates" / f"*.{kind}.json")))
    return [p for p in paths if json.loads(Path(p).read_text("utf-8"))["ruleset"] == system]


def starter_tracks(system: str) -> list[TrackDocument]:
    return [load_track(p) for p in starter_files(system, "track")]


@contextmanager
def rule_data(system: str, ruleset: Ruleset) -> Iterator[None]:
    """`load_ruleset(system)` reads `ruleset` meanwhile."""
    path = Path(registry.get(system).ruleset_path)
    original = loader._load_file
    loader._load_file = lambda p: ruleset if Path(p) == path else original(p)  # type: ignore[assignment]
    try:
        yield
    finally:
        loader._load_file = original  # type: ignore[assignment]


def digest(value: Any) -> str:
    data = value if isinstance(value, bytes) else repr(value).encode()
    return hashlib.sha1(data).hexdigest()


def _pdf(document: TrackDocument, section: str, ruleset: Ruleset, blank: bool) -> Any:
    out = io.BytesIO()
    try:
        export_pdf(out, document, section, ExportOptions(), ruleset, blank=blank)
    except LayoutError as exc:
        return ("refused", str(exc))
    return out.getvalue()


def _rules_text(system_id: str) -> str:
    """What `kartographer rules ID` prints (it reads the rule data by id)."""
    out = io.StringIO()
    with redirect_stdout(out):
        main(["rules", system_id])
    return out.getvalue()


def _palette(ruleset: Ruleset) -> list[Any]:
    """What the editor puts down for each kind the system offers: the new element and its footprint."""
    out: list[Any] = []
    for kind in ruleset.element_kinds:
        try:
            out.append((new_element(ruleset, kind, "e1", 0.0, 0.0).model_dump(mode="json"), kind_size(kind, ruleset)))
        except ValueError as exc:  # a kind the palette draws rather than drops (a board space needs its number)
            out.append((kind, type(exc).__name__, kind_size(kind, ruleset)))
    return out


def _scatter(tracks: list[TrackDocument], ruleset: Ruleset) -> list[Any]:
    """Axles and Alloys' Track ▸ Scatter on each starter track (seeded)."""
    from designer.systems.axles_alloys_2.scatter import scatter

    return [[e.model_dump(mode="json") for e in scatter(doc, ruleset, 7)] for doc in tracks]


def _vehicles(paths: list[str], ruleset: Ruleset) -> list[Any]:
    """Axles and Alloys' starter cars: each one's printed sheet and its build problems."""
    from designer.systems.axles_alloys_2 import builder
    from designer.systems.axles_alloys_2.vehicle_io import load_vehicle
    from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

    out: list[Any] = []
    for path in paths:
        doc, sheet = load_vehicle(path), io.BytesIO()
        render_vehicle_pdf(sheet, [(Path(path).stem, doc)], ruleset)
        out.append((sheet.getvalue(), repr(builder.problems(doc, axles_rules(ruleset), ruleset))))  # type: ignore[arg-type]
    return out


def _inserted_spaces(tracks: list[TrackDocument], ruleset: Ruleset) -> list[Any]:
    """The board game's Insert Space After on each starter board, after its first space again and again (at most
    `INSERTS` times) until the lap has no room left: every space's place after each, then the refusal. The
    starter boards fill their laps at the full pitch, so an added space squeezes the clearance towards the closest
    pitch's (`board.space_min_pitch_mm`), and that pitch decides when the lap is full."""
    from designer.systems.mk_board.board import insert_space_after, spaces_of

    out: list[Any] = []
    for doc in tracks:
        elements = list(doc.elements)
        for _n in range(INSERTS):
            try:
                edit = insert_space_after(elements, spaces_of(elements)[0].id, doc.track, ruleset)
            except ValueError as exc:
                out.append(("refused", str(exc)))
                break
            moved = {e.id: e for e in edit.changed}
            elements = [moved.get(e.id, e) for e in elements if e.id not in edit.removed] + list(edit.added)
            out.append([(s.id, s.number, s.x_mm, s.y_mm, s.rotation_deg) for s in spaces_of(elements)])
    return out


def _campaigns(system_id: str, ruleset: Ruleset) -> list[Any]:
    """Who may enter a campaign of each mode (1 to 10 players), and a small campaign's standings."""
    from designer.campaign.grand_prix import standings
    from designer.campaign.series import series_standings

    ctx = Context(ruleset)
    names = [c.id for c in ruleset.characters] or ["someone"]
    if downforce_rules(ruleset) is not None:  # one kart per colour: one driver of each
        names = [k.drivers[0] for k in downforce_rules(ruleset).karts]
    out: list[Any] = []
    for mode in registry.get(system_id).modes:
        for n in range(1, 11):
            players = [(f"P{i}", names[i % len(names)]) for i in range(n)]
            try:
                doc = edit.new_campaign("C", ctx, mode.name, players)
            except CampaignError as exc:
                out.append((mode.name, n, str(exc)))
                continue
            out.append((mode.name, n, "ok"))
            if n != 4 or mode.record != "races":
                continue
            try:
                if not doc.races:
                    doc = edit.add_race(doc, ctx) if hasattr(edit, "add_race") else doc
                for place, (player, _c) in enumerate(players, start=1):
                    doc = edit.set_result(doc, ctx, 1, player, place, gates=place if mode.points else None,
                                          coins=place if mode.points else None)
                rows = standings(doc, ctx) if mode.points else series_standings(doc, ruleset)
                out.append((mode.name, repr(rows)))
            except (CampaignError, ValueError) as exc:
                out.append((mode.name, "refused", str(exc)))
    return out


def parts(system_id: str, ruleset: Ruleset) -> Iterator[tuple[str, Callable[[], Any]]]:
    """The outputs of one system, cheapest first: (name, make)."""
    system = registry.get(system_id)
    blank = blank_document(ruleset)
    tracks = starter_tracks(system_id)
    yield "rules", lambda: _rules_text(system_id)
    yield "palette", lambda: _palette(ruleset)
    yield "reference", lambda: _pdf(blank, "reference", ruleset, True) if system.section("reference") else None
    for i, doc in enumerate(tracks):
        yield f"checks {i}", lambda doc=doc: sorted((p.code, p.severity, p.message, p.ids)
                                                    for p in run_checks(doc, ruleset))
        yield f"figures {i}", lambda doc=doc: track_figures(doc, ruleset)
    yield "campaigns", lambda: _campaigns(system_id, ruleset)
    vehicles = starter_files(system_id, "vehicle")
    if vehicles:
        yield "vehicles", lambda: _vehicles(vehicles, ruleset)
    if axles_rules(ruleset) is not None:
        yield "scatter", lambda: _scatter(tracks, ruleset)
    for section in offered(blank, True):
        if section.name != "reference":
            yield f"blank {section.name}", lambda s=section.name: _pdf(blank, s, ruleset, True)
    if board_rules(ruleset) is not None:
        yield "insert space", lambda: _inserted_spaces(tracks, ruleset)
    for i, doc in enumerate(tracks):
        for overlay in system.overlays:
            yield f"overlay {overlay.name} {i}", lambda o=overlay, doc=doc: o.shapes(doc, ruleset)
    if tracks:  # printing every starter track costs seconds a field: the one with the most kinds of element
        doc = max(tracks, key=lambda d: len({e.kind for e in d.elements}))
        for section in offered(doc):
            if section.needs_document:
                yield f"track {section.name}", lambda s=section.name: _pdf(doc, s, ruleset, False)
    if system.generator is not None:
        gen = system.generator

        def generated() -> Any:
            settings = {o.name: o.default(ruleset) for o in gen.options}
            width, height = gen.table_mm(ruleset) if gen.table_mm else (1200.0, 900.0)
            try:
                return gen.generate(ruleset, width, height, 7, settings).model_dump(mode="json")
            except ValueError as exc:
                return ("refused", str(exc))

        yield "generated", generated


def fingerprint_part(system: str, ruleset: Ruleset, make: Callable[[], Any]) -> str:
    with rule_data(system, ruleset):
        try:
            return digest(make())
        except Exception as exc:  # a copy the program cannot use is an output that changed
            return digest(("raised", type(exc).__name__, str(exc)))


@cache
def baseline(system: str) -> dict[str, str]:
    ruleset = loader.load_ruleset(system)
    return {name: fingerprint_part(system, ruleset, make) for name, make in parts(system, ruleset)}


def changed_part(system: str, copy: Ruleset) -> str | None:
    """The first output part that differs from the unchanged rule data's (None: nothing changed)."""
    base = baseline(system)
    for name, make in parts(system, copy):
        if base.get(name) != fingerprint_part(system, copy, make):
            return name
    return None


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_field_drives_some_output(system):
    start = time.perf_counter()
    baseline(system)
    dead, no_change, driven = [], set(), {}
    for path, copies in leaf_mutations(system):
        if not copies:
            if not is_key(path):
                no_change.add(path)
            continue
        if f"{system}:{path}" in ALLOWED_DEAD or is_key(path):
            continue
        part = next((p for p in (changed_part(system, c) for c in copies) if p is not None), None)
        if part is None:
            dead.append(path)
        else:
            driven[path] = part
    print(f"\n{system}: {len(driven)} fields drive output, {len(dead)} dead, "
          f"{time.perf_counter() - start:.1f} s")
    for path, part in driven.items():
        print(f"  {path} -> {part}")
    assert dead == [], f"{system}: {len(dead)} fields drive nothing: {', '.join(dead)}"
    assert no_change == NO_SINGLE_CHANGE.get(system, set())


def test_allowed_dead_fields_exist():
    """Every ALLOWED_DEAD entry names a field the rule data still has (a removed field leaves the list)."""
    paths = {f"{s}:{p}" for s in SYSTEMS for p, _copy in leaf_mutations(s)}
    assert sorted(set(ALLOWED_DEAD) - paths) == []


def test_one_number_in_one_place_the_triple_items_uses():
    """A Triple item's count of uses is printed from `uses` alone: its tick circles and its "N uses" text."""
    from .rule_mutations import mutated
    from .test_gaslands_kit_prints import sized_runs

    def words(ruleset: Ruleset) -> str:
        data = _pdf(blank_document(ruleset), "cards", ruleset, True)
        return " ".join(t for page in sized_runs(data) for t, _s in page)

    assert "3 uses, at most one per gear phase" in words(loader.load_ruleset("mk-gaslands"))
    changed = words(mutated("mk-gaslands", deck__1__uses=2, deck__3__uses=2, deck__6__uses=2, deck__8__uses=2))
    assert "2 uses, at most one per gear phase" in changed and "3 uses" not in changed
