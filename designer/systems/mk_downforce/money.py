"""Amounts of money as people type them, for a Downforce season's prize money and bet winnings. Pure: no Qt.

`parse_dollars` reads whole dollars from "2000000", "2,000,000", "$2M", "2M", "1.5M", "500k", "1,5 Mio" and
from what `designer.i18n.format_dollars` writes in any of our languages ("6.000.000 $", "6 000 000 $"), so a
cell that shows an amount can be edited as shown. Digits grouped by threes are thousands; otherwise a comma
or point is the decimal sign, which only a suffix (k, M, Mio, B, Mrd) can turn into whole dollars.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation

from designer.i18n import _
from designer.io.display import clip

#: Suffix (casefolded, final dot dropped) → multiplier.
SUFFIXES = {"": 1, "k": 10**3, "tsd": 10**3, "mil": 10**3, "m": 10**6, "mio": 10**6, "mn": 10**6,
            "b": 10**9, "bn": 10**9, "md": 10**9, "mrd": 10**9}
MAX_DOLLARS = 10**12
_GROUPED = re.compile(r"\d{1,3}([,.'])\d{3}(\1\d{3})*")
_DECIMAL = re.compile(r"\d+([.,]\d+)?|[.,]\d+")
_AMOUNT = re.compile(r"(?P<number>[\d.,']+)(?P<suffix>[^\d.,']*\.?)")


class MoneyError(ValueError):
    """An amount that is not whole dollars; the message is one line in the current language."""


def money_refusal(text: str) -> MoneyError:
    """The refusal of `text` that is no amount at all, in the words every money reader uses."""
    return MoneyError(_("{text} is not an amount of money (write it like 2000000, $2M, 1.5M or 500k)").format(
        text=repr(clip(text))))


def parse_dollars(text: str) -> int:
    """Whole dollars from `text`; an empty text is 0 (a bare "$" is refused: it names no amount). Raises
    MoneyError (one line) for anything else, a negative amount included."""
    squeezed = "".join(text.split()).replace("US$", "").replace("$", "")
    if not text.strip():  # a cleared cell
        return 0
    if not any(ch.isdigit() for ch in squeezed):
        raise money_refusal(text.strip())
    if squeezed.startswith(("-", "−")):
        raise MoneyError(_("money cannot be negative ({amount})").format(amount=clip(text.strip())))
    match = _AMOUNT.fullmatch(squeezed)
    if match is None:
        raise money_refusal(text.strip())
    number, suffix = match["number"], match["suffix"].casefold().rstrip(".")
    if suffix not in SUFFIXES:
        raise money_refusal(text.strip())
    if _GROUPED.fullmatch(number) and not (suffix and len(number) <= 5):
        digits = number.replace(",", "").replace(".", "").replace("'", "")
    elif _DECIMAL.fullmatch(number) and (suffix or number.isdigit()):  # "2,0000" alone: a typo, not $2
        digits = number.replace(",", ".")
    elif _DECIMAL.fullmatch(number):
        raise MoneyError(_("{text} is not a whole number of dollars").format(text=repr(clip(text.strip()))))
    else:
        raise money_refusal(text.strip())
    try:
        amount = Decimal(digits) * SUFFIXES[suffix]
    except InvalidOperation:
        raise money_refusal(text.strip()) from None
    if amount != amount.to_integral_value():
        raise MoneyError(_("{text} is not a whole number of dollars").format(text=repr(clip(text.strip()))))
    if amount > MAX_DOLLARS:
        raise MoneyError(_("{text} is more money than a season can hold").format(text=repr(clip(text.strip()))))
    return int(amount)
