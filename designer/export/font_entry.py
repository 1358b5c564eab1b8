"""The font cache's entry format: a parsed TrueType face (reportlab's `TTFontFace`) as JSON, and back, checked.

`encode(face)` turns the face's attributes into JSON-able data, or None for a face this format does not know
(an attribute it has no rule for: a later reportlab). `decode(data, font_size)` rebuilds the attributes from
JSON that came from disk, raising `BadEntry` unless every attribute has the type, length and range the parse
would give it: the same set of attributes, glyph numbers below the glyph count, table offsets inside the font
file, finite widths, at least one metric. Dicts keyed by numbers are kept as [keys, values], tuples as lists,
and long lists of numbers as 8-byte integers or doubles in base64 (exact, and read back at C speed: the
warm load must stay well below reportlab's own parse).
"""

from __future__ import annotations

import base64
import math
import sys
from array import array
from collections.abc import Callable
from typing import Any

from reportlab.pdfbase.ttfonts import TTFNameBytes

#: Largest coordinate or width believed, in font units or PDF units (TrueType values are 16-bit).
LIMIT = 1e6
MAX_TEXT = 4096
MAX_CHAR = 0x10FFFF
MAX_GLYPHS = 65535
INT32 = 2**31


class BadEntry(ValueError):
    """An entry that is not what `encode` writes."""


def _check(ok: bool) -> None:
    if not ok:
        raise BadEntry


def _int(value: Any, low: float = -INT32, high: float = INT32) -> int:
    _check(type(value) is int and low <= value <= high)
    return value


def _number(value: Any) -> float:
    _check(type(value) in (int, float) and -LIMIT <= value <= LIMIT)  # NaN fails the comparison
    return value


def _text(value: Any) -> str:
    _check(type(value) is str and len(value) <= MAX_TEXT)
    return value


def _binary(code: str, values: list) -> str | None:
    try:
        packed = array(code, values)
    except OverflowError:
        return None
    if sys.byteorder != "little":
        packed.byteswap()
    return base64.b64encode(packed.tobytes()).decode("ascii")


def _pack(values: list) -> Any:
    """A list of numbers for JSON: integers as 4- or 8-byte binary in base64 (read back at C speed, exactly),
    the few floats among them as [index, value] pairs; floats alone as doubles; anything else as a plain list."""
    if not values:
        return []
    if all(type(v) is float for v in values):
        return {"d": _binary("d", values)}
    floats = [[i, v] for i, v in enumerate(values) if type(v) is float]
    if all(type(v) in (int, float) for v in values) and len(floats) * 4 < len(values) + 4:
        ints = [0 if type(v) is float else v for v in values]
        for code in ("i", "q"):
            text = _binary(code, ints)
            if text is not None:
                return {code: text, "floats": floats} if floats else {code: text}
    return list(values)


def _unpack(value: Any, low: float, high: float, floats: bool = False) -> list:
    """The numbers `_pack` kept, each within [low, high] (integers only unless `floats`)."""
    if type(value) is dict:
        patches = value.get("floats", []) if floats else []
        _check(len(value) == 1 + ("floats" in value) and type(patches) is list)
        code = next(c for c in value if c != "floats")
        text = value[code]
        _check((code in ("i", "q") or (floats and code == "d")) and type(text) is str)
        raw = base64.b64decode(text, validate=True)  # binascii.Error is a ValueError
        found = array(code)
        _check(len(raw) % found.itemsize == 0)
        found.frombytes(raw)
        if sys.byteorder != "little":
            found.byteswap()
        _check(code != "d" or math.isfinite(sum(found)))  # no NaN, no infinity
        values = found.tolist()
        for patch in patches:
            _check(type(patch) is list and len(patch) == 2 and type(patch[1]) is float)
            values[_int(patch[0], 0, len(values) - 1)] = patch[1]
        _check(not patches or math.isfinite(sum(patch[1] for patch in patches)))
    else:
        kinds = (int, float) if floats else (int,)
        _check(type(value) is list and all(type(v) in kinds and low <= v <= high for v in value))
        values = value
    _check(not values or (low <= min(values) and max(values) <= high))
    return values


def _numbers(values: Any) -> list[float]:
    return _unpack(values, -LIMIT, LIMIT, floats=True)


def _keyed(value: Any, count: int = 2) -> list:
    """[keys, …] of a dict keyed by numbers (characters or glyphs): the keys, and `count - 1` more packed lists."""
    _check(type(value) is list and len(value) == count)
    return [_unpack(value[0], 0, MAX_CHAR), *value[1:]]


class _Face:
    """What a decode knows so far: the glyph count and the font file's size bound what follows."""

    def __init__(self, font_size: int) -> None:
        self.font_size = font_size
        self.glyphs = 0
        self.glyf = font_size

    def glyph_count(self, value: Any) -> int:
        self.glyphs = _int(value, 1, MAX_GLYPHS)
        return self.glyphs

    def _record(self, value: Any) -> dict[str, Any]:
        _check(type(value) is dict and value.keys() == {"tag", "checksum", "offset", "length"})
        _text(value["tag"])
        _int(value["checksum"], 0, 2**32)
        offset, length = _int(value["offset"], 0, self.font_size), _int(value["length"], 0, self.font_size)
        _check(offset + length <= self.font_size)
        return value

    def table(self, value: Any) -> dict[str, dict[str, Any]]:
        _check(type(value) is dict and all(type(k) is str and self._record(v)["tag"] == k for k, v in value.items()))
        if "glyf" in value:
            self.glyf = value["glyf"]["length"]
        return value

    def tables(self, value: Any) -> list[dict[str, Any]]:
        _check(type(value) is list and all(self._record(v) for v in value))
        return value

    def cmap(self, value: Any) -> dict[int, int]:
        keys, glyphs = _keyed(value)
        glyphs = _unpack(glyphs, 0, self.glyphs - 1)
        _check(bool(keys) and len(keys) == len(glyphs))
        return dict(zip(keys, glyphs, strict=True))

    def glyph_chars(self, value: Any) -> dict[int, list[int]]:
        keys, firsts, more = _keyed(value, 3)
        firsts = _unpack(firsts, 0, MAX_CHAR)
        _check(len(keys) == len(firsts) and (not keys or max(keys) < self.glyphs) and type(more) is list)
        chars = [[char] for char in firsts]  # nearly every glyph stands for one character
        for extra in more:
            _check(type(extra) is list and len(extra) == 2)
            chars[_int(extra[0], 0, len(chars) - 1)].extend(_unpack(extra[1], 0, MAX_CHAR))
        return dict(zip(keys, chars, strict=True))

    def widths(self, value: Any) -> dict[int, float]:
        found = _widths(value)
        _check(bool(found))
        return found

    def hmetrics(self, value: Any) -> list[tuple[int, int]]:
        _check(type(value) is list and len(value) == 2)
        advances, sides = _unpack(value[0], 0, 65535, floats=True), _unpack(value[1], 0, 65535)  # a few are floats
        _check(1 <= len(advances) == len(sides) <= self.glyphs)
        return list(zip(advances, sides, strict=True))

    def offsets(self, value: Any) -> list[int]:
        found = _unpack(value, 0, self.glyf)
        _check(len(found) == self.glyphs + 1 and found == sorted(found))
        return found


def _name(value: Any) -> TTFNameBytes:
    return TTFNameBytes(_text(value).encode("utf-8"))


def _pair(value: Any) -> tuple[int, int]:
    _check(type(value) is list and len(value) == 2)
    return (_int(value[0]), _int(value[1]))


def _bbox(value: Any) -> list[float]:
    _check(type(value) is list and len(value) == 4)
    return _numbers(value)


def _bool(value: Any) -> bool:
    _check(type(value) is bool)
    return value


def _optional_text(value: Any) -> str | None:
    return None if value is None else _text(value)


def _latin1(value: Any) -> bytes:
    return _text(value).encode("latin-1")  # a character above 255: UnicodeEncodeError, a ValueError


def _flag(value: Any) -> int:
    return _int(value, 0, 1)


def _small(value: Any) -> int:
    return _int(value, -65536, 65536)


# Every attribute of reportlab's parsed face (but the font's bytes and its scale function) with its rule.
# Decoded in this order: the glyph count and the tables first, as they bound the rest.
_RULES: dict[str, Callable[[_Face, Any], Any]] = {
    "numGlyphs": _Face.glyph_count,
    "table": _Face.table,
    "tables": _Face.tables,
    "unitsPerEm": lambda f, v: _int(v, 16, 16384),
    "name": lambda f, v: _name(v),
    "familyName": lambda f, v: _name(v),
    "styleName": lambda f, v: _name(v),
    "fullName": lambda f, v: _name(v),
    "uniqueFontID": lambda f, v: _name(v),
    "filename": lambda f, v: _text(v),
    "subfontNameX": lambda f, v: _latin1(v),
    "requiredEncoding": lambda f, v: _optional_text(v),
    "glyphNames": lambda f, v: [_text(n) for n in _check_list(v)],
    "glyphWidths": lambda f, v: _widths(v),
    "ascent": lambda f, v: _number(v),
    "descent": lambda f, v: _number(v),
    "capHeight": lambda f, v: _number(v),
    "italicAngle": lambda f, v: _number(v),
    "defaultWidth": lambda f, v: _number(v),
    "bbox": lambda f, v: _bbox(v),
    "bold": lambda f, v: _flag(v),
    "italic": lambda f, v: _flag(v),
    "builtIn": lambda f, v: _flag(v),
    "validate": lambda f, v: _flag(v),
    "_full_font": lambda f, v: _bool(v),
    "_pos": lambda f, v: _int(v, 0, f.font_size),
    "version": lambda f, v: _int(v, 0, 2**32),
    "numTables": lambda f, v: _int(v, 0, 65535),
    "searchRange": lambda f, v: _int(v, 0, 65535),
    "entrySelector": lambda f, v: _int(v, 0, 65535),
    "rangeShift": lambda f, v: _int(v, 0, 65535),
    "fontRevision": lambda f, v: _pair(v),
    "stemV": lambda f, v: _small(v),
    "underlinePosition": lambda f, v: _small(v),
    "underlineThickness": lambda f, v: _small(v),
    "flags": lambda f, v: _int(v, 0, 2**32),
    "charToGlyph": _Face.cmap,
    "glyphToChar": _Face.glyph_chars,
    "charWidths": _Face.widths,
    "hmetrics": _Face.hmetrics,
    "glyphPos": _Face.offsets,
}
_KEYED = ("charToGlyph", "charWidths", "glyphWidths")


def _widths(value: Any) -> dict[int, float]:
    keys, widths = _keyed(value)
    widths = _numbers(widths)
    _check(len(keys) == len(widths))
    return dict(zip(keys, widths, strict=True))


def _check_list(value: Any) -> list:
    _check(type(value) is list)
    return value


def decode(data: Any, font_size: int) -> dict[str, Any]:
    """The face attributes kept in `data` (JSON from disk); raises BadEntry (a ValueError) unless all check out."""
    _check(type(data) is dict and data.keys() == _RULES.keys())
    face = _Face(font_size)
    return {name: rule(face, data[name]) for name, rule in _RULES.items()}


def encode(attributes: dict[str, Any]) -> dict[str, Any] | None:
    """`attributes` of a parsed face as JSON-able data, or None when this format has no rule for one of them."""
    if attributes.keys() != _RULES.keys():
        return None
    encoded: dict[str, Any] = {}
    for name, value in attributes.items():
        if name == "glyphToChar":
            _check(isinstance(value, dict) and all(type(chars) is list and chars for chars in value.values()))
            value = [_pack(list(value)), _pack([chars[0] for chars in value.values()]),
                     [[i, chars[1:]] for i, chars in enumerate(value.values()) if len(chars) > 1]]
        elif name in _KEYED:
            _check(isinstance(value, dict))
            value = [_pack(list(value)), _pack(list(value.values()))]
        elif name == "hmetrics":
            value = [_pack([pair[0] for pair in value]), _pack([pair[1] for pair in value])]
        elif name == "glyphPos":
            value = _pack(value)
        elif isinstance(value, TTFNameBytes):
            value = value.ustr
        elif isinstance(value, bytes):
            value = value.decode("latin-1")
        elif isinstance(value, tuple):
            value = list(value)
        encoded[name] = value
    return encoded


def same(ours: dict[str, Any], theirs: dict[str, Any]) -> bool:
    """Whether decoded attributes are exactly the parse's: equal, of the same types, names with the same text."""
    if ours.keys() != theirs.keys():
        return False
    for name, value in theirs.items():
        mine = ours[name]
        if type(mine) is not type(value) or mine != value:
            return False
        if isinstance(value, dict) and list(mine) != list(value):  # the order too: it may be iterated
            return False
        if isinstance(value, TTFNameBytes) and mine.ustr != value.ustr:
            return False
    return True
