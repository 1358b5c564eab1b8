"""Axles and Alloys II's rules reference sheet (`kartographer export --ruleset axles-alloys-2 --what reference`).

Our words, the rule data's numbers (`axles`): inches and the centimetre factor, the weight classes and the
random-vehicle table, what components cost (heavy weapons, turrets, firing faces), the hit-point thresholds
and the component roll, what a damaged engine or steering costs (MAX ÷, TURN −), the driver's death roll and
the rerolls a career earns, the Deathmatch entry speed, races (laps, track width, the one-lap truce, dropped
weapons, barrier damage by speed, a head-on hit) and the Badlands Ambush speeds. Distances stored in mm print in
inches. The layout is the shared one (`designer/export/reference_sheet.py`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from designer.export.paper import INCH_MM
from designer.export.reference_sheet import Block, faces, render_blocks
from designer.i18n import _, format_number, ngettext
from designer.rules.texts import ruleset_name
from designer.systems.axles_alloys_2.rule_data import (
    axles_rules,
    component_includes,
    component_name,
    firing_face,
    reroll_event,
    weight_class_name,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from designer.export.options import PrintJob
    from designer.rules.schema import Ruleset
    from designer.systems.axles_alloys_2.rule_data import AxlesRules, BarrierBand


def inches(mm: float) -> str:
    """A length in inches as printed: 152.4 mm → 6"."""
    value = round(mm / INCH_MM, 1)
    return format_number(value, 0 if value == round(value) else 1) + '"'


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else ("±0" if n == 0 else f"−{-n}")


def units_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    w, h = a.dropped_template_mm
    return (_("Units"), [
        _("Every distance and speed is in inches. To play in centimetres, multiply every inch figure by "
          "{n}.").format(n=a.cm_scale_factor),
        _("Dropped-weapon templates {w} × {h}; Sword, Shield and Deathshead counters {d} across.").format(
            w=inches(w), h=inches(h), d=inches(a.counter_diameter_mm)),
    ])


def vehicles_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    lines = []
    for w in a.weight_classes:
        r = w.race
        lines.append(_("{name}: MAX {max}, ACC {acc}, DEC {dec}, TURN {turn}; in a race {rmax}/{racc}/{rdec}/{rturn}. "
                       "{hp} hit points ({lines} lines of {boxes}), capacity {capacity}.").format(
            name=weight_class_name(ruleset, w), max=w.max, acc=w.acc, dec=w.dec, turn=w.turn, rmax=r.max,
            racc=r.acc, rdec=r.dec, rturn=r.turn, hp=w.hit_points, lines=w.hit_point_lines,
            boxes=w.boxes_per_line, capacity=w.capacity))
    if a.random_variant and a.random_variant_stats:
        table = ", ".join(_("{face} → {change}").format(face=m.roll, change=signed(m.modifier))
                          for m in sorted(a.random_variant, key=lambda m: m.roll))
        lines.append(_("Random vehicles: roll a d6 for each of {stats} and add: {table}.").format(
            stats=", ".join({"max": _("MAX"), "acc": _("ACC"), "dec": _("DEC")}[s] for s in a.random_variant_stats),
            table=table))
    return (_("Vehicles"), lines)


def components_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    costs = []
    for c in a.components:
        if c.cost is None or not (c.fits_vehicles or a.heavy_weapons_allowed):
            continue
        cost = _("{cost} per weapon inside").format(cost=c.cost) if c.per_weapon else str(c.cost)
        extra = component_includes(ruleset, c)
        name = component_name(ruleset, c)
        costs.append(_("{name} {cost}").format(name=f"{name} (+ {extra})" if extra else name, cost=cost))
    lines = [_("Capacity each takes: {costs}.").format(costs="; ".join(costs))]
    heavy = [component_name(ruleset, c) for c in a.components if not c.fits_vehicles]
    if heavy and not a.heavy_weapons_allowed:
        lines.append(_("Never on a vehicle: {names}; they stay on emplacements.").format(names=", ".join(heavy)))
    elif heavy:
        lines.append(_("House rule: {names} may be mounted on vehicles too.").format(names=", ".join(heavy)))
    lines.append(ngettext("At most {n} turret per vehicle.", "At most {n} turrets per vehicle.",
                          a.turrets_per_vehicle).format(n=a.turrets_per_vehicle))
    lines.append(_("Each weapon keeps one firing face for the whole game: {faces}. Droppers always fire to the "
                   "rear.").format(faces=", ".join(firing_face(ruleset, f) for f in a.firing_faces)))
    return (_("Weapons and equipment"), lines)


def damage_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    lines = []
    for t in sorted(a.thresholds, key=lambda t: t.line):
        if t.destroys_vehicle:
            lines.append(_("Line {line} crossed out: the vehicle is destroyed.").format(line=t.line))
        elif t.component_lost_on:
            lines.append(_("Line {line} crossed out: roll a d6 for every component (the driver too); on {faces} "
                           "it is lost.").format(line=t.line, faces=faces(t.component_lost_on)))
    lines.append(_("Whenever a vehicle is destroyed, roll a d6 for its driver: on {faces} the driver dies. A named "
                   "driver may spend rerolls to survive; a dead driver's replacement starts with none.").format(
        faces=faces(a.driver_dies_on)))
    lines.append(_("Engine damaged (its first loss): MAX ÷ {divisor}, rounded down. Each steering loss short of "
                   "losing it: TURN − {loss}; steering lost: TURN 0.").format(
        divisor=a.engine_damaged_max_divisor, loss=a.steering_damaged_turn_loss))
    lines.append(_("Engine destroyed: the car loses {inches} of speed every game-turn. Brakes destroyed: its DEC "
                   "drops to {dec}.").format(inches=inches(a.engine_lost_slowdown_in * INCH_MM),
                                              dec=a.brakes_lost_dec))
    lines.append(_("A nitro charge adds {n}d6 inches of speed for one game-turn.").format(n=a.nitro_dice))
    parts = {"engine": _("the engine"), "steering": _("the steering"), "brakes": _("the brakes"),
             "fuel": _("the fuel tank"), "driver": _("the driver")}
    guards = [_("{component}: {part}").format(component=component_name(ruleset, c), part=parts[c.rerolls_loss_of])
              for c in a.components if c.rerolls_loss_of]
    if guards:
        lines.append(_("Once a game, a car fitted with one of these rerolls the loss of what it guards (the second "
                       "roll stands): {guards}.").format(guards=_("; ").join(guards)))
    return (_("Damage"), lines)


def arena_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    lines = [_("Deathmatch: every vehicle enters the table at speed {speed}; the table edge is solid.").format(
        speed=inches(a.deathmatch_entry_speed_mm))]
    if a.ambush is not None:
        b = a.ambush
        lines.append(ngettext(
            "Badlands Ambush: the defender starts in the table's centre at speed {defender}, heading where it "
            "chose. The attackers pick up to {n} entry point (corners or edge midpoints) and enter within "
            "{within} of it at speed {attackers}.",
            "Badlands Ambush: the defender starts in the table's centre at speed {defender}, heading where it "
            "chose. The attackers pick up to {n} entry points (corners or edge midpoints) and enter within "
            "{within} of them at speed {attackers}.", b.entry_points_max).format(
            defender=inches(b.defender_speed_mm), attackers=inches(b.attackers_speed_mm),
            within=inches(b.entry_within_mm), n=b.entry_points_max))
    return (_("Arena"), lines)


def _band(band: BarrierBand) -> str:
    damage = {"none": _("no damage"), "d6": _("d6 damage"), "d6+2": _("d6+2 damage")}[band.damage]
    if band.max_speed_in is None:
        speed = _("at {low}\" or more").format(low=band.min_speed_in)
    else:
        speed = _("at {low}–{high}\"").format(low=band.min_speed_in, high=band.max_speed_in)
    return _("{speed}: {damage}").format(speed=speed, damage=damage)


def race_block(ruleset: Ruleset, a: AxlesRules) -> Block:
    lines = [ngettext("A race lasts {n} lap, on a track {low}–{high} wide between barriers.",
                      "A race lasts {n} laps, on a track {low}–{high} wide between barriers.", a.race_laps).format(
        n=a.race_laps, low=inches(a.race_track_width_min_mm), high=inches(a.race_track_width_max_mm))]
    rules = []
    if a.one_lap_truce:
        rules.append(_("Nobody fires during the first lap (the one-lap truce)."))
    if not a.dropped_weapons_in_races:
        rules.append(_("Dropped weapons stay at home."))
    if rules:
        lines.append(" ".join(rules))
    if a.barrier_bands:
        lines.append(_("Glancing off a barrier turns the car parallel to it; the damage depends on the speed: "
                       "{bands}.").format(bands="; ".join(
                           _band(b) for b in sorted(a.barrier_bands, key=lambda b: b.min_speed_in))))
    if a.head_on_barrier_destroys:
        lines.append(_("Hitting a barrier head-on, at 90°, destroys the car."))
    s = a.scatter
    lines.append(_("Optional clutter: up to {t}d6 dropped-weapon templates, {r}d6 ramps and {w}d6 wrecks.").format(
        t=s.templates_d6, r=s.ramps_d6, w=s.wrecks_d6))
    return (_("Races"), lines)


def careers_block(ruleset: Ruleset, a: AxlesRules) -> Block | None:
    if not a.career_rerolls:
        return None
    names = {"deathmatch": _("Deathmatch"), "race": _("Race")}
    lines = []
    for scenario in ("deathmatch", "race"):
        awards = [a_ for a_ in a.career_rerolls if a_.scenario == scenario]
        if awards:
            lines.append(_("{name}: {rule}").format(name=names[scenario], rule="; ".join(
                _("{event} +{n}").format(event=reroll_event(ruleset, w.event), n=w.rerolls) for w in awards)))
    return (_("Careers: rerolls earned"), lines)


def blocks(ruleset: Ruleset) -> list[Block]:
    a = axles_rules(ruleset)
    if a is None:
        return []
    made = [units_block(ruleset, a), vehicles_block(ruleset, a), components_block(ruleset, a),
            damage_block(ruleset, a), arena_block(ruleset, a), race_block(ruleset, a), careers_block(ruleset, a)]
    return [b for b in made if b is not None]


def render_reference(c: Canvas, job: PrintJob) -> int:
    """Axles and Alloys II's rules on one sheet; returns the pages drawn."""
    title = _("{game}: rules reference").format(game=ruleset_name(job.ruleset))
    return render_blocks(c, job, title, blocks(job.ruleset))
