"""Which campaign modes a campaign may have, and what each keeps: asked of the ruleset's game system.

The campaign core never branches on a mode's name: it reads the mode's record ("races", "battle",
"games"), whether its races are scored on points, and whether the rule data has the section that record
needs. A mode the system does not offer is refused in one line naming the modes it does offer.
Pure: no Qt, no files.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from designer.campaign.errors import CampaignError
from designer.i18n import N_, SOURCE_LANGUAGE, _, current_language
from designer.io.display import clip
from designer.model.campaign import CampaignDocument
from designer.rules import Ruleset
from designer.systems import registry
from designer.systems.api import CampaignMode, System

if TYPE_CHECKING:
    from designer.campaign.context import Context

#: The campaign lists (document fields) each record keeps; `upgrades` only when the races score points.
RECORD_SECTIONS = {"races": ("races", "upgrades"), "battle": ("battles",), "games": ("drivers", "games")}
#: The shared rule-data section a mode needs, and what it is called in a refusal (a mode that needs a section of
#: its system's own says so itself: `CampaignMode.needs`).
POINTS_NEED = ("grand_prix", N_("Grand Prix scoring"))
RECORD_NEEDS = {"battle": ("balloon_battle", N_("Balloon Battle rules"))}


def system_for(ruleset_id: str) -> System:
    try:
        return registry.get(ruleset_id)
    except registry.GameSystemError as exc:
        raise CampaignError(str(exc), "ruleset") from None


def mode_names(system: System) -> str:
    return ", ".join(m.name for m in system.modes) or _("none")


def campaign_mode(ruleset_id: str, name: str) -> CampaignMode:
    """The system's mode called `name`; refused (naming the system's modes) when it offers none such."""
    system = system_for(ruleset_id)
    mode = system.mode(name)
    if mode is None:
        raise CampaignError(_("{system} has no {mode} campaigns (its modes: {modes})").format(
            system=system.display_name, mode=clip(name), modes=mode_names(system)), "mode")
    return mode


def mode_title(ruleset_id: str, name: str) -> str:
    """How a refusal names a campaign's mode: its title in the current language ("Ballonkampf"); in English
    its id ("balloon_battle"), as the English messages have always read. A mode the system lacks: its name."""
    if current_language() == SOURCE_LANGUAGE:
        return name
    try:
        mode = system_for(ruleset_id).mode(name)
    except CampaignError:
        mode = None
    return name if mode is None else mode.display_title


def default_mode(ruleset_id: str) -> str:
    """The mode `campaign new` uses without `--mode`: the system's default, else its first mode."""
    system = system_for(ruleset_id)
    name = system.default_mode or next((m.name for m in system.modes), None)
    if name is None:
        raise CampaignError(_("{system} keeps no campaigns").format(system=system.display_name), "mode")
    return name


def missing_rules(mode: CampaignMode, ruleset: Ruleset) -> str | None:
    """What the rule data lacks for this mode ("Grand Prix scoring"…, translated), or None when it has it all."""
    need = mode.needs or (POINTS_NEED if mode.points else RECORD_NEEDS.get(mode.record))
    if need and getattr(ruleset, need[0], None) is None:
        return _(need[1])
    return None


def playable_modes(ruleset: Ruleset) -> tuple[CampaignMode, ...]:
    """The system's modes its rule data can run, in the system's order (what the New Campaign dialog lists)."""
    return tuple(m for m in system_for(ruleset.id).modes if missing_rules(m, ruleset) is None)


def keeps(mode: CampaignMode, section: str) -> bool:
    """Whether a campaign of this mode has the list `section` (races, upgrades, battles, drivers, games)."""
    if section == "upgrades" and not mode.points:
        return False
    return section in RECORD_SECTIONS.get(mode.record, ())


def mode_of(doc: CampaignDocument) -> CampaignMode:
    """The campaign's mode as its system declares it (refused when the system does not offer it)."""
    return campaign_mode(doc.ruleset, doc.mode)


def mode_notices(doc: CampaignDocument, ctx: Context, source: str | Path | None = None) -> list[str]:
    """What the campaign's mode reports about it without refusing (`CampaignMode.notices`), one line each."""
    mode = mode_of(doc)
    return mode.notices(doc, ctx, source) if mode.notices is not None else []


def scored(doc: CampaignDocument) -> bool:
    """Whether the campaign's races are scored on Grand Prix points (with upgrades between them)."""
    return mode_of(doc).points


def in_money(doc: CampaignDocument) -> bool:
    """Whether the campaign's races are scored in money (a Downforce season)."""
    return mode_of(doc).money


def records(doc: CampaignDocument, record: str) -> bool:
    """Whether the campaign's mode keeps `record` ("races", "battle" or "games")."""
    return mode_of(doc).record == record
