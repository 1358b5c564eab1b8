"""TrueType faces parsed once, not at every print: `load_ttfont(name, path)` is reportlab's `TTFont(name, path)`.

reportlab reads a font's tables in Python when it loads one: about 30 ms for DejaVu Sans, and every print
command loads the regular and the bold. What that parse finds (glyph map, widths, metrics, names) is kept
in the user's cache folder after the first time and read back in a few milliseconds while the font file
(path, size, times, inode), reportlab and Python stay the same; the font's own bytes are still read
from its file, as reportlab reads them. Whatever goes wrong with the cache (no folder, a file that does not
read, an entry for another font) the font is parsed as before, so the cache can make a print faster but
never different.

An entry is JSON, read as data from disk that anyone may have changed: bounded in size, and checked
attribute by attribute against what reportlab's parse makes (the same attributes, their types, lengths and
ranges: glyph numbers below the glyph count, table offsets inside the font file, finite widths). An entry
that does not pass is ignored and the font parsed again; an entry is written only when reading it back
gives exactly what the parse found, so a font from the cache prints the same bytes.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sys
import tempfile
from collections.abc import Callable
from fnmatch import fnmatch
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import platformdirs
import reportlab
from reportlab import rl_config
from reportlab.pdfbase import ttfonts
from reportlab.pdfbase.ttfonts import TTEncoding, TTFError, TTFont, TTFontFace

from designer.export import font_entry
from designer.io.errors import DocumentError
from designer.io.jsonfile import read_regular_file

CACHE_ENV = "KARTOGRAPHER_CACHE_DIR"
#: Bump when what an entry holds changes.
FORMAT = 3
#: Larger entries are not read (DejaVu Sans: about 0.3 MB), larger font files not loaded at all (0.76 MB):
#: the bound keeps what a planted entry can cost in memory to some 50 MB.
MAX_ENTRY_BYTES = 2 * 1024 * 1024
MAX_FONT_BYTES = 64 * 1024 * 1024
#: Face attributes not kept: the font file's bytes (read from the file) and a scale function (rebuilt).
_NOT_KEPT = ("_ttf_data", "_pdfScale")


def cache_dir() -> Path:
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("Kartographer", appauthor=False)) / "fonts"


def _key(path: Path) -> str | None:
    try:
        found = path.stat()
    except OSError:
        return None
    # ctime and inode too: a file replaced by another of the same size and date still gets a new key
    return "|".join(map(str, (FORMAT, reportlab.Version, sys.version_info[:3], path.resolve(),
                              found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)))


def _entry(key: str) -> Path:
    return cache_dir() / (hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".face")


def _kept(face: TTFontFace) -> dict[str, Any]:
    return {name: value for name, value in vars(face).items() if name not in _NOT_KEPT}


def _scale(units_per_em: int) -> Callable[[float], float]:
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _face(kept: dict[str, Any], data: bytes) -> TTFontFace:
    face = TTFontFace.__new__(TTFontFace)
    vars(face).update(kept)
    face._ttf_data = data
    face._pdfScale = _scale(face.unitsPerEm)
    return face


def _font(name: str, face: TTFontFace) -> TTFont:
    """What `TTFont.__init__` makes of a face (its defaults: no validation, the first subfont, shaping unless
    reportlab's settings turn it off for this name)."""
    font = TTFont.__new__(TTFont)
    font.fontName = name
    font.face = face
    font.encoding = TTEncoding()
    font.state = WeakKeyDictionary()
    font._asciiReadable = rl_config.ttfAsciiReadable
    font.shapable = not any(fnmatch(name, pattern) for pattern in ttfonts.unShapedFontGlob)
    return font


def _no_constant(name: str) -> float:
    raise ValueError(name)  # NaN and Infinity are not JSON, nor in any entry written here


def _cached_font(name: str, key: str, path: Path) -> TTFont | None:
    try:
        # regular files only, read bounded: an entry swapped for a FIFO or a device must not block or run on
        stored = json.loads(read_regular_file(_entry(key), MAX_ENTRY_BYTES), parse_constant=_no_constant)
        if not isinstance(stored, dict) or stored.get("format") != FORMAT or stored.get("key") != key:
            return None
        data = read_regular_file(path, MAX_FONT_BYTES)
        if type(stored.get("size")) is not int or len(data) != stored["size"]:
            return None
        kept = font_entry.decode(stored.get("face"), len(data))
        recorded = stored.get("font")
    except (DocumentError, ValueError, RecursionError):  # JSONDecodeError, BadEntry, bad UTF-8 are ValueErrors
        return None
    font = _font(name, _face(kept, data))
    # `_font` repeats TTFont.__init__; the entry records the attributes the real one had under this reportlab
    # (part of the key), so a reportlab whose TTFont holds more than `_font` sets is parsed, never half-built
    return font if sorted(vars(font)) == recorded else None


def _write(key: str, font: TTFont) -> None:
    # Not io.atomic.atomic_write_bytes: a document save must refuse a FIFO or a folder in its place and
    # must reach the disk (fsync); a cache entry replaces whatever stands in its place and may be lost.
    entry = _entry(key)
    kept = _kept(font.face)
    encoded = font_entry.encode(kept)
    if encoded is None:
        return  # a face this format does not know (a later reportlab): parsed at every print
    blob = json.dumps({"format": FORMAT, "key": key, "size": len(font.face._ttf_data), "face": encoded,
                       "font": sorted(vars(font))}, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    try:
        # only what reads back as exactly the parse's face is kept
        if len(blob) > MAX_ENTRY_BYTES or not font_entry.same(
                font_entry.decode(json.loads(blob)["face"], len(font.face._ttf_data)), kept):
            return
    except ValueError:
        return
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(blob)
            os.replace(temporary, entry)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError:
        pass  # no cache this time: the next print parses the font again


def load_ttfont(name: str, path: str | Path) -> TTFont:
    """`TTFont(name, path)`, from the cache when it holds this font file; raises as `TTFont` does."""
    path = Path(path)
    key = _key(path)
    cached = _cached_font(name, key, path) if key is not None else None
    if cached is not None:
        return cached
    # reportlab reads the whole file: a huge (or sparse) one is refused first
    with contextlib.suppress(OSError):  # a missing file: TTFont says so as it always has
        if path.stat().st_size > MAX_FONT_BYTES:
            raise TTFError(f"{path}: font file too large ({path.stat().st_size} bytes; the limit is {MAX_FONT_BYTES})")
    font = TTFont(name, str(path))
    if key is not None:
        _write(key, font)
    return font
