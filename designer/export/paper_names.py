"""Paper and card names as the print options show them, in the user's language.

Kept apart from `print_dialog` so that Preferences can name the papers without bringing in the PDF export.
"""

from __future__ import annotations

from designer.i18n import N_, _, pgettext

#: Paper and card names in English; `paper_name` / `card_name` give them in the user's language.
PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}
CARD_NAMES = {"poker": N_("Poker 63 × 88 mm"), "bridge": N_("Bridge 57 × 89 mm"), "mini": N_("Mini 44 × 67 mm")}


def paper_name(key: str) -> str:
    """"Letter" in the current language ("A4" is A4 everywhere); an unknown key as it is."""
    names = {"letter": pgettext("paper size", "Letter"), "tabloid": pgettext("paper size", "Tabloid")}
    return names.get(key) or PAPER_NAMES.get(key, key)


def card_name(key: str) -> str:
    return _(CARD_NAMES[key]) if key in CARD_NAMES else key
