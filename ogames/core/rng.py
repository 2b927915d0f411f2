"""The seeded generator of CLARIFICATIONS §1.2 (SplitMix64).

Python's own ``random`` is not guaranteed stable across versions; saved games must
replay identically everywhere, so deals and bags use this generator only.
"""

from __future__ import annotations

import os
from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

MASK64 = (1 << 64) - 1
SEED_LIMIT = 1 << 64


class SplitMix64:
    """SplitMix64 with rejection-sampled ``below`` and Fisher–Yates ``shuffle``."""

    def __init__(self, seed: int) -> None:
        self.state = seed % SEED_LIMIT

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in 0 … n−1 (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        limit = SEED_LIMIT - (SEED_LIMIT % n)
        while True:
            r = self.next()
            if r < limit:
                return r % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place; index 0 is "the top"."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def shuffled(items: list[T], seed: int) -> list[T]:
    """A shuffled copy of ``items`` for ``seed``."""
    out = list(items)
    SplitMix64(seed).shuffle(out)
    return out


def random_seed() -> int:
    """A fresh seed from the operating system, for games started without one."""
    return int.from_bytes(os.urandom(8), "big")  # as ``secrets`` does, without its imports


def check_seed(seed: int) -> int:
    """Validate a user-given seed (0 ≤ seed < 2^64)."""
    if not 0 <= seed < SEED_LIMIT:
        raise ValueError(f"a seed is a whole number from 0 to {SEED_LIMIT - 1}")
    return seed
