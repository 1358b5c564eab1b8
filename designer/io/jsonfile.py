"""Reading JSON documents defensively: size checked first, strict UTF-8, no duplicate keys, bounded nesting."""

from __future__ import annotations

import json
import re
from itertools import accumulate
from pathlib import Path
from typing import Any

from designer.io.errors import DocumentError

MAX_FILE_BYTES = 32 * 1024 * 1024
MAX_NESTING = 64


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"duplicate key '{key}'")
        result[key] = value
    return result


_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _nesting_depth_exceeds(text: str, limit: int) -> bool:
    """Cheap scan of the brackets outside strings, so absurd nesting is refused before the parser
    recurses (regular expressions do the character-by-character work)."""
    brackets = _BRACKET.findall(_STRING.sub("", text))
    return max(accumulate(_STEP[b] for b in brackets), default=0) > limit


def parse_json_text(text: str, source: str | Path) -> Any:
    if _nesting_depth_exceeds(text, MAX_NESTING):
        raise DocumentError(source, f"JSON nested deeper than {MAX_NESTING} levels")
    try:
        return json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        where = f"line {exc.lineno}, column {exc.colno}"
        reason = "the file is empty" if not text.strip() else f"not valid JSON ({exc.msg})"
        raise DocumentError(source, reason, where) from None
    except ValueError as exc:  # duplicate keys
        raise DocumentError(source, str(exc)) from None
    except RecursionError:
        raise DocumentError(source, "JSON nested too deeply") from None


def read_json_file(path: str | Path, max_bytes: int = MAX_FILE_BYTES) -> Any:
    """Return the parsed JSON of `path` or raise DocumentError naming the file and the reason."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if path.is_dir():
            raise DocumentError(path, "is a folder, not a file")
        if size > max_bytes:
            raise DocumentError(path, f"file is too large ({size:,} bytes; the limit is {max_bytes:,})")
        raw = path.read_bytes()
    except FileNotFoundError:
        raise DocumentError(path, "no such file") from None
    except PermissionError:
        raise DocumentError(path, "permission denied") from None
    except OSError as exc:
        raise DocumentError(path, exc.strerror or str(exc)) from None
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DocumentError(path, f"not UTF-8 text (bad byte at offset {exc.start})") from None
    return parse_json_text(text, path)
