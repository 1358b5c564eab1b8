"""What checks report: `Problem`, built one at a time (`problem`) or by the thousand (`problems`), and
the words messages name elements with (`label`, `labels` in bulk, `lowered`, `ordinal`, `number`).

Messages are whole translated sentences with named placeholders ("{element} is not on the track"); the
element words are translated once per language and kind table (`vocabulary`), not once per element, and
`fill` puts many messages of one sentence together in bulk.

A check's severity is fixed when it is registered (`designer.geometry.checks.base.check` fills
`SEVERITY_OF`), so checks build problems from their code alone. Pure Python: no Qt.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import repeat
from string import Formatter
from typing import Any, Literal, NamedTuple

import numpy as np

from designer.i18n import SOURCE_LANGUAGE, current_language, format_number, gettext, pgettext
from designer.model.elements import ELEMENT_KINDS, Element, ElementBase, element_kinds, kinds_version
from designer.model.kind_names import fill_label, kind_in_sentence, labelled_kinds, labels_version
from designer.model.kind_names import kind_name as model_kind_name

Severity = Literal["error", "warning", "info"]
SEVERITY_RANK = {"error": 0, "warning": 1, "info": 2}
#: {check code: severity}, filled as the checks are registered.
SEVERITY_OF: dict[str, Severity] = {}


class Problem(NamedTuple):
    """One finding of a check. A tuple underneath: a run may build thousands, and a tuple is the
    cheapest immutable object to build (`problems` builds many at once). It hashes and compares as the
    tuple of its fields. `at` is the table point (mm) a problem names without an element to show it by
    (a tight corner, where an outline crosses itself): the editor centres the view there."""

    code: str
    severity: Severity
    message: str
    ids: tuple[str, ...] = ()
    at: tuple[float, float] | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"severity": self.severity, "code": self.code, "message": self.message,
                               "ids": list(self.ids)}
        if self.at is not None:
            out["at"] = [self.at[0], self.at[1]]
        return out


_new_problem = partial(tuple.__new__, Problem)   # a Problem from one (code, severity, message, ids, at) tuple


def sort_key(problem: Problem) -> tuple:
    return SEVERITY_RANK[problem.severity], problem.code, problem.ids, problem.message


def _severity(code: str) -> Severity:
    severity = SEVERITY_OF.get(code)
    if severity is None:
        raise KeyError(f"unknown check code {code!r}")
    return severity


def problem(code: str, message: str, ids: Iterable[str] = (), at: Sequence[float] | None = None) -> Problem:
    """A problem with the severity its code was registered with (`at`: the table point it names, if any)."""
    return _new_problem((code, _severity(code), message, tuple(ids),
                         None if at is None else (float(at[0]), float(at[1]))))


def problems(code: str, messages: Iterable[str], ids: Iterable[tuple[str, ...]]) -> list[Problem]:
    """`problem(code, message, ids)` for many (message, ids tuple) pairs at once."""
    return list(map(_new_problem, zip(repeat(code), repeat(_severity(code)), messages, ids, repeat(None))))


# --- naming elements -----------------------------------------------------------------------------
def kind_label(kind: str) -> str:
    """A kind's name made from its code ("fake_beacon" → "Fake beacon"): how messages name a game system's
    own kind; the built-in kinds have translated names (`kind_name`)."""
    return kind.replace("_", " ").capitalize()


def _kind_names() -> dict[str, tuple[str, str]]:
    """{built-in kind: (its name at the start of a sentence, in the middle of one)}, in the current language.
    Each form has its own message: German keeps its nouns' capital, Spanish and French their proper names.
    (The contexts are spelt out in each call: the extractor reads only literal ones.)"""
    return {
        "start_finish": (pgettext("check: element", "Start finish"),
                         pgettext("check: element mid-sentence", "start finish")),
        "gate": (pgettext("check: element", "Gate"), pgettext("check: element mid-sentence", "gate")),
        "item_box": (pgettext("check: element", "Item box"), pgettext("check: element mid-sentence", "item box")),
        "coin": (pgettext("check: element", "Coin"), pgettext("check: element mid-sentence", "coin")),
        "boost_pad": (pgettext("check: element", "Boost pad"), pgettext("check: element mid-sentence", "boost pad")),
        "dash_panel": (pgettext("check: element", "Dash panel"), pgettext("check: element mid-sentence", "dash panel")),
        "ramp": (pgettext("check: element", "Ramp"), pgettext("check: element mid-sentence", "ramp")),
        "warp_pipe": (pgettext("check: element", "Warp pipe"), pgettext("check: element mid-sentence", "warp pipe")),
        "bullet_bill": (pgettext("check: element", "Bullet bill"),
                        pgettext("check: element mid-sentence", "bullet bill")),
        "thwomp": (pgettext("check: element", "Thwomp"), pgettext("check: element mid-sentence", "thwomp")),
        "piranha_plant": (pgettext("check: element", "Piranha plant"),
                          pgettext("check: element mid-sentence", "piranha plant")),
        "chain_chomp": (pgettext("check: element", "Chain chomp"),
                        pgettext("check: element mid-sentence", "chain chomp")),
        "wandering_threat": (pgettext("check: element", "Wandering threat"),
                             pgettext("check: element mid-sentence", "wandering threat")),
        "scenery": (pgettext("check: element", "Scenery"), pgettext("check: element mid-sentence", "scenery")),
    }


#: How messages name the built-in kinds in English ("Warp pipe"), as `kind_name` gives them without a
#: translation; a game system's own kind is named from its code alike.
KIND_LABEL = {kind: kind_label(kind) for kind in ELEMENT_KINDS}
#: Kinds `label` names by something other than their id.
_OWN_NAMES = ("gate", "start_finish")


class Vocabulary(NamedTuple):
    """The words messages name elements with, in one language for one kind table (see `vocabulary`)."""

    key: tuple
    names: dict[str, tuple[str, str]]   # {kind: (at the start of a sentence, in the middle)}
    gate: tuple[str, str]   # "Gate {number}", "gate {number}"
    start_finish: tuple[str, str]   # "The start/finish line", "the start/finish line"
    quoted: tuple[list[str], list[str]]   # by kind code: the start of `label` ("Coin '"), and in mid-sentence
    own_name: np.ndarray   # by kind code: does the kind name itself (gate, a system's labelled kind)?
    labels: dict[str, tuple[str, str]]   # {a system's labelled kind: ("Space {number}", "space {number}")}


_VOCABULARY: list[Vocabulary] = []


def vocabulary() -> Vocabulary:
    """The element words in the current language, translated once per language and kind table (the checks
    name thousands of elements in a run): built again only when either changed."""
    # the sentinel: pseudo-translation or not
    key = (kinds_version(), labels_version(), current_language(), gettext(_SENTINEL))
    if _VOCABULARY and _VOCABULARY[0].key == key:
        return _VOCABULARY[0]
    names = _kind_names()
    for kind in element_kinds():
        if kind not in names:  # a game system's own kind: by the names it gives, else from its code
            names[kind] = (model_kind_name(kind), kind_in_sentence(kind) or lowered_english(kind_label(kind)))
    kinds = element_kinds()
    quoted = ([names[kind][0] + " '" for kind in kinds], [names[kind][1] + " '" for kind in kinds])
    gate = (pgettext("check: element", "Gate {number}"),
            pgettext("check: element mid-sentence", "gate {number}"))
    start_finish = (pgettext("check: element", "The start/finish line"),
                    pgettext("check: element mid-sentence", "the start/finish line"))
    labels = labelled_kinds()
    found = Vocabulary(key, names, gate, start_finish, quoted,
                       np.array([kind in _OWN_NAMES or kind in labels for kind in kinds]), labels)
    _VOCABULARY[:] = [found]
    return found


#: A message whose translation tells the pseudo-translation from the plain language (`vocabulary`'s key).
_SENTINEL = "Design, print and race tabletop kart tracks."


def kind_name(kind: str, middle: bool = False) -> str:
    """How messages name a kind, translated: "Warp pipe" (`middle`: "warp pipe", in mid-sentence)."""
    names = vocabulary().names
    return names[kind][middle] if kind in names else (lowered_english if middle else str)(kind_label(kind))


def label(element: ElementBase, middle: bool = False, words: Vocabulary | None = None) -> str:
    """How messages name an element: "Gate 3", "Space 33" (a system's label), "Warp pipe 'p1'", "Coin 'c4'"
    (`middle`: as it reads in the middle of a sentence, "gate 3", "the start/finish line"); `words`: the
    `vocabulary`, when the caller has it."""
    words = words or vocabulary()
    kind = element.kind
    templates = words.labels.get(kind)
    shown = fill_label(templates[middle], lambda name: getattr(element, name, None)) if templates else None
    if shown is not None:
        return shown
    if kind == "gate":
        return words.gate[middle].format(number=getattr(element, "order", None))
    if kind == "start_finish":
        return words.start_finish[middle]
    names = words.names.get(kind)
    return (names[middle] if names else kind_name(kind, middle)) + " '" + element.id + "'"


def namer(template: str, placeholder: str) -> Callable[[ElementBase], str]:
    """`named(template, placeholder, element)` for many elements: the form and the words looked up once."""
    words, middle = vocabulary(), not opens(template, placeholder)
    quoted = {kind: forms[middle] + " '" for kind, forms in words.names.items()
              if kind not in _OWN_NAMES and kind not in words.labels}

    def name(element: ElementBase) -> str:
        start = quoted.get(element.kind)
        return start + element.id + "'" if start is not None else label(element, middle, words)
    return name


def named(template: str, placeholder: str, element: ElementBase) -> str:
    """`label(element)` as the translated `template` needs it for `{placeholder}`: the start-of-sentence form
    when the sentence starts with it, else the mid-sentence form (a translation may move it: "{gate}'s line"
    is "La fila de {gate}" in Spanish)."""
    return label(element, middle=not opens(template, placeholder))


def opens(template: str, placeholder: str) -> bool:
    """Does the sentence start with `{placeholder}`?"""
    return template.startswith("{" + placeholder + "}")


def lowered_english(text: str) -> str:
    return text[:1].lower() + text[1:]


def lowered(text: str) -> str:
    """A sentence (or an English label) continued after a colon: "Gate 3" → "gate 3" (ids keep their case).
    German keeps the capital: its nouns have one, and so has a whole sentence after a colon."""
    return text if current_language() == "de" else lowered_english(text)


def labels(elements: Sequence[Element], ids: Sequence[str], codes: np.ndarray, rows: Sequence[int],
           lower: bool = False, suffix: str = "") -> list[str]:
    """`label(elements[i], lower) + suffix` for each i in `rows`, given every element's id and kind code
    (its place in the kind table): "<Kind> '<id>'" in bulk."""
    words = vocabulary()
    starts = words.quoted[lower]
    kinds = codes[rows]
    out = list(map(str.__add__, map(starts.__getitem__, kinds.tolist()), map(ids.__getitem__, rows)))
    out = list(map(str.__add__, out, repeat("'" + suffix)))
    for k in np.flatnonzero(words.own_name[kinds]).tolist():
        out[k] = label(elements[rows[k]], lower) + suffix
    return out


def fill(template: str, **columns: Iterable[str]) -> list[str]:
    """`template.format(**row)` for each row of the equally long `columns` (named after the template's
    placeholders), the template parsed once: many messages of one translated sentence in bulk."""
    cols = {name: list(column) for name, column in columns.items()}
    n = len(next(iter(cols.values()))) if cols else 0
    out: list[str] | None = None
    for literal, field, _spec, _conversion in Formatter().parse(template):
        if literal:
            out = [literal] * n if out is None else list(map(str.__add__, out, repeat(literal)))
        if field is not None:
            column = cols[field]
            out = list(column) if out is None else list(map(str.__add__, out, column))
    return out if out is not None else [template] * n


def ordinal(n: int) -> str:
    """"1st", "2nd", "23rd" (German "23.", Spanish "23.º", French "1re", "23e")."""
    if n == 1:
        return pgettext("ordinal number", "1st")
    if current_language() == SOURCE_LANGUAGE:
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix}"
    return pgettext("ordinal number", "{n}th").format(n=n)


def number(value: float, spec: str = "g") -> str:
    """`value` as `format(value, spec)` writes it in English ("203.2" for "g", "12" for ".0f"); in another
    language with as many decimals through `format_number` ("203,2" in German)."""
    text = format(value, spec)
    if current_language() == SOURCE_LANGUAGE or not math.isfinite(value) or "e" in text:
        return text
    decimals = len(text.partition(".")[2])
    return format_number(value, decimals)
