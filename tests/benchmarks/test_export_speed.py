"""Print benchmarks ([5/6]): a 6'×4' track with 400 elements tiled on A4 (< 1 s, < 2 MB); the 66-card deck (< 1.5 s).

Run with `make bench`. Sizes are asserted exactly (they do not depend on the machine); times are recorded
and only guarded loosely.
"""

from __future__ import annotations

import io

from designer.export import CardOptions, TrackPrintOptions, write_cards_pdf, write_track_pdf
from designer.rules import load_ruleset

from .workload import crowded_document


def test_tiled_track_with_400_elements_on_a4(benchmark):
    document = crowded_document(400, seed=11)
    ruleset = load_ruleset("mk-gaslands")
    sizes: list[int] = []

    def write() -> int:
        out = io.BytesIO()
        pages = write_track_pdf(out, document, ruleset, TrackPrintOptions(paper="a4"))
        sizes.append(len(out.getvalue()))
        return pages

    pages = benchmark.pedantic(write, rounds=5, iterations=1, warmup_rounds=1)
    benchmark.extra_info.update(pages=pages, bytes=sizes[-1])
    print(f"\n400 elements on A4: {pages} pages, {sizes[-1] / 1e6:.2f} MB")
    assert sizes[-1] < 2_000_000
    assert benchmark.stats.stats.median < 5.0


def test_the_66_card_deck(benchmark):
    ruleset = load_ruleset("mk-gaslands")

    def write() -> int:
        return write_cards_pdf(io.BytesIO(), ruleset, CardOptions())

    pages = benchmark.pedantic(write, rounds=5, iterations=1, warmup_rounds=1)
    # 8 sheets of 9 fronts (the last partly filled), each with its backs
    assert ruleset.card_count() == 66 and pages == 16
    assert benchmark.stats.stats.median < 7.5
