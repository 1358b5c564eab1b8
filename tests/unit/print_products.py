"""Every print product of every game system, as PDF bytes in the current language: each system's sections
(`bundle.sections_for`) for a track of it, the item cards in both sizes, the blank kits printed without a track,
a board of spaces, a generated PitchKart loop's pieces, an Axles car's sheet, and the campaign prints (Grand
Prix score sheet and dashboards, a race series' start order, a Downforce season sheet). Shared by the
legibility test and anyone scanning all prints."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator

from designer.campaign import edit
from designer.campaign.context import Context
from designer.export.bundle import PrintJob, blank_document, export_pdf, sections_for
from designer.export.campaign_print import write_campaign_pdf
from designer.export.options import ExportOptions
from designer.io.campaign_io import load_campaign
from designer.io.track_io import track_from_data
from designer.paths import TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems.axles_alloys_2 import career_edit
from designer.systems.axles_alloys_2.vehicle_io import load_vehicle

from .board_docs import board_document

SYSTEMS = ("mk-gaslands", "mk-board", "mk-downforce", "pitchkart", "axles-alloys-2")
#: a track of each system (its own starter where it has one), with the sections that need one
TRACKS = {"mk-gaslands": "mushroom-cup-3-thwomp-ruins", "mk-downforce": "mushroom-cup-1-luigi-circuit",
          "pitchkart": "pitchkart-kidney-bend", "axles-alloys-2": "axles-figure-eight"}
PLAYERS = [("Alexandra", "Mario"), ("Bartholomew", "Luigi"), ("Cy", "Yoshi"), ("Di", "Peach"), ("Ed", "Toad"),
           ("Flo", "Wario"), ("Gus", "Donkey Kong")]


def written(write, *args, **kwargs) -> bytes:
    out = io.BytesIO()
    write(out, *args, **kwargs)
    return out.getvalue()


def _track(stem: str, ruleset: str):
    data = json.loads((TEMPLATES_DIR / f"{stem}.track.json").read_text(encoding="utf-8"))
    data["ruleset"] = ruleset
    return track_from_data(data)


def _series(ruleset_id: str):
    """A race series of seven with two races run and the next grid set: the start-order sheet."""
    ctx = Context(load_ruleset(ruleset_id))
    characters = [c.name for c in ctx.ruleset.characters] or [p[1] for p in PLAYERS]
    players = [(name, characters[i % len(characters)]) for i, (name, _c) in enumerate(PLAYERS)]
    doc = edit.new_campaign("Friday Night Series", ctx, "race_series", players)
    names = [p[0] for p in players]
    for race, order in enumerate((names, names[::-1]), start=1):
        for place, name in enumerate(order, start=1):
            doc = edit.set_result(doc, ctx, race, name, place)
    return edit.set_grid(doc, ctx, 3, names[::-1]), ctx


def _career():
    """An Axles career: four drivers (three with cars, one long name), three games, a death without a wreck."""
    from designer.model.campaign import GameEntry

    ctx = Context(load_ruleset("axles-alloys-2"))
    doc = edit.new_campaign("Wasteland Circuit", ctx, "career", [("Alexandra", "-"), ("Bartholomew", "-")])
    for name, player, car in (("Max", "Alexandra", "axles-medium-turret"),
                              ("Toecutter Immortan Bartholomew the Third", "Bartholomew", "axles-heavy-dropper-van"),
                              ("Furiosa", "Bartholomew", "axles-light-buggy"), ("Nux", "Alexandra", None)):
        doc = career_edit.add_driver(doc, ctx, name, player, "light" if car is None else None)
        if car is not None:
            doc = career_edit.set_driver_vehicle(doc, ctx, name, str(TEMPLATES_DIR / f"{car}.vehicle.json"),
                                                 car.split("-")[1])
    doc = career_edit.add_game(doc, ctx, "deathmatch", None, [
        GameEntry(driver="Max", kills=1), GameEntry(driver="Toecutter Immortan Bartholomew the Third", destroyed=True),
        GameEntry(driver="Nux", died=True)])
    doc = career_edit.add_game(doc, ctx, "race", None, [
        GameEntry(driver="Max", finished=True, won=True, rerolls_used=1), GameEntry(driver="Furiosa", finished=True)])
    return career_edit.add_game(doc, ctx, "deathmatch", None, [GameEntry(driver="Furiosa", destroyed=True)]), ctx


def _season():
    ctx = Context(load_ruleset("mk-downforce"))
    doc = edit.new_campaign("Mushroom Cup Season", ctx, "season", [("Alexandra", "Mario"), ("Bartholomew", "Luigi"),
                                                                   ("Cy", "Toad")])
    from designer.systems.mk_downforce import season_edit

    owners = ["Alexandra", "Bartholomew", "Cy", None, "Alexandra", "Bartholomew"]
    for race in (1, 2):  # six cars a race, one of them nobody's; the long names and amounts must fit
        for place, colour in enumerate(("red", "green", "orange", "black", "blue", "yellow"), 1):
            doc = season_edit.set_car(doc, ctx, race, colour, (place + race - 2) % 6 + 1, owners[place - 1],
                                      12_500_000 * (place % 3), place)
        doc = season_edit.set_bets(doc, ctx, race, "Cy", 9_000_000)
    return doc, ctx


def products(tracks: bool = True) -> Iterator[tuple[str, bytes]]:
    """(name, PDF bytes) of every print product; `tracks=False` leaves out the 1:1 track sections."""
    for system in SYSTEMS:
        ruleset = load_ruleset(system)
        if system == "mk-board":
            document = board_document().model_copy(update={"ruleset": system, "karts": 7})
        else:
            document = _track(TRACKS[system], system)
        names = [s.name for s in sections_for("all", PrintJob(document, ruleset))]
        for name in names:
            if name == "track" and not tracks:
                continue
            yield f"{system} {name}", written(export_pdf, document, name)
        if system == "mk-board" and "board-fit" not in names:  # its tiles are too small on A4: on A3
            yield f"{system} board-fit", written(export_pdf, document, "board-fit", ExportOptions(paper="a3"))
        if ruleset.deck:
            yield f"{system} cards (mini)", written(export_pdf, document, "cards", ExportOptions(card_size="mini"))
        if system == "pitchkart":  # a generated loop's pieces with every sticker place, grid and spare coins
            from .gen_helpers import generate

            yield f"{system} pieces (generated, A3)", written(export_pdf, generate(system, 7), "pieces",
                                                              ExportOptions(paper="a3"))
        if system == "mk-downforce":
            blank = blank_document(ruleset)
            small = ExportOptions(card_size="mini", settings=(("token_size", 10.0), ("die_size", 10.0)))
            yield f"{system} small kit", written(export_pdf, blank, ["tokens", "die", "karts"], small, ruleset,
                                                 blank=True)
    from designer.systems.axles_alloys_2.vehicle_print import render_vehicle_pdf

    vehicles = [(path.name, load_vehicle(path)) for path in sorted(TEMPLATES_DIR.glob("*.vehicle.json"))]
    yield "axles-alloys-2 vehicle print", written(render_vehicle_pdf, vehicles, "axles-alloys-2")
    doc, ctx = load_campaign(TEMPLATES_DIR / "mushroom-cup.campaign.json")
    yield "grand prix campaign", written(write_campaign_pdf, doc, ctx)
    for system in ("mk-board", "pitchkart"):
        doc, ctx = _series(system)
        yield f"{system} start order", written(write_campaign_pdf, doc, ctx, ["startorder"])
        yield f"{system} campaign sheets", written(write_campaign_pdf, doc, ctx, ["dashboards"])
    doc, ctx = _season()
    yield "mk-downforce season", written(write_campaign_pdf, doc, ctx, ["scoresheet"])
    doc, ctx = _career()
    yield "axles-alloys-2 career", written(write_campaign_pdf, doc, ctx, ["dashboards"])
