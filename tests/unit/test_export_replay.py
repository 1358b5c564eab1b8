"""Elements drawn once and written again (Painter.replay): what drawing every element afresh prints.

The 1:1 track print draws each built-in look (kind and settings) once and writes its recorded operators for
every element like it, redoing only the rotations that keep faces and labels upright (Painter.unturn); from
a look's second element on, its runs of self-contained q … Q blocks are PDF forms placed with `Do`
(operators.Drawing). Here a table with every kind, at turned and unturned headings, in colour, ink-saver and
with reach rings prints byte for byte what drawing each element afresh prints when no form is made, and with
forms renders the same pixels and text from a fraction of the operators; a drawing that cannot be written
again alone is drawn afresh each time.
"""

from __future__ import annotations

import io
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from designer.export import TrackPrintOptions, operators, write_track_pdf
from designer.export.painter import Painter
from designer.rules import load_ruleset
from designer.rules.defaults import new_element
from tests.benchmarks.workload import crowded_document


def _table():
    document = crowded_document(120, seed=3)
    ruleset = load_ruleset("mk-gaslands")
    upright = [new_element(ruleset, kind, f"{kind}-upright-{n}", 300.0 + 90 * n, 200.0 + 40 * k, 0.0)
               for k, kind in enumerate(("coin", "item_box", "thwomp", "chain_chomp", "wandering_threat",
                                         "warp_pipe", "scenery")) for n in range(2)]
    return document.model_copy(update={"elements": [*document.elements, *upright]}), ruleset


def _pdf(document, ruleset, options) -> bytes:
    out = io.BytesIO()
    write_track_pdf(out, document, ruleset, options)
    return out.getvalue()


@pytest.mark.parametrize("options", [TrackPrintOptions(), TrackPrintOptions(ink_saver=True, reach_rings=True),
                                     TrackPrintOptions(reach_rings=True, paper="letter")])
def test_replayed_elements_print_the_same_bytes_as_drawn_afresh(monkeypatch, options):
    document, ruleset = _table()
    writes = []
    original = operators.Drawing.write
    monkeypatch.setattr(operators.Drawing, "write",
                        lambda self, c, turn: (writes.append(turn), original(self, c, turn))[1])
    monkeypatch.setattr(operators, "FORM_MIN_CHARS", float("inf"))  # no forms: the recorded operators
    replayed = _pdf(document, ruleset, options)
    assert len(writes) > len(document.elements) // 2  # most elements were written again, not drawn
    assert any(writes) and 0.0 in writes  # turned and unturned elements alike
    monkeypatch.setattr(Painter, "replay", lambda self, key, turn, draw: draw())
    assert _pdf(document, ruleset, options) == replayed


def _pages(data: bytes, dpi: int = 30) -> list[bytes]:
    """Every page rendered in grey by poppler."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "print.pdf"
        source.write_bytes(data)
        subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", str(source), str(Path(folder) / "p")], check=True)
        return [f.read_bytes() for f in sorted(Path(folder).glob("p*.pgm"), key=lambda f: int(f.stem[2:]))]


def _content_bytes(data: bytes) -> int:
    """All the operators the PDF holds, decompressed: every page's content and every form's, once each."""
    pdf = PdfReader(io.BytesIO(data))
    seen: set[int] = set()

    def forms(resources) -> int:
        total = 0
        for ref in ((resources or {}).get("/XObject") or {}).values():
            if ref.idnum not in seen and (form := ref.get_object()).get("/Subtype") == "/Form":
                seen.add(ref.idnum)
                total += len(form.get_data()) + forms(form.get("/Resources"))
        return total

    return sum(len(page.get_contents().get_data()) + forms(page.get("/Resources")) for page in pdf.pages)


@pytest.mark.skipif(shutil.which("pdftoppm") is None or shutil.which("pdftotext") is None,
                    reason="needs poppler's pdftoppm and pdftotext")
@pytest.mark.parametrize("options", [TrackPrintOptions(), TrackPrintOptions(ink_saver=True, reach_rings=True)])
def test_looks_placed_as_forms_print_the_same_pages_from_far_fewer_operators(monkeypatch, options):
    document, ruleset = _table()
    document = document.model_copy(update={"elements": document.elements * 4})  # each look many times over
    with_forms = _pdf(document, ruleset, options)
    assert with_forms.count(b"/Subtype /Form") > 20  # the track, and one form per repeated look's run
    monkeypatch.setattr(operators, "FORM_MIN_CHARS", float("inf"))
    without = _pdf(document, ruleset, options)
    assert with_forms != without
    assert _content_bytes(with_forms) < 0.5 * _content_bytes(without)  # 0.41: pages, surface and marks stay
    assert _pages(with_forms) == _pages(without)  # pixel for pixel
    texts = []
    for data in (with_forms, without):
        with tempfile.TemporaryDirectory() as folder:
            (Path(folder) / "p.pdf").write_bytes(data)
            texts.append(subprocess.run(["pdftotext", str(Path(folder) / "p.pdf"), "-"], check=True,
                                        capture_output=True).stdout)
    assert texts[0] == texts[1] and b"ITEM" in texts[0].upper()  # text stays text


def test_a_look_drawn_once_makes_no_form():
    """A table whose looks are all different prints byte for byte as without forms (starters mostly)."""
    c = Canvas(io.BytesIO())
    p = Painter(c)
    p.replay("one", 0.0, lambda: p.circle(0.0, 0.0, 2.0))
    assert not c._formsinuse and "Do" not in "\n".join(c._code)
    p.replay("one", 0.0, lambda: p.circle(0.0, 0.0, 2.0))
    assert c._code[-1].endswith(" Do") and len(c._formsinuse) == 1


def test_a_turn_is_redone_for_each_element_and_a_merged_one_too(monkeypatch):
    monkeypatch.setattr(operators, "FORM_MIN_CHARS", float("inf"))
    c = Canvas(io.BytesIO())
    p = Painter(c)

    def face(turn):
        c.saveState()
        c.translate(3.0, 4.0)
        p.unturn(turn)  # merges into the translation's cm, as Painter.label's does
        p.circle(0.0, 0.0, 2.0)
        c.restoreState()

    for turn in (30.0, -75.5, 30.0):
        start = len(c._code)
        p.replay("face", turn, lambda turn=turn: face(turn))
        written = c._code[start:]
        del c._code[start:]
        face(turn)
        assert written == c._code[start:]
    assert p._drawings["face"] is not None


def test_a_drawing_that_changes_what_came_before_it_is_drawn_afresh_each_time():
    c = Canvas(io.BytesIO())
    p = Painter(c)
    calls = []

    def shift():  # its cm merges into the one written before the recording began
        calls.append(1)
        c.translate(1.0, 2.0)

    for _ in range(3):
        c.saveState()
        c.translate(5.0, 5.0)
        p.replay("shift", 0.0, shift)
        c.restoreState()
    assert p._drawings["shift"] is None and len(calls) == 3
    assert c._code.count("1 0 0 1 6 7 cm") == 3
