"""A tiny game system from "outside the repo", for the end-to-end tests of the plug-in seams.

"Fake Rally" brings everything a system can: its own rule data (a temporary JSON, a copy of PitchKart's with
its own id and palette), one element kind of its own (`FakeBeacon`), one check, one print section, one
campaign mode, one part of the Track Report, a `kartographer beacons` command, a `campaign roll-call` action and
a `--beacon` option of `campaign result`. Nothing in `designer/` knows it: `fake_registry(folder)` puts it
in a fresh registry beside the built-ins (entry points blocked), as an installed plug-in would be. Pure: never
imports Qt.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal

from designer.campaign.errors import CampaignError
from designer.geometry.checks.base import check, problem
from designer.model.base import Length
from designer.model.elements import ElementBase
from designer.paths import RULESETS_DIR
from designer.rules import clear_cache
from designer.systems.api import CampaignMode, CampaignOptions, CliCommand, PrintSection, ReportFigures, System
from designer.systems.registry import BUILTIN_SYSTEMS, Registry, use

FAKE_ID = "fake-rally"
FAKE_NAME = "Fake Rally"
FAKE_KIND = "fake_beacon"
FAKE_CHECK = "fake-beacon-dim"
FAKE_SECTION = "beacons"
FAKE_MODE = "league"
FAKE_FIGURES = "beacons"
FAKE_KINDS = ["start_finish", "gate", FAKE_KIND, "scenery"]
BRIGHT_MM = 50.0


class FakeBeacon(ElementBase):
    """A beacon that lights the track around it."""

    kind: Literal["fake_beacon"] = "fake_beacon"
    glow_mm: Length = 40.0


@check(FAKE_CHECK, "warning", kinds=(FAKE_KIND,))
def _dim_beacon(ctx, element):
    if element.glow_mm < BRIGHT_MM:
        yield problem(FAKE_CHECK, f"Beacon '{element.id}' glows only {element.glow_mm:g} mm", (element.id,))


def _render_beacons(c, job) -> int:
    """One page listing the document's beacons."""
    beacons = [e for e in job.document.elements if e.kind == FAKE_KIND]
    c.drawString(72, 760, f"{FAKE_NAME}: {len(beacons)} beacon{'s' if len(beacons) != 1 else ''}")
    c.showPage()
    return 1


def _beacon_figures(document, ruleset) -> dict:
    """Its Track Report part: how many beacons, and how many glow too dimly."""
    beacons = [e for e in document.elements if e.kind == FAKE_KIND]
    return {"beacons": len(beacons), "dim": sum(1 for b in beacons if b.glow_mm < BRIGHT_MM)}


def _add_beacons(sub) -> None:
    beacons = sub.add_parser("beacons", help="count a track's beacons")
    beacons.add_argument("file", type=Path)


def _run_beacons(args: argparse.Namespace) -> int:
    from designer.io.track_io import load_track

    document = load_track(args.file)
    print(f"{sum(1 for e in document.elements if e.kind == FAKE_KIND)} beacons")
    return 0


def _add_roll_call(actions) -> None:
    roll = actions.add_parser("roll-call", help="name a campaign's players")
    roll.add_argument("file", type=Path)


def _run_roll_call(args: argparse.Namespace) -> int:
    from designer.io.campaign_io import load_campaign

    doc, _ctx = load_campaign(args.file)
    print(", ".join(p.name for p in doc.players))
    return 0


def _add_beacon_option(result: argparse.ArgumentParser) -> None:
    result.add_argument("--beacon", metavar="ID", help="a league: the beacon the winner lit")


def _check_beacon_option(args: argparse.Namespace, doc) -> None:
    if args.beacon is not None:
        raise CampaignError("only a league with its own result takes --beacon", "races")


def write_ruleset(folder: Path) -> Path:
    """The system's rule data: PitchKart's numbers, its own id, name and palette (with the beacon)."""
    data = json.loads((RULESETS_DIR / "pitchkart.json").read_text(encoding="utf-8"))
    sizes = data["element_sizes"]
    data.update(
        id=FAKE_ID, name=FAKE_NAME, summary="A made-up system that proves a plug-in needs no edit to the core.",
        element_kinds=FAKE_KINDS,
        element_sizes={**{k: sizes[k] for k in FAKE_KINDS if k in sizes}, FAKE_KIND: {"length_mm": 30, "width_mm": 30}},
    )
    path = Path(folder) / f"{FAKE_ID}.json"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def make_system(folder: Path) -> System:
    return System(
        id=FAKE_ID,
        name=FAKE_NAME,
        ruleset_path=write_ruleset(folder),
        checks=(FAKE_CHECK,),
        prints=(PrintSection(FAKE_SECTION, "Beacon sheet", _render_beacons),),
        dashboard="Driver cards",
        modes=(CampaignMode(FAKE_MODE, "League", "races"),),
        default_mode=FAKE_MODE,
        element_classes=(FakeBeacon,),
        figures=(ReportFigures(FAKE_FIGURES, _beacon_figures),),
        cli=(CliCommand("beacons", _add_beacons, _run_beacons),),
        campaign_cli=(CliCommand("roll-call", _add_roll_call, _run_roll_call),),
        campaign_options=(CampaignOptions("result", _add_beacon_option, _check_beacon_option),),
    )


@contextmanager
def fake_registry(folder: Path) -> Iterator[Registry]:
    """A fresh registry in use for the block: the built-ins plus Fake Rally, no entry points."""
    registry = Registry(builtins=BUILTIN_SYSTEMS, entry_points=False)
    registry.register(make_system(folder))
    clear_cache()
    try:
        with use(registry):
            yield registry
    finally:
        clear_cache()


def track_data() -> dict:
    """A Fake Rally track: a loop with its start line and one dim beacon."""
    return {
        "format": "kartographer-track", "schema_version": 1,
        "name": "Beacon Loop", "ruleset": FAKE_ID,
        "table": {"width_mm": 1200.0, "height_mm": 900.0},
        "display_units": "mm",
        "track": {"centerline": [[250, 250], [950, 250], [950, 650], [250, 650]], "closed": True, "width_mm": 200},
        "elements": [
            {"id": "sf", "kind": "start_finish", "x_mm": 600, "y_mm": 250, "width_mm": 200},
            {"id": "b1", "kind": FAKE_KIND, "x_mm": 600, "y_mm": 650, "glow_mm": 30},
        ],
    }


def write_track(folder: Path) -> Path:
    path = Path(folder) / "beacon-loop.track.json"
    path.write_text(json.dumps(track_data(), indent=2), encoding="utf-8")
    return path
