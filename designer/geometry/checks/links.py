"""Numbers and links between elements: gate numbering, warp-pipe pairs, Bullet Bill's launcher, a
start/finish line (the kart count against the rule data: `common`).

Document checks: cheap dictionary work over the element list.
"""

from __future__ import annotations

from collections import defaultdict

from designer.geometry.checks.base import CheckContext, check, problem
from designer.geometry.checks.report import Problem, named, namer
from designer.i18n import _, ngettext
from designer.model.elements import BulletBill, Gate, WarpPipe


def _gates(ctx: CheckContext) -> list[Gate]:
    return ctx.of_class(Gate)


@check("gate-number-duplicate", "error")
def gate_number_duplicate(ctx: CheckContext) -> list[Problem]:
    by_order: defaultdict[int, list[str]] = defaultdict(list)
    for gate in _gates(ctx):
        by_order[gate.order].append(gate.id)
    return [problem("gate-number-duplicate",
                    ngettext("{n} gate is numbered {order}: {ids}", "{n} gates are numbered {order}: {ids}",
                             len(ids)).format(n=len(ids), order=order, ids=", ".join(f"'{i}'" for i in ids)), ids)
            for order, ids in sorted(by_order.items()) if len(ids) > 1]


@check("gate-number-missing", "error")
def gate_number_missing(ctx: CheckContext) -> list[Problem]:
    orders = {g.order for g in _gates(ctx)}
    if not orders:
        return []
    missing = [n for n in range(1, max(orders) + 1) if n not in orders]
    if not missing:
        return []
    shown = ", ".join(str(n) for n in missing[:10]) + (" …" if len(missing) > 10 else "")
    message = ngettext("Gate number {numbers} missing: gates should run 1 to {last}",
                       "Gate numbers {numbers} missing: gates should run 1 to {last}", len(missing))
    return [problem("gate-number-missing", message.format(numbers=shown, last=max(orders)))]


def _pipes(ctx: CheckContext) -> list[WarpPipe]:
    return ctx.of_class(WarpPipe)


@check("pipe-paired-with-itself", "error")
def pipe_paired_with_itself(ctx: CheckContext) -> list[Problem]:
    message = _("{pipe} is paired with itself")
    name = namer(message, "pipe")
    return [problem("pipe-paired-with-itself", message.format(pipe=name(p)), (p.id,))
            for p in _pipes(ctx) if p.pair == p.id]


@check("pipe-pair-missing", "error")
def pipe_pair_missing(ctx: CheckContext) -> list[Problem]:
    message = _("{pipe} is paired with '{pair}', which is not on the table")
    name = namer(message, "pipe")
    return [problem("pipe-pair-missing", message.format(pipe=name(p), pair=p.pair), (p.id,))
            for p in _pipes(ctx) if p.pair is not None and p.pair not in ctx.by_id]


@check("pipe-pair-not-pipe", "error")
def pipe_pair_not_pipe(ctx: CheckContext) -> list[Problem]:
    out = []
    for p in _pipes(ctx):
        other = ctx.by_id.get(p.pair) if p.pair is not None else None
        if other is not None and other.kind != "warp_pipe":
            message = _("{pipe} is paired with {other}, which is not a warp pipe")
            out.append(problem("pipe-pair-not-pipe", message.format(pipe=named(message, "pipe", p),
                                                                    other=named(message, "other", other)),
                               (p.id, other.id)))
    return out


@check("pipe-pair-not-mutual", "error")
def pipe_pair_not_mutual(ctx: CheckContext) -> list[Problem]:
    out = []
    for p in _pipes(ctx):
        other = ctx.by_id.get(p.pair) if p.pair not in (None, p.id) else None
        if other is not None and other.kind == "warp_pipe" and other.pair != p.id:
            message = (_("{pipe} leads to '{other}', but '{other}' leads to '{back}'") if other.pair
                       else _("{pipe} leads to '{other}', but '{other}' leads to nothing"))
            out.append(problem("pipe-pair-not-mutual", message.format(pipe=named(message, "pipe", p), other=other.id,
                                                                      back=other.pair),
                               (p.id, other.id)))
    return out


@check("pipe-unpaired", "warning")
def pipe_unpaired(ctx: CheckContext) -> list[Problem]:
    message = _("{pipe} is not paired with another pipe")
    name = namer(message, "pipe")
    return [problem("pipe-unpaired", message.format(pipe=name(p)), (p.id,))
            for p in _pipes(ctx) if p.pair is None]


@check("bill-launcher-missing", "error")
def bill_launcher_missing(ctx: CheckContext) -> list[Problem]:
    out = []
    none = _("{plate} has no launcher pipe")
    gone = _("{plate} fires from '{launcher}', which is not on the table")
    name_none, name_gone = namer(none, "plate"), namer(gone, "plate")
    for plate in ctx.of_class(BulletBill):
        if plate.launcher is None:
            out.append(problem("bill-launcher-missing", none.format(plate=name_none(plate)), (plate.id,)))
        elif plate.launcher not in ctx.by_id:
            out.append(problem("bill-launcher-missing", gone.format(plate=name_gone(plate), launcher=plate.launcher),
                               (plate.id,)))
    return out


@check("bill-launcher-not-pipe", "error")
def bill_launcher_not_pipe(ctx: CheckContext) -> list[Problem]:
    out = []
    for plate in ctx.of_class(BulletBill):
        other = ctx.by_id.get(plate.launcher) if plate.launcher else None
        if other is not None and other.kind != "warp_pipe":
            message = _("{plate} fires from {other}, which is not a warp pipe")
            out.append(problem("bill-launcher-not-pipe", message.format(plate=named(message, "plate", plate),
                                                                        other=named(message, "other", other)),
                               (plate.id, other.id)))
    return out


@check("no-start-finish", "warning", needs_track=True)
def no_start_finish(ctx: CheckContext) -> list[Problem]:
    if ctx.of_kind("start_finish"):
        return []
    return [problem("no-start-finish", _("The race track has no start/finish line"))]

