"""Check messages in German, Spanish and French: whole translated sentences, element names in the right form,
measurements with the language's decimal comma; codes and severities stay English ids, English stays as it was.
"""

from __future__ import annotations

import json

import pytest

from designer import i18n
from designer.geometry.checks import run_checks
from designer.geometry.checks.report import (
    KIND_LABEL,
    fill,
    kind_label,
    kind_name,
    label,
    labels,
    lowered,
    number,
    ordinal,
    vocabulary,
)
from designer.geometry.checks.shapes import degenerate_reasons, refuse_degenerate
from designer.geometry.figures import ESTIMATE_NOTE, track_figures
from designer.io.errors import DocumentError
from designer.io.track_io import load_track, save_track
from designer.model import TrackDocument
from designer.model.elements import ELEMENT_KINDS
from designer.model.track import TrackSurface
from designer.paths import DEFAULT_TRACK
from designer.rules import RulesetError, load_ruleset, load_ruleset_file
from designer.rules.loader import RULESETS_DIR

from .cli_runner import run
from .test_checks import BASE, GASLANDS, adding, base_data, doc, with_element

AXLES = load_ruleset("axles-alloys-2")


def messages(document: TrackDocument, code: str, ruleset=GASLANDS) -> list[str]:
    return [p.message for p in run_checks(document, ruleset) if p.code == code]


# --- the CLI in German ---------------------------------------------------------------------------------
@pytest.fixture
def narrow_axles_track(tmp_path):
    """Luigi Circuit as an Axles and Alloys II race 150.5 mm wide (the rules need 203.2 mm), coins and all, in a
    millimetre document (messages give lengths in the document's units)."""
    luigi = load_track(DEFAULT_TRACK)
    document = luigi.model_copy(update={"ruleset": "axles-alloys-2", "display_units": "mm",
                                        "track": luigi.track.model_copy(update={"width_mm": 150.5})})
    path = tmp_path / "narrow.track.json"
    save_track(document, path)
    return path


def test_validate_in_german_says_the_width_with_a_decimal_comma(capsys, narrow_axles_track):
    code, out, err = run(capsys, "--lang", "de", "validate", narrow_axles_track)
    assert code == 1 and err == ""
    narrow = next(line for line in out.splitlines() if "track-too-narrow" in line)  # the code stays an id
    assert "Die Strecke ist 150,5 mm breit;" in narrow and "braucht mindestens 203,2 mm" in narrow
    coins = next(line for line in out.splitlines() if "kind-not-in-ruleset" in line and "coin-1" in line)
    assert "kennt kein Element vom Typ Münze: 34 Elemente vom Typ Münze entfernen oder ersetzen" in coins


def test_validate_in_english_is_unchanged(capsys, narrow_axles_track):
    _code, out, _err = run(capsys, "validate", narrow_axles_track)
    assert "track-too-narrow: The track is 150.5 mm wide; Axles and Alloys II needs at least 203.2 mm" in out
    assert "has no coin: 34 coin elements to remove or replace" in out


def test_validate_json_keeps_codes_and_severities_english(capsys, narrow_axles_track):
    _code, out, _err = run(capsys, "--lang", "fr", "validate", "--json", narrow_axles_track)
    problems = json.loads(out)["problems"]  # one file: its report
    narrow = next(p for p in problems if p["code"] == "track-too-narrow")
    assert narrow["severity"] == "error"
    assert narrow["message"].startswith("Le circuit fait 150,5 mm de large ;")


# --- messages in each language --------------------------------------------------------------------------
def test_spanish_names_elements_at_the_start_and_in_the_middle_of_a_sentence():
    pile = adding({"id": "a", "kind": "coin", "x_mm": 300, "y_mm": 130}, {"id": "b", "kind": "coin", "x_mm": 300,
                                                                        "y_mm": 140})
    i18n.set_language("es")
    assert "Moneda 'a' y moneda 'b' se solapan" in messages(pile, "elements-overlap")
    lost = with_element("c1", x_mm=-200)
    assert messages(lost, "element-off-table") == ["Moneda 'c1' está totalmente fuera de la mesa"]
    # a translation that moves the element into the sentence gets its mid-sentence form
    no_double = with_element("g1-box-3", stack=1)
    assert messages(no_double, "box-line-no-double") == ["La fila de cajas de objeto de puerta 1 no tiene ninguna "
                                                         "caja doble"]


def test_german_keeps_its_nouns_capital_in_mid_sentence():
    i18n.set_language("de")
    pile = adding({"id": "a", "kind": "coin", "x_mm": 300, "y_mm": 130}, {"id": "b", "kind": "coin", "x_mm": 300,
                                                                        "y_mm": 140})
    assert "Münze 'a' und Münze 'b' überlappen sich" in messages(pile, "elements-overlap")
    assert messages(with_element("pa", pair="x"), "pipe-pair-missing") == [
        "Warp-Röhre 'pa' ist mit 'x' gepaart, das nicht auf dem Tisch liegt"]
    gaps = doc(base_data(elements=[e for e in base_data()["elements"] if e["id"] not in ("g2", "g3")]
                         + [{"id": "g5", "kind": "gate", "x_mm": 100, "y_mm": 400, "rotation_deg": -90, "order": 5,
                             "width_mm": 200}]))
    assert messages(gaps, "gate-number-missing") == ["Tornummern 2, 3, 4 fehlen: Die Tore sollten von 1 bis 5 laufen"]


def test_french_ordinals_plurals_and_decimal_commas():
    i18n.set_language("fr")
    swapped = doc(base_data(elements=[{**e, "order": {1: 2, 2: 1}.get(e.get("order"), e.get("order"))}
                                      if e["kind"] == "gate" else e for e in base_data()["elements"]]))
    [out_of_order] = messages(swapped, "gates-out-of-order")
    assert out_of_order.startswith("Les portes ne sont pas numérotées dans le sens de la course : ")
    assert "la porte 2 ('g1') est en 1re position le long du parcours" in out_of_order
    assert "la porte 1 ('g2') est en 2e position" in out_of_order
    short = doc(base_data(elements=[e for e in base_data()["elements"] if e["id"] != "g1-box-4"]))
    assert messages(short, "box-line-count") == ["Porte 1 a une rangée de 3 boîtes à objet pour 4 karts"]
    wide = with_element("pp", range_mm=212.5, x_mm=600, y_mm=100)
    assert any("(212,5 mm) : aucun kart ne peut passer sans risque" in m for m in messages(wide, "reach-blocks-track"))


def test_a_degenerate_document_is_refused_in_french_and_german():
    flat = BASE.model_copy(update={"track": TrackSurface(centerline=[(300, 300)] * 3, closed=True, width_mm=200)})
    i18n.set_language("fr")
    assert messages(flat, "degenerate-track") == [
        "Le circuit a tous les points de sa ligne médiane au même endroit ; les vérifications le long du circuit "
        "attendent que ce soit corrigé"]
    with pytest.raises(DocumentError, match="impossible de l’imprimer : le circuit a tous les points"):
        refuse_degenerate(flat, "flat.track.json")
    i18n.set_language("de")  # a whole sentence after a colon keeps its capital in German
    assert degenerate_reasons(flat) == ["Die Strecke hat alle Punkte ihrer Mittellinie an einer Stelle"]


def test_the_estimate_note_is_translated_when_the_figures_are_worked_out():
    i18n.set_language("de")
    note = track_figures(BASE, GASLANDS)["estimate_note"]
    assert note.startswith("Schätzung: ") and "activations_per_lap" in note
    i18n.set_language("en")
    assert track_figures(BASE, GASLANDS)["estimate_note"] == ESTIMATE_NOTE


def test_a_broken_rule_file_is_explained_in_german(tmp_path):
    data = json.loads((RULESETS_DIR / "mk-gaslands.json").read_text(encoding="utf-8"))
    data["deck"].append(dict(data["deck"][0]))
    path = tmp_path / "mk-gaslands.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    i18n.set_language("de")
    with pytest.raises(RulesetError, match="kommt doppelt vor"):
        load_ruleset_file(path)
    with pytest.raises(RulesetError, match="unbekanntes Regelwerk 'chess'"):
        load_ruleset("chess")


# --- the words, and their cost ----------------------------------------------------------------------------
def test_english_names_are_the_code_derived_ones():
    assert all(kind_name(kind) == KIND_LABEL[kind] == kind_label(kind) for kind in ELEMENT_KINDS)
    assert all(kind_name(kind, middle=True) == lowered(kind_label(kind)) for kind in ELEMENT_KINDS)


@pytest.mark.parametrize("language", ["en", "de", "es", "fr"])
def test_bulk_labels_match_label_in_every_language(language):
    from designer.geometry.checks.bulk import kind_codes

    i18n.set_language(language)
    elements = BASE.elements
    ids, codes = [e.id for e in elements], kind_codes(elements)
    rows = list(range(len(elements)))
    for middle in (False, True):
        assert labels(elements, ids, codes, rows, middle) == [label(elements[i], middle) for i in rows]


def test_an_outside_kind_keeps_its_code_derived_name_in_every_language():
    i18n.set_language("de")
    assert (kind_name("fake_beacon"), kind_name("fake_beacon", middle=True)) == ("Fake beacon", "fake beacon")


def test_the_vocabulary_is_translated_once_per_language():
    first = vocabulary()
    assert vocabulary() is first
    i18n.set_language("de")
    german = vocabulary()
    assert german is not first and german.names["coin"] == ("Münze", "Münze") and vocabulary() is german


def test_number_keeps_english_digits_and_gives_others_a_decimal_comma():
    assert (number(203.2), number(1828.8), number(12.6, ".0f"), number(1.2e-5, ".2g")) == \
        ("203.2", "1828.8", "13", "1.2e-05")
    i18n.set_language("de")
    assert (number(203.2), number(76.25), number(12.6, ".0f"), number(0.53, ".2g")) == ("203,2", "76,25", "13", "0,53")


def test_ordinal():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101)] == \
        ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]
    i18n.set_language("es")
    assert (ordinal(1), ordinal(7)) == ("1.º", "7.º")


def test_fill_builds_many_messages_of_one_sentence():
    assert fill("{a} and {b} overlap", a=["x", "y"], b=iter(["z", "w"])) == ["x and z overlap", "y and w overlap"]
    assert fill("Le {b} de {a}", a=["x"], b=["y"]) == ["Le y de x"]
    assert fill("no fields", a=["x", "y"]) == ["no fields", "no fields"]
    assert fill("{a}", a=[]) == []
