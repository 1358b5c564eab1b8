"""The font cache pays for itself: loading a face from its cache entry is faster than reportlab parsing the
TrueType file (a ratio against that floor, measured in the same run; not part of `make test`)."""

from __future__ import annotations

import shutil
import time

from reportlab.pdfbase.ttfonts import TTFont

from designer.export import font_cache, fonts
from designer.export.font_cache import load_ttfont


def best(load) -> float:
    times = []
    for _ in range(7):
        start = time.perf_counter()
        load()
        times.append(time.perf_counter() - start)
    return min(times)


def test_the_warm_load_reads_the_entry_faster_than_reportlab_parses(tmp_path, monkeypatch):
    monkeypatch.setenv(font_cache.CACHE_ENV, str(tmp_path / "cache"))
    font_file = tmp_path / "DejaVuSans.ttf"
    shutil.copyfile(fonts.find_fonts().regular, font_file)
    load_ttfont("T", font_file)
    warm, floor = best(lambda: load_ttfont("T", font_file)), best(lambda: TTFont("T", str(font_file)))
    print(f"font cache: warm load {warm * 1000:.2f} ms, reportlab parse {floor * 1000:.2f} ms, "
          f"ratio {warm / floor:.2f}")
    assert warm < floor
