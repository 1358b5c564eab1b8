"""Elements drawn once and written again (Painter.replay): the same bytes as drawing every element afresh.

The 1:1 track print draws each built-in look (kind and settings) once and writes its recorded operators for
every element like it, redoing only the rotations that keep faces and labels upright (Painter.unturn). Here
a table with every kind, at turned and unturned headings, in colour, ink-saver and with reach rings, prints
byte for byte what drawing each element afresh prints, and a drawing that cannot be written again alone is
drawn afresh each time.
"""

from __future__ import annotations

import io

import pytest
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
                        lambda self, c, turn: (writes.append(turn), original(self, c, turn)))
    replayed = _pdf(document, ruleset, options)
    assert len(writes) > len(document.elements) // 2  # most elements were written again, not drawn
    assert any(writes) and 0.0 in writes  # turned and unturned elements alike
    monkeypatch.setattr(Painter, "replay", lambda self, key, turn, draw: draw())
    assert _pdf(document, ruleset, options) == replayed


def test_a_turn_is_redone_for_each_element_and_a_merged_one_too():
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
