"""The scenarios of a career's game, by the id a campaign file stores (English titles marked N_). Light: the
command line's parser reads them."""

from __future__ import annotations

from designer.i18n import N_

SCENARIO_TITLES = {"deathmatch": N_("Deathmatch"), "race": N_("Race")}
