"""Translations and number formats: the one catalogue machinery of the pure layers and the Qt layers alike.

Catalogues are GNU gettext files read with the standard library's `gettext`:
`resources/i18n/<lang>/LC_MESSAGES/kartographer.mo`, compiled from the `.po` beside it (`make i18n`
re-extracts the template `kartographer.pot`, updates the `.po` files and compiles them). English is the
source language, so it needs no catalogue; a string without a translation shows in English.

    from designer.i18n import _, N_, ngettext, pgettext

`_("…")` translates now; `N_("…")` only marks a module-level constant for extraction (translate it with
`_()` where it is shown); `pgettext(context, "…")` tells apart short labels that mean different things.
The language is chosen once at start (`set_language`: the CLI's `--lang`, the GUI's preferences, else
`language_from_environment()`); nothing is translated at import time.

Numbers follow the language, not the machine's installed locales: `format_number` and `format_decimal`
use Babel's CLDR data (decimal comma in German, Spanish and French).

A game system may ship its own catalogue (`System.locale_dir`, `System.locale_domain`; a plug-in outside the
repo cannot add to ours): the registry adds it with `add_catalogue`, and `_` looks a message up in the app's
catalogue first, then in each system's, so the texts the shared machinery shows for a system (its name, print
section titles, menu texts) translate. A system's own code translates with `Translator(domain, locale_dir)`:
its catalogue first, then the app's. Both read the catalogues only when a message is first looked up.

`KARTOGRAPHER_PSEUDO=1` replaces every translation by a pseudo-translation (`pseudo()`): accented and
40 % longer, to find clipped labels and strings that never went through the catalogue.
"""

from __future__ import annotations

import gettext as _gettext
import locale
import math
import os
import re
import sys
from collections.abc import Mapping
from pathlib import Path

from designer.paths import RESOURCES_DIR

DOMAIN = "kartographer"
LOCALE_DIR = RESOURCES_DIR / "i18n"
SOURCE_LANGUAGE = "en"
#: Language code → its name in that language (what a language menu shows).
LANGUAGES = {"en": "English", "de": "Deutsch", "es": "Español", "fr": "Français"}
PSEUDO_ENV = "KARTOGRAPHER_PSEUDO"
#: The variables GNU gettext reads, in its order: the first one set decides.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
#: Windows reports locales by English name ("German_Germany"), not by code.
_LOCALE_NAMES = {"english": "en", "german": "de", "spanish": "es", "french": "fr"}


class _Pseudo(_gettext.NullTranslations):
    """Every message, translated or not, as its pseudo-translation."""

    def gettext(self, message: str) -> str:
        return pseudo(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)

    def pgettext(self, context: str, message: str) -> str:
        return pseudo(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return pseudo(msgid1 if n == 1 else msgid2)


_language = SOURCE_LANGUAGE
_pseudo = False
_translations: _gettext.NullTranslations = _gettext.NullTranslations()
#: The systems' own catalogues (domain → locale folder), looked up after the app's, in the order added.
_catalogues: dict[str, Path] = {}
#: Counts the changes of language and catalogues: a `Translator` rebuilds its chain when it moved on.
_generation = 0


def normalize(code: str | None) -> str | None:
    """The supported language a locale name stands for ("de_DE.UTF-8" → "de", "French_France" → "fr"), or None."""
    if not code:
        return None
    base = re.split(r"[_.@\-]", code.strip(), maxsplit=1)[0].lower()
    base = _LOCALE_NAMES.get(base, base)
    return base if base in LANGUAGES else None


def set_language(code: str | None) -> str:
    """Translate into `code` from now on (an unknown or empty code gives English); returns the language set."""
    global _language, _pseudo
    _language = normalize(code) or SOURCE_LANGUAGE
    _pseudo = os.environ.get(PSEUDO_ENV, "").strip() not in ("", "0")
    _rebuild()
    return _language


def add_catalogue(domain: str, locale_dir: str | Path) -> None:
    """Look messages up in `domain`'s catalogue (`<locale_dir>/<lang>/LC_MESSAGES/<domain>.mo`) too, after the
    app's own and those added before: a registered system's translations."""
    folder = Path(locale_dir)
    if _catalogues.get(domain) != folder:
        _catalogues[domain] = folder
        _rebuild()


def _rebuild() -> None:
    """The lookup chain of the current language: the app's catalogue, then each system's."""
    global _translations, _generation
    _translations = _Pseudo() if _pseudo else _chain(_language)
    _generation += 1


def _chain(language: str) -> _gettext.NullTranslations:
    if language == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    translations = _gettext.translation(DOMAIN, LOCALE_DIR, [language], fallback=True)
    for domain, folder in _catalogues.items():
        translations.add_fallback(_gettext.translation(domain, folder, [language], fallback=True))
    return translations


def translate_into(language: str, message: str) -> str:
    """`message` in `language` whatever the current one (the app's catalogue, then the systems'): files that
    carry every language at once, such as the desktop's file-type comments."""
    return _chain(normalize(language) or SOURCE_LANGUAGE).gettext(message)


class Translator:
    """A system's own `_`, `ngettext`, `pgettext`: its catalogue (`domain` in `locale_dir`) first, then the app's.

        TEXTS = Translator("my_system", Path(__file__).parent / "locale")
        _, ngettext = TEXTS.gettext, TEXTS.ngettext

    The catalogue is read at the first lookup after a change of language, so making one at import is free.
    """

    def __init__(self, domain: str, locale_dir: str | Path) -> None:
        self.domain, self.locale_dir = domain, Path(locale_dir)
        self._built = -1
        self._chain: _gettext.NullTranslations = _gettext.NullTranslations()

    def _current(self) -> _gettext.NullTranslations:
        if self._built != _generation:
            if _pseudo or _language == SOURCE_LANGUAGE:
                chain = _translations
            else:
                chain = _gettext.translation(self.domain, self.locale_dir, [_language], fallback=True)
                chain.add_fallback(_translations)
            self._chain, self._built = chain, _generation
        return self._chain

    def gettext(self, message: str) -> str:
        return self._current().gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._current().ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._current().pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self._current().npgettext(context, singular, plural, n)


def current_language() -> str:
    return _language


def language_from_environment(environ: Mapping[str, str] | None = None, platform: str | None = None) -> str:
    """The language the user's environment asks for, as gettext reads it; English when it names none we have.

    LANGUAGE may list several languages ("fr:de"): the first one we have wins. On Windows and macOS, where
    those variables are usually unset, the platform's locale (`locale.getlocale()`) decides.
    """
    environ = os.environ if environ is None else environ
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        found = [normalize(part) for part in value.split(":")] if variable == "LANGUAGE" else [normalize(value)]
        known = [code for code in found if code]
        if known:
            return known[0]
        if variable != "LANGUAGE":  # gettext: the first of LC_ALL / LC_MESSAGES / LANG set decides
            return SOURCE_LANGUAGE
    if (platform or sys.platform) in ("win32", "darwin"):
        try:
            name = locale.getlocale()[0]
        except ValueError:
            name = None
        return normalize(name) or SOURCE_LANGUAGE
    return SOURCE_LANGUAGE


# --- looking up -------------------------------------------------------------------------------------
def gettext(message: str) -> str:
    return _translations.gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language (a language may have more than two)."""
    return _translations.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """`message` as meant in `context` (e.g. "tile" the print section vs "tile" the canvas piece)."""
    return _translations.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _translations.npgettext(context, singular, plural, n)


def N_(message: str) -> str:
    """Marks `message` for extraction without translating it (module-level constants: translate where shown)."""
    return message


# --- numbers ----------------------------------------------------------------------------------------
def format_number(value: float, decimals: int, language: str | None = None) -> str:
    """`value` rounded to exactly `decimals` places, with the language's separators ("1.234,5" in German)."""
    if not math.isfinite(value):
        return format_decimal(value, language)
    if round(value, decimals) == 0:
        value = 0.0  # "0", not "-0", for a small negative
    if (language or _language) == SOURCE_LANGUAGE and abs(value) < 999 and 0 <= decimals <= 12:
        # what Babel writes in English, without importing it (the editor's first zoom figure): no digit group,
        # the decimal text of the float rounded half-even
        from decimal import ROUND_HALF_EVEN, Decimal

        return format(Decimal(repr(value)).quantize(Decimal(1).scaleb(-decimals), ROUND_HALF_EVEN), "f")
    from babel.numbers import format_decimal as babel_format

    pattern = "#,##0" + ("." + "0" * decimals if decimals > 0 else "")
    return babel_format(value, format=pattern, locale=language or _language)


def place_ordinal(n: int) -> str:
    """A race position as written after a name or on a sheet: "1st", "2nd", "11th" (German "1.", Spanish
    "1.º", French "1er", "2e")."""
    if n == 1:
        return pgettext("place", "1st")
    if 10 <= n % 100 <= 20:
        form = pgettext("place", "{n}th")
    else:
        form = {1: pgettext("place", "{n}st"), 2: pgettext("place", "{n}nd"),
                3: pgettext("place", "{n}rd")}.get(n % 10) or pgettext("place", "{n}th")
    return form.format(n=n)


def format_dollars(value: int, language: str | None = None) -> str:
    """Whole dollars as the language writes an amount: "$12,000,000" in English, "12.000.000 $" in German (the
    game's "$", not the locale's name for US dollars, and no cents)."""
    from babel import Locale
    from babel.numbers import format_decimal as babel_format

    locale = Locale.parse(language or _language)
    pattern = str(locale.currency_formats["standard"].pattern).split(";")[0]
    number = babel_format(abs(value), format="#,##0", locale=locale)
    text = pattern.replace("#,##0.00", number).replace("#,##,##0.00", number).replace("¤", "$")
    return ("-" if value < 0 else "") + text


def decimal_sign(text: str) -> str:
    """A number Python wrote ("12.5", "-0.125") with the current language's decimal sign ("12,5" in German)."""
    if "." not in text or _language == SOURCE_LANGUAGE:
        return text
    from babel.numbers import get_decimal_symbol

    return text.replace(".", get_decimal_symbol(_language))


_PLAIN_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?")


def read_plain_number(text: str) -> float:
    """The number typed as `text` ("12", "-2.5", ".5", "1e3"; spaces around are fine), NaN for anything else:
    Python's float() also reads other scripts' digits ("٣"), "1_0", "nan" and "inf", which a typed number
    never means. A caller refuses NaN and infinity (an exponent can still overflow) with its range."""
    typed = text.strip()
    return float(typed) if _PLAIN_NUMBER.fullmatch(typed) else math.nan


def plain_decimal(value: float, decimals: int, trim: bool = False) -> str:
    """`value` to `decimals` places with the language's decimal sign and no digit groups: "1219.2" in English,
    "1219,2" in German — how measurements read on screen and on paper. `trim` drops trailing zeros ("48" for
    48.00, "12,5" for 12.50).

    Rounded as Python's format rounds (123.45 → "123.5"), so English text stays what `f"{value:.1f}"` wrote;
    `format_number` rounds the decimal text half-even and groups digits ("1.219,2"), as prose may."""
    text = f"{value:.{max(0, decimals)}f}"
    if trim and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text in ("-0", "-0." + "0" * decimals):
        text = text[1:]
    return decimal_sign(text)


def format_decimal(value: float, language: str | None = None) -> str:
    """`value` as CLDR writes it in the language (Babel's default: at most three decimals)."""
    from babel.numbers import format_decimal as babel_format

    return babel_format(value, locale=language or _language)


# --- pseudo-translation -----------------------------------------------------------------------------
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
#: Left as they are: printf and format placeholders ("%(name)s", "%d", "{count}") and mnemonics' "&".
_PLACEHOLDER = re.compile(r"%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[sdifgeExXr%]|\{[^{}]*\}|&")
PSEUDO_GROWTH = 1.4


def pseudo(text: str) -> str:
    """`text` accented and padded to 40 % longer inside ⟦ ⟧, placeholders untouched: "Save" → "⟦Šåṽé·⟧"."""
    if not text:
        return text
    parts, last = [], 0
    for match in _PLACEHOLDER.finditer(text):
        parts += [text[last:match.start()].translate(_ACCENTED), match.group()]
        last = match.end()
    parts.append(text[last:].translate(_ACCENTED))
    body = "".join(parts)
    padding = max(0, math.ceil(len(text) * PSEUDO_GROWTH) - len(body) - 2)
    return f"⟦{body}{'·' * padding}⟧"
