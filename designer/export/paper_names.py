"""The papers and card sizes a user may pick, by id, and their names in the user's language.

The one list of offered papers: the CLI's --paper, Preferences and both print dialogs read it. Kept apart
from `export.paper` (whose layouts load shapely) so the CLI's parser and the editor's settings name them
without bringing in the PDF export. Pure: no Qt.
"""

from __future__ import annotations

from designer.i18n import N_, _, pgettext

#: The papers offered, in the order offered (`export.paper.PAPERS` also has A5, for small prints and tests).
PAPER_IDS: tuple[str, ...] = ("a4", "letter", "a3", "tabloid")
#: Paper and card names in English; `paper_name` / `card_name` give them in the user's language.
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}
CARD_NAMES = {"poker": N_("Poker 63 × 88 mm"), "bridge": N_("Bridge 57 × 89 mm"), "mini": N_("Mini 44 × 67 mm")}


def paper_name(key: str) -> str:
    """"Letter" in the current language ("A4" is A4 everywhere); an unknown key as it is."""
    names = {"letter": pgettext("paper size", "Letter"), "tabloid": pgettext("paper size", "Tabloid")}
    return names.get(key) or PAPER_NAMES.get(key, key)


def card_name(key: str) -> str:
    return _(CARD_NAMES[key]) if key in CARD_NAMES else key
