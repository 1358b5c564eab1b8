"""What people call the element kinds: one readable name and one-line description per kind, in the project's
own words, read by the palette, the print shop's parts lists and the ruleset switch.

A kind not listed here (one a game system from outside defines) is named from its code: `fake_beacon` →
"Fake beacon". Names and tips are marked for the catalogue (`N_`) and translated when asked for; counts of a
built-in kind have a plural message each ("{n} coin" / "{n} coins"), so every language gets its own plural
forms. Pure: no Qt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from string import Formatter
from typing import Any

from designer.i18n import N_, _, ngettext

#: All built-in element kinds, in the order the palette shows them (`designer.model.elements` holds their
#: classes; kept here, where reading them builds no model).
ELEMENT_KINDS: tuple[str, ...] = (
    "start_finish",
    "gate",
    "item_box",
    "coin",
    "boost_pad",
    "dash_panel",
    "ramp",
    "warp_pipe",
    "bullet_bill",
    "thwomp",
    "piranha_plant",
    "chain_chomp",
    "wandering_threat",
    "scenery",
)

KIND_NAMES: dict[str, str] = {
    "start_finish": N_("Start/finish line"),
    "gate": N_("Gate"),
    "item_box": N_("Item box"),
    "coin": N_("Coin"),
    "boost_pad": N_("Boost pad"),
    "dash_panel": N_("Dash panel"),
    "ramp": N_("Ramp"),
    "warp_pipe": N_("Warp pipe"),
    "bullet_bill": N_("Bullet Bill plate"),
    "thwomp": N_("Thwomp"),
    "piranha_plant": N_("Piranha Plant"),
    "chain_chomp": N_("Chain Chomp"),
    "wandering_threat": N_("Wandering threat"),
    "scenery": N_("Scenery"),
}
KIND_TIPS: dict[str, str] = {
    "start_finish": N_("The chequered line where the race starts and each lap ends."),
    "gate": N_("A numbered gate across the track; karts pass the gates in order."),
    "item_box": N_("A box that deals an item card to the kart driving through it."),
    "coin": N_("A coin to pick up by driving through it."),
    "boost_pad": N_("A pad that speeds up a kart driving over it, in the arrows' direction."),
    "dash_panel": N_("A row of boost pads along the direction of travel."),
    "ramp": N_("A jump, entered from the striped edge; it may carry a flaming hoop."),
    "warp_pipe": N_("One end of a pair of pipes; a kart entering one comes out of its partner."),
    "bullet_bill": N_("A pressure plate that fires Bullet Bill from its launcher pipe."),
    "thwomp": N_("A stone block that slams down onto the track."),
    "piranha_plant": N_("A plant that bites karts within its range."),
    "chain_chomp": N_("A chained ball that lunges at karts within its reach."),
    "wandering_threat": N_("A walker (a Goomba by default) that wanders the track."),
    "scenery": N_("A scenery polygon: solid obstacle or decoration."),
}
#: How a count of each built-in kind reads in a sentence ("3 coins", "1 scenery polygon"): one plural message
#: per kind, so each language has its own forms.
_COUNTED: dict[str, Callable[[int], str]] = {
    "start_finish": lambda n: ngettext("{n} start/finish line", "{n} start/finish lines", n),
    "gate": lambda n: ngettext("{n} gate", "{n} gates", n),
    "item_box": lambda n: ngettext("{n} item box", "{n} item boxes", n),
    "coin": lambda n: ngettext("{n} coin", "{n} coins", n),
    "boost_pad": lambda n: ngettext("{n} boost pad", "{n} boost pads", n),
    "dash_panel": lambda n: ngettext("{n} dash panel", "{n} dash panels", n),
    "ramp": lambda n: ngettext("{n} ramp", "{n} ramps", n),
    "warp_pipe": lambda n: ngettext("{n} warp pipe", "{n} warp pipes", n),
    "bullet_bill": lambda n: ngettext("{n} Bullet Bill plate", "{n} Bullet Bill plates", n),
    "thwomp": lambda n: ngettext("{n} thwomp", "{n} thwomps", n),
    "piranha_plant": lambda n: ngettext("{n} Piranha Plant", "{n} Piranha Plants", n),
    "chain_chomp": lambda n: ngettext("{n} Chain Chomp", "{n} Chain Chomps", n),
    "wandering_threat": lambda n: ngettext("{n} wandering threat", "{n} wandering threats", n),
    "scenery": lambda n: ngettext("{n} scenery polygon", "{n} scenery polygons", n),
}


#: The names game systems give their own kinds ({kind: (name, in mid-sentence)}, English, marked for the
#: catalogue by the system), set by the registry (`set_system_kind_names`).
_SYSTEM_NAMES: dict[str, tuple[str, str]] = {}


def set_system_kind_names(names: dict[str, tuple[str, str]]) -> None:
    _SYSTEM_NAMES.clear()
    _SYSTEM_NAMES.update(names)


#: How game systems name one element of their own kinds as the player sees it printed ({kind: (at the start of a
#: sentence, in mid-sentence)}: English templates over the element's whole-number fields, "Space {number}"), set by the
#: registry (`set_system_element_labels`).
_SYSTEM_LABELS: dict[str, tuple[str, str]] = {}
_labels_version = [0]


def set_system_element_labels(labels: dict[str, tuple[str, str]]) -> None:
    if labels != _SYSTEM_LABELS:
        _SYSTEM_LABELS.clear()
        _SYSTEM_LABELS.update(labels)
        _labels_version[0] += 1


def labels_version() -> int:
    """Grows whenever the systems' element labels change (callers cache their translations per version)."""
    return _labels_version[0]


def labelled_kinds() -> dict[str, tuple[str, str]]:
    """{kind: (start-of-sentence template, mid-sentence template)}, translated, of the kinds a system labels."""
    return {kind: (_(start), _(middle)) for kind, (start, middle) in _SYSTEM_LABELS.items()}


def fill_label(template: str, field: Callable[[str], Any]) -> str | None:
    """`template` ("Space {number}") filled with the element's whole-number fields (`field(name)`), or None when
    one is missing or not a whole number (in a file being refused, it may be what is refused)."""
    values: dict[str, int] = {}
    for _literal, name, _spec, _conversion in Formatter().parse(template):
        if name is None:
            continue
        value = field(name)
        if isinstance(value, bool) or not isinstance(value, int):
            return None
        values[name] = value
    return template.format(**values)


def element_label(kind: str, field: Callable[[str], Any], middle: bool = False) -> str | None:
    """How the player sees one element of a system's kind that labels them ("Space 33", `middle`: "space 33"),
    translated; None for a kind without a label or a field unfit to show (`fill_label`)."""
    templates = _SYSTEM_LABELS.get(kind)
    return fill_label(_(templates[middle]), field) if templates else None


def kind_name(kind: str) -> str:
    """"Boost pad" for `boost_pad`; a game system's own kind by the name it gives, else from its code."""
    if kind in KIND_NAMES:
        return _(KIND_NAMES[kind])
    if kind in _SYSTEM_NAMES:
        return _(_SYSTEM_NAMES[kind][0])
    return kind.replace("_", " ").capitalize()


def kind_in_sentence(kind: str) -> str | None:
    """A game system's own kind as named in mid-sentence ("space"), or None for a kind it does not name."""
    return _(_SYSTEM_NAMES[kind][1]) if kind in _SYSTEM_NAMES else None


def kind_tip(kind: str) -> str:
    return _(KIND_TIPS[kind]) if kind in KIND_TIPS else ""


def counted(kind: str, n: int) -> str:
    """"3 coins", "1 dash panel", "2 Bullet Bill plates": a count of one kind, in the middle of a sentence."""
    if kind in _COUNTED:
        return _COUNTED[kind](n).format(n=n)
    # a kind of an outside system: English, from its code
    name = kind_name(kind)
    # Lower-case the first letter unless the name is a proper noun ("Fake Beacon").
    one = name if any(c.isupper() for c in name[1:]) else name[:1].lower() + name[1:]
    many = one + ("es" if one.endswith(("s", "x", "ch", "sh")) else "s")
    return f"{n} {one if n == 1 else many}"


def count_kinds(kinds: Iterable[str], order: Iterable[str] = ()) -> str:
    """"3 coins, 2 boost pads, 1 dash panel": how many of each kind, kinds in `order` first, then by first
    appearance."""
    counts = Counter(kinds)
    first = [k for k in dict.fromkeys(order) if k in counts]
    ranked = first + [k for k in counts if k not in first]
    return ", ".join(counted(kind, counts[kind]) for kind in ranked)
