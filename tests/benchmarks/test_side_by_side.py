"""[10/10] as a benchmark: side_by_side.py's rows in one run, each a ratio to its floor measured in that run.

Run with `make bench` (not part of `make test`). The guards are the ratios this code reaches on a 2-core
machine with some room for a busy moment; the issue's targets (printed beside each row, in `targets`) are
lower where they are not reached yet — see the issue's note for why. Whole-process times under `make
bench` come from the editable install; side_by_side.py clears PYTHONDONTWRITEBYTECODE and makes a warm-up
round so the byte-code cache is written before anything is counted. Numbers quoted for users are taken from
an installed wheel (run side_by_side.py with that installation's Python).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from .side_by_side import (
    PER_ELEMENT,
    ROWS,
    count_instructions,
    instruction_count,
    measure,
    report,
    report_instructions,
)

#: Ratios measured at [10/10] (installed wheel, median of 5): export 4.5× / 5.1× (4.4× / 4.45× once the Painter
#: wrote its own operators), validate 2.6×, cards 4.0×, window 6.1× / 5.7×; at stop 26, four runs of two wheels
#: within half an hour: export 4.45–4.66× / 4.98–5.70× (the same code moved by a seventh), validate 2.7–3.2×,
#: cards 3.0–3.25× once card decks stopped loading shapely (tests/unit/test_speed_seams.py holds that exactly).
#: Each guard is about a quarter above, as the machine's noise allows.
GUARDS = {
    "export 400": 5.6,
    "export 2000": 6.8,
    "validate starter": 3.6,
    "cards 66": 4.2,
    "window shown": 7.5,
    "starter drawn": 7.0,
    "version": 2.0,  # 1.32 G instructions before the fast path (6.2× its floor); 0.218 G (1.02×) after
}


def test_side_by_side_ratios(benchmark):
    kartographer = shutil.which("kartographer", path=str(Path(sys.executable).parent))
    if kartographer is None:
        pytest.skip("no kartographer script beside this Python")
    times = benchmark.pedantic(lambda: measure(kartographer, sys.executable, runs=5), rounds=1, iterations=1)
    rows = {r["row"]: r for r in report(times)}
    benchmark.extra_info.update({name: r["ratio"] for name, r in rows.items() if r["ratio"] is not None})
    for name, r in rows.items():
        print(f"\n{name:18s} {r['median_s']:.3f} s  ratio {r['ratio']}  target {r['target']}", end="")
    assert {r.name for r in ROWS} == set(rows)
    for name, guard in GUARDS.items():
        assert rows[name]["ratio"] <= guard, (name, rows[name])


def test_an_instruction_count_is_read_from_valgrinds_summary():
    assert instruction_count("==12== Events    : Ir\n==12== Collected : 3362282413\n==12==\n") == 3362282413
    with pytest.raises(SystemExit, match="no instruction count"):
        instruction_count("valgrind: Bad option: --tool=callgrind")


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_instructions_count_what_a_floor_imports_on_top():
    """Counted, the floor with pydantic and shapely imported is well above the bare floor (1.8–2.2× in time)."""
    counts = count_instructions("kartographer", sys.executable, ("floor 400 + libraries",))
    assert set(counts) == {"floor 400", "floor 400 + libraries"} and counts["floor 400"] > 10**8
    [_floor, libraries] = report_instructions(counts)
    assert libraries["floor"] == "floor 400" and libraries["ratio"] > 1.3


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_version_counts_close_to_reading_the_version_alone():
    """`kartographer --version` answers before importing the command line (designer.launch): 1.32 G
    instructions before (6.2× the floor here), 0.218 G after (1.02×). Counted, so the guard can be tight."""
    kartographer = shutil.which("kartographer", path=str(Path(sys.executable).parent))
    if kartographer is None:
        pytest.skip("no kartographer script beside this Python")
    counts = count_instructions(kartographer, sys.executable, ("version",))
    ratio = counts["version"] / counts["floor version"]
    print(f"\nversion: {counts['version'] / 1e9:.3f} G, floor {counts['floor version'] / 1e9:.3f} G, {ratio:.2f}×")
    assert counts["version"] < 0.3e9 and ratio <= 1.4


#: Counted (instructions, against floors importing the same libraries, COUNTED_FLOORS), before → after the
#: export drew each element look once, placed the ink index's boxes in bulk and spared the tile plan's exact
#: intersections: export 400 9.32 → 3.70 G (7.9× → 3.14×), 2000 11.69 → 5.70 G (6.4× → 3.16×), per element
#: 1.48 → 1.25 M against the floor's 0.38 M (3.9× → 3.29×). Then (twice each, installed from snapshots of the
#: commits) the tile plan stopped merging the ink (tile_plan.Ink), repeated looks became PDF forms and a look's
#: frame was written directly: export 400 3.61 → 3.20 G (3.05× → 2.71×), 2000 5.61 → 4.02 G (3.09× → 2.22×),
#: per element 1.25 → 0.51 M (3.28× → 1.35×: the issue's 2× met). Counts repeat to a few parts in a thousand,
#: so the guards sit about a tenth above. The whole-process targets (1.5×, 2×) are not reached: the rest is
#: fixed, start-up above all (importing the five systems' packages and rule models) and the tile plan's 50 grids.
#: Then the export stopped importing the checks engine and the race days: export 400 2.963 → 2.942 G (2.50× →
#: 2.50×), 2000 3.814 → 3.763 G (2.11× → 2.08×), per element 1.40× → 1.35×; the guards sit a few hundredths above.
#: Then the tile plan asked the ink about all its grids' windows at once (`tile_plan.sort_grids`) and a tile
#: page's bars, marks and glue notes were drawn once and copied (`Repeats`): export 400 2.880 → 2.594 G (2.42× →
#: 2.19×), 2000 3.697 → 3.377 G (2.03× → 1.85×: the issue's 2× met), per element 1.34× → 1.28×.
#: Then a batch command without the cyclic garbage collector (designer/launch.py), a track read without the
#: campaign record models, the tile plan's windows asked by each shape and a tree of the solid shapes' bounds,
#: and the surface made once per print: export 400 2.552 → 2.305 G (2.15× → 1.93×), 2000 3.215 → 2.998 G (1.77× →
#: 1.64×), per element 1.09× → 1.14× (the fixed part fell more than the slope); the guards a count's spread above.
COUNTED_GUARDS = {"export 400": 1.97, "export 2000": 1.68, PER_ELEMENT: 1.22}


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_export_counts_against_their_floors():
    kartographer = shutil.which("kartographer", path=str(Path(sys.executable).parent))
    if kartographer is None:
        pytest.skip("no kartographer script beside this Python")
    rows = {r["row"]: r for r in report_instructions(count_instructions(kartographer, sys.executable,
                                                                         ("export 400", "export 2000")))}
    for name, guard in COUNTED_GUARDS.items():
        print(f"\n{name:20s} {rows[name]['instructions'] / 1e9:.3f} G  {rows[name]['ratio']}× {rows[name]['floor']}",
              end="")
        assert rows[name]["ratio"] <= guard, (name, rows[name])


#: Counted start-up rows (instructions, against the floors with the same libraries, COUNTED_FLOORS), before →
#: after rule data went lazy per system (a ruleset built as the shared model plus its own system's sections,
#: the built-ins' rule-data modules imported only when their ruleset loads, rule models' pydantic build deferred,
#: the race document's models loaded with the first race): validate starter 1.750 → 1.595 G (1.47× → 1.34×),
#: cards 66 2.247 → 2.095 G (1.88× → 1.75×), window shown 3.180 → 3.03 G (2.44× → 2.33×), starter drawn
#: 3.302 → 3.16 G (2.53× → 2.43×); export 400 3.75 → 3.60 G (3.15× → 3.02×). The guards sit just above,
#: below the figures before, so a slide back of the whole gain is caught (counts repeat to a few parts in a
#: thousand; the floors move by 1 %); tests/unit/test_speed_seams.py and tests/gui/test_startup_imports.py hold
#: the imports themselves. Then, a command registering only the system it needs (`registry.load_only`), the
#: version read only when shown, the api records' shared equality/hash/repr, English numbers without Babel, rule
#: data's list defaults without `inspect` tokenizing, desktop_install's lazy imports: validate starter 1.598 →
#: 1.371–1.389 G (1.34× → 1.16–1.18×), cards 66 2.096 → 1.898 G (1.75× → 1.61×), window shown 3.036 → 2.903–2.908 G
#: (2.33× → 2.26×), starter drawn 3.163 → 3.031–3.036 G (2.43× → 2.35–2.36×), two runs each side. The guards sit
#: a few hundredths above, below the figures before. Then a card deck without element models, race days
#: imported when read, records sharing their frozenness, one parser per shared command, card backs copied per
#: slot (export/repeats.py), lazier writers and patterns: validate starter 1.379 → 1.264–1.267 G (1.17× →
#: 1.07×), cards 66 1.908 → 1.579–1.587 G (1.62× → 1.34×), window shown 2.91 → 2.823 G (2.26× → 2.17×),
#: starter drawn 3.03 → 2.949 G (2.35× → 2.27×). The guards sit a few hundredths above, below the figures
#: before. Merged with the canvas's shared sprites (a look's sprite is made at the first paint): window shown
#: 2.833 G (2.18×), starter drawn 3.009 G (2.31×), so its guard sits at 2.36. Where the rest goes: the README's
#: benchmarks. Then the campaign fields table kept apart from the record models and text written as operators
#: (pdf._direct_text): cards 66 1.581 → 1.507 G (1.34× → 1.27×), its guard at 1.31.
#: Then a system's race day left out of its hash (the Qt halves' cache imported every race day at start-up):
#: window shown 2.833 → 2.742–2.769 G (2.18× → 2.10–2.15×), starter drawn 3.009 → 2.866–2.914 G (2.31× → 2.20–2.26×)
#: over three counts (the floor moves too); the guards sit between those and the figures before.
#: Then the Undo History's pane built when first shown and the log's start line (the version and platform read)
#: written after the canvas's first paint: window shown 2.768 → 2.713–2.740 G (2.12× → 2.08–2.10×), starter
#: drawn 2.902 → 2.867–2.885 G (2.22× → 2.19–2.21×) over three counts; the gain is within the spread of counts on
#: either side (up to 0.05× for the same code: the floor moves too), so the guards sit a spread above the new
#: figures, 2.16 / 2.26 (tests/gui/test_startup_imports.py holds the seams).
#: Then a batch command without the cyclic garbage collector (designer/launch.py): validate starter 1.216 →
#: 1.167–1.168 G (1.02× → 0.98×), cards 66 1.453 → 1.404–1.405 G (1.22× → 1.17–1.18×), two counts; the guards a
#: spread above, below the figures before. The editor, started through the same entry point (gui_probe.py), holds
#: the collector until its first paint (designer/collector.py): window shown 2.71–2.74 → 2.609–2.624 G
#: (2.08–2.10× → 2.00–2.03×), starter drawn 2.87–2.89 → 2.739–2.786 G (2.19–2.21× → 2.11–2.14×) over three
#: counts; the guards a spread above, 2.08 / 2.19.
#: Then the four game systems the starter does not use load once the window is painted (their packages, Track
#: menu actions in the places they had, Axles' cars in the File menu; `window.deferred`): window shown
#: 2.627–2.642 → 2.479–2.509 G (2.00–2.01× → 1.90–1.91×), starter drawn 2.756–2.766 → 2.604–2.648 G (2.10–2.11× →
#: 1.99–2.03×) over three counts each; the guards a spread above, 1.95 / 2.08. Then the Finder's file-open filter,
#: which saw every event of the application, is installed only on macOS: window shown 2.476–2.485 G (1.89×), starter
#: drawn 2.570–2.604 G (1.96–1.98×), two counts. Then the probe's own watch, a filter on the whole application
#: that the editor was charged for (a Python call per event, and PySide making the Python type and enums of every
#: class it saw: 79 enum types before the first paint, 11 without), sits on the windows and canvases, as the
#: floor's sits on its view: window shown 2.354–2.384 G (1.81–1.82×), starter drawn 2.501–2.523 G (1.91–1.94×).
#: Then PySide's test of each later import's source answers without reading it (designer/app/import_scan.py):
#: window shown 2.293 G (1.76×), starter drawn 2.456 G (1.89×); the guards between those and the figures before.
STARTUP_COUNTED_GUARDS = {"validate starter": 1.01, "cards 66": 1.21, "window shown": 1.80, "starter drawn": 1.93}


@pytest.mark.skipif(shutil.which("valgrind") is None, reason="needs valgrind")
def test_start_up_counts_against_their_floors():
    kartographer = shutil.which("kartographer", path=str(Path(sys.executable).parent))
    if kartographer is None:
        pytest.skip("no kartographer script beside this Python")
    rows = {r["row"]: r for r in report_instructions(count_instructions(kartographer, sys.executable,
                                                                         tuple(STARTUP_COUNTED_GUARDS)))}
    for name, guard in STARTUP_COUNTED_GUARDS.items():
        print(f"\n{name:20s} {rows[name]['instructions'] / 1e9:.3f} G  {rows[name]['ratio']}× {rows[name]['floor']}",
              end="")
        assert rows[name]["ratio"] <= guard, (name, rows[name])
