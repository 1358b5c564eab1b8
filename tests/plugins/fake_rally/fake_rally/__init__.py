"""Fake Rally: a game system from outside the repo, installed as one package (`kartographer-fake-rally`) whose
entry point in the `kartographer.systems` group names this module's `SYSTEM`. It is the worked example of a
plug-in (README.md, "Adding a system from outside") and brings everything a system can:

- its rule data (`rules.json`: its id, name and palette; the numbers are borrowed from PitchKart's file at
  import and the whole written to a per-user cache file — a real plug-in ships its full JSON),
- an element kind of its own (`FakeBeacon`) with a palette icon (`icons/fake_beacon.svg`),
- a check (`fake-beacon-dim`), a print section (`beacons`), a part of the Track Report (`beacons`),
- a `kartographer beacons` command, a `kartographer campaign roll-call` action and a `--beacon` option of
  `campaign result`, a campaign mode (`league`),
- a document type of its own, pace notes (`*.notes.json`, `notes.py`),
- its own translations (`locale/<lang>/LC_MESSAGES/fake_rally.po`, compiled `.mo` beside it): its code
  translates with its own `Translator`; the texts the shared machinery shows (its name, the print section's
  title, the Track-menu texts) through `System.locale_dir`, which the registry adds to the app's lookup,
- and a Qt half (`qt.py`): the beacon's canvas art, a beacon tool and Track-menu actions offered only for its
  own documents, the notes editor, the league's campaign-window page and its Track Report box.

Pure: never imports Qt (the Qt half is `fake_rally.qt`). Nothing in `designer/` names it.
"""

from __future__ import annotations

import argparse
import getpass
import json
import tempfile
from pathlib import Path
from typing import Literal

from designer.campaign.errors import CampaignError
from designer.geometry.checks.base import check, problem
from designer.i18n import N_, Translator, plain_decimal
from designer.io.atomic import atomic_write_text
from designer.model.base import Length
from designer.model.elements import ElementBase
from designer.paths import RULESETS_DIR
from designer.systems.api import CampaignMode, CampaignOptions, CliCommand, PrintSection, ReportFigures, System
from fake_rally.notes import DOCUMENTS

HERE = Path(__file__).resolve().parent
LOCALE_DIR = HERE / "locale"
LOCALE_DOMAIN = "fake_rally"
TEXTS = Translator(LOCALE_DOMAIN, LOCALE_DIR)
_, ngettext = TEXTS.gettext, TEXTS.ngettext
OWN_RULES = json.loads((HERE / "rules.json").read_text(encoding="utf-8"))
FAKE_ID: str = OWN_RULES["id"]
FAKE_NAME: str = OWN_RULES["name"]
FAKE_KINDS: list[str] = OWN_RULES["element_kinds"]
FAKE_KIND = "fake_beacon"
FAKE_CHECK = "fake-beacon-dim"
FAKE_SECTION = "beacons"
SECTION_TITLE = N_("Beacon sheet")
FAKE_MODE = "league"
FAKE_FIGURES = "beacons"
BRIGHT_MM = 50.0


class FakeBeacon(ElementBase):
    """A beacon that lights the track around it."""

    kind: Literal["fake_beacon"] = "fake_beacon"
    glow_mm: Length = 40.0


@check(FAKE_CHECK, "warning", kinds=(FAKE_KIND,))
def _dim_beacon(ctx, element):
    if element.glow_mm < BRIGHT_MM:
        message = _("Beacon '{id}' glows only {glow} mm").format(id=element.id, glow=_mm(element.glow_mm))
        yield problem(FAKE_CHECK, message, (element.id,))


def _mm(value: float) -> str:
    return plain_decimal(value, 1, trim=True)


def beacons(document) -> list[FakeBeacon]:
    return [e for e in document.elements if e.kind == FAKE_KIND]


def _render_beacons(c, job) -> int:
    """One page listing the document's beacons."""
    found = beacons(job.document)
    c.setFont("Helvetica-Bold", 14)
    c.drawString(72, 780, _(SECTION_TITLE))
    c.setFont("Helvetica", 12)
    c.drawString(72, 760, ngettext("{name}: {n} beacon", "{name}: {n} beacons", len(found)).format(
        name=_(FAKE_NAME), n=len(found)))
    for row, beacon in enumerate(found):
        c.drawString(72, 736 - 18 * row, _("{id}: glows {glow} mm").format(id=beacon.id, glow=_mm(beacon.glow_mm)))
    c.showPage()
    return 1


def _beacon_figures(document, ruleset) -> dict:
    """Its Track Report part: how many beacons, and how many glow too dimly."""
    found = beacons(document)
    return {"beacons": len(found), "dim": sum(1 for b in found if b.glow_mm < BRIGHT_MM)}


def _add_beacons(sub) -> None:
    command = sub.add_parser("beacons", help="count a track's beacons")
    command.add_argument("file", type=Path)


def _run_beacons(args: argparse.Namespace) -> int:
    from designer.io.track_io import load_track

    document = load_track(args.file)
    count = len(beacons(document))
    print(ngettext("{n} beacon", "{n} beacons", count).format(n=count))
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


def rule_data() -> dict:
    """The system's whole rule data: PitchKart's numbers under its own id, name, palette and sizes."""
    data = json.loads((RULESETS_DIR / f"{OWN_RULES['based_on']}.json").read_text(encoding="utf-8"))
    sizes = data["element_sizes"]
    own = {k: v for k, v in OWN_RULES.items() if k != "based_on"}
    own["element_sizes"] = {**{k: sizes[k] for k in FAKE_KINDS if k in sizes}, **OWN_RULES["element_sizes"]}
    return {**data, **own}


def write_ruleset(folder: Path) -> Path:
    """`rule_data()` as `<folder>/<id>.json` (the loader wants a file named after the id); rewritten only when
    it changed, atomically, so two processes starting at once both read a whole file."""
    path = Path(folder) / f"{FAKE_ID}.json"
    text = json.dumps(rule_data(), indent=2)
    if not path.is_file() or path.read_text(encoding="utf-8") != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_text(path, text)
    return path


def _cache_folder() -> Path:
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "user"
    return Path(tempfile.gettempdir()) / f"kartographer-{FAKE_ID}-{user}"


def make_system(folder: Path | None = None) -> System:
    """The system, its rule data written to `folder` (default: a per-user cache folder)."""
    return System(
        id=FAKE_ID,
        name=FAKE_NAME,
        ruleset_path=write_ruleset(folder if folder is not None else _cache_folder()),
        checks=(FAKE_CHECK,),
        prints=(PrintSection(FAKE_SECTION, SECTION_TITLE, _render_beacons),),
        dashboard="Driver cards",
        modes=(CampaignMode(FAKE_MODE, "League", "races"),),
        default_mode=FAKE_MODE,
        element_classes=(FakeBeacon,),
        qt_module="fake_rally.qt",
        icons_dir=HERE / "icons",
        figures=(ReportFigures(FAKE_FIGURES, _beacon_figures),),
        cli=(CliCommand("beacons", _add_beacons, _run_beacons),),
        campaign_cli=(CliCommand("roll-call", _add_roll_call, _run_roll_call),),
        campaign_options=(CampaignOptions("result", _add_beacon_option, _check_beacon_option),),
        documents=DOCUMENTS,
        locale_dir=LOCALE_DIR,
        locale_domain=LOCALE_DOMAIN,
    )


SYSTEM = make_system()
