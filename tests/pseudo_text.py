"""Which words of a text did not come from the catalogue: under KARTOGRAPHER_PSEUDO every catalogue string is
wrapped in ⟦ ⟧, so a word of two or more letters outside the brackets was never translated. Pure: read by the
GUI layout audit, the printed-text audit and the CLI audit alike.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

#: Two letters in a row outside ⟦…⟧ are a word nobody translated.
_BRACKETED = re.compile(r"⟦[^⟧]*⟧")
_WORD = re.compile(r"[A-Za-z]{2,}")
#: Shown as they are in every language: the program's name, units and file-name patterns.
ALWAYS_AS_IS = {"Kartographer", "mm", "cm", "in", "ft", "px", "dpi", "DPI", "PDF", "PNG", "SVG", "JSON", "json",
                "track", "campaign", "Qt", "PySide", "Ctrl", "Shift", "Alt", "Del", "Esc"}


def untranslated_words(text: str, data: Iterable[str] = ()) -> list[str]:
    """The words of `text` outside pseudo brackets that are neither always kept nor in the document's `data`."""
    keep = ALWAYS_AS_IS | {w for value in data for w in _WORD.findall(value)}
    rest = _BRACKETED.sub(" ", text.replace("&", ""))
    rest = re.sub(r"<[^>]+>", " ", rest)  # rich-text tags
    rest = re.sub(r"\S+\.(?:json|pdf|png|svg)\b|\S*/\S*", " ", rest)  # file names and paths
    return [w for w in _WORD.findall(rest) if w not in keep]
