"""The kart stats a Grand Prix upgrade raises, by their codes (the campaign model and the CLI's choices)."""

STATS: tuple[str, ...] = ("handling", "max_gear")
