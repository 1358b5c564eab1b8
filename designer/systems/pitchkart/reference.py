"""Super Mario PitchKart's rules reference sheet (`kartographer export --ruleset pitchkart --what reference`).

Our words, the rule data's numbers (`pitchkart`, the deck and its rules, the characters): flicking and the
three character stats, overheating (and who merely stops instead), acceleration and the flooded engine, the
starting coins and the spare ones laid on the track, the six penalties (hits, spin-outs, the Green Shell and
Mushroom hits, the void variant's turns and coins), the drop distance, and every item with its numbers. The
layout is the shared one (`designer/export/reference_sheet.py`): two columns, one sheet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.paper import fmt_mm
from designer.export.reference_sheet import Block, render_blocks
from designer.i18n import N_, _, ngettext, place_ordinal
from designer.rules.texts import card_name, character_name, ruleset_name
from designer.systems.pitchkart.kit import STATS
from designer.systems.pitchkart.rule_data import pitchkart_rules, stat_note

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset
    from designer.systems.pitchkart.rule_data import PitchKartRules


def coins(n: int) -> str:
    return ngettext("{n} coin", "{n} coins", n).format(n=n)


def turns(n: int) -> str:
    return ngettext("{n} turn", "{n} turns", n).format(n=n)


#: The items' names for a deck that lacks one (a house rule took it out).
ITEMS = {"green-shell": N_("Green Shell"), "red-shell": N_("Red Shell"), "banana": N_("Banana"),
         "mushroom": N_("Mushroom"), "lightning": N_("Lightning"), "star": N_("Star"), "ghost": N_("Ghost"),
         "coin": N_("Coin")}


def item(ruleset: Ruleset, card_id: str) -> str:
    """An item's name as the deck calls it (translated)."""
    card = next((c for c in ruleset.deck if c.id == card_id), None)
    return card_name(ruleset, card) if card is not None else _(ITEMS[card_id])


def flicking_block(ruleset: Ruleset, pk: PitchKartRules) -> Block:
    lines = [_("Flick your kart disc along the track's numbered sections. The limits on your character card:")]
    lines += [_("{stat}: {rule}").format(stat=_(label), rule=stat_note(ruleset, key, pk.stats[key]))
              for key, label in STATS if key in pk.stats]
    lines.append(_("Overheating: a flick that carries your disc past the last section allowed costs you your next "
                   "turn."))
    stoppers = [character_name(ruleset, c) for c in ruleset.characters if c.id in pk.overheat_stop_characters]
    if stoppers:
        lines[-1] += " " + _("{names} never overheat: their disc is set at the end of the last section "
                             "allowed.").format(names=_(" and ").join(
                                 [", ".join(stoppers[:-1]), stoppers[-1]] if len(stoppers) > 1 else stoppers))
    lines.append(_("Flooded engine: your first flick of the race, and your first flick after leaving the track, "
                   "spinning out or being flattened, may cross no more sections than your Acceleration. Going "
                   "further floods the engine and you lose your next turn."))
    lines.append(_("A booster arrow your disc crosses gives you one more flick this turn, with no section limit."))
    return (_("Flicking"), lines)


def coins_block(ruleset: Ruleset, pk: PitchKartRules) -> Block:
    groups: list[tuple[int, int, int]] = []  # first place, last place, coins
    for place, n in enumerate(pk.starting_coins_by_slot, start=1):
        if groups and groups[-1][2] == n:
            groups[-1] = (groups[-1][0], place, n)
        else:
            groups.append((place, place, n))
    slots = "; ".join(_("{place}: {coins}").format(
        place=place_ordinal(a) if a == b else _("{first}–{last}").format(first=place_ordinal(a), last=place_ordinal(b)),
        coins=coins(n)) for a, b, n in groups)
    lines = [_("Starting coins by grid place: {slots}.").format(slots=slots),
             _("With fewer than {players} players, the coins of the empty grid places go on the track: in at most "
               "{sections} sections, {low}–{high} mm from one coin to the next.").format(
                 players=pk.spare_coins_below_players, sections=pk.spare_coin_sections_max,
                 low=fmt_mm(pk.spare_coin_spacing_min_mm), high=fmt_mm(pk.spare_coin_spacing_max_mm)),
             _("A coin disc your disc strikes is yours; a {card} card brings {coins} from the supply.").format(
                 card=item(ruleset, "coin"), coins=coins(pk.coin_card_coins)),
             _("Hit by another kart: give {coins} to the supply. With none left, you spin out instead.").format(
                 coins=coins(pk.penalties.hit_coin_loss))]
    return (_("Coins"), lines)


def spin_block(ruleset: Ruleset, pk: PitchKartRules) -> Block:
    p = pk.penalties
    return (_("Spin-outs"), [
        _("A kart spins out when it runs into a banana or a shell lying on the track, when a thrown shell hits it, or "
          "when it is hit with no coins left."),
        _("A spin-out costs {coins}, the rest of this turn and the movement of your next turn.").format(
            coins=coins(p.spin_out_coin_loss)),
        _("Hit by a {shell}: spin out and lose {coins}.").format(shell=item(ruleset, "green-shell"),
                                                                 coins=coins(p.green_shell_coin_loss)),
        _("Hit by a kart on a {mushroom}: lose {coins} instead of {usual}, and accelerate on your next turn.").format(
            mushroom=item(ruleset, "mushroom"), coins=coins(p.mushroom_hit_coin_loss),
            usual=coins(p.hit_coin_loss)),
    ])


def off_track_block(ruleset: Ruleset, pk: PitchKartRules) -> Block:
    p = pk.penalties
    return (_("Off the track"), [
        _("Set the disc beside the track where it left. On your next turn put it in the middle of that section and "
          "play as usual, starting with an acceleration flick."),
        _("Variant, falling into the void: your turn ends at once, you lose {turns}, then pay {coins} to the supply "
          "before the disc goes back on the track.").format(turns=turns(p.void_turns_lost),
                                                             coins=coins(p.void_coin_cost)),
    ])


def used_card(ruleset: Ruleset) -> str:
    """Where a used card goes (`deck_rules.used_cards`), with its leading space; "" when the data says not."""
    where = {"shuffle_back": _("Then shuffle it back into the deck."),
             "bottom_of_deck": _("Then put it under the pile."),
             "discard": _("Then put it on the discard pile.")}.get(ruleset.deck_rules.used_cards or "")
    return " " + where if where else ""


def items_block(ruleset: Ruleset, pk: PitchKartRules) -> Block:
    hold = ruleset.deck_rules.hand_limit or 1
    drop = fmt_mm(pk.drop_distance_max_mm)
    lines = [ngettext("Crossing a ? square draws a random item card, unless you already hold {n} item.",
                      "Crossing a ? square draws a random item card, unless you already hold {n} items.",
                      hold).format(n=hold)
             + " " + _("Use it on any turn, before or after a flick: say so and show it.") + used_card(ruleset),
             _("{name}: set it down at most {mm} mm behind your disc as an obstacle, or flick it once from your "
               "front.").format(name=item(ruleset, "green-shell"), mm=drop),
             _("{name}: flick it forwards up to {n} times. It can hit only the kart one place ahead of you and leaves "
               "the track once it passes that kart.").format(name=item(ruleset, "red-shell"),
                                                             n=pk.red_shell_max_flicks),
             _("{name}: set it down at most {mm} mm behind your disc.").format(
                 name=item(ruleset, "banana"), mm=drop),
             _("{name}: one extra flick this turn with no section limit.").format(
                 name=item(ruleset, "mushroom")),
             ngettext("{name}: for {rounds} rounds every rival crosses at most {n} section per flick. A rival your "
                      "kart hits meanwhile is flattened: it keeps its coins but loses its next turn.",
                      "{name}: for {rounds} rounds every rival crosses at most {n} sections per flick. A rival your "
                      "kart hits meanwhile is flattened: it keeps its coins but loses its next turn.",
                      pk.lightning_max_sections).format(name=item(ruleset, "lightning"),
                                                        rounds=pk.lightning_rounds, n=pk.lightning_max_sections),
             ngettext("{name}: for your next {turns} turns, +{n} section per flick and no harm from spins or items "
                      "(a Ghost still works). A kart you hit, or that hits you, spins out; obstacles you touch are "
                      "cleared away.",
                      "{name}: for your next {turns} turns, +{n} sections per flick and no harm from spins or items "
                      "(a Ghost still works). A kart you hit, or that hits you, spins out; obstacles you touch are "
                      "cleared away.", pk.star_extra_sections).format(
                 name=item(ruleset, "star"), turns=pk.star_turns, n=pk.star_extra_sections),
             _("{name}: look at every rival's item and keep the one you like; use it after your next flick.").format(
                 name=item(ruleset, "ghost")),
             _("{name}: take {coins} from the supply.").format(name=item(ruleset, "coin"),
                                                              coins=coins(pk.coin_card_coins))]
    return (_("Items"), lines)


def blocks(ruleset: Ruleset) -> list[Block]:
    pk = pitchkart_rules(ruleset)
    if pk is None:
        return []
    return [flicking_block(ruleset, pk), coins_block(ruleset, pk), spin_block(ruleset, pk),
            off_track_block(ruleset, pk), items_block(ruleset, pk)]


def render_reference(c: Canvas, job: PrintJob) -> int:
    """PitchKart's rules on one sheet; returns the pages drawn."""
    title = _("{game}: rules reference").format(game=ruleset_name(job.ruleset))
    return render_blocks(c, job, title, blocks(job.ruleset))
