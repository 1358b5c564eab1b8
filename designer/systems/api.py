"""What a game system contributes, declared in one place: the `System` record and its parts.

A system is a package (built in under `designer/systems/<id>/`, or from outside through the
`kartographer.systems` entry-point group) whose `SYSTEM` is one of these records. The shared machinery —
the checks engine, the print shop, the palette, the campaign core — reads them from the registry and never
names a system. Pure: no Qt, and nothing here imports the layers that use it (export, checks, campaign),
so every layer can depend on this one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.model.elements import ElementBase


@dataclass(frozen=True)
class PrintSection:
    """One `--what` value of `kartographer export` (and one choice in the print dialog).

    `render(canvas, job)` draws the section's pages on a reportlab canvas and returns how many it drew;
    `unavailable(job)` says in a few words why this document cannot have it (None: it can), so "all"
    leaves it out quietly and asking for it by name gets that reason. `job` is the print shop's
    `designer.export.options.PrintJob` (document, ruleset, options, optional campaign scores).
    """

    name: str
    title: str
    render: Callable[[Any, Any], int]
    unavailable: Callable[[Any], str | None] = field(default=lambda job: None)


@dataclass(frozen=True)
class CampaignMode:
    """A kind of campaign a system keeps: `record` says which record the campaign core keeps for it —
    "races" (results per race, with points when the ruleset scores them), "battle" (eliminations in an
    arena) or "games" (driver careers over games)."""

    name: str
    title: str
    record: str = "races"


@dataclass(frozen=True)
class System:
    """Everything one game system adds. `id` equals its ruleset's id.

    - `ruleset_path`: the system's own rule data (a JSON file validated as `designer.rules.Ruleset`), so a
      system from outside the repo brings its numbers with it.
    - the element kinds its palette offers are its rule data's `element_kinds` (a list is data); the
      pydantic models of kinds it defines itself are `element_classes`.
    - `checks`: the codes of the playability checks that apply to its documents, besides the universal ones
      every system gets.
    - `prints`: the sections it offers for a track, in print order; `dashboard` names what its per-player
      sheet is called ("Kart dashboards", "Vehicle sheets", …).
    - `modes` / `default_mode`: the campaign modes it allows, and the one `campaign new` uses without
      `--mode`.

    Numbers (sizes, kart counts, points) belong in the rule data, not here: this record holds structure
    and behaviour.
    """

    id: str
    name: str
    ruleset_path: Path
    checks: tuple[str, ...] = ()
    prints: tuple[PrintSection, ...] = ()
    dashboard: str = "Player sheets"
    modes: tuple[CampaignMode, ...] = ()
    default_mode: str | None = None
    element_classes: tuple[type[ElementBase], ...] = ()

    def mode(self, name: str) -> CampaignMode | None:
        return next((m for m in self.modes if m.name == name), None)

    def section(self, name: str) -> PrintSection | None:
        return next((s for s in self.prints if s.name == name), None)
