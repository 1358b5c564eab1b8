"""Dice and the race's one random generator: every roll and shuffle of a race comes from a generator seeded
with the seed stored in its file, in the order the actions ask, so replaying the actions replays the race."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

#: Seeds a race file may hold: 12 digits, typed on a command line and kept exactly by any JSON reader.
MAX_SEED = 10**12 - 1


def new_rng(seed: int) -> random.Random:
    """The race's generator for `seed`."""
    return random.Random(seed)


def fresh_seed() -> int:
    """A seed for a new race nobody chose one for."""
    return random.SystemRandom().randrange(MAX_SEED + 1)


@dataclass(frozen=True)
class Die:
    """A die with the given faces (numbers or words, e.g. a skid die's), each face equally likely."""

    faces: tuple[int | str, ...]

    def roll(self, rng: random.Random) -> int | str:
        return self.faces[rng.randrange(len(self.faces))]


def numbered(sides: int) -> Die:
    """A die numbered 1…sides."""
    return Die(tuple(range(1, sides + 1)))


D6 = numbered(6)
D3 = numbered(3)


def custom(faces: Sequence[int | str]) -> Die:
    """A die with these faces (in the order the rule data gives them)."""
    if not faces:
        raise ValueError("a die needs at least one face")
    return Die(tuple(faces))
