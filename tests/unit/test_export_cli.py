"""`kartographer export` and `kartographer cards`: summaries, sections, one-line errors, exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.cli import main
from designer.paths import TEMPLATES_DIR

from . import pdfscan
from .factories import minimal_track_data

LUIGI = str(TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def pages(path) -> int:
    return len(pdfscan.reader(path.read_bytes()).pages)


def test_export_track_prints_a_one_line_summary(capsys, tmp_path):
    out = tmp_path / "luigi.pdf"
    code, stdout, err = run(capsys, "export", LUIGI, "-o", str(out))
    assert code == 0 and err == ""
    assert stdout == f"wrote {out}: {pages(out)} pages\n"


def test_export_all_holds_every_section(capsys, tmp_path):
    track = tmp_path / "t.track.json"
    track.write_text(json.dumps(minimal_track_data()), encoding="utf-8")
    counts = {}
    for what in ("track", "cards", "tokens", "dashboards", "scoresheet", "all"):
        out = tmp_path / f"{what}.pdf"
        code, _, err = run(capsys, "export", str(track), "--what", what, "--paper", "letter", "-o", str(out))
        assert code == 0 and err == "", err
        counts[what] = pages(out)
    assert counts["all"] == sum(v for k, v in counts.items() if k != "all")
    assert counts["cards"] == 18 and counts["dashboards"] == 4 and counts["scoresheet"] == 1  # 66 cards, 8 a sheet
    outline = [item.title for item in pdfscan.reader((tmp_path / "all.pdf").read_bytes()).outline]
    assert outline == ["Track, 1:1", "Item cards", "Tokens", "Kart dashboards", "Score sheet"]


def test_export_options_reach_the_pdf(capsys, tmp_path):
    out = tmp_path / "a3.pdf"
    code, _, _ = run(capsys, "export", LUIGI, "--paper", "A3", "--orientation", "portrait", "--margin", "8",
                     "--overlap", "15", "--ink-saver", "--keep-empty", "-o", str(out))
    assert code == 0
    pdf = pdfscan.reader(out.read_bytes())
    w, h = (float(v) for v in pdf.pages[1].mediabox[2:])
    assert (round(w, 2), round(h, 2)) == (841.89, 1190.55)
    # A3 portrait minus 8 mm margins: 281 × 404 mm, steps 266 / 389 → 7 × 4 pages, all kept, plus the map.
    assert len(pdf.pages) == 1 + 7 * 4


def test_reach_rings_print_only_when_asked(capsys, tmp_path):
    ruins = str(Path(LUIGI).with_name("mushroom-cup-3-thwomp-ruins.track.json"))
    plain, rings = tmp_path / "plain.pdf", tmp_path / "rings.pdf"
    assert run(capsys, "export", ruins, "-o", str(plain))[0] == 0
    assert run(capsys, "export", ruins, "--reach-rings", "-o", str(rings))[0] == 0
    assert rings.stat().st_size > plain.stat().st_size  # the rings' dashed circles are extra drawing


def test_cards_need_no_track(capsys, tmp_path):
    out = tmp_path / "deck.pdf"
    code, stdout, _ = run(capsys, "cards", "--ruleset", "mk-board", "--card-size", "mini", "-o", str(out))
    assert code == 0 and stdout == f"wrote {out}: 6 pages\n"
    code, stdout, _ = run(capsys, "cards", "--ruleset", "mk-gaslands", "--no-backs", "-o", str(out))
    assert code == 0 and pages(out) == 8


@pytest.mark.parametrize(("argv", "fragment"), [
    (["export", LUIGI, "--margin", "-5"], "argument --margin: -5 is not in 0…1000"),
    (["export", LUIGI, "--overlap", "300"], "overlap of 300 mm is too large"),
    (["export", LUIGI, "--paper", "b5"], "invalid choice: 'b5'"),
    (["export", LUIGI, "--what", "poster"], "mk-gaslands prints track, cards, tokens, dashboards, scoresheet (or "
                                           "all); not 'poster'"),
    (["export", LUIGI, "--card-size", "tarot"], "invalid choice: 'tarot'"),
    (["export", "missing.track.json"], "missing.track.json"),
    (["export", LUIGI, "--what", "cards", "--margin", "80"], "do not fit"),
    (["cards", "--ruleset", "axles-alloys-2"], "has no item deck"),
    (["cards", "--ruleset", "chess"], "unknown ruleset 'chess'"),
    (["export", LUIGI], "required: -o/--output"),
])
def test_bad_options_fail_on_one_line_with_status_2(capsys, tmp_path, argv, fragment):
    out = tmp_path / "never.pdf"
    full = [*argv, "-o", str(out)] if "required" not in fragment else argv
    code, stdout, err = run(capsys, *full)
    assert code == 2 and stdout == ""
    assert err.count("\n") == 1 and fragment in err
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_unwritable_output_is_one_line(capsys, tmp_path):
    code, _, err = run(capsys, "export", LUIGI, "-o", str(tmp_path / "no" / "such" / "dir.pdf"))
    assert code == 2 and err.count("\n") == 1 and "cannot write here" in err


def test_the_cards_command_lays_out_sheets_as_the_export_does(tmp_path, capsys):
    """`cards` takes the card sheets' own default margin, so its Letter sheets are the export's (4 × 2, room
    for the cut marks and both calibration bars), not 3 × 3 with marks at the paper's edge."""
    out = tmp_path / "deck.pdf"
    code, stdout, _ = run(capsys, "cards", "--ruleset", "mk-gaslands", "--paper", "letter", "-o", str(out))
    assert code == 0 and "18 pages" in stdout  # 66 cards, 8 a sheet: 9 fronts + 9 backs
