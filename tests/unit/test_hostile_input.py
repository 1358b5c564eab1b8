"""Reading hostile files: only regular files are read (a FIFO, /dev/zero, /dev/urandom or a socket is
refused at once, never waited on), reads are bounded, and the nesting pre-scan is linear with O(1) extra
memory. Anything that could hang or eat memory on the old code runs in a subprocess with a timeout and an
address-space limit, so a regression fails instead of stalling the suite."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from designer.cli import main
from designer.io.campaign_io import load_campaign
from designer.io.errors import DocumentError
from designer.io.jsonfile import MAX_NESTING, _nesting_depth_exceeds, parse_json_text, read_json_file
from designer.io.track_io import load_track
from designer.paths import TEMPLATES_DIR

LUIGI = TEMPLATES_DIR / "mushroom-cup-1-luigi-circuit.track.json"
TIMEOUT_S = 10
MEMORY_LIMIT = 2 * 1024**3  # address space for a child: the old code blows past it on /dev/zero


def _limit_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def run_python(code: str, *args: str) -> subprocess.CompletedProcess:
    """`code` in a fresh interpreter, killed after TIMEOUT_S (the test then fails, it does not hang)."""
    try:
        return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], capture_output=True,
                              text=True, timeout=TIMEOUT_S, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still running after {TIMEOUT_S} s: the read blocked or never ended")


def run_cli(*argv: str | Path) -> subprocess.CompletedProcess:
    return run_python("import sys; from designer.cli import main; sys.exit(main(sys.argv[1:]))",
                      *map(str, argv))


class Blocked(Exception):
    """Raised by `deadline`; not an OSError, so no `except OSError` in the code under test swallows it."""


@pytest.fixture
def deadline():
    """In-process guard: a call that blocks for TIMEOUT_S raises instead of hanging the suite."""
    def expired(signum, frame):
        raise Blocked(f"blocked for {TIMEOUT_S} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.alarm(TIMEOUT_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


@pytest.fixture
def fifo(tmp_path) -> Path:
    path = tmp_path / "pipe.track.json"
    os.mkfifo(path)
    return path


def one_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2, (result.stdout, result.stderr)
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr, result.stderr
    return result.stderr.strip()


# --- B.1 only regular files ------------------------------------------------------------------------
def test_a_fifo_is_refused_without_waiting_for_a_writer(fifo, deadline):
    with pytest.raises(DocumentError) as caught:
        read_json_file(fifo)
    assert str(caught.value) == f"{fifo}: is a named pipe (FIFO), not a regular file"


def test_a_link_to_a_fifo_is_refused_and_a_link_to_a_file_still_reads(tmp_path, fifo, deadline):
    (tmp_path / "to-pipe.json").symlink_to(fifo)
    with pytest.raises(DocumentError, match="named pipe"):
        read_json_file(tmp_path / "to-pipe.json")
    (tmp_path / "to-track.json").symlink_to(LUIGI)
    assert load_track(tmp_path / "to-track.json") == load_track(LUIGI)


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "s.track.json"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        with pytest.raises(DocumentError) as caught:
            read_json_file(path)
    finally:
        server.close()
    assert str(caught.value) == f"{path}: is a socket, not a regular file"


def test_a_folder_is_refused(tmp_path):
    with pytest.raises(DocumentError) as caught:
        read_json_file(tmp_path)
    assert str(caught.value) == f"{tmp_path}: is a folder, not a regular file"


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_endless_devices_are_refused_before_reading(device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    result = run_python("""
        import sys
        from designer.io.errors import DocumentError
        from designer.io.jsonfile import read_json_file
        try:
            read_json_file(sys.argv[1])
        except DocumentError as exc:
            print(exc)
        """, device)
    assert result.returncode == 0, result.stderr
    assert result.stdout == f"{device}: is a device, not a regular file\n"


@pytest.mark.parametrize("command", ["validate", "export"])
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_the_cli_refuses_endless_devices_on_one_line(tmp_path, command, device):
    argv = [command, device] + (["-o", tmp_path / "out.pdf"] if command == "export" else [])
    assert one_line(run_cli(*argv)) == f"{device}: is a device, not a regular file"
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize("command", ["validate", "export", "campaign"])
def test_the_cli_refuses_a_fifo_on_one_line(tmp_path, fifo, command):
    argv = {"validate": ["validate", fifo], "export": ["export", fifo, "-o", tmp_path / "out.pdf"],
            "campaign": ["campaign", "standings", fifo]}[command]
    assert one_line(run_cli(*argv)) == f"{fifo}: is a named pipe (FIFO), not a regular file"


def test_the_cli_in_process_refuses_a_fifo(capsys, fifo, deadline):
    assert main(["validate", str(fifo)]) == 2
    assert capsys.readouterr().err == f"{fifo}: is a named pipe (FIFO), not a regular file\n"


@pytest.fixture
def cup_on_a_fifo(tmp_path, capsys, fifo) -> Path:
    """A campaign whose first race's track names a FIFO (edited by hand)."""
    track = tmp_path / "luigi.track.json"
    shutil.copy(LUIGI, track)
    path = tmp_path / "cup.campaign.json"
    assert main(["campaign", "new", "--ruleset", "mk-gaslands", "--player", "A:Mario", "B:Luigi",
                 "--track", str(track), "-o", str(path)]) == 0
    capsys.readouterr()
    data = json.loads(path.read_text(encoding="utf-8"))
    data["races"][0]["track"] = fifo.name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_campaign_whose_track_is_a_fifo_does_not_hang(cup_on_a_fifo, deadline):
    doc, ctx = load_campaign(cup_on_a_fifo)
    assert doc.races[0].track == "pipe.track.json" and ctx.track_limits == {}


def test_campaign_commands_on_tracks_that_are_a_fifo_and_a_device_finish(tmp_path, cup_on_a_fifo):
    data = json.loads(cup_on_a_fifo.read_text(encoding="utf-8"))
    data["races"][1]["track"] = "/dev/zero"
    cup_on_a_fifo.write_text(json.dumps(data), encoding="utf-8")
    result = run_cli("campaign", "standings", cup_on_a_fifo)
    assert result.returncode == 0 and result.stderr == "", result.stderr
    out = tmp_path / "cup.pdf"
    result = run_cli("campaign", "print", cup_on_a_fifo, "-o", out)
    assert result.returncode == 0 and result.stdout == f"wrote {out}: 3 pages\n", result.stderr  # sheet + 2 dashboards
    result = run_cli("campaign", "result", cup_on_a_fifo, "--race", "1", "--player", "A", "--place", "1")
    assert result.returncode == 0, result.stderr


def test_the_size_limit_still_holds(tmp_path):
    path = tmp_path / "t.json"
    path.write_bytes(b"[" + b" " * 98 + b"]")
    assert read_json_file(path, max_bytes=100) == []
    with pytest.raises(DocumentError, match=r"too large \(100 bytes; the limit is 99\)"):
        read_json_file(path, max_bytes=99)


def test_a_byte_order_mark_is_still_accepted(tmp_path):
    path = tmp_path / "bom.json"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}')
    assert read_json_file(path) == {"a": 1}


# --- B.2 the nesting pre-scan ----------------------------------------------------------------------
@pytest.mark.parametrize(("text", "deeper"), [
    ("[" * MAX_NESTING + "]" * MAX_NESTING, False),
    ("[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1), True),
    ("[" * (MAX_NESTING - 1) + "[1, 2], [3]" + "]" * (MAX_NESTING - 1), False),
    ("[" * MAX_NESTING + "[1]" + "]" * MAX_NESTING, True),
    ('{"a":' * (MAX_NESTING + 1) + "1" + "}" * (MAX_NESTING + 1), True),
    ('{"a":' * MAX_NESTING + "1" + "}" * MAX_NESTING, False),
    ('["' + "[" * 500 + '"]', False),  # brackets inside a string do not count
    ('["\\"' + "[" * 500 + '"]', False),  # nor after an escaped quote
    ('["\\\\"' + ", [" * (MAX_NESTING + 1), True),  # an escaped backslash ends the string
    ("[" + '[], {"a": [1, 2]}, [1, {}], ' * 1000 + "0]", False),
    ("[" * (MAX_NESTING - 1) + '[], {"a": [1, 2]}' + "]" * (MAX_NESTING - 1), True),
    ('"' + "[" * 500, False),  # an unterminated string: the parser reports it
    ("]" * 10 + "[" * (MAX_NESTING + 1), True),
])
def test_nesting_scan(text, deeper):
    assert _nesting_depth_exceeds(text, MAX_NESTING) is deeper


def test_too_deep_is_refused_and_deep_enough_parses():
    with pytest.raises(DocumentError, match="nested deeper than 64 levels"):
        parse_json_text("[" * 65 + "]" * 65, "t.json")
    value, depth = parse_json_text("[" * 64 + "]" * 64, "t.json"), 1
    while value:
        value, depth = value[0], depth + 1
    assert value == [] and depth == 64


PEAK_SCRIPT = """
    import json, resource, sys
    from designer.io.errors import DocumentError
    from designer.io.jsonfile import read_json_file
    try:
        data = read_json_file(sys.argv[1])
        outcome = "loaded " + str(len(data["name"]))
    except DocumentError as exc:
        outcome = "refused: " + exc.reason
    print(json.dumps({"outcome": outcome, "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    """


@pytest.mark.parametrize("content", ["plain", "escapes"])
def test_a_30_mb_string_loads_with_a_bounded_peak(tmp_path, content):
    """One 30 MB string in a small object: loaded in well under 400 MB (the old scan took ~3.7 GB)."""
    path = tmp_path / "big.json"
    body = "x" * 30_000_000 if content == "plain" else "\\n" * 15_000_000
    path.write_text('{"name": "' + body + '"}', encoding="utf-8")
    result = run_python(PEAK_SCRIPT, str(path))
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["outcome"] == f"loaded {len(body) if content == 'plain' else 15_000_000}"
    assert report["peak_kb"] < 400 * 1024, report
