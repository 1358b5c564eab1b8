"""The print dialog offers the document's game system's sections, under that system's titles."""

from __future__ import annotations

from designer.app.print_dialog import PrintDialog
from designer.io.track_io import load_track
from designer.paths import DEFAULT_TRACK, TEMPLATES_DIR


def _dialog(qtbot, document) -> PrintDialog:
    dlg = PrintDialog(document)
    qtbot.addWidget(dlg)
    return dlg


def _titles(dlg: PrintDialog) -> dict[str, str]:
    return {name: box.text() for name, box in dlg.section_boxes.items()}


def test_gaslands_keeps_its_seven_sections(qtbot):
    dlg = _dialog(qtbot, load_track(DEFAULT_TRACK))
    assert _titles(dlg) == {"track": "Track, 1:1", "cards": "Item cards", "tokens": "Tokens",
                            "dashboards": "Kart dashboards", "scoresheet": "Score sheet",
                            "templates": "Movement templates, 1:1", "reference": "Rules reference"}
    assert dlg.sections() == ["track"]


def test_other_systems_show_only_their_sections(qtbot):
    luigi = load_track(DEFAULT_TRACK)
    downforce = _dialog(qtbot, luigi.model_copy(update={"ruleset": "mk-downforce"}))
    assert _titles(downforce) == {"track": "Track, 1:1", "tokens": "Tokens", "die": "Item die",
                                  "quick-rules": "Reference card", "karts": "Kart cards",
                                  "scoresheet": "Season score sheet", "reference": "Rules reference"}
    axles = _dialog(qtbot, luigi.model_copy(update={"ruleset": "axles-alloys-2"}))
    assert _titles(axles) == {"track": "Track, 1:1", "tokens": "Tokens", "dashboards": "Vehicle sheets",
                              "reference": "Rules reference",
                              "templates": "Ruler and turn template, 1:1"}
    axles.section_boxes["track"].setChecked(False)
    axles.section_boxes["dashboards"].setChecked(True)
    axles.refresh()
    assert axles.page_count == 2 and axles.save_button.isEnabled()


def test_an_arena_cannot_tick_the_score_sheet(qtbot):
    fort = _dialog(qtbot, load_track(TEMPLATES_DIR / "balloon-battle-block-fort.track.json"))
    box = fort.section_boxes["scoresheet"]
    assert not box.isEnabled() and "arena with no track" in box.toolTip()


def test_downforce_without_a_track_starts_on_its_kit_and_offers_its_print_options(qtbot):
    from designer.export.bundle import blank_document
    from designer.rules import load_ruleset

    dlg = _dialog(qtbot, blank_document(load_ruleset("mk-downforce")))
    assert not dlg.section_boxes["track"].isEnabled() and dlg.sections() == ["tokens"]
    spins = dlg.option_spins
    assert {name: spin.value() for name, spin in spins.items()} == {"lanes": 6, "betting_lines": 3,
                                                                   "token_size": 20.0, "die_size": 16.0}
    assert spins["die_size"].suffix() == " mm" and spins["lanes"].decimals() == 0
    spins["lanes"].setValue(4)
    assert dict(dlg.options().settings)["lanes"] == 4.0
    gaslands = _dialog(qtbot, load_track(DEFAULT_TRACK))
    assert gaslands.option_spins == {} and gaslands.options().settings == ()
