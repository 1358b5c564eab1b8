"""Pseudo-translation run of everything printed and of the CLI: under KARTOGRAPHER_PSEUDO every catalogue
string comes out wrapped in ⟦ ⟧, so a word outside the brackets in a PDF or on the terminal never went through
the catalogue — it would stay English in every language. Each system's whole print kit and the CLI's commands
are read back and every such word is listed.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pytest

from designer import i18n
from designer.cli import main
from designer.paths import TEMPLATES_DIR
from designer.systems import registry
from tests.pseudo_text import untranslated_words

from . import pdfscan

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
CUP = TEMPLATES_DIR / "mushroom-cup.campaign.json"


@pytest.fixture
def pseudo(monkeypatch):
    monkeypatch.setenv(i18n.PSEUDO_ENV, "1")
    yield


def document_words(data: dict) -> list[str]:
    """What the document itself says (its name, element labels and names): printed as typed."""
    words = [data["name"]]
    for element in data.get("elements", []):
        words += [v for v in element.values() if isinstance(v, str)]
    return words


def track_for(tmp_path: Path, system: str) -> tuple[Path, dict]:
    data = json.loads(LUIGI.read_text(encoding="utf-8"))
    data["ruleset"] = system
    path = tmp_path / f"{system}.track.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path, data


def pdf_words(path: Path) -> str:
    pdf = pdfscan.reader(path.read_bytes())
    return "\n".join(t for page in pdf.pages for t in pdfscan.texts(page, pdf, into_forms=True))


def outside(text: str, data: list[str]) -> list[str]:
    return sorted({line.strip() for line in text.splitlines() if untranslated_words(line, data)})


@pytest.mark.parametrize("system", sorted(registry.ids()))
def test_every_printed_word_comes_from_the_catalogue(tmp_path, capsys, pseudo, system):
    track, data = track_for(tmp_path, system)
    out = tmp_path / "kit.pdf"
    assert main(["export", str(track), "--what", "all", "-o", str(out)]) == 0, capsys.readouterr()
    assert outside(pdf_words(out), document_words(data)) == []


@pytest.mark.parametrize("what", ["tokens", "quick-rules", "reference", "karts"])
def test_every_word_of_the_downforce_kit_printed_from_no_track_comes_from_the_catalogue(tmp_path, capsys, pseudo,
                                                                                          what):
    out = tmp_path / f"{what}.pdf"
    argv = ["export", "--ruleset", "mk-downforce", "--what", what, "--set", "lanes=4", "--set", "betting_lines=1",
            "-o", str(out)]
    assert main(argv) == 0, capsys.readouterr()
    words = pdf_words(out)
    assert "⟦" in words
    assert outside(words, []) == []


CLI_RUNS = [
    ["--help"], ["export", "--help"], ["rules"], ["rules", "mk-gaslands"], ["templates"],
    ["validate", str(LUIGI)], ["campaign", "--help"], ["campaign", "show", str(CUP)], ["vehicle", "--help"],
    ["vehicle", "check", str(TEMPLATES_DIR / "axles-medium-turret.vehicle.json")],
]


@pytest.mark.parametrize("argv", CLI_RUNS, ids=lambda argv: " ".join(Path(a).name for a in argv))
def test_every_cli_word_comes_from_the_catalogue(capsys, pseudo, argv):
    with contextlib.suppress(SystemExit):  # --help
        main(argv)
    out, err = capsys.readouterr()
    campaign = json.loads(CUP.read_text(encoding="utf-8"))
    data = [campaign["name"], *(p["name"] for p in campaign.get("players", []))]
    data += [json.loads(p.read_text(encoding="utf-8"))["name"] for p in TEMPLATES_DIR.glob("*.json")]
    data += [p.name for p in TEMPLATES_DIR.glob("*.json")] + sorted(registry.ids())
    # Option names and metavars are the program's syntax, the same in every language.
    syntax = [w for line in (out + err).splitlines() for w in line.split()
              if w.startswith(("-", "{", "[")) or w.strip(".,:;[]{}()").isupper()]
    syntax += [m.group(1) for m in re.finditer(r"^ {2,}([a-z][\w-]*)(?: {2,}|$)", out, re.MULTILINE)]  # commands
    syntax += argv + [s.name for system in registry.systems() for s in system.prints]  # --what values
    syntax += [f"{o.name}" for system in registry.systems() for o in system.print_options]  # --set names
    assert outside(out + err, data + syntax + ["usage", "kartographer"]) == []


@pytest.mark.parametrize("font", ["none", "damaged"])
def test_the_font_notices_come_from_the_catalogue(tmp_path, capsys, pseudo, monkeypatch, font):
    # without DejaVu Sans (or with a damaged file) the CLI warns once, and names the characters Helvetica lacks
    from designer.export import fonts

    folder = tmp_path / "fonts"
    folder.mkdir()
    if font == "damaged":
        (folder / fonts.REGULAR_FILE).write_bytes(b"\x00\x01\x00\x00 not really a font")
    monkeypatch.setenv(fonts.ENV_DIR, str(folder))
    monkeypatch.setattr(fonts, "_well_known", lambda: iter([]))
    monkeypatch.setattr(fonts, "_fc_match", lambda: None)
    data = json.loads(LUIGI.read_text(encoding="utf-8"))
    data["name"] = "Łódź Ωμέγα"
    track = tmp_path / "polish.track.json"
    track.write_text(json.dumps(data), encoding="utf-8")
    fonts.reset()
    try:
        assert main(["export", str(track), "--what", "track", "-o", str(tmp_path / "t.pdf")]) == 0
    finally:
        fonts.reset()
    err = capsys.readouterr().err
    assert "Helvetica" in err and "Ł" in err
    syntax = [fonts.ENV_DIR, "DejaVu", "Sans", "Helvetica", "fonts-dejavu-core"]  # names, the same everywhere
    assert outside(err, [data["name"], *syntax]) == []
