"""Deck helpers shared by the card games: draw with reshuffle of the discard pile."""

from __future__ import annotations

from typing import Any

from . import rng


def draw(state: dict[str, Any], count: int, deck: str = "deck", discard: str = "discard") -> list:
    """Take up to ``count`` cards from the top of ``state[deck]``.

    When the deck runs out the discard pile is shuffled (with the state's generator) into a
    new deck. Fewer cards come back only when deck and discard are both empty.
    """
    drawn = []
    pile = state[deck]
    for _ in range(count):
        if not pile:
            if not state[discard]:
                break
            pile.extend(state[discard])
            state[discard].clear()
            rng.shuffle(state, pile)
        drawn.append(pile.pop())
    return drawn


def count_by_kind(cards: list[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts
