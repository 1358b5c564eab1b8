"""`kartographer campaign battle`: a Balloon Battle campaign's battle as it stands (balloons left per kart,
balloons each popped, who is out in which order, the winner), and `--start` to begin the next battle (on the
last battle's arena unless `--track` names another, with the karts given or every player). `wipe-out` logs
the pops (`campaign_cli.py`). Output goes through `printable`; refusals raise `CampaignError`."""

from __future__ import annotations

import argparse
import json

from designer.campaign import edit
from designer.campaign.battle import battle_karts, battle_state
from designer.campaign.errors import CampaignError
from designer.campaign.modes import records
from designer.i18n import _, ngettext, place_ordinal
from designer.io.campaign_io import load_campaign, relative_track, save_campaign
from designer.io.display import print_table, printable
from designer.io.errors import DocumentError
from designer.io.track_io import load_track
from designer.model.campaign import CampaignDocument


def run_battle(args: argparse.Namespace) -> int:
    doc, ctx = load_campaign(args.file)
    if not records(doc, "battle"):
        raise CampaignError(_("a {mode} campaign has no battles").format(mode=doc.mode.replace("_", " ")), "battles")
    if args.start:
        return _start(args, doc, ctx)
    if args.karts or args.track:
        raise CampaignError(_("--kart and --track start a battle: add --start"), "battles")
    index = (args.battle if args.battle is not None else len(doc.battles)) - 1
    if not 0 <= index < len(doc.battles):
        raise CampaignError(_("there is no battle {n}").format(n=index + 1), "battles")
    state = battle_state(doc, ctx, index)
    order = state.finishing_order()
    rows = []
    for kart in state.karts:
        place = order.index(kart) + 1 if order else None
        out = state.out.index(kart) + 1 if kart in state.out else None
        rows.append({"kart": kart, "balloons": state.balloons[kart], "popped": state.pops[kart], "out": out,
                     "place": place})
    if args.json:
        print(json.dumps({"battle": index + 1, "over": state.over, "winner": state.winner, "karts": rows},
                         ensure_ascii=False, indent=2))
        return 0
    print(printable(_("Battle {n} of {total}").format(n=index + 1, total=len(doc.battles))))
    table = [[_("Kart"), _("Balloons"), _("Popped"), _("Out"), _("Place")]]
    for row in rows:
        table.append([printable(row["kart"]), str(row["balloons"]), str(row["popped"]),
                      place_ordinal(row["out"]) if row["out"] else "—",
                      place_ordinal(row["place"]) if row["place"] else "—"])
    print_table(table, left=(0,))
    if state.winner:
        print(printable(_("{player} wins battle {n}").format(player=state.winner, n=index + 1)))
    else:
        left = len(state.alive)
        print(printable(ngettext("Under way: {n} kart still has balloons", "Under way: {n} karts still have balloons",
                                 left).format(n=left)))
    return 0


def _start(args: argparse.Namespace, doc: CampaignDocument, ctx) -> int:
    if args.battle is not None:
        raise CampaignError(_("--start begins the next battle; leave out --battle"), "battles")
    last = doc.battles[-1] if doc.battles else None
    if args.track is not None:
        document = load_track(args.track)
        if document.ruleset != ctx.ruleset.id:
            raise DocumentError(args.track, _("is a {track} track; the campaign plays {campaign}").format(
                track=document.ruleset, campaign=ctx.ruleset.id), "ruleset")
        track = relative_track(args.file, args.track)
    else:
        track = last.track if last is not None else None
    new = edit.add_battle(doc, ctx, track, args.karts)
    save_campaign(new, args.file)
    battle = new.battles[-1]
    karts = battle_karts(new, battle)
    print(printable(_("{file}: battle {n} started: {karts} ({balloons} balloons each)").format(
        file=args.file, n=len(new.battles), karts=", ".join(karts), balloons=ctx.balloons())))
    return 0
