"""A deck engine any system configures from its rule data: cards by id (so many copies of each), a draw pile
and a discard pile. Drawing from an empty pile first shuffles the discards into a new deck; a card may be put
back on the discards and another drawn in its place (a card the drawer may not keep)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field


@dataclass
class Draw:
    """What one draw gave: the card (None when both piles are empty) and whether the discards were shuffled
    into a new deck first."""

    card: str | None
    reshuffled: bool = False


@dataclass
class Deck:
    """The piles of one deck: `pile[-1]` is the top card. Compare two decks with `==`."""

    pile: list[str] = field(default_factory=list)
    discards: list[str] = field(default_factory=list)
    reshuffles: int = 0

    @classmethod
    def shuffled(cls, counts: Iterable[tuple[str, int]], rng: random.Random) -> Deck:
        """A new deck of `count` copies of each card id, shuffled."""
        pile = [card for card, count in counts for _n in range(count)]
        rng.shuffle(pile)
        return cls(pile=pile)

    def __len__(self) -> int:
        return len(self.pile)

    def draw(self, rng: random.Random) -> Draw:
        """The top card; an empty pile is first rebuilt from the shuffled discards."""
        reshuffled = False
        if not self.pile and self.discards:
            self.pile, self.discards = self.discards, []
            rng.shuffle(self.pile)
            self.reshuffles += 1
            reshuffled = True
        if not self.pile:
            return Draw(None, reshuffled)
        return Draw(self.pile.pop(), reshuffled)

    def discard(self, card: str) -> None:
        self.discards.append(card)

    def redraw(self, card: str, rng: random.Random) -> Draw:
        """Put `card` on the discards and draw another in its place."""
        self.discard(card)
        return self.draw(rng)
