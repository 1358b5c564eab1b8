"""The campaign CLI, the campaign core's refusals, the file loader's errors, the kind names and the game
systems' own names in German, Spanish and French (English stays as it was: see the other campaign tests)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from designer import i18n
from designer.campaign.errors import CampaignError
from designer.campaign.modes import campaign_mode
from designer.io.errors import DocumentError
from designer.io.track_io import track_from_json
from designer.model.kind_names import count_kinds, counted, kind_name, kind_tip
from designer.paths import TEMPLATES_DIR
from designer.systems import registry

from .cli_runner import refused, run

TRACK = "mushroom-cup-1-luigi-circuit.track.json"


@pytest.fixture
def cup(tmp_path, capsys) -> Path:
    """A two-player Grand Prix made in German."""
    shutil.copy(TEMPLATES_DIR / TRACK, tmp_path / TRACK)
    path = tmp_path / "cup.campaign.json"
    code, out, err = run(capsys, "--lang", "de", "campaign", "new", "--ruleset", "mk-gaslands", "--name", "Pokal",
                         "--player", "Alex:mario", "Billie:Yoshi", "--track", tmp_path / TRACK, "-o", path)
    assert (code, err) == (0, "")
    assert out == f"{path} geschrieben: Pokal, grand prix, 2 Spieler, 4 Rennen\n"
    return path


def test_campaign_in_german(cup, capsys):
    code, out, _err = run(capsys, "--lang", "de", "campaign", "result", cup, "--race", "1", "--player", "Alex",
                          "--place", "1", "--gates", "6", "--coins", "2")
    assert code == 0
    assert out == f"{cup}: Rennen 1: Alex 1., 6 Tore, 2 Münzen: 18 Punkte (gesamt 18)\n"
    code, out, _err = run(capsys, "campaign", "standings", cup, "--lang", "de")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "Pokal — Mario Kart Gaslands: 0 von 4 Rennen gefahren"
    assert lines[1].split() == ["Rang", "Spieler", "Figur", "Erzielt", "Ausgegeben", "Summe", "Siege", "Münzen",
                                "R1", "R2", "R3", "R4", "Handling", "Max.", "Gang"]
    assert lines[-1].startswith("Gleichstand: Bei gleicher Punktzahl entscheiden die meisten Rennsiege")


def test_campaign_refusals_in_german_spanish_and_french(cup, capsys):
    line = refused(capsys, cup, "--lang", "de", "campaign", "wipe-out", cup, "--player", "Alex")
    assert line == f"{cup}: battles: eine grand_prix-Kampagne hat keine Kämpfe"
    line = refused(capsys, cup, "--lang", "es", "campaign", "upgrade", cup, "--player", "Alex", "--stat", "handling")
    assert line == f"{cup}: upgrades: las mejoras se compran entre carreras: termine primero una carrera"
    line = refused(capsys, cup, "--lang", "fr", "campaign", "result", cup, "--race", "1", "--player", "Zoe",
                   "--place", "1")
    assert line == f"{cup}: course 1: « Zoe » n’est pas un joueur de cette campagne (joueurs : Alex, Billie)"


def test_french_places_and_balloons(tmp_path, capsys):
    shutil.copy(TEMPLATES_DIR / TRACK, tmp_path / TRACK)
    path = tmp_path / "arena.campaign.json"
    code, out, _err = run(capsys, "--lang", "fr", "campaign", "new", "--ruleset", "mk-gaslands", "--mode",
                          "balloon_battle", "--player", "Alex:mario", "Billie:Yoshi", "-o", path)
    assert code == 0 and out == f"{path} écrit : Arena, balloon battle, 2 joueurs, 1 bataille\n"
    code, out, _err = run(capsys, "--lang", "fr", "campaign", "wipe-out", path, "--player", "Alex", "--by", "Billie")
    assert code == 0 and out == f"{path} : bataille 1 : il reste 4 ballons à Alex (éclaté par Billie)\n"


def test_campaign_help_in_german(capsys):
    with pytest.raises(SystemExit):
        run(capsys, "--lang", "de", "campaign", "new", "--help")
    out = capsys.readouterr().out
    assert "Name der Kampagne (Standard: aus dem Dateinamen)" in out
    assert "ein Kampagnenmodus des Spielsystems des Regelwerks" in out


def test_a_broken_file_is_one_german_line(tmp_path, capsys):
    path = tmp_path / "broken.campaign.json"
    path.write_text('{\n  "format": "kartographer-campaign",\n  oops\n}\n', encoding="utf-8")
    line = refused(capsys, path, "--lang", "de", "campaign", "standings", path)
    assert line.startswith(f"{path}: Zeile 3, Spalte 3: kein gültiges JSON (")
    missing = tmp_path / "nowhere.campaign.json"
    assert refused(capsys, None, "--lang", "de", "campaign", "standings", missing) == f"{missing}: Datei nicht gefunden"


def test_validation_reasons_in_french():
    i18n.set_language("fr")
    with pytest.raises(DocumentError) as caught:
        track_from_json('{"format": "kartographer-track", "schema_version": 1, "name": 3}', "t.track.json")
    assert str(caught.value) == "t.track.json: name: doit être une chaîne de texte (et 1 autre problème)"


def test_kind_names_in_spanish_and_counts_in_french():
    i18n.set_language("es")
    assert kind_name("boost_pad") == "Placa de turbo"
    assert kind_tip("coin") == "Una moneda que se recoge al pasar por encima."
    assert kind_name("fake_beacon") == "Fake beacon"  # an outside system's kind keeps its English name
    i18n.set_language("fr")
    assert counted("coin", 3) == "3 pièces"
    assert counted("coin", 1) == "1 pièce"
    assert counted("coin", 0) == "0 pièce"  # French: 0 takes the singular
    assert counted("fake_beacon", 2) == "2 fake beacons"
    assert count_kinds(["item_box", "scenery", "item_box"]) == "2 boîtes à objet, 1 polygone de décor"
    i18n.set_language("de")
    assert counted("thwomp", 2) == "2 Wummps"  # the German board game seed's word


def test_system_names_modes_and_overlays_in_german():
    i18n.set_language("de")
    system = registry.get("mk-gaslands")
    assert system.name == "Mario Kart Gaslands" and registry.get("mk-board").display_name == "Mario Kart Brettspiel"
    assert [m.display_title for m in system.modes] == ["Grand Prix (Punkte, Upgrades)",
                                                       "Rennserie (nur Platzierungen)", "Ballonkampf"]
    assert system.modes[0].title == "Grand Prix (points, upgrades)"  # the record keeps the English
    ramps = next(o for o in system.overlays if o.name == "ramps")
    assert ramps.display_title == "Landezonen der Rampen" and ramps.display_tip.startswith("Zeigt, wo ein Sprung")
    with pytest.raises(CampaignError, match="Mario Kart Brettspiel hat keine grand_prix-Kampagnen"):
        campaign_mode("mk-board", "grand_prix")
    with pytest.raises(registry.GameSystemError, match="unbekanntes Spielsystem 'nope'"):
        registry.get("nope")
