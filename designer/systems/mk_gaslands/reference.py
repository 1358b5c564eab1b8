"""Mario Kart Gaslands' rules reference sheet (`kartographer export --what reference`): one or two pages.

Every number on it is read from the rule data — the straights' lengths (`movement`), the deck rules and
its last-place cards, coins, the track features and hazards (`gaslands`), Balloon Battle and the Grand Prix
scoring — and worded here in the project's own sentences, translated through the catalogue. The layout is
the shared one (`designer/export/reference_sheet.py`): two columns on at most two pages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.paper import fmt_mm
from designer.export.reference_sheet import Block, faces, render_blocks
from designer.i18n import _, ngettext, pgettext, place_ordinal
from designer.rules.texts import card_name, ruleset_name, weight_name
from designer.systems.mk_gaslands.rule_data import gaslands_rules

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset
    from designer.systems.mk_gaslands.rule_data import Jump, Reach, Smash



# --- the words ---------------------------------------------------------------------------------------
def distance(ruleset: Ruleset, key: Reach) -> str:
    """A named distance with its length: "Short (75 mm)"."""
    names = {"short": pgettext("distance", "Short"), "medium": pgettext("distance", "Medium"),
             "long": pgettext("distance", "Long")}
    return _("{name} ({mm} mm)").format(name=names[key], mm=fmt_mm(ruleset.movement.distance_mm(key)))


def gear_loss(n: int) -> str:
    return ngettext("down {n} gear", "down {n} gears", n).format(n=n)


def smash(s: Smash) -> str:
    return _("a {weight} in gear {gear}").format(weight=weight_name(s.weight), gear=s.gear)


def gears(jump: Jump) -> str:
    if jump.max_gear is None:
        return _("gear {low} or higher").format(low=jump.min_gear)
    if jump.max_gear == jump.min_gear:
        return _("gear {low}").format(low=jump.min_gear)
    return _("gears {low}–{high}").format(low=jump.min_gear, high=jump.max_gear)


def distances_block(ruleset: Ruleset) -> Block:
    m = ruleset.movement
    return (_("Distances"), [_("Short = {short} mm, Medium = {medium} mm, Long = {long} mm: the lengths of the "
                              "straight templates. Every range and extra move on this sheet is one of them.").format(
        short=fmt_mm(m.short_mm), medium=fmt_mm(m.medium_mm), long=fmt_mm(m.long_mm))])


def items_block(ruleset: Ruleset) -> Block | None:
    if not ruleset.deck:
        return None
    rules = ruleset.deck_rules
    lines = []
    stack = found.double_stack_draw if (found := gaslands_rules(ruleset)) else None
    draw = _("Driving through an item box draws one card.")
    if stack:
        draw += " " + _("A double-stacked box gives {n}.").format(n=stack)
    lines.append(draw + " " + _("The box leaves the track and comes back when the gear phase ends."))
    if rules.hand_limit:
        held = _("A kart carries no more than {n} items.").format(n=rules.hand_limit)
        if rules.use_in_order:
            held += " " + _("They are played in the order they were drawn, oldest first.")
        lines.append(held + " " + _("A full kart draws nothing, yet the box it drives through still goes."))
    last = [card_name(ruleset, c) for c in ruleset.deck if c.last_place_only]
    if last:
        lines.append(_("For the kart in last place only: {cards}. Any other kart drawing one shows it, puts it on the "
                       "discard pile and draws a new card.").format(cards=", ".join(last)))
    if rules.used_cards == "discard":
        lines.append(_("Used cards are discarded. When the deck is empty, shuffle the discards into a new deck."))
    return (_("Item boxes"), lines)


def attack_block(ruleset: Ruleset) -> Block | None:
    if not ruleset.deck:
        return None
    return (_("Using items"), [
        _("Items are played in the Attack step of your own activation. While there is room for a card, "
          "you may not throw one away."),
        _("Shield: drag one item behind your kart, card turned sideways. It stops one attack from behind. "
          "Drop it before you play any other item."),
        _("A Wipe Out clears the dashboard: the kart loses every item and coin it holds."),
    ])


def coins_block(ruleset: Ruleset) -> Block | None:
    coins = ruleset.coins
    if coins is None:
        return None
    lines = []
    pick = _("Drive through a coin to collect it. Every coin returns to the track when the gear phase ends.")
    if coins.max_carried:
        pick += " " + _("A kart holds at most {n} coins; pickups past that leave the track but are not kept.").format(
            n=coins.max_carried)
    lines.append(pick)
    for spend in coins.spend:
        if spend.distance:
            lines.append(_("Spend {cost} coins in your Movement step: add a {distance} straight just before or "
                           "just after your template.").format(cost=spend.cost,
                                                               distance=distance(ruleset, spend.distance)))
    return (_("Coins"), lines)


def features_block(ruleset: Ruleset) -> Block | None:
    g = gaslands_rules(ruleset)
    if g is None:
        return None
    ramp = g.ramp
    lines = [
        _("Dash Panel or Boost Pad: finish your move, then add a {distance} straight dead ahead, before the "
          "Attack step.").format(distance=distance(ruleset, g.boost_distance)),
        _("Ramp: drive onto it forwards in gear {gear} or higher, or Wipe Out and be set {distance} behind its "
          "back edge.").format(gear=ramp.min_gear, distance=distance(ruleset, ramp.fail_distance)),
        _("A template or final position touching the ramp's entry edge makes the kart jump straight off the back "
          "edge, facing the same way: {landings}.").format(landings="; ".join(
              _("{gears}: land {distance} away").format(gears=gears(j), distance=distance(ruleset, j.distance))
              for j in ramp.jumps)),
    ]
    if ramp.hoop_distance:
        cards = ngettext("{n} item card", "{n} item cards", ramp.hoop_items).format(n=ramp.hoop_items)
        lines.append(_("Flaming hoop (optional), {distance} past the back edge: jumping through it draws "
                       "{cards}.").format(distance=distance(ruleset, ramp.hoop_distance), cards=cards))
    lines.append(_("Warp Pipes come in linked pairs: touch one and your kart leaves from its partner, rear flush "
                   "with the pipe."))
    return (_("Track features"), lines)


def hazards_block(ruleset: Ruleset) -> Block | None:
    g = gaslands_rules(ruleset)
    if g is None:
        return None
    t, plant, chomp = g.thwomp, g.piranha_plant, g.chain_chomp
    lines = [
        _("Thwomp: when each gear phase ends, roll a D6. On {faces} it lifts off the track, or comes back down if "
          "it was up. Karts under it are pushed to its nearest edge facing forwards, drop to gear {gear} and take "
          "{hazards} hazards; it Smash Attacks as {smash}.").format(
            faces=faces(t.rolls), gear=t.drop_to_gear, hazards=t.hazards, smash=smash(t.smash)),
        _("Piranha Plant: a kart passing within its range is bitten along a straight line from the plant: "
          "{gears}, {hazards} hazards, and it drives on. The plant then withdraws.").format(
            gears=gear_loss(plant.gear_loss), hazards=plant.hazards),
    ]
    chomp_line = _("Chain Chomp: as each gear phase starts it lunges at the closest kart: {gears}, "
                   "{hazards} hazards.").format(gears=gear_loss(chomp.gear_loss), hazards=chomp.hazards)
    if chomp.obstacle:
        chomp_line += " " + _("Its resting head is an obstacle to collide with, {smash}.").format(
            smash=smash(chomp.obstacle))
    lines.append(chomp_line)
    lines.append(_("Bullet Bill: a kart crossing the plate launches it from a warp pipe when that kart's turn ends. "
                   "At the end of every gear phase it flies a {distance} straight ahead until it hits something solid "
                   "or leaves the track, Smash Attacking each kart in its path as {smash}; they keep their facing.")
                 .format(distance=distance(ruleset, g.bullet_bill.distance), smash=smash(g.bullet_bill.smash)))
    lines.append(_("Goombas and other wanderers: each moves a {distance} straight in a random direction when a gear "
                   "phase ends, hits as {smash} and is removed when a kart or a shot hits it.").format(
        distance=distance(ruleset, g.wandering_threat.distance), smash=smash(g.wandering_threat.smash)))
    return (_("Course hazards"), lines)


def battle_block(ruleset: Ruleset) -> Block | None:
    b = ruleset.balloon_battle
    if b is None:
        return None
    return (_("Balloon Battle"), [_("Every kart starts with {n} balloons and loses one at each Wipe Out. When its last "
                                    "balloon goes, the kart is wrecked and stays where it stopped.").format(
        n=b.balloons_per_kart)])


def grand_prix_block(ruleset: Ruleset) -> Block | None:
    gp = ruleset.grand_prix
    if gp is None:
        return None
    places = [_("{place} {points}").format(place=place_ordinal(i), points=p)
              for i, p in enumerate(gp.place_points, start=1)]
    places.append(_("{place} and below {points}").format(place=place_ordinal(len(gp.place_points) + 1),
                                                          points=gp.other_place_points))
    lines = [
        _("{races} races; points add up from race to race and the highest total after the last race wins.").format(
            races=gp.races),
        _("Points for the finishing place: {places}.").format(places=", ".join(places)),
        _("Plus {gate} per gate cleared in the right order and {coin} per coin collected.").format(
            gate=gp.points_per_gate, coin=gp.points_per_coin),
    ]
    stats = {"handling": _("Handling"), "max_gear": _("Max Gear")}
    if gp.upgrades:
        buys = [_("+{step} {stat} (never above {cap})").format(step=u.step, stat=stats[u.stat], cap=u.cap)
                for u in gp.upgrades]
        lines.append(_("Between races a player may pay {cost} points for {choices}; it lasts the whole Grand "
                       "Prix.").format(cost=gp.upgrade_cost, choices=_(" or ").join(buys)))
    return (_("Grand Prix"), lines)


def blocks(ruleset: Ruleset) -> list[Block]:
    """The sheet's sections in reading order (those the rule data has nothing for left out)."""
    makers = (distances_block, items_block, attack_block, coins_block, features_block, hazards_block,
              battle_block, grand_prix_block)
    return [b for b in (make(ruleset) for make in makers) if b is not None]


def render_reference(c: Canvas, job: PrintJob) -> int:
    """The reference sheet on one or two pages; returns the pages drawn."""
    title = _("{game}: rules reference").format(game=ruleset_name(job.ruleset))
    return render_blocks(c, job, title, blocks(job.ruleset))
