"""Mario Kart for Downforce's rules reference sheet (`kartographer export --ruleset mk-downforce --what reference`).

The same rules as the reference card (`kit_cards.reference_blocks`: who leads, the start boost, the ? blocks
and the item die, each face and token, the final scoring), set as a full sheet in the shared layout
(`designer/export/reference_sheet.py`) with the card's small tables written out as lines, plus what a card
has no room for: the ? blocks laid at set-up (lanes × betting lines, the print options), the order of ? blocks
won while others are being rolled, and the kart colours with the characters standing in for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.reference_sheet import Block, render_blocks
from designer.i18n import _, format_number, ngettext, place_ordinal
from designer.rules.texts import character_name, ruleset_name
from designer.systems.mk_downforce.kit_cards import faces, reference_blocks
from designer.systems.mk_downforce.kit_tokens import block_count, require_downforce
from designer.systems.mk_downforce.rule_data import kart_colour_name, token_name

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset


def spaces(n: int) -> str:
    return ngettext("{n} space", "{n} spaces", n).format(n=format_number(n, 0))


def karts_block(ruleset: Ruleset) -> Block:
    rules = require_downforce(ruleset)
    known = {c.id: c for c in ruleset.characters}
    lines = []
    for kart in rules.karts:
        names = [character_name(ruleset, known[d]) if d in known else d for d in kart.drivers]
        lines.append(_("{name}: {rule}").format(
            name=_("{colour} kart").format(colour=kart_colour_name(ruleset, kart.colour)), rule=", ".join(names)))
    return (_("Karts"), [_("Every Downforce rule still applies; six karts stand in for the six cars:") + " "
                         + "; ".join(lines) + "."])


def blocks(ruleset: Ruleset, job: PrintJob) -> list[Block]:
    rules = require_downforce(ruleset)
    lanes, lines, _spares = block_count(job)
    block = token_name(ruleset, rules.kit.block_token)
    out = [karts_block(ruleset)]
    for card in reference_blocks(ruleset):
        bullets = [card.body]
        if card.icon == "die":
            boost = rules.start_boost
            bullets.append(_("Red die {faces}: move {spaces} ahead at once. Each kart rolls only once.").format(
                faces=faces(boost.rolls), spaces=spaces(boost.advance_spaces)))
        elif card.icon == "block":
            bullets.insert(0, _("Set-up: one {block} token on each lane space just past each yellow betting line, "
                                "{lanes} × {lines} = {n} tokens.").format(block=block, lanes=lanes, lines=lines,
                                                                          n=lanes * lines))
            bullets.append(_("A {block} token won while the item dice are being rolled is rolled after those "
                             "already waiting, in the new position order.").format(block=block))
        elif card.icon == "Coins":
            bullets.append("; ".join(_("Red die {faces} → {coins}").format(
                faces=faces(row.rolls), coins=ngettext("{n} coin", "{n} coins", row.coins).format(
                    n=format_number(row.coins, 0))) for row in rules.coin_table) + ".")
        elif card.icon == "Lightning":
            first = min((row.place for row in rules.lightning_table), default=2)
            bullets.append("; ".join(_("{place}: {spaces}").format(place=place_ordinal(row.place),
                                                                   spaces=spaces(row.spaces))
                                     for row in rules.lightning_table) + ".")
            if first > 1:
                bullets.append(_("The leader does not move."))
        out.append((card.heading, bullets))
    return out


def render_reference(c: Canvas, job: PrintJob) -> int:
    """The variant's rules on one sheet; returns the pages drawn."""
    title = _("{game}: rules reference").format(game=ruleset_name(job.ruleset))
    return render_blocks(c, job, title, blocks(job.ruleset, job))
