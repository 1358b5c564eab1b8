"""Mario Kart Gaslands' track generator (`SYSTEM.generator`): its options, read from the rule data where it
has them, and the entry point. The work is in `circuit`, imported on the first track made, so registering
the system loads neither numpy nor shapely."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from designer.i18n import N_
from designer.systems.api import Generator, GeneratorOption

#: The hazard densities offered (`circuit.HAZARDS_PER_M` has the number of each).
DENSITY_TITLES = {"none": N_("None"), "few": N_("Few"), "some": N_("Some"), "many": N_("Many")}
SHAPE_TITLES = {"circuit": N_("Circuit"), "figure-8": N_("Figure-8 with a crossover"), "any": N_("Either")}
#: The table proposed: 6 × 4 feet.
TABLE_MM = (1828.8, 1219.2)


def _track_width(ruleset: Any) -> float:
    return float(ruleset.element_defaults.track_width_mm or 250.0)


OPTIONS: tuple[GeneratorOption, ...] = (
    GeneratorOption("shape", N_("Shape"), lambda r: "circuit", choices=SHAPE_TITLES),
    GeneratorOption("width", N_("Track width"), _track_width, 150.0, 400.0, unit="mm"),
    GeneratorOption("gates", N_("Gates"), lambda r: 4, 1, 10),
    GeneratorOption("box_lines", N_("Item-box lines"), lambda r: 2, 0, 10),
    GeneratorOption("coins", N_("Coins"), lambda r: 12, 0, 40),
    GeneratorOption("boosts", N_("Boost pads"), lambda r: 2, 0, 8),
    GeneratorOption("ramps", N_("Ramps"), lambda r: 1, 0, 3),
    GeneratorOption("pipes", N_("Warp-pipe pairs"), lambda r: 1, 0, 3),
    GeneratorOption("hazards", N_("Hazards"), lambda r: "some", choices=DENSITY_TITLES),
)


def generate(ruleset: Any, width_mm: float, height_mm: float, seed: int, settings: Mapping[str, Any]) -> Any:
    from designer.systems.mk_gaslands.circuit import generate_circuit

    return generate_circuit(ruleset, width_mm, height_mm, seed, settings)


GENERATOR = Generator(generate, OPTIONS, table_mm=lambda r: TABLE_MM)
