"""What people call the element kinds: one readable name and one-line description per kind, in the project's
own words, read by the palette, the print shop's parts lists and the ruleset switch.

A kind not listed here (one a game system from outside defines) is named from its code: `fake_beacon` →
"Fake beacon". Pure: no Qt.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

KIND_NAMES: dict[str, str] = {
    "start_finish": "Start/finish line",
    "gate": "Gate",
    "item_box": "Item box",
    "coin": "Coin",
    "boost_pad": "Boost pad",
    "dash_panel": "Dash panel",
    "ramp": "Ramp",
    "warp_pipe": "Warp pipe",
    "bullet_bill": "Bullet Bill plate",
    "thwomp": "Thwomp",
    "piranha_plant": "Piranha Plant",
    "chain_chomp": "Chain Chomp",
    "wandering_threat": "Wandering threat",
    "scenery": "Scenery",
}
KIND_TIPS: dict[str, str] = {
    "start_finish": "The chequered line where the race starts and each lap ends.",
    "gate": "A numbered gate across the track; karts pass the gates in order.",
    "item_box": "A box that deals an item card to the kart driving through it.",
    "coin": "A coin to pick up by driving through it.",
    "boost_pad": "A pad that speeds up a kart driving over it, in the arrows' direction.",
    "dash_panel": "A row of boost pads along the direction of travel.",
    "ramp": "A jump, entered from the striped edge; it may carry a flaming hoop.",
    "warp_pipe": "One end of a pair of pipes; a kart entering one comes out of its partner.",
    "bullet_bill": "A pressure plate that fires Bullet Bill from its launcher pipe.",
    "thwomp": "A stone block that slams down onto the track.",
    "piranha_plant": "A plant that bites karts within its range.",
    "chain_chomp": "A chained ball that lunges at karts within its reach.",
    "wandering_threat": "A walker (a Goomba by default) that wanders the track.",
    "scenery": "A scenery polygon: solid obstacle or decoration.",
}
#: How a count of each kind reads in a sentence ("3 coins", "1 scenery polygon"), where the name will not do.
_COUNTED: dict[str, tuple[str, str]] = {
    "scenery": ("scenery polygon", "scenery polygons"),
    "item_box": ("item box", "item boxes"),
}


def kind_name(kind: str) -> str:
    """"Boost pad" for `boost_pad`; a kind of an outside system is named from its code."""
    return KIND_NAMES.get(kind, kind.replace("_", " ").capitalize())


def kind_tip(kind: str) -> str:
    return KIND_TIPS.get(kind, "")


def counted(kind: str, n: int) -> str:
    """"3 coins", "1 dash panel", "2 Bullet Bill plates": a count of one kind, in the middle of a sentence."""
    if kind in _COUNTED:
        one, many = _COUNTED[kind]
    else:
        name = kind_name(kind)
        # Lower-case the first letter unless the name is a proper noun ("Piranha Plant", "Bullet Bill plate").
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
