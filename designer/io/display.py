"""Text that is safe to print: names and paths from files, argv or the file system, shown escaped.

A track, player or file name can hold anything: a terminal escape (ESC [ 2 J clears the screen), a
bell, NUL, a right-to-left override that makes `gpj.exe` read as `exe.jpg`, or bytes that are not
UTF-8 (Python keeps those as lone surrogates, which a strict UTF-8 stream refuses to write). `printable`
turns each of these into a visible escape, so every CLI line shows what is really there, prints under
any encoding error handler, and stays on one line. Everything else is left as it is. `json_printable`
does the same for JSON output with JSON's own escapes, so the data still reads back exactly.
"""

from __future__ import annotations

import re
from functools import cache

# C0 and C1 controls, DEL, the bidirectional marks, overrides and isolates, line and paragraph
# separators, the byte-order mark, and lone surrogates.
_HIDDEN = "[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]"
_HIDDEN_IN_JSON = _HIDDEN.replace("\x00-\x1f", "\x00-\x09\x0b-\x1f")  # keeps newlines


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """Compiled when first needed: printable ASCII (most lines) never is, and compiling these classes costs
    a command's start-up more than all its lines."""
    return re.compile(pattern)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # one undecodable byte kept by the file system or argv (surrogateescape)
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: object) -> str:
    """`text` with control, bidirectional and undecodable characters written as \\x1b, \\u202e or \\xff
    (the original byte); everything else, backslashes included, is unchanged."""
    shown = str(text)
    if shown.isascii() and shown.isprintable():  # nothing of _HIDDEN is printable ASCII
        return shown
    return _pattern(_HIDDEN).sub(_escape, shown)


def json_printable(text: str) -> str:
    """JSON text (from `json.dumps(..., ensure_ascii=False)`) with the same characters written as \\uXXXX
    escapes: still valid JSON, decoding to the very same strings."""
    if text.isascii() and text.replace("\n", "").isprintable():
        return text
    return _pattern(_HIDDEN_IN_JSON).sub(lambda m: f"\\u{ord(m.group()):04x}", text)


#: How much of a value an error line quotes: enough to recognise it, never a whole 30 MB string.
QUOTE_LIMIT = 80


def clip(value: object, limit: int = QUOTE_LIMIT) -> str:
    """`value` as text, cut to `limit` characters with an ellipsis when longer: the one place that decides
    how much of an offending value (a field, a key, an argument) a refusal quotes."""
    text = str(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def is_text(value: str) -> bool:
    """False for a name holding bytes that are not UTF-8 (argv keeps them as lone surrogates)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def print_table(rows: list[list[str]], left: tuple[int, ...] = (1, 2)) -> None:
    """Print rows of cells (the first the heading) in columns two spaces apart: the `left` columns (names)
    aligned left, the others (numbers) right."""
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    for row in rows:
        cells = [cell.ljust(w) if i in left else cell.rjust(w)
                 for i, (cell, w) in enumerate(zip(row, widths, strict=True))]
        print("  ".join(cells).rstrip())
