"""Print sections per game system: what `export --what` offers, what each system's sheets show, tokens only
for the kinds a ruleset offers, no Grand Prix score sheet for an arena, and a fake system's own section."""

from __future__ import annotations

import json
import shutil

import pytest
from reportlab.pdfgen.canvas import Canvas

from designer.cli import main
from designer.export.dashboards import coin_track_top, dashboard_layout, item_slots
from designer.export.paper import Rect
from designer.export.tokens import token_groups
from designer.io.track_io import load_track
from designer.paths import RULESETS_DIR, TEMPLATES_DIR
from designer.rules import load_ruleset
from designer.systems import registry
from designer.systems.api import PrintSection, System

from . import pdfscan
from .factories import minimal_track_data

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
RUINS = TEMPLATES_DIR / "mushroom-cup-3-thwomp-ruins.track.json"
FORT = TEMPLATES_DIR / "balloon-battle-block-fort.track.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def relabelled(tmp_path, template, ruleset: str):
    """A copy of a Gaslands template whose ruleset field says another system (what a switch leaves)."""
    data = json.loads(template.read_text(encoding="utf-8"))
    data["ruleset"] = ruleset
    path = tmp_path / f"{ruleset}.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def outline_and_text(path) -> tuple[list[str], str]:
    pdf = pdfscan.reader(path.read_bytes())
    return [o.title for o in pdf.outline], " ".join(t for page in pdf.pages for t in pdfscan.texts(page, pdf))


# --- dashboards show what the rules have --------------------------------------------------------------
def test_slots_and_coin_track_come_from_the_rule_data():
    gaslands, board = load_ruleset("mk-gaslands"), load_ruleset("mk-board")
    downforce, axles = load_ruleset("mk-downforce"), load_ruleset("axles-alloys-2")
    assert (item_slots(gaslands), coin_track_top(gaslands)) == (2, 10)  # hand limit 2, carries 10
    assert (item_slots(board), coin_track_top(board)) == (1, 10)  # hand limit 1, dearest spend 10
    assert (item_slots(downforce), coin_track_top(downforce)) == (0, None)  # item die, no coin limit
    assert (item_slots(axles), coin_track_top(axles)) == (0, None)  # no items, no coins
    lay = dashboard_layout(Rect(10, 10, 190, 134), (63, 88), 0)
    assert lay.slots == () and lay.stats.right == pytest.approx(196.0)  # the stats take the slots' room


def test_downforce_prints_no_dashboards(capsys, tmp_path):
    track = relabelled(tmp_path, LUIGI, "mk-downforce")
    out = tmp_path / "d.pdf"
    code, stdout, err = run(capsys, "export", track, "--what", "dashboards", "-o", out)
    assert code == 2 and stdout == "" and not out.exists()
    assert err == ("kartographer: error: mk-downforce.track.json: mk-downforce prints track, tokens, die, quick-rules, "
                   "karts, scoresheet, reference (or all); not 'dashboards'\n")
    assert run(capsys, "export", track, "--what", "all", "-o", out)[0] == 0
    assert outline_and_text(out)[0] == ["Track, 1:1", "Tokens", "Item die", "Reference card", "Kart cards",
                                        "Season score sheet", "Rules reference"]


def test_axles_and_alloys_prints_vehicle_sheets(capsys, tmp_path):
    track = relabelled(tmp_path, LUIGI, "axles-alloys-2")
    out = tmp_path / "v.pdf"
    code, stdout, _ = run(capsys, "export", track, "--what", "dashboards", "-o", out)
    assert code == 0 and stdout == f"wrote {out}: 2 pages\n"  # 4 vehicles, two to a page
    outline, text = outline_and_text(out)
    assert outline == ["Vehicle sheets"]
    assert "VEHICLE 4" in text and "WEIGHT CLASS" in text and "HULL" in text and "COMPONENTS" in text
    for stat in ("Light", "Medium", "Heavy", "MAX", "ACC", "DEC", "TURN", "3 × 6"):
        assert stat in text
    for gaslands in ("ITEM", "COINS", "KART 1", "GEAR"):
        assert gaslands not in text


def test_the_gaslands_dashboard_keeps_its_slots_and_coin_track(capsys, tmp_path):
    out = tmp_path / "k.pdf"
    assert run(capsys, "export", LUIGI, "--what", "dashboards", "-o", out)[0] == 0
    outline, text = outline_and_text(out)
    assert outline == ["Kart dashboards"] and "ITEM 1" in text and "ITEM 2" in text and "COINS" in text


# --- tokens only for the kinds the ruleset offers ------------------------------------------------------
def test_tokens_leave_out_kinds_the_ruleset_does_not_offer():
    ruins = load_track(RUINS)
    gaslands = [g.title.split(" × ")[0] for g in token_groups(ruins, load_ruleset("mk-gaslands"))]
    assert {"Thwomps", "Boost pads", "Coins"} <= set(gaslands)
    switched = ruins.model_copy(update={"ruleset": "mk-downforce"})
    downforce = [g.title.split(" × ")[0] for g in token_groups(switched, load_ruleset("mk-downforce"))]
    assert "Item boxes" in downforce
    assert not {"Thwomps", "Boost pads", "Coins", "Piranha Plants", "Chain Chomps"} & set(downforce)


# --- an arena has no Grand Prix ----------------------------------------------------------------------
def test_an_arena_gets_no_grand_prix_score_sheet(capsys, tmp_path):
    assert load_track(FORT).track is None
    out = tmp_path / "fort.pdf"
    assert run(capsys, "export", FORT, "--what", "all", "-o", out)[0] == 0
    assert outline_and_text(out)[0] == ["Track, 1:1", "Item cards", "Tokens", "Kart dashboards",
                                        "Movement templates, 1:1", "Rules reference"]
    code, stdout, err = run(capsys, "export", FORT, "--what", "scoresheet", "-o", tmp_path / "s.pdf")
    assert code == 2 and stdout == "" and err.count("\n") == 1
    assert "cannot print scoresheet: 'Balloon Battle — Block Fort Arena' is an arena with no track" in err


# --- --what -------------------------------------------------------------------------------------------
def test_help_lists_each_systems_sections(capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["export", "--help"])
    assert exit_.value.code == 0
    help_ = " ".join(capsys.readouterr().out.split())
    assert "mk-gaslands: track, cards, tokens, dashboards, scoresheet" in help_
    assert "mk-downforce: track, tokens" in help_ and "axles-alloys-2: track, tokens, dashboards" in help_
    assert "{track,cards" not in help_  # no static choice list: the document's system decides


def test_the_default_is_the_systems_first_section(capsys, tmp_path):
    out = tmp_path / "t.pdf"
    assert run(capsys, "export", relabelled(tmp_path, LUIGI, "mk-downforce"), "-o", out)[0] == 0
    assert outline_and_text(out)[0] == ["Track, 1:1"]


# --- a system from outside brings its own section -----------------------------------------------------
def render_poster(c: Canvas, job) -> int:
    c.setPageSize((200, 100))
    c.drawString(10, 50, f"POSTER {job.document.name} on {job.options.paper}")
    c.showPage()
    return 1


def test_a_fake_systems_section_is_offered_and_printed(capsys, tmp_path):
    rules = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))
    rules["id"] = "fake-race"
    del rules["element_sizes"]["track_section"]  # PitchKart's own kind: unknown in a registry without PitchKart
    rules["element_kinds"].remove("track_section")
    del rules["pitchkart"]  # PitchKart's own rule-data section: unknown without PitchKart too
    (tmp_path / "fake-race.json").write_text(json.dumps(rules), encoding="utf-8")
    fake = System(id="fake-race", name="Fake race", ruleset_path=tmp_path / "fake-race.json",
                  prints=(PrintSection("poster", "Race poster", render_poster),))
    track = tmp_path / "f.track.json"
    track.write_text(json.dumps({**minimal_track_data(), "name": "Fake Ring", "ruleset": "fake-race"}),
                     encoding="utf-8")
    out = tmp_path / "poster.pdf"
    with registry.use(registry.Registry(builtins=(), entry_points=False)) as fresh:
        fresh.register(fake)
        code, stdout, err = run(capsys, "export", track, "--what", "poster", "--paper", "letter", "-o", out)
        assert (code, err) == (0, "") and stdout == f"wrote {out}: 1 page\n"
        outline, text = outline_and_text(out)
        assert outline == ["Race poster"] and "POSTER Fake Ring on letter" in text
        shutil.copy(out, tmp_path / "first.pdf")
        assert run(capsys, "export", track, "--what", "all", "-o", out)[0] == 0
        assert outline_and_text(out)[0] == ["Race poster"]
        code, _, err = run(capsys, "export", track, "--what", "track", "-o", tmp_path / "no.pdf")
        assert code == 2 and err == "kartographer: error: f.track.json: fake-race prints poster (or all); not 'track'\n"
        with pytest.raises(SystemExit):
            main(["export", "--help"])
        assert "fake-race: poster" in capsys.readouterr().out


# --- printing without a track file ---------------------------------------------------------------------
KIT_WITHOUT_A_TRACK = {
    "mk-gaslands": ["Item cards", "Kart dashboards", "Movement templates, 1:1", "Rules reference"],
    "mk-board": ["Item cards", "Tokens", "Player mats", "Reference cards", "Rules reference"],
    "pitchkart": ["Item cards", "Character cards", "Starting grid", "Player mats", "Rules reference"],
    "mk-downforce": ["Tokens", "Item die", "Reference card", "Kart cards", "Season score sheet", "Rules reference"],
    "axles-alloys-2": ["Tokens", "Vehicle sheets", "Ruler and turn template, 1:1", "Rules reference"],
}


@pytest.mark.parametrize("system", sorted(KIT_WITHOUT_A_TRACK))
def test_every_system_prints_the_parts_that_need_no_track_file(capsys, tmp_path, system):
    out = tmp_path / f"{system}.pdf"
    code, stdout, err = run(capsys, "export", "--ruleset", system, "--what", "all", "-o", out)
    assert code == 0 and err == "" and stdout.startswith(f"wrote {out}")
    assert outline_and_text(out)[0] == KIT_WITHOUT_A_TRACK[system]
    needing = [s.title for s in registry.get(system).prints if s.needs_document]
    assert not set(needing) & set(KIT_WITHOUT_A_TRACK[system])
