"""Pure helpers behind the careers page (no Qt): one checkbox change turned into a consistent game entry,
the death roll in words, who needs a new driver and a driver's vehicle file as shown.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePosixPath

from designer.i18n import _
from designer.model.campaign import CampaignDocument, GameEntry
from designer.systems.axles_alloys_2.careers import DriverRecord, faces_text

ENTRY_FLAGS = ("destroyed", "finished", "won", "died")


def updated_entry(entry: GameEntry, field: str, value: bool | int) -> GameEntry:
    """`entry` with one field changed and the fields that contradict it adjusted, so that ticking
    "won" also ticks "finished" and a death unticks both (a driver may die in a vehicle still whole)."""
    data = entry.model_dump()
    data[field] = value
    if field in ("destroyed", "died") and value:
        data["finished"] = data["won"] = False
    elif field in ("finished", "won") and value:
        data["finished"] = True
        data["destroyed"] = data["died"] = False
    elif field == "finished" and not value:
        data["won"] = False
    return GameEntry.model_validate(data)


def death_tooltip(faces: Sequence[int]) -> str:
    return _("Tick when the driver died: a roll of {faces} on a d6 after the vehicle was destroyed, the Driver "
             "component lost, radiation or a Deathshead. The driver plays no later game.").format(
        faces=faces_text(faces))


def players_needing_driver(doc: CampaignDocument, records: Sequence[DriverRecord]) -> list[tuple[str, str | None]]:
    """Players with no living driver, each with the name of their last dead driver (None if never had one)."""
    out = []
    for player in doc.player_names():
        mine = [r for r in records if r.player == player]
        if not any(r.alive for r in mine):
            out.append((player, mine[-1].name if mine else None))
    return out


def dead_before(record: DriverRecord, game: int) -> bool:
    """Whether the driver died in a game before `game` (1-based), so cannot take part in it."""
    return record.died_in is not None and record.died_in < game


def status_text(record: DriverRecord) -> str:
    return _("alive") if record.alive else _("died in game {n}").format(n=record.died_in)


def vehicle_file_text(vehicle_file: str | None) -> str:
    """A driver's vehicle file as the table shows it: the file's name ("buggy.vehicle.json"), or "—"."""
    return PurePosixPath(vehicle_file.replace("\\", "/")).name if vehicle_file else "—"
