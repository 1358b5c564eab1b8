"""Reading JSON documents defensively: regular files only, size checked first and the read itself bounded,
strict UTF-8, no duplicate keys, bounded nesting, a bounded number of objects and lists.

Each object or list costs Python some 80 bytes however little it holds, so 30 MB of `[[],[],…]` would take
800 MB to parse: past `MAX_CONTAINERS` a document is refused before it is parsed (no real document comes
near: a track of 20,000 elements has some 100,000)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

from designer.i18n import _, format_number
from designer.io.display import clip
from designer.io.errors import DocumentError
from designer.io.filekind import special_kind

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_NESTING = 64
MAX_CONTAINERS = 1_000_000


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(_("duplicate key '{key}'").format(key=clip(key)))
        result[key] = value
    return result


# Tokens of the nesting scan. Possessive quantifiers (`*+`, `++`) never backtrack, so the regex engine keeps
# no per-character state: one 30 MB string costs no extra memory. A "leaves" token is a run of innermost
# containers (no container inside) with what lies between them, one level deeper than where it starts, so
# long flat lists such as [[x, y], [x, y], …] are a single token.
_STR = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_FLAT = rf'(?:[^\[\]{{}}"]++|{_STR})*+'
_LEAF = rf"[\[{{]{_FLAT}[\]}}]"
_STRING = re.compile(_STR, re.DOTALL)
_TOKEN = re.compile(
    rf"(?P<leaves>{_LEAF}(?:[^\[\]{{}}\"]++|{_STR}|{_LEAF})*+)"
    rf"|(?P<string>{_STR})"
    r"|(?P<open>[\[{])"
    r"|(?P<close>[\]}]++)"
    r'|(?P<quote>")',  # a string that never ends
    re.DOTALL,
)


def _nesting_depth_exceeds(text: str, limit: int) -> bool:
    """Whether brackets outside strings nest deeper than `limit`, so absurd nesting is refused before the
    parser recurses. One pass, O(1) extra memory, stopping as soon as the limit is passed."""
    depth = 0
    for token in _TOKEN.finditer(text):
        kind = token.lastgroup
        if kind == "open":
            depth += 1
            if depth > limit:
                return True
        elif kind == "leaves":
            if depth + 1 > limit:
                return True
        elif kind == "close":
            depth = max(depth - (token.end() - token.start()), 0)
        elif kind == "quote":
            return False  # broken JSON from here on: the parser says where
    return False


def _containers(text: str, limit: int) -> int:
    """How many objects and lists `text` holds, or any number up to `limit` when it surely holds no more."""
    found = text.count("[") + text.count("{")
    if found <= limit:
        return found  # brackets inside strings counted too: an upper bound, exact enough below the limit
    for string in _STRING.finditer(text):
        found -= string.group().count("[") + string.group().count("{")
    return found


def parse_json_text(text: str, source: str | Path) -> Any:
    if _nesting_depth_exceeds(text, MAX_NESTING):
        raise DocumentError(source, _("JSON nested deeper than {n} levels").format(n=MAX_NESTING))
    if (containers := _containers(text, MAX_CONTAINERS)) > MAX_CONTAINERS:
        raise DocumentError(source, _("too many JSON objects and lists ({count}; the limit is {limit})").format(
            count=format_number(containers, 0), limit=format_number(MAX_CONTAINERS, 0)))
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        where = _("line {line}, column {column}").format(line=exc.lineno, column=exc.colno)
        reason = _("the file is empty") if not text.strip() else _("not valid JSON ({reason})").format(reason=exc.msg)
        raise DocumentError(source, reason, where) from None
    except ValueError as exc:  # duplicate keys
        raise DocumentError(source, str(exc)) from None
    except RecursionError:
        raise DocumentError(source, _("JSON nested too deeply")) from None


def read_regular_file(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of `path`, which must be a regular file (or a link to one) of at most `max_bytes`.

    A FIFO, a device or a socket is refused from its `stat`, before it is opened, so nothing blocks and
    nothing endless is read; the descriptor is checked again after opening (the name may have been
    swapped), and at most `max_bytes + 1` bytes are read, so a file growing meanwhile is still bounded.
    """
    path = Path(path)
    try:
        _check_regular(path, os.stat(path).st_mode)
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            info = os.fstat(fd)
            _check_regular(path, info.st_mode)
            _check_size(path, info.st_size, max_bytes)
            data = _read_at_most(fd, max_bytes + 1)
        finally:
            os.close(fd)
    except FileNotFoundError:
        raise DocumentError(path, _("no such file")) from None
    except PermissionError:
        raise DocumentError(path, _("permission denied")) from None
    except OSError as exc:
        raise DocumentError(path, exc.strerror or str(exc)) from None
    except ValueError:  # NUL in the name
        raise DocumentError(path, _("a file name cannot contain NUL")) from None
    _check_size(path, len(data), max_bytes)
    return data


def _check_regular(path: Path, mode: int) -> None:
    kind = special_kind(mode)
    if kind is not None:
        raise DocumentError(path, _("is {kind}, not a regular file").format(kind=kind))


def _check_size(path: Path, size: int, max_bytes: int) -> None:
    if size > max_bytes:
        raise DocumentError(path, _("file is too large ({size} bytes; the limit is {limit})").format(
            size=format_number(size, 0), limit=format_number(max_bytes, 0)))


def _read_at_most(fd: int, limit: int) -> bytes:
    data = bytearray()
    while len(data) < limit:
        chunk = os.read(fd, min(limit - len(data), 1 << 20))
        if not chunk:
            break
        data += chunk
    return bytes(data)


def read_json_file(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Return the parsed JSON of `path` or raise DocumentError naming the file and the reason."""
    path = Path(path)
    raw = read_regular_file(path, max_bytes)
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentError(path, _("not UTF-8 text (bad byte at offset {offset})").format(offset=exc.start)) from None
    del raw  # a 30 MB file should not stay in memory twice while it is parsed
    return parse_json_text(text, path)


def dumps_json(data: Any) -> str:
    """The canonical text of every file we write: two-space indents, characters as they are, a final newline
    (so save → load → save gives identical bytes)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
