"""The Downforce variant's own section of rule data (`"downforce"` in `resources/rulesets/mk-downforce.json`):
its karts and drivers, dice, coins, prize money and print-and-play kit; its agreement with the shared
characters, its translatable texts and their look-ups.

Contributed to the ruleset model through `System.rule_sections`; read through `downforce_rules(ruleset)`.
Pure data: no Qt, no I/O.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, StringConstraints, model_validator

from designer.i18n import _
from designer.rules.base import (
    D6,
    Count,
    Name,
    Positive,
    RuleModel,
    Slug,
    Text,
    check_covers_d6,
    check_unique,
    new_list,
)
from designer.rules.texts import json_items, json_names, key_of, optional_text, rule_text
from designer.systems.api import RuleSection

if TYPE_CHECKING:
    from designer.rules.schema import Ruleset


#: A printing colour, "#rrggbb".
HexColour = Annotated[str, StringConstraints(pattern=r"^#[0-9a-fA-F]{6}$")]


class DownforceKart(RuleModel):
    """One of the six base-game car colours, the characters (by id) that can stand in for it, and the ink
    its kart card and record use (`hex`)."""

    colour: Name
    drivers: list[Slug] = Field(min_length=1)
    hex: HexColour = "#808080"


class TokenCount(RuleModel):
    """How many of one item token the kit prints."""

    token: Name
    count: Annotated[int, Field(ge=0, le=200)]


class DownforceKit(RuleModel):
    """The print-and-play kit's sizes and counts (ours: the variant gives none; `sizes_note` says so).

    ? blocks: one per lane space just after each betting line, so `lanes` × `betting_lines`, plus
    `block_spares`; the item tokens a die roll hands out are `item_tokens`. The print options of the same
    names override `lanes`, `betting_lines`, `token_size_mm` and `die_size_mm` for one print.
    """

    token_size_mm: Annotated[float, Field(ge=10, le=40)] = 20.0
    lanes: Annotated[int, Field(ge=1, le=12)] = 6
    betting_lines: Annotated[int, Field(ge=1, le=6)] = 3
    block_token: Name = "? Block"
    block_spares: Annotated[int, Field(ge=0, le=50)] = 3
    item_tokens: list[TokenCount] = Field(default_factory=new_list)
    die_size_mm: Annotated[float, Field(ge=10, le=40)] = 16.0
    sizes_note: Text | None = None


class CoinRoll(RuleModel):
    """Red-die faces and the coins they award."""

    rolls: list[D6] = Field(min_length=1)
    coins: Positive


class PlaceAdvance(RuleModel):
    """How many spaces the kart in a given position moves."""

    place: Positive
    spaces: Count


class StartBoost(RuleModel):
    """Each kart rolls once before the first speed card; these faces move it ahead."""

    rolls: list[D6] = Field(min_length=1)
    advance_spaces: Positive


class DownforceRules(RuleModel):
    """Mario Kart variant for the Downforce board game."""

    karts: list[DownforceKart] = Field(min_length=1)
    item_die_faces: list[Name] = Field(min_length=6, max_length=6)
    red_die: Literal["d6"]
    start_boost: StartBoost
    coin_table: list[CoinRoll]
    coin_value_dollars: int = Field(ge=1, le=10**12)
    #: Prize money per finishing place, 1st first: the base Downforce game's race payouts, which the variant
    #: leaves to the base game; `prize_table_assumed` marks them as our reading, to check against the box.
    prize_table: list[Annotated[int, Field(ge=0, le=10**12)]] = Field(default_factory=new_list, max_length=16)
    prize_table_assumed: bool = False
    lightning_table: list[PlaceAdvance]
    tokens: list[Name]
    banana_reach_ahead: Positive
    green_shell_swap_spaces: Positive
    kit: DownforceKit = DownforceKit()
    notes: Text | None = None

    def kart(self, colour: str) -> DownforceKart | None:
        return next((k for k in self.karts if k.colour == colour), None)

    def colour_of(self, character: str) -> str | None:
        """The colour of the kart a character (by id) stands in for, None when it stands in for none."""
        return next((k.colour for k in self.karts if character in k.drivers), None)

    @model_validator(mode="after")
    def _check(self) -> DownforceRules:
        check_unique((k.colour for k in self.karts), _("duplicate kart colour {value}"))
        for name in [self.kit.block_token, *(t.token for t in self.kit.item_tokens)]:
            if name not in self.tokens:
                raise ValueError(_("kit token {name} is not one of the tokens ({tokens})").format(
                    name=repr(name), tokens=", ".join(self.tokens)))
        check_unique((t.token for t in self.kit.item_tokens), _("duplicate kit token {value}"))
        check_covers_d6((c.rolls for c in self.coin_table),
                        _("coin table must cover die faces 1-6 exactly once, got {faces}"))
        check_unique((str(p.place) for p in self.lightning_table), _("duplicate lightning place {value}"))
        if len(self.prize_table) > len(self.karts):
            raise ValueError(_("the prize table pays {n} places but there are {karts} karts").format(
                n=len(self.prize_table), karts=len(self.karts)))
        return self


def downforce_rules(ruleset: Ruleset) -> DownforceRules | None:
    """The ruleset's Downforce section, or None when it has none (another system's rule data)."""
    return ruleset.section("downforce", DownforceRules)


def _check(rules: DownforceRules, ruleset: Ruleset) -> None:
    ids = {c.id for c in ruleset.characters}
    for kart in rules.karts:
        unknown = [d for d in kart.drivers if d not in ids]
        if unknown:
            raise ValueError(_("downforce kart {colour} names unknown character id {id}").format(
                colour=repr(kart.colour), id=repr(unknown[0])))
    for c in ruleset.characters:  # the editor reads a character's colour; the karts are the rule
        kart_colour = rules.colour_of(c.id)
        if c.colour is not None and c.colour != kart_colour:
            raise ValueError(_("character {id} is {colour} but drives the {kart} kart").format(
                id=repr(c.id), colour=repr(c.colour), kart=repr(kart_colour)))


def _texts(data: Mapping[str, Any]) -> Iterator[tuple[str, object]]:
    for key in ("item_die_faces", "tokens"):
        for face in json_names(data, key):
            yield f"{key}/{key_of(face)}", face
    for kart in json_items(data, "karts"):
        yield f"karts/{key_of(str(kart.get('colour')))}/colour", kart.get("colour")
    kit = data.get("kit")
    yield "kit/sizes_note", kit.get("sizes_note") if isinstance(kit, Mapping) else None


SECTION = RuleSection("downforce", DownforceRules, _check, _texts)


def die_face(ruleset: Any, face: str) -> str:
    """A face of the Downforce item die."""
    return rule_text(ruleset, f"downforce/item_die_faces/{key_of(face)}", face)


def token_name(ruleset: Any, token: str) -> str:
    """A Downforce token."""
    return rule_text(ruleset, f"downforce/tokens/{key_of(token)}", token)


def kart_colour_name(ruleset: Any, colour: str) -> str:
    """A Downforce kart's colour as a word of the current language ("red" → "rot")."""
    return rule_text(ruleset, f"downforce/karts/{key_of(colour)}/colour", colour)


def kit_note(ruleset: Any) -> str | None:
    """What the Downforce kit's sizes rest on (our assumptions), or None."""
    rules = downforce_rules(ruleset)
    return optional_text(ruleset, "downforce/kit/sizes_note", rules.kit.sizes_note if rules else None)
