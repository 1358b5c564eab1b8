"""The last untranslated corners: refused outline, route and item-box edits, lengths with the language's decimal
sign, the place a problem names (`Problem.at`, also in `validate --json`), campaign refusals naming the mode by
its title, and the default score-sheet title — in German, Spanish and French, English unchanged."""

from __future__ import annotations

import io
import json

import pytest

from designer import i18n
from designer.campaign import edit
from designer.campaign.context import Context
from designer.campaign.errors import CampaignError
from designer.campaign.modes import campaign_mode
from designer.cli import main
from designer.export import GrandPrixScores, write_scoresheet_pdf
from designer.geometry.authoring import fill_item_boxes
from designer.geometry.checks import run_checks
from designer.geometry.checks.report import problem
from designer.geometry.layout import delete_point, move_point
from designer.geometry.polygon_edit import OutlineError, delete_vertex, outline_problem
from designer.geometry.units import format_length, format_size, plain_number
from designer.model import TrackDocument
from designer.model.elements import Gate, Scenery
from designer.model.track import TrackSurface
from designer.rules import load_ruleset

from . import pdfscan
from .factories import minimal_track_data

GASLANDS = load_ruleset("mk-gaslands")
TRIANGLE = [(-50.0, -50.0), (50.0, -50.0), (0.0, 50.0)]
BOW_TIE = [(-50.0, -50.0), (50.0, 50.0), (50.0, -50.0), (-50.0, 50.0)]
CLOSED = TrackSurface(centerline=[(100.0, 100.0), (500.0, 100.0), (300.0, 400.0)], closed=True, width_mm=100.0)
#: A loop whose corners reach past x = 1000 mm: German groups "1.219", French "1 219" in the message.
WIDE = {"centerline": [[200, 200], [1219, 200], [1219, 700], [200, 700]], "closed": True, "width_mm": 250}


def triangle() -> Scenery:
    return Scenery(id="rock", x_mm=400.0, y_mm=300.0, polygon=list(TRIANGLE))


# --- refused edits --------------------------------------------------------------------------------
def test_outline_refusals_are_translated():
    with pytest.raises(OutlineError, match=r"^an outline needs at least 3 vertices$"):
        delete_vertex(triangle(), 0)
    assert outline_problem(BOW_TIE) == "the outline would cross itself"
    i18n.set_language("de")
    with pytest.raises(OutlineError, match=r"^ein Umriss braucht mindestens 3 Eckpunkte$"):
        delete_vertex(triangle(), 0)
    assert outline_problem(BOW_TIE) == "der Umriss würde sich selbst kreuzen"
    with pytest.raises(IndexError, match=r"^Eckpunkt 7 gibt es nicht \(der Umriss hat 3\)$"):
        delete_vertex(triangle(), 7)
    i18n.set_language("fr")
    assert outline_problem(TRIANGLE[:2]) == "un contour a besoin d’au moins 3 sommets distincts"


def test_route_refusals_are_translated():
    with pytest.raises(ValueError, match=r"^a closed track needs at least 3 control points$"):
        delete_point(CLOSED, 0)
    i18n.set_language("fr")
    with pytest.raises(ValueError, match=r"^un circuit fermé a besoin d’au moins 3 points de contrôle$"):
        delete_point(CLOSED, 0)
    i18n.set_language("es")
    with pytest.raises(IndexError, match=r"^el punto de control 9 no existe \(el circuito tiene 3\)$"):
        move_point(CLOSED, 9, (0.0, 0.0))


def test_item_boxes_that_do_not_fit_are_refused_with_the_decimal_sign_of_the_language():
    gate = Gate(id="g1", x_mm=500.0, y_mm=500.0, order=1, width_mm=100.5)
    with pytest.raises(ValueError, match=r"^8 item boxes of 30 mm do not fit across a 100\.5 mm gate$"):
        fill_item_boxes(gate, 8, GASLANDS)
    i18n.set_language("de")
    with pytest.raises(ValueError, match=r"^8 Item-Boxen von 30 mm passen nicht quer über ein 100,5 mm breites Tor$"):
        fill_item_boxes(gate, 8, GASLANDS)
    with pytest.raises(ValueError, match=r"^es wird mindestens eine Item-Box gebraucht$"):
        fill_item_boxes(gate, 0, GASLANDS)


# --- lengths --------------------------------------------------------------------------------------
def test_lengths_keep_english_and_take_the_decimal_comma_elsewhere():
    english = (format_length(305.0, "cm"), format_length(1219.2, "in"), format_length(30.48, "in"),
               format_length(3.175, "in"), format_size(914.4, 609.6, "cm"), format_length(0.04, "mm"))
    assert english == ("30.5 cm", "48 in", "1.2 in", "0.125 in", "91.44 × 60.96 cm", "0 mm")
    i18n.set_language("de")
    assert format_length(305.0, "cm") == "30,5 cm" and format_length(1219.2, "in") == "48 in"
    assert format_size(914.4, 609.6, "cm") == "91,44 × 60,96 cm"
    assert format_length(1219.2, "mm") == "1219,2 mm"  # never grouped, as printed measurements
    i18n.set_language("fr")
    assert format_length(3.175, "in") == "0,125 in" and plain_number(2.50, 2) == "2,5"


# --- the place a problem names ------------------------------------------------------------------------
def test_problems_carry_the_place_they_name_whatever_the_language():
    i18n.set_language("fr")
    # a millimetre document: its table points run past a thousand
    document = TrackDocument.model_validate(minimal_track_data(track=WIDE, elements=[], display_units="mm"))
    corners = [p for p in run_checks(document, GASLANDS) if p.code == "tight-corner"]
    assert corners and all(p.at is not None for p in corners)
    far = max(corners, key=lambda p: p.at[0])
    assert far.at[0] > 1000 and "1\u202f2" in far.message  # grouped: no "(x, y) mm" a pattern could read
    assert far.as_dict()["at"] == [far.at[0], far.at[1]]
    plain = problem("tight-corner", "somewhere")
    assert plain.at is None and "at" not in plain.as_dict()
    assert set(plain.as_dict()) == {"severity", "code", "message", "ids"}


def test_validate_json_carries_the_point(capsys, tmp_path):
    path = tmp_path / "wide.track.json"
    path.write_text(json.dumps(minimal_track_data(track=WIDE, display_units="mm")), encoding="utf-8")
    main(["--lang", "de", "validate", str(path), "--json"])
    report = json.loads(capsys.readouterr().out)
    corners = [p for p in report["problems"] if p["code"] == "tight-corner"]
    assert corners and all(len(p["at"]) == 2 for p in corners)
    assert any(p["at"][0] > 1000 and "1.2" in p["message"] for p in corners)
    assert all("at" not in p for p in report["problems"] if p["code"] != "tight-corner")


# --- campaign refusals --------------------------------------------------------------------------------
def test_campaign_refusals_name_the_mode_by_its_title():
    ctx = Context(GASLANDS)
    cup = edit.new_campaign("Cup", ctx, "grand_prix", [("Ann", "mario"), ("Ben", "luigi")])
    with pytest.raises(CampaignError, match=r"^battles: a grand_prix campaign has no battles$"):
        edit.add_battle(cup, ctx)
    i18n.set_language("de")
    with pytest.raises(CampaignError) as caught:
        edit.add_battle(cup, ctx)
    assert str(caught.value) == "battles: eine Kampagne „Grand Prix (Punkte, Upgrades)“ hat keine Kämpfe"
    i18n.set_language("es")
    axles = Context(load_ruleset("axles-alloys-2"))
    with pytest.raises(CampaignError) as caught:
        edit.new_campaign("Derby", axles, "career", [("Ana", "Max")], ["oval.track.json"])
    title = campaign_mode("axles-alloys-2", "career").display_title
    assert title not in ("career", "Driver careers")
    assert f"una campaña «{title}» registra sus circuitos por partida" in str(caught.value)


# --- the score sheet ----------------------------------------------------------------------------------
def test_the_default_score_sheet_title_prints_translated():
    assert GrandPrixScores().shown_title == "Grand Prix"
    assert GrandPrixScores("Mushroom Cup").shown_title == "Mushroom Cup"
    i18n.set_language("es")
    assert GrandPrixScores().shown_title == "Gran Premio" and GrandPrixScores("Copa Seta").shown_title == "Copa Seta"
    out = io.BytesIO()
    write_scoresheet_pdf(out, GASLANDS)
    pdf = pdfscan.reader(out.getvalue())
    assert "Gran Premio — hoja de puntuación" in pdf.pages[0].extract_text()
    assert pdf.metadata.title == "Gran Premio — hoja de puntuación"
