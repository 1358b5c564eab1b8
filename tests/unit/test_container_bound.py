"""Documents of countless empty objects or lists: every `{}` or `[]` costs Python some 80 bytes, so 30 MB of
them took 800 MB to parse. Past MAX_CONTAINERS a document is refused, on one line, before it is parsed, and a
command's peak memory stays under four times the file plus 300 MB."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from designer.io.errors import DocumentError
from designer.io.jsonfile import MAX_CONTAINERS, parse_json_text
from designer.paths import TEMPLATES_DIR

SIZE = 30 * 1024 * 1024
# The peak of the whole process (VmHWM: ru_maxrss would carry the parent's over through exec).
PEAK = """
import sys
from designer.cli import main
code = main(sys.argv[1:])
print([int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM')][0])
sys.exit(code)
"""


def _run(*argv: str | Path) -> tuple[int, int, str]:
    """(exit code, peak kB, stderr) of a CLI command in a fresh process."""
    done = subprocess.run([sys.executable, "-c", PEAK, *map(str, argv)], capture_output=True, text=True,
                          timeout=60)
    return done.returncode, int(done.stdout.strip().splitlines()[-1]), done.stderr


def _empties(path: Path, head: str, item: str, tail: str) -> Path:
    count = (SIZE - len(head) - len(tail)) // (len(item) + 1)
    path.write_text(head + ",".join([item] * count) + tail, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def campaign(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("careers")
    path = folder / "career.campaign.json"
    done = subprocess.run([sys.executable, "-m", "designer", "campaign", "new", "--ruleset", "axles-alloys-2",
                           "--player", "Ann:Fred", "-o", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return path


@pytest.mark.parametrize(("kind", "head", "item", "tail"), [
    ("lists", "[", "[]", "]"),
    ("track", '{"elements": [', "{}", "]}"),
    ("campaign", '{"players": [', "{}", "]}"),
    ("vehicle", '{"components": [', "{}", "]}"),
])
def test_thirty_megabytes_of_empty_containers_are_refused_within_bounded_memory(tmp_path, campaign, kind, head,
                                                                               item, tail):
    suffix = {"campaign": ".campaign.json", "vehicle": ".vehicle.json"}.get(kind, ".track.json")
    path = _empties(tmp_path / f"{kind}{suffix}", head, item, tail)
    before = campaign.read_bytes()
    if kind == "campaign":
        code, peak_kb, err = _run("campaign", "standings", path)
    elif kind == "vehicle":
        code, peak_kb, err = _run("campaign", "driver", "add", "--name", "Zed", "--player", "Ann",
                                  "--vehicle-file", path, campaign)
    else:
        code, peak_kb, err = _run("validate", path)
    assert peak_kb < (4 * SIZE + 300 * 1024 * 1024) // 1024, peak_kb  # the old code peaked at 845-877 MB
    assert code != 0 and "too many JSON objects and lists" in err and "Traceback" not in err, err
    assert sum("too many" in line for line in err.splitlines()) == 1
    assert campaign.read_bytes() == before  # nothing written


def test_the_bound_is_exact_and_brackets_in_strings_do_not_count():
    assert len(parse_json_text("[" + ",".join(["[]"] * (MAX_CONTAINERS - 1)) + "]", "t.json")) == MAX_CONTAINERS - 1
    with pytest.raises(DocumentError, match="too many JSON objects and lists") as refused:
        parse_json_text("[" + ",".join(["{}"] * MAX_CONTAINERS) + "]", "t.json")
    assert "1,000,001" in str(refused.value) and "\n" not in str(refused.value)
    text = '{"name": "' + "[{" * MAX_CONTAINERS + '", "more": "\\"[[[", "list": [[], {}]}'
    assert parse_json_text(text, "t.json")["list"] == [[], {}]


def test_real_documents_are_far_from_the_bound():
    for path in TEMPLATES_DIR.glob("*.json"):
        text = path.read_text(encoding="utf-8")
        assert text.count("[") + text.count("{") < MAX_CONTAINERS // 100, path.name
