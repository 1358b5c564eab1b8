"""The board game's rules reference sheet (`kartographer export --ruleset mk-board --what reference`): one page.

Its words are ours and its numbers the rule data's (`board`, `coins`, the deck and its rules): players and laps,
the start-order roll, whether pawns capture or a 6 rolls again, the coin bank, its spending table and the coin
a 6 earns, what sharing a space costs (and the turns a broke pawn sits out), every special space with the
Thwomp's roll table and the shortcut's item and pips, and every item card with its race-day numbers (a
roll's multiplier, the rivals' divisor, the turns a hit costs). The layout is the shared one
(`designer/export/reference_sheet.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.reference_sheet import Block, faces, render_blocks
from designer.i18n import _, ngettext
from designer.rules.texts import card_effects, card_name, card_text, deck_rule_note, ruleset_name
from designer.systems.mk_board.board_texts import field_rule, reference_rules, spending_line
from designer.systems.mk_board.elements import FIELD_NAMES
from designer.systems.mk_board.rule_data import board_rules, board_space_effect, board_space_name

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset
    from designer.systems.mk_board.rule_data import BoardRules, BoardSpace


def race_block(ruleset: Ruleset, board: BoardRules) -> Block:
    lines = [
        ngettext("{low} to {high} players race {n} lap of the board.",
                 "{low} to {high} players race {n} laps of the board.", board.laps).format(
            low=ruleset.karts.min or 1, high=ruleset.karts.max, n=board.laps),
        _("Before the start every player rolls the die to settle the starting places; then the pawn in place 1 "
          "moves first, place 2 next, and so on round the table."),
    ]
    if board.starting_coins and board.starting_coin_places:
        lines.append(reference_rules(board)[-1])
    return (_("The race"), lines)


def turn_block(ruleset: Ruleset, board: BoardRules) -> Block:
    lines = [_("On your turn: play an item or spend coins first if you want to (both before the roll), then roll "
               "the die and move your pawn that many spaces forwards.")]
    lines.append(_("There is no capturing: a pawn is never sent back, and any number of pawns may stand on one "
                   "space.") if not board.capturing else
                 _("Capturing is on: a pawn ending its move on a rival's space sends that rival back to the start."))
    lines.append(_("A 6 earns no extra roll: your turn ends after one move.") if not board.extra_roll_on_six else
                 _("A 6 lets you roll again once you have moved."))
    paid, skip = board.collision.coins_paid, board.collision.skip_turns_if_broke
    if paid:
        share = ngettext("Ending your move where other pawns stand costs every pawn there {n} coin, paid to the bank.",
                         "Ending your move where other pawns stand costs every pawn there {n} coins, paid to the "
                         "bank.", paid).format(n=paid)
        if skip:
            share += " " + ngettext("A pawn that cannot pay sits out {n} turn instead.",
                                    "A pawn that cannot pay sits out {n} turns instead.", skip).format(n=skip)
        lines.append(share)
    return (_("Your turn"), lines)


def coins_block(ruleset: Ruleset, board: BoardRules) -> Block:
    lines = [ngettext("The bank holds {n} coin at the start. Coins come from it and go back to it.",
                      "The bank holds {n} coins at the start. Coins come from it and go back to it.",
                      board.bank_coins).format(n=board.bank_coins)]
    rules = reference_rules(board)
    if board.coin_on_roll is not None:
        lines.append(rules[0])
    if board.coin_spending:
        lines.append(_("Decide before you roll, then pay the bank: {table}.").format(
            table="; ".join(spending_line(s.coins, s.extra_spaces) for s in board.coin_spending)))
    if board.hit_coin_loss_fraction > 0:
        lines.append(rules[1 if board.coin_on_roll is not None else 0])
    return (_("Coins"), lines)


def _space_line(ruleset: Ruleset, board: BoardRules, space: BoardSpace) -> str:
    name = board_space_name(ruleset, space)
    if space.kind == "thwomp":
        if space.roll_table:
            parts = [_("{faces}: {what}").format(
                faces=faces(o.rolls), what=ngettext("miss {n} turn", "miss {n} turns", o.skip_turns).format(
                    n=o.skip_turns) if o.skip_turns else _("no harm done"))
                for o in sorted(space.roll_table, key=lambda o: -max(o.rolls))]
            what = _("Roll again at once: {outcomes}.").format(outcomes="; ".join(parts))
        else:
            what = board_space_effect(ruleset, space)
        return _("{name}: {rule}").format(name=_(FIELD_NAMES["thwomp"]), rule=what)
    if space.kind == "mushroom" and space.move_divisor:
        return _("{name}: {rule}").format(name=_(FIELD_NAMES["mushroom"]), rule=_(
            "your next move is the roll divided by {n}, rounded down.").format(n=space.move_divisor))
    if space.kind == "shortcut":
        rule = _("Red arrows.") + " "
        if space.requires_item:
            rule += _("Only a pawn holding a {item} may take it, handing the card in, and only with a roll long "
                      "enough to reach the space beyond it.").format(item=_item_name(ruleset, space.requires_item))
        else:
            rule += _("Any pawn may take it with a roll long enough to reach the space beyond it.")
        if space.pips:
            rule += " " + ngettext("Crossing it uses up {n} pip of the roll.",
                                   "Crossing it uses up {n} pips of the roll.", space.pips).format(n=space.pips)
        if not space.can_stop_on:
            rule += " " + _("No pawn may stop on it.")
        return _("{name}: {rule}").format(name=name, rule=rule)
    if space.kind in ("item", "booster"):
        return _("{name}: {rule}").format(name=_(FIELD_NAMES[space.kind]), rule=field_rule(space.kind, ruleset))
    return _("{name}: {rule}").format(name=name, rule=board_space_effect(ruleset, space))


def _item_name(ruleset: Ruleset, name: str) -> str:
    card = next((c for c in ruleset.deck if c.name == name), None)
    return card_name(ruleset, card) if card is not None else name


def spaces_block(ruleset: Ruleset, board: BoardRules) -> Block:
    return (_("Special spaces"), [_space_line(ruleset, board, space) for space in board.spaces])


def items_block(ruleset: Ruleset, board: BoardRules) -> Block | None:
    if not ruleset.deck:
        return None
    total = sum(card.count for card in ruleset.deck)
    lines = []
    hold = ruleset.deck_rules.hand_limit
    head = ngettext("The deck has {n} card.", "The deck has {n} cards.", total).format(n=total)
    if hold:
        head += " " + ngettext("A pawn holds at most {n} item, face up.", "A pawn holds at most {n} items, face up.",
                               hold).format(n=hold)
    if ruleset.deck_rules.used_cards == "bottom_of_deck":
        head += " " + _("A used card goes back under the pile.")
    lines.append(head)
    if board.banana_chips:
        lines.append(ngettext("The box has {n} banana chip.", "The box has {n} banana chips.",
                              board.banana_chips).format(n=board.banana_chips))
    for card in ruleset.deck:
        body = card_text(ruleset, card)
        if card_effects(card):  # the race-day numbers, from the card's fields
            body = _("{text} ({effects})").format(text=body, effects=" · ".join(card_effects(card)))
        lines.append(_("{name} ×{count}: {text}").format(name=card_name(ruleset, card), count=card.count, text=body))
    note = deck_rule_note(ruleset, "notes")
    if note:
        lines.append(note)
    return (_("Item cards"), lines)


def blocks(ruleset: Ruleset) -> list[Block]:
    board = board_rules(ruleset)
    if board is None:
        return []
    made = [race_block(ruleset, board), turn_block(ruleset, board), coins_block(ruleset, board),
            spaces_block(ruleset, board), items_block(ruleset, board)]
    return [b for b in made if b is not None]


def render_reference(c: Canvas, job: PrintJob) -> int:
    """The board game's rules on one sheet; returns the pages drawn."""
    title = _("{game}: rules reference").format(game=ruleset_name(job.ruleset))
    return render_blocks(c, job, title, blocks(job.ruleset))
