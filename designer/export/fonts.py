"""The PDF fonts: DejaVu Sans embedded (as a subset) so names in any European script print, and what
happens to the characters no font has.

`ensure()` registers the two faces every export draws with, `FONT` and `BOLD`, once per process: the
DejaVu Sans TrueType files found by `find_fonts()` (KARTOGRAPHER_FONT_DIR, then the usual install
folders, then fontconfig), loaded through `designer.export.font_cache` (parsed once, not at every print),
or, when there are none, Helvetica under the same names. `printable()` is the
one place text meets the font's character map: characters the font cannot draw become a visible mark
(□, or ? with Helvetica) instead of vanishing, and `report()` turns what one document lost into one
warning: into the list a caller opened with `notices()` (the CLI prints it on stderr), else a Python
`FontWarning`.
"""

from __future__ import annotations

import os
import shutil
import struct
import unicodedata
import warnings
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFError, TTFont

from designer.export.font_cache import load_ttfont
from designer.i18n import _, ngettext

FONT = "Kartographer-Sans"
BOLD = "Kartographer-Sans-Bold"
ENV_DIR = "KARTOGRAPHER_FONT_DIR"
REGULAR_FILE = "DejaVuSans.ttf"
BOLD_FILE = "DejaVuSans-Bold.ttf"
#: DejaVu Sans capitals are 1493 of 2048 units; reportlab reads no cap height from these files.
DEJAVU_CAP = 1493 / 2048


class FontWarning(UserWarning):
    """Printed text lost characters, or the Unicode font is missing."""


@dataclass(frozen=True)
class Faces:
    regular: Path
    bold: Path


@dataclass(frozen=True)
class Active:
    """What `FONT` and `BOLD` are in this process."""
    family: str
    mark: str
    unicode: bool
    cap: float


def _well_known() -> Iterator[Path]:
    home = Path.home()
    yield from (Path(p) for p in (
        "/usr/share/fonts/truetype/dejavu",  # Debian, Ubuntu
        "/usr/share/fonts/dejavu-sans-fonts",  # Fedora
        "/usr/share/fonts/TTF",  # Arch
        "/usr/share/fonts/dejavu",
        "/usr/share/fonts/truetype",  # openSUSE
        "/usr/local/share/fonts/dejavu",  # FreeBSD
        "/usr/local/share/fonts",
        "/opt/homebrew/share/fonts",
        "/Library/Fonts",
    ))
    yield from (home / ".local/share/fonts", home / ".fonts", home / "Library/Fonts")
    for var, sub in (("WINDIR", "Fonts"), ("LOCALAPPDATA", "Microsoft/Windows/Fonts")):
        if os.environ.get(var):
            yield Path(os.environ[var]) / sub


def _fc_match() -> Path | None:
    """The folder fontconfig says DejaVu Sans is in (it names some other font when DejaVu is not installed)."""
    exe = shutil.which("fc-match")
    if exe is None:
        return None
    import subprocess  # (only when the usual folders hold no DejaVu Sans)

    try:
        done = subprocess.run([exe, "-f", "%{file}", "DejaVu Sans"], capture_output=True, text=True, timeout=2)
    except (OSError, subprocess.SubprocessError):
        return None
    path = Path(done.stdout.strip())
    return path.parent if done.returncode == 0 and path.name == REGULAR_FILE else None


def _folders() -> Iterator[Path]:
    if os.environ.get(ENV_DIR):
        yield Path(os.environ[ENV_DIR]).expanduser()
    yield from _well_known()
    # Last: asking fontconfig starts a process (some 15 ms of every print command), worth it only when no
    # usual folder has the font.
    found = _fc_match()
    if found is not None:
        yield found


def find_fonts() -> Faces | None:
    """DejaVu Sans and its bold (the regular stands in for a missing bold), or None."""
    for folder in _folders():
        regular = folder / REGULAR_FILE
        if regular.is_file():
            bold = folder / BOLD_FILE
            return Faces(regular, bold if bold.is_file() else regular)
    return None


_active: Active | None = None
_announced = False
_coverage: dict[str, Callable[[str], bool]] = {}
_sink: ContextVar[list[str] | None] = ContextVar("font_notices", default=None)


def ensure() -> Active:
    """Register `FONT` and `BOLD` (first call only) and say what they are."""
    global _active
    if _active is None:
        _active = _register(find_fonts())
    return _active


def _register(faces: Faces | None) -> Active:
    _coverage.clear()
    if faces is not None:
        try:
            regular, bold = load_ttfont(FONT, faces.regular), load_ttfont(BOLD, faces.bold)
        except (OSError, TTFError, struct.error, KeyError, IndexError, ValueError):
            pass  # an unreadable file counts as no font (a damaged one fails in reportlab's parser)
        else:
            pdfmetrics.registerFont(regular)
            pdfmetrics.registerFont(bold)
            # DejaVu core has no oblique: regular and bold stand in for the slanted faces
            pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
            mark = "□" if ord("□") in regular.face.charToGlyph else "?"
            return Active("DejaVu Sans", mark, True, DEJAVU_CAP)
    pdfmetrics.registerFont(pdfmetrics.Font(FONT, "Helvetica", "WinAnsiEncoding"))
    pdfmetrics.registerFont(pdfmetrics.Font(BOLD, "Helvetica-Bold", "WinAnsiEncoding"))
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=FONT, boldItalic=BOLD)
    return Active("Helvetica", "?", False, 0.718)


def reset() -> None:
    """Forget the registration, so the next `ensure()` looks for the font again (for tests)."""
    global _active, _announced
    _active, _announced = None, False
    _coverage.clear()
    for name in (FONT, BOLD):  # reportlab never replaces a registered TrueType font: forget ours
        pdfmetrics._fonts.pop(name, None)


def _covers(font: str) -> Callable[[str], bool]:
    """Whether `font` draws a character: a TrueType font's character map, or for a base-14 font the
    encodings reportlab falls back through (WinAnsi, then Symbol, then ZapfDingbats)."""
    if font not in _coverage:
        face = pdfmetrics.getFont(font)
        if isinstance(face, TTFont):
            cmap = face.face.charToGlyph
            _coverage[font] = lambda ch: ord(ch) in cmap
        else:
            encodings = [f.encName for f in (face, *face.substitutionFonts)]

            def encodable(ch: str) -> bool:
                for enc in encodings:
                    try:
                        ch.encode(enc)
                    except UnicodeEncodeError:
                        continue
                    return True
                return False

            _coverage[font] = encodable
    return _coverage[font]


def _invisible(ch: str) -> bool:
    """Joiners and variation selectors (as in emoji sequences): nothing to draw, so nothing to mark."""
    return unicodedata.category(ch) == "Cf" or 0xFE00 <= ord(ch) <= 0xFE0F


def printable(s: str, font: str = FONT) -> tuple[str, str]:
    """`s` as `font` can draw it, and the characters it had to replace with the mark."""
    active = ensure()
    if s.isascii():
        return s, ""
    covers = _covers(font)
    out: list[str] = []
    lost: list[str] = []
    for ch in unicodedata.normalize("NFC", s):
        if ch == "\xa0" or covers(ch):
            out.append(ch)
        elif not _invisible(ch):
            out.append(active.mark)
            lost.append(ch)
    return "".join(out), "".join(lost)


def cap_height(font: str = FONT) -> float:
    """Capital height as a fraction of the font size."""
    if font in (FONT, BOLD):
        return ensure().cap
    face = pdfmetrics.getFont(font).face
    return (face.capHeight or 718) / 1000


def report(lost: Iterable[str]) -> None:
    """One document is finished: one warning for the characters it could not print and, the first time
    only, for the missing Unicode font."""
    global _announced
    active = ensure()
    parts = []
    if not active.unicode and not _announced:
        _announced = True
        parts.append(_("no usable DejaVu Sans font found (install fonts-dejavu-core or set {variable}): PDFs "
                       "print with Helvetica").format(variable=ENV_DIR))
    chars = sorted(set(lost))
    if chars:
        n = len(chars)
        shown = "".join(chars[:12]) + ("…" if n > 12 else "")
        parts.append(ngettext("{count} character has no glyph in {font} and prints as {mark}: {characters}",
                              "{count} characters have no glyph in {font} and print as {mark}: {characters}", n)
                     .format(count=n, font=active.family, mark=active.mark, characters=shown))
    if parts:
        message = "; ".join(parts)
        sink = _sink.get()
        if sink is None:
            warnings.warn(message, FontWarning, stacklevel=3)
        else:
            sink.append(message)


@contextmanager
def notices() -> Iterator[list[str]]:
    """Collect the font warnings of the documents written in this block as one-line messages."""
    found: list[str] = []
    token = _sink.set(found)
    try:
        yield found
    finally:
        _sink.reset(token)
