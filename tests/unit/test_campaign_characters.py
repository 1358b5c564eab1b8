"""Characters per system in the campaign core and CLI: a system's own stats (`System.character_stats`),
PitchKart's custom characters kept in the file (a file without them keeps its bytes), and Axles players
entered by name alone."""

from __future__ import annotations

import json
from pathlib import Path

from designer.campaign.context import Context
from designer.campaign.edit import new_campaign, set_custom_character
from designer.campaign.roster import FREE_LABEL, character_stats, system_stats
from designer.io.campaign_io import dumps_campaign, load_campaign
from designer.model.campaign import CustomCharacter
from designer.rules import load_ruleset
from designer.systems import registry

from .cli_runner import refused, run

DATA = Path(__file__).parents[1] / "data"


def test_each_system_names_its_own_character_stats():
    keys = {sid: [s.key for s in registry.get(sid).character_stats] for sid in registry.ids()}
    assert keys["mk-gaslands"] == ["weight", "handling", "max_gear"]
    assert keys["pitchkart"] == ["top_speed", "traction", "acceleration"]
    assert keys["mk-downforce"] == keys["mk-board"] == keys["axles-alloys-2"] == []


def test_pitchkart_characters_carry_every_stat_and_the_house_values():
    ctx = Context(load_ruleset("pitchkart"))
    doc = new_campaign("Cup", ctx, "race_series", [("Ana", "Peach")])
    peach = character_stats(doc, ctx.ruleset, "peach")
    assert [peach.value(s.key) for s in system_stats(ctx.ruleset)] == [3, 1, 3]
    assert peach.assumed == ("top_speed", "acceleration")  # the source gives Peach's Traction only
    doc = set_custom_character(doc, ctx, CustomCharacter(id="boo", name="Boo", top_speed=2, traction=2,
                                                         acceleration=4))
    boo = character_stats(doc, ctx.ruleset, "boo")
    assert (boo.custom, boo.value("top_speed"), boo.value("acceleration"), boo.assumed) == (True, 2, 4, ())


def test_a_file_without_pitchkart_stats_keeps_its_bytes(tmp_path):
    golden = DATA / "campaign-v3.campaign.json"
    data = json.loads(golden.read_text(encoding="utf-8"))
    data["custom_characters"] = [{"id": "dry-bones", "name": "Dry Bones", "weight": "Lightweight",
                                  "handling": 4, "max_gear": 5}]
    path = tmp_path / "old.campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    doc, _ctx = load_campaign(path)
    written = json.loads(dumps_campaign(doc))
    assert written["custom_characters"] == data["custom_characters"]  # no top_speed etc. added


def test_axles_players_are_entered_by_name_alone(capsys, tmp_path):
    out = tmp_path / "wasteland.campaign.json"
    code, text, _err = run(capsys, "campaign", "new", "--ruleset", "axles-alloys-2", "--player", "Ann", "Bob",
                           "-o", out)
    assert code == 0, text
    doc, _ctx = load_campaign(out)
    assert [(p.name, p.character) for p in doc.players] == [("Ann", FREE_LABEL), ("Bob", FREE_LABEL)]


def test_a_system_with_characters_still_needs_one(capsys, tmp_path):
    out = tmp_path / "cup.campaign.json"
    line = refused(capsys, out, "campaign", "new", "--ruleset", "pitchkart", "--player", "Ann", "-o", out)
    assert line.endswith("Ann needs a character: NAME:CHARACTER (e.g. Ann:Mario)")
    assert not out.exists()


def test_pitchkart_player_mats_print_each_characters_stats(capsys, tmp_path):
    from . import pdfscan

    campaign = tmp_path / "pk.campaign.json"
    assert run(capsys, "campaign", "new", "--ruleset", "pitchkart", "--player", "Ann:Mario", "Bob:Bowser",
               "-o", campaign)[0] == 0
    out = tmp_path / "pk.pdf"
    assert run(capsys, "campaign", "print", campaign, "--sections", "dashboards", "-o", out)[0] == 0
    reader = pdfscan.reader(out.read_bytes())
    texts = [t for page in reader.pages for t in pdfscan.texts(page, reader, into_forms=True)]
    assert texts.count("TOP SPEED") == texts.count("TRACTION") == texts.count("ACCELERATION") == 2
    values = [texts[texts.index(title, start) + 1] for start in (0, texts.index("KART 2"))
              for title in ("TOP SPEED", "TRACTION", "ACCELERATION")]
    assert values == ["3", "2", "2", "4", "2", "1"]  # Mario, Bowser
    assert texts.count("≈ house value") == 3 + 2  # Mario's three, Bowser's Traction and Acceleration


def old_custom_campaign(tmp_path: Path, ruleset: str, player: str) -> Path:
    """A campaign of `ruleset` whose custom character was made before characters carried their system's own
    stats: Gaslands' weight, handling and max gear, which that system's characters do not have."""
    ctx = Context(load_ruleset(ruleset))
    doc = new_campaign("Old", ctx, "race_series", [("Ann", player)])
    data = json.loads(dumps_campaign(doc))
    data["custom_characters"] = [{"id": "dry-bones", "name": "Dry Bones", "weight": "Lightweight",
                                  "handling": 4, "max_gear": 5}]
    data["players"].append({"name": "Bob", "character": "dry-bones"})
    path = tmp_path / f"old-{ruleset}.campaign.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_an_old_custom_characters_gaslands_stats_are_ignored_in_another_system(tmp_path):
    for ruleset, player in (("pitchkart", "Mario"), ("mk-board", "Mario")):
        doc, ctx = load_campaign(old_custom_campaign(tmp_path, ruleset, player))
        bones = character_stats(doc, ctx.ruleset, "dry-bones")
        assert bones is not None and bones.name == "Dry Bones" and bones.custom
        assert (bones.weight, bones.handling, bones.max_gear) == (None, None, None)
        assert all(bones.value(key) is None for key in ("weight", "handling", "max_gear"))
    gaslands, ctx = load_campaign(old_custom_campaign(tmp_path, "mk-gaslands", "Mario"))
    kept = character_stats(gaslands, ctx.ruleset, "dry-bones")
    assert (kept.weight, kept.handling, kept.max_gear) == ("Lightweight", 4, 5)  # its own system's: shown


def test_an_old_custom_characters_gaslands_stats_are_not_printed_in_another_system(capsys, tmp_path):
    from . import pdfscan

    for ruleset, player in (("pitchkart", "Mario"), ("mk-board", "Mario")):
        out = tmp_path / f"{ruleset}.pdf"
        assert run(capsys, "campaign", "print", old_custom_campaign(tmp_path, ruleset, player), "-o", out)[0] == 0
        reader = pdfscan.reader(out.read_bytes())
        texts = [t for page in reader.pages for t in pdfscan.texts(page, reader, into_forms=True)]
        assert "Dry Bones" in texts
        shown = " ".join(texts).casefold()
        assert "lightweight" not in shown and "handling" not in shown and "max gear" not in shown, ruleset
