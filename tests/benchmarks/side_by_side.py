"""Side by side: our commands and start-up against floors measured in the same run, as ratios ([10/10]).

    python tests/benchmarks/side_by_side.py [--kartographer PATH] [--runs 5] [--only ROW] [--json]
    python tests/benchmarks/side_by_side.py --instructions [--only ROW] [--json]

Every figure is a whole process's wall time (launch to exit; for the windows, launch to the moment the
probe reports), the median of `--runs`, the runs of all rows interleaved so a busy moment of the machine
hits every row alike. The floors are floor_reportlab.py (the least a program does to print the same tiles
with reportlab) and a bare PySide6 window (gui_probe.py bare). Rows:

    export 400 / 2000      `kartographer export FILE --what track` of the crowded 6'×4' table (workload.py)
    validate starter       `kartographer validate` of the default starter track, against the 400 floor
    cards 66               `kartographer cards --ruleset mk-gaslands`, against the 400 floor
    window shown / drawn   the editor's first paint, and its canvas's first paint with the starter track
    … + libraries          a floor that also imports pydantic and shapely (unused): what those imports
                           alone cost; counted (`--instructions`), the rows are divided by these (the
                           issue's floors, COUNTED_FLOORS), and the export's per-element slope is shown
    version                `kartographer --version`, against a Python that only reads the installed
                           package's version (`importlib.metadata.version`): the least it can do

Run it with the Python of the installation to measure (an installed wheel is byte-compiled; an editable
install under PYTHONDONTWRITEBYTECODE=1 recompiles at every start, so this script clears that variable and
makes one warm-up round that is not counted). Settings and autosaves go to a throwaway home folder.

On a shared machine a median of wall times moves by a tenth from one run to the next, which hides a smaller
change. `--instructions` counts instead what each row executes, once, under valgrind's callgrind (slow: a
minute or two a row, two rows at a time): the count repeats to a few parts in a thousand, and its ratio to
the floor's count reads like the time ratio, without the noise. The targets are wall-time ones; they are
printed beside it for reading.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
STARTER = "mushroom-cup-1-luigi-circuit.track.json"


@dataclass(frozen=True)
class Row:
    name: str
    floor: str | None  # the row it is divided by
    target: float | None


ROWS = (
    Row("floor 400", None, None),
    Row("floor 400 + libraries", "floor 400", None),
    Row("export 400", "floor 400", 1.5),
    Row("floor 2000", None, None),
    Row("floor 2000 + libraries", "floor 2000", None),
    Row("export 2000", "floor 2000", 2.0),
    Row("validate starter", "floor 400", 1.2),
    Row("cards 66", "floor 400", 1.5),
    Row("bare window", None, None),
    Row("bare + libraries", "bare window", None),
    Row("window shown", "bare window", 2.0),
    Row("starter drawn", "bare window", 2.5),
    Row("floor version", None, None),
    Row("version", "floor version", 1.4),  # the issue's ≤ 0.3 G instructions against a 0.21 G floor
)


def _commands(kartographer: str, python: str, work: Path) -> dict[str, list[str]]:
    floor, probe = str(HERE / "floor_reportlab.py"), str(HERE / "gui_probe.py")
    w400, w2000 = str(work / "crowded-400.track.json"), str(work / "crowded-2000.track.json")
    return {
        "floor 400": [python, floor, w400, str(work / "floor-400.pdf")],
        "floor 400 + libraries": [python, floor, w400, str(work / "floor-400.pdf"), "--with-libraries"],
        "export 400": [kartographer, "export", w400, "--what", "track", "-o", str(work / "export-400.pdf")],
        "floor 2000": [python, floor, w2000, str(work / "floor-2000.pdf")],
        "floor 2000 + libraries": [python, floor, w2000, str(work / "floor-2000.pdf"), "--with-libraries"],
        "export 2000": [kartographer, "export", w2000, "--what", "track", "-o", str(work / "export-2000.pdf")],
        "validate starter": [kartographer, "validate", STARTER],
        "cards 66": [kartographer, "cards", "--ruleset", "mk-gaslands", "-o", str(work / "cards.pdf")],
        "bare window": [python, probe, "bare"],
        "bare + libraries": [python, probe, "bare-libraries"],
        "window shown": [python, probe, "shown"],
        "starter drawn": [python, probe, "drawn"],
        "floor version": [python, "-c", "import importlib.metadata; importlib.metadata.version('kartographer')"],
        "version": [kartographer, "--version"],
    }


def _environment(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONPATH")}
    env.update(HOME=str(home), XDG_CONFIG_HOME=str(home / "config"), XDG_DATA_HOME=str(home / "data"),
               XDG_CACHE_HOME=str(home / "cache"), QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"))
    return env


def _cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _time(command: list[str], env: dict[str, str], cwd: Path) -> tuple[float, float]:
    """(wall, CPU) seconds of one run; CPU time (user + system) suffers less from a busy machine."""
    env = dict(env, KARTOGRAPHER_PROBE_T0=repr(time.time()))
    cpu = _cpu()
    start = time.perf_counter()
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=300)
    wall = time.perf_counter() - start
    cpu = _cpu() - cpu
    if done.returncode not in (0, 1):  # validate exits 1 when a track has warnings
        raise SystemExit(f"side_by_side: {' '.join(command)} failed ({done.returncode}): {done.stderr.strip()}")
    if command[-1] in ("bare", "bare-libraries", "shown", "drawn"):
        return float(done.stdout.split()[-1]), cpu
    return wall, cpu


CALLGRIND = ("valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null")


def instruction_count(valgrind_output: str) -> int:
    """The number of instructions callgrind says a run executed ("==12== Collected : 3362282413")."""
    found = re.search(r"Collected : (\d+)", valgrind_output)
    if found is None:
        raise SystemExit("side_by_side: valgrind printed no instruction count")
    return int(found.group(1))


def _instructions(command: list[str], env: dict[str, str], cwd: Path) -> int:
    env = dict(env, KARTOGRAPHER_PROBE_T0=repr(time.time()))
    done = subprocess.run([*CALLGRIND, *command], env=env, cwd=cwd, capture_output=True, text=True, timeout=1800)
    if done.returncode not in (0, 1):
        raise SystemExit(f"side_by_side: {' '.join(command)} failed under valgrind ({done.returncode}): "
                         f"{done.stderr.strip()[-300:]}")
    return instruction_count(done.stderr)


def _with_floors(only: tuple[str, ...]) -> set[str]:
    """The rows asked for, their floors (a row's own and its counted one) and those floors' floors."""
    floors = {r.name: {r.floor, COUNTED_FLOORS.get(r.name, (None,))[0]} - {None} for r in ROWS}
    chosen, todo = set(), list(only)
    while todo:
        name = todo.pop()
        if name not in chosen:
            chosen.add(name)
            todo.extend(floors.get(name, ()))  # type: ignore[arg-type]
    return chosen


@contextmanager
def _workspace(kartographer: str, python: str, only: tuple[str, ...]):
    """(folder, environment, commands, the rows to run): the workloads written, a throwaway home."""
    with tempfile.TemporaryDirectory(prefix="kartographer-speed-") as folder:
        work = Path(folder)
        env = _environment(work / "home")
        for count in (400, 2000):
            subprocess.run([python, str(HERE / "workload.py"), str(count), str(work / f"crowded-{count}.track.json")],
                           env=env, check=True, cwd=work)
        names = [r.name for r in ROWS if not only or r.name in _with_floors(only)]
        yield work, env, _commands(kartographer, python, work), names


def measure(kartographer: str, python: str, runs: int = 5, only: tuple[str, ...] = ()
            ) -> dict[str, list[tuple[float, float]]]:
    """(wall, CPU) seconds per row, `runs` of them each (after one warm-up round: byte-code caches and the
    parsed fonts written, as a user's earlier runs have)."""
    with _workspace(kartographer, python, only) as (work, env, commands, names):
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in names}
        for round_ in range(runs + 1):
            for name in names:
                seconds = _time(commands[name], env, work)
                if round_:
                    times[name].append(seconds)
        return times


def count_instructions(kartographer: str, python: str, only: tuple[str, ...] = ()) -> dict[str, int]:
    """Instructions per row, one run each under callgrind (after one plain warm-up run, which writes the
    byte-code caches and the parsed fonts, as a user's earlier runs have), as many rows at a time as there
    are cores."""
    with _workspace(kartographer, python, only) as (work, env, commands, names):
        for name in names:
            _time(commands[name], env, work)
        with ThreadPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
            counts = pool.map(lambda name: _instructions(commands[name], env, work), names)
            return dict(zip(names, counts, strict=True))


#: Counted, each row against the floor the issue (#33) sets it, one that imports the same libraries
#: (pydantic, shapely and so numpy) without using them, and the issue's target for that ratio.
COUNTED_FLOORS = {
    "export 400": ("floor 400 + libraries", 1.5),
    "export 2000": ("floor 2000 + libraries", 2.0),
    "validate starter": ("floor 400 + libraries", 1.1),
    "cards 66": ("floor 400 + libraries", 1.3),
    "window shown": ("bare + libraries", 1.5),
    "starter drawn": ("bare + libraries", 1.6),
}
PER_ELEMENT = "export per element"


def report_instructions(counts: dict[str, int]) -> list[dict]:
    """Per row: its instruction count and the ratio to its floor's (the floor with the same libraries where
    COUNTED_FLOORS names one); with both tables counted, also the export's instructions per element (the
    slope from 400 to 2,000 elements) against the reportlab floor's, the issue's ≤ 2× target."""
    rows = []
    for row in ROWS:
        if row.name not in counts:
            continue
        floor, target = COUNTED_FLOORS.get(row.name, (row.floor, row.target))
        if floor not in counts:
            floor, target = row.floor, row.target
        rows.append({"row": row.name, "instructions": counts[row.name], "floor": floor,
                     "ratio": round(counts[row.name] / counts[floor], 2) if floor in counts else None,
                     "target": target})
    if {"export 400", "export 2000", "floor 400", "floor 2000"} <= set(counts):
        ours = (counts["export 2000"] - counts["export 400"]) / 1600
        floor_slope = (counts["floor 2000"] - counts["floor 400"]) / 1600
        rows.append({"row": PER_ELEMENT, "instructions": round(ours), "floor": "floor per element",
                     "floor_instructions": round(floor_slope), "ratio": round(ours / floor_slope, 2), "target": 2.0})
    return rows


def report(times: dict[str, list[tuple[float, float]]]) -> list[dict]:
    """Per row: the medians of wall and CPU time, and the wall-time ratio to its floor against the target."""
    medians = {name: statistics.median(w for w, _ in values) for name, values in times.items()}
    cpu = {name: statistics.median(c for _, c in values) for name, values in times.items()}
    rows = []
    for row in ROWS:
        if row.name not in medians:
            continue
        ratio = medians[row.name] / medians[row.floor] if row.floor in medians else None
        cpu_ratio = cpu[row.name] / cpu[row.floor] if cpu.get(row.floor) else None
        rows.append({"row": row.name, "median_s": round(medians[row.name], 3), "cpu_s": round(cpu[row.name], 3),
                     "runs_s": [round(w, 3) for w, _ in times[row.name]], "floor": row.floor,
                     "ratio": None if ratio is None else round(ratio, 2),
                     "cpu_ratio": None if cpu_ratio is None else round(cpu_ratio, 2), "target": row.target,
                     "met": None if ratio is None or row.target is None else ratio <= row.target})
    return rows


def _show(rows: list[dict], as_json: bool, figure, verdict) -> None:
    """Rows as JSON, or a line each: the row, `figure(row)`, its ratio and `verdict(row)` on its target."""
    if as_json:
        print(json.dumps(rows, indent=2))
        return
    for r in rows:
        ratio = "" if r["ratio"] is None else f"{r['ratio']:5.2f}× {r['floor']}"
        if r["target"] is not None:
            ratio += verdict(r)
        print(f"{r['row']:22s} {figure(r)}  {ratio}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kartographer", default=str(Path(sys.executable).with_name("kartographer")))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", action="append", default=[], help="measure only this row (and its floor)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions under valgrind instead of timing (one run a row)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    only = tuple(args.only)
    if args.instructions:
        _show(report_instructions(count_instructions(args.kartographer, sys.executable, only)), args.json,
              lambda r: f"{r['instructions'] / 1e9:7.3f} G instructions",
              lambda r: f" (target ≤ {r['target']}×)")
    else:
        _show(report(measure(args.kartographer, sys.executable, args.runs, only)), args.json,
              lambda r: f"{r['median_s']:7.3f} s  (CPU {r['cpu_s']:6.3f} s)",
              lambda r: f" (target ≤ {r['target']}×: " + ("met)" if r["met"] else "NOT met)"))


if __name__ == "__main__":
    main()
