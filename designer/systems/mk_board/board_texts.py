"""The board game's printed rule lines, in our own words and worked out from the rule data (`board`): one
line per field for the board's legend, and the reference card's coin and turn rules. Pure: no reportlab.

Every line is a whole translated sentence with named placeholders; numbers come from the ruleset, so a
house rule in the data changes the print too.
"""

from __future__ import annotations

from designer.i18n import _, current_language, ngettext
from designer.rules import Ruleset
from designer.systems.mk_board.elements import FIELD_NAMES, FIELDS
from designer.systems.mk_board.rule_data import BoardRules, board_rules


def _faces(rolls: list[int]) -> str:
    rolls = sorted(rolls)
    if len(rolls) > 1 and rolls == list(range(rolls[0], rolls[-1] + 1)):
        return f"{rolls[0]}–{rolls[-1]}"
    return ", ".join(str(r) for r in rolls)


def thwomp_rule(board: BoardRules) -> str:
    space = next((s for s in board.spaces if s.kind == "thwomp" and s.roll_table), None)
    if space is None:
        return _("Roll the die at once and see what the Thwomp does.")
    parts = []
    for outcome in sorted(space.roll_table or [], key=lambda o: -max(o.rolls)):
        if outcome.skip_turns:
            what = ngettext("miss {n} turn", "miss {n} turns", outcome.skip_turns).format(n=outcome.skip_turns)
        else:
            what = _("no harm done")
        parts.append(_("{faces}: {what}").format(faces=_faces(outcome.rolls), what=what))
    return _("Roll again at once: {outcomes}.").format(outcomes="; ".join(parts))


def field_rule(field: str, ruleset: Ruleset) -> str:
    """What landing on a space of this field does, in one line."""
    board = board_rules(ruleset)
    hold = ruleset.deck_rules.hand_limit or 1
    if field == "plain":
        return _("Nothing happens; your pawn rests here until your next turn.")
    if field == "item":
        return ngettext("Take the top item card now, face up; nobody holds more than {n} item.",
                        "Take the top item card now, face up; nobody holds more than {n} items.", hold).format(n=hold)
    if field == "booster":
        return _("Throw the die once more and keep moving.")
    if field == "mushroom":
        return _("Your next move is only half of what you roll, rounded down.")
    if field == "thwomp":
        return thwomp_rule(board) if board is not None else ""
    if field == "start":
        laps = board.laps if board is not None else 3
        return ngettext("Where the race begins and ends: the first pawn across after {n} lap wins.",
                        "Where the race begins and ends: the first pawn across after {n} laps wins.",
                        laps).format(n=laps)
    return ""


def shortcut_rule() -> str:
    return _("Red arrow: give up a Feather and cross for one pip; no pawn may stop on it.")


def legend(ruleset: Ruleset) -> list[tuple[str, str, str]]:
    """(field, its name, its rule) for every field, then the shortcut ("shortcut" as the field)."""
    rows = [(field, _(FIELD_NAMES[field]), field_rule(field, ruleset)) for field in FIELDS]
    return [*rows, ("shortcut", _("Shortcut"), shortcut_rule())]


def spending_line(coins: int, spaces: int) -> str:
    return ngettext("{coins} coin", "{coins} coins", coins).format(coins=coins) + " → " + ngettext(
        "{n} space further", "{n} spaces further", spaces).format(n=spaces)


def _places(places: list[int]) -> str:
    return _faces(places) if places else ""


def reference_rules(board: BoardRules) -> list[str]:
    """The reference card's rules under the coin table, each a sentence."""
    lines = []
    if board.coin_on_roll is not None:
        lines.append(_("Rolled a {face}? The bank pays you a coin, as long as it has one left.").format(
            face=board.coin_on_roll))
    if board.hit_coin_loss_fraction == 0.5:
        lines.append(_("Hit by a shell or stopped by a banana: give back half your coins, rounded up.")
                     if board.hit_coin_loss_rounding == "up" else
                     _("Hit by a shell or stopped by a banana: give back half your coins, rounded down."))
    elif board.hit_coin_loss_fraction > 0:
        from babel.numbers import format_percent

        lines.append(_("Hit by a shell or stopped by a banana: give back {share} of your coins.").format(
            share=format_percent(board.hit_coin_loss_fraction, locale=current_language())))
    paid, skip = board.collision.coins_paid, board.collision.skip_turns_if_broke
    if paid:
        lines.append(ngettext(
            "Ending on a space another pawn holds costs each of you {n} coin; without one, sit out a turn.",
            "Ending on a space another pawn holds costs each of you {n} coins; without them, sit out a turn.",
            paid).format(n=paid) if skip else ngettext(
            "Ending on a space another pawn holds costs each of you {n} coin.",
            "Ending on a space another pawn holds costs each of you {n} coins.", paid).format(n=paid))
    if board.starting_coins and board.starting_coin_places:
        lines.append(ngettext("Pawns lined up in starting places {places} begin with {n} coin.",
                              "Pawns lined up in starting places {places} begin with {n} coins.",
                              board.starting_coins).format(places=_places(board.starting_coin_places),
                                                           n=board.starting_coins))
    return lines
