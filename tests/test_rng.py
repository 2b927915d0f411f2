"""The seeded generator of CLARIFICATIONS §1.2 against its published test vectors."""

from __future__ import annotations

import pytest

from ogames.core.rng import SplitMix64, check_seed, shuffled


def test_first_outputs_match_the_vectors() -> None:
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF
    gen = SplitMix64(1)
    assert [gen.next() for _ in range(3)] == [
        0x910A2DEC89025CC1, 0xBEEB8DA1658EEC67, 0xF893A2EEFB32555E]


def test_seed_is_taken_modulo_two_to_the_64() -> None:
    assert SplitMix64(2**64 + 1).next() == SplitMix64(1).next()


def test_below_rejects_the_biased_tail() -> None:
    class Scripted(SplitMix64):
        """Feeds chosen raw outputs to ``below`` to show the rejection step."""

        def __init__(self, outputs: list[int]) -> None:
            super().__init__(0)
            self.outputs = outputs

        def next(self) -> int:
            return self.outputs.pop(0)

    # for n = 3: 2^64 mod 3 = 1, so only r = 2^64 − 1 is rejected
    gen = Scripted([2**64 - 1, 7])
    assert gen.below(3) == 7 % 3
    assert gen.outputs == []


def test_shuffle_is_fisher_yates_from_the_top() -> None:
    # n = 2: one swap decided by below(2) = next() mod 2 for seed 1 (0x…5cc1 is odd → 1)
    assert shuffled(["a", "b"], 1) == ["a", "b"]
    # n = 3, seed 0: i = 2 first, j = below(3) = 0xe220a8397b1dcdaf mod 3
    # = 16294208416658607535 mod 3 = 1 → swap items 2 and 1; the later step (i = 1) only
    # touches items 0 and 1, so "b" stays last
    assert shuffled(["a", "b", "c"], 0)[2] == "b"


def test_seed_range_is_checked() -> None:
    assert check_seed(0) == 0
    with pytest.raises(ValueError):
        check_seed(2**64)
    with pytest.raises(ValueError):
        check_seed(-1)
