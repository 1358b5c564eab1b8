"""The New Campaign dialog offers exactly the campaign modes of the chosen ruleset's game system, titled as
the system titles them, with the system's default preselected — a system from outside included."""

from __future__ import annotations

import json

import pytest

from designer.paths import RULESETS_DIR
from designer.rules import clear_cache
from designer.systems import registry
from designer.systems.api import CampaignMode, System
from designer.systems.registry import BUILTIN_SYSTEMS, Registry


def listed(dialog) -> list[tuple[str, str]]:
    combo = dialog.mode_combo
    return [(combo.itemData(i), combo.itemText(i)) for i in range(combo.count())]


def choose(dialog, ruleset_id: str) -> None:
    index = dialog.ruleset_combo.findData(ruleset_id)
    assert index >= 0, ruleset_id
    dialog.ruleset_combo.setCurrentIndex(index)


@pytest.mark.parametrize("ruleset_id", ["mk-gaslands", "mk-board", "pitchkart", "mk-downforce", "axles-alloys-2"])
def test_the_dialog_lists_the_systems_modes_and_preselects_its_default(qtbot, ruleset_id):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    # arrive from another system, so a mode kept from before cannot pass for the default
    choose(dialog, "pitchkart" if ruleset_id != "pitchkart" else "mk-gaslands")
    choose(dialog, ruleset_id)
    system = registry.get(ruleset_id)
    assert listed(dialog) == [(m.name, m.title) for m in system.modes]
    assert dialog.mode_combo.currentData() == system.default_mode
    document = dialog.build()
    assert document is not None, dialog.messages.text()
    assert (document.ruleset, document.mode) == (ruleset_id, system.default_mode)


def test_the_default_downforce_roster_races_one_kart_per_colour(qtbot):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    dialog = NewCampaignDialog()
    qtbot.addWidget(dialog)
    choose(dialog, "mk-downforce")
    document = dialog.build()
    assert document is not None, dialog.messages.text()
    assert [p.character for p in document.players] == ["mario", "luigi", "donkey-kong", "shy-guy"]
    dialog.players.cellWidget(1, 1).setCurrentText("Peach")
    assert dialog.build() is None
    assert "Peach drives the red kart, already Player 1's (Mario)" in dialog.messages.text()


def test_a_fake_systems_mode_is_listed(qtbot, tmp_path):
    from designer.panes.campaign.dialogs import NewCampaignDialog

    data = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))
    data.update(id="fake-league", name="Fake League")
    path = tmp_path / "fake-league.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    fresh = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    fresh.register(System(id="fake-league", name="Fake League", ruleset_path=path,
                          modes=(CampaignMode("league", "League", "races"),), default_mode="league"))
    clear_cache()
    try:
        with registry.use(fresh):
            dialog = NewCampaignDialog()
            qtbot.addWidget(dialog)
            choose(dialog, "fake-league")
            assert listed(dialog) == [("league", "League")]
            document = dialog.build()
            assert document is not None and (document.mode, document.races) == ("league", [])
    finally:
        clear_cache()
