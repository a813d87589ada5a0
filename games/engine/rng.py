"""A seeded generator whose whole state is one integer kept inside the game state.

SplitMix64: tiny, fast in pure Python and good enough for dice and shuffles. Keeping the
state in the game's JSON means replaying the same actions yields the same dice, and a
snapshot restores the generator exactly. Views never include it.
"""

from __future__ import annotations

from typing import Any

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    return seed & _MASK


def _next(state: dict[str, Any]) -> int:
    x = (state["rng"] + 0x9E3779B97F4A7C15) & _MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def randbelow(state: dict[str, Any], n: int) -> int:
    """A uniform integer in ``range(n)`` drawn from ``state["rng"]`` (unbiased)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = _next(state)
        if x < limit:
            return x % n


def roll(state: dict[str, Any], sides: int = 6) -> int:
    return randbelow(state, sides) + 1


def shuffle(state: dict[str, Any], items: list) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(state: dict[str, Any], items: list) -> Any:
    return items[randbelow(state, len(items))]


class LocalRng(dict):
    """A throwaway generator for code outside a game state (playouts, bots, sampling)."""

    def __init__(self, seed: int):
        super().__init__(rng=seed_state(seed))
