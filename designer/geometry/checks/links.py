"""Numbers and links between elements: gate numbering, warp-pipe pairs, Bullet Bill's launcher, a
start/finish line (the kart count against the rule data: `common`).

Document checks: cheap dictionary work over the element list.
"""

from __future__ import annotations

from collections import defaultdict

from designer.geometry.checks.base import CheckContext, check, label, lowered, problem
from designer.geometry.checks.report import Problem
from designer.model.elements import BulletBill, Gate, WarpPipe


def _gates(ctx: CheckContext) -> list[Gate]:
    return ctx.of_class(Gate)


@check("gate-number-duplicate", "error")
def gate_number_duplicate(ctx: CheckContext) -> list[Problem]:
    by_order: defaultdict[int, list[str]] = defaultdict(list)
    for gate in _gates(ctx):
        by_order[gate.order].append(gate.id)
    return [problem("gate-number-duplicate", f"{len(ids)} gates are numbered {order}: "
                    + ", ".join(f"'{i}'" for i in ids), ids)
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
    word = "Gate number" if len(missing) == 1 else "Gate numbers"
    return [problem("gate-number-missing", f"{word} {shown} missing: gates should run 1 to {max(orders)}")]


def _pipes(ctx: CheckContext) -> list[WarpPipe]:
    return ctx.of_class(WarpPipe)


@check("pipe-paired-with-itself", "error")
def pipe_paired_with_itself(ctx: CheckContext) -> list[Problem]:
    return [problem("pipe-paired-with-itself", f"{label(p)} is paired with itself", (p.id,))
            for p in _pipes(ctx) if p.pair == p.id]


@check("pipe-pair-missing", "error")
def pipe_pair_missing(ctx: CheckContext) -> list[Problem]:
    return [problem("pipe-pair-missing", f"{label(p)} is paired with '{p.pair}', which is not on the table", (p.id,))
            for p in _pipes(ctx) if p.pair is not None and p.pair not in ctx.by_id]


@check("pipe-pair-not-pipe", "error")
def pipe_pair_not_pipe(ctx: CheckContext) -> list[Problem]:
    out = []
    for p in _pipes(ctx):
        other = ctx.by_id.get(p.pair) if p.pair is not None else None
        if other is not None and other.kind != "warp_pipe":
            out.append(problem("pipe-pair-not-pipe", f"{label(p)} is paired with {lowered(label(other))}, "
                               "which is not a warp pipe", (p.id, other.id)))
    return out


@check("pipe-pair-not-mutual", "error")
def pipe_pair_not_mutual(ctx: CheckContext) -> list[Problem]:
    out = []
    for p in _pipes(ctx):
        other = ctx.by_id.get(p.pair) if p.pair not in (None, p.id) else None
        if other is not None and other.kind == "warp_pipe" and other.pair != p.id:
            back = f"'{other.pair}'" if other.pair else "nothing"
            out.append(problem("pipe-pair-not-mutual", f"{label(p)} leads to '{other.id}', but '{other.id}' "
                               f"leads to {back}", (p.id, other.id)))
    return out


@check("pipe-unpaired", "warning")
def pipe_unpaired(ctx: CheckContext) -> list[Problem]:
    return [problem("pipe-unpaired", f"{label(p)} is not paired with another pipe", (p.id,))
            for p in _pipes(ctx) if p.pair is None]


@check("bill-launcher-missing", "error")
def bill_launcher_missing(ctx: CheckContext) -> list[Problem]:
    out = []
    for plate in ctx.of_class(BulletBill):
        if plate.launcher is None:
            out.append(problem("bill-launcher-missing", f"{label(plate)} has no launcher pipe", (plate.id,)))
        elif plate.launcher not in ctx.by_id:
            out.append(problem("bill-launcher-missing", f"{label(plate)} fires from '{plate.launcher}', "
                               "which is not on the table", (plate.id,)))
    return out


@check("bill-launcher-not-pipe", "error")
def bill_launcher_not_pipe(ctx: CheckContext) -> list[Problem]:
    out = []
    for plate in ctx.of_class(BulletBill):
        other = ctx.by_id.get(plate.launcher) if plate.launcher else None
        if other is not None and other.kind != "warp_pipe":
            out.append(problem("bill-launcher-not-pipe", f"{label(plate)} fires from {lowered(label(other))}, "
                               "which is not a warp pipe", (plate.id, other.id)))
    return out


@check("no-start-finish", "warning", needs_track=True)
def no_start_finish(ctx: CheckContext) -> list[Problem]:
    if ctx.of_kind("start_finish"):
        return []
    return [problem("no-start-finish", "The race track has no start/finish line")]

