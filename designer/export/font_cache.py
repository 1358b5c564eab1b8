"""TrueType faces parsed once, not at every print: `load_ttfont(name, path)` is reportlab's `TTFont(name, path)`.

reportlab reads a font's tables in Python when it loads one: about 30 ms for DejaVu Sans, and every print
command loads the regular and the bold. What that parse finds (glyph map, widths, metrics, names) is kept
in the user's cache folder after the first time and read back in a few milliseconds while the font file
(path, size, times, inode), reportlab and Python stay the same; the font's own bytes are still read
from its file, as reportlab reads them. Whatever goes wrong with the cache (no folder, a file that does not
read, an entry for another font) the font is parsed as before, so the cache can make a print faster but
never different.

The entries are plain data in `marshal`'s format (numbers, strings, bytes, lists, dicts), written
atomically; nothing in them is executed.
"""

from __future__ import annotations

import hashlib
import marshal
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
from reportlab.pdfbase.ttfonts import TTEncoding, TTFNameBytes, TTFont, TTFontFace

from designer.io.errors import DocumentError
from designer.io.jsonfile import read_regular_file

CACHE_ENV = "KARTOGRAPHER_CACHE_DIR"
#: Bump when what an entry holds changes.
FORMAT = 2
#: Larger entries or font files are not read from the cache (DejaVu Sans: 0.34 MB and 0.76 MB).
MAX_ENTRY_BYTES = 16 * 1024 * 1024
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
    return "|".join(map(str, (FORMAT, reportlab.Version, sys.version_info[:3], marshal.version, path.resolve(),
                              found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino)))


def _entry(key: str) -> Path:
    return cache_dir() / (hashlib.sha256(key.encode("utf-8", "surrogateescape")).hexdigest()[:32] + ".face")


def _kept(face: TTFontFace) -> dict[str, Any]:
    kept: dict[str, Any] = {}
    for name, value in vars(face).items():
        if name in _NOT_KEPT:
            continue
        # a name string remembers its text: kept as the text, made again on loading
        kept[name] = ("name", value.ustr) if isinstance(value, TTFNameBytes) else ("value", value)
    return kept


def _scale(units_per_em: int) -> Callable[[float], float]:
    if units_per_em == 1000:
        return lambda x: x
    factor = 1000 / units_per_em
    return lambda x: x * factor


def _face(kept: dict[str, Any], data: bytes) -> TTFontFace:
    face = TTFontFace.__new__(TTFontFace)
    for name, (sort, value) in kept.items():
        setattr(face, name, TTFNameBytes(value.encode("utf-8")) if sort == "name" else value)
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


def _cached_font(name: str, key: str, path: Path) -> TTFont | None:
    try:
        # regular files only, read bounded: an entry swapped for a FIFO or a device must not block or run on
        stored = marshal.loads(read_regular_file(_entry(key), MAX_ENTRY_BYTES))
        data = read_regular_file(path, MAX_FONT_BYTES)
    except (DocumentError, EOFError, ValueError, TypeError):
        return None
    if not isinstance(stored, dict) or stored.get("key") != key or not isinstance(stored.get("face"), dict) \
            or len(data) != stored.get("size"):
        return None
    try:
        font = _font(name, _face(stored["face"], data))
    except (TypeError, ValueError, AttributeError):
        return None
    # `_font` repeats TTFont.__init__; the entry records the attributes the real one had under this reportlab
    # (part of the key), so a reportlab whose TTFont holds more than `_font` sets is parsed, never half-built
    return font if sorted(vars(font)) == stored.get("font") else None


def _write(key: str, font: TTFont) -> None:
    # Not io.atomic.atomic_write_bytes: a document save must refuse a FIFO or a folder in its place and
    # must reach the disk (fsync); a cache entry replaces whatever stands in its place and may be lost.
    entry = _entry(key)
    try:
        blob = marshal.dumps({"key": key, "size": len(font.face._ttf_data), "face": _kept(font.face),
                              "font": sorted(vars(font))})
        entry.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=entry.parent, prefix=".", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(blob)
            os.replace(temporary, entry)
        except BaseException:
            os.unlink(temporary)
            raise
    except (OSError, ValueError):
        pass  # no cache this time: the next print parses the font again


def load_ttfont(name: str, path: str | Path) -> TTFont:
    """`TTFont(name, path)`, from the cache when it holds this font file; raises as `TTFont` does."""
    path = Path(path)
    key = _key(path)
    cached = _cached_font(name, key, path) if key is not None else None
    if cached is not None:
        return cached
    font = TTFont(name, str(path))
    if key is not None:
        _write(key, font)
    return font
