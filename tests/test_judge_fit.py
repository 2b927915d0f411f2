"""The fit of a game's chance curve (``bench/judge.py``): it finds the scale of results
drawn from a known curve, and stays within its bounds where the values separate the
results (a handful of games that the leader always won)."""

from __future__ import annotations

import math
import random

import pytest

from bench.judge import SCALES, fit


def drawn(scale: float, count: int, seed: int) -> list[tuple[float, float, float]]:
    """Values spread over the curve's range, each result drawn with the curve's chance."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        v = rng.uniform(-3 * scale, 3 * scale)
        won = 1.0 if rng.random() < 1 / (1 + math.exp(-v / scale)) else 0.0
        out.append((v, won, 1.0))
    return out


@pytest.mark.parametrize("scale", (0.3, 2.5, 25.0))
def test_the_fit_finds_the_scale_the_results_were_drawn_with(scale):
    found, edge = fit(drawn(scale, 4000, seed=int(scale * 10)))
    assert edge == 0.0
    assert found == pytest.approx(scale, rel=0.15)


def test_results_the_values_separate_give_a_steep_curve_within_bounds_not_zero():
    points = [(v, 1.0 if v > 0 else 0.0, 1.0) for v in (-5, -3, -1, 1, 3, 5)]
    found, _ = fit(points)
    # every curve this steep says "certain" at each value: any of them is as likely
    assert SCALES[0] <= found < 0.1


def test_values_that_say_nothing_give_the_flattest_curve_allowed():
    points = [(v, won, 1.0) for v in (-2, -1, 1, 2) for won in (0.0, 1.0)]
    found, _ = fit(points)
    assert found == pytest.approx(SCALES[1], rel=0.01)


def _logged(game_id: str, index: int, plies: int, reason: str):
    from bench.judge import Logged

    return Logged("stamp", game_id, "base", index, 0.05, ("m",) * plies, (0,) * plies,
                  (0.0,) * plies, (None,) * plies, (False,) * plies, (0.5, 0.5), reason)


def test_a_game_a_lower_cap_stopped_is_played_again():
    """Self-play tops the log up: finished games and games the cap stopped are kept, but
    a game stopped unfinished by a lower cap than today's is played again, further."""
    from bench.judge import MAX_PLIES, to_play

    logged = [_logged("opprimo", 0, 120, "trapped"), _logged("opprimo", 1, MAX_PLIES - 300,
                                                               "unfinished"),
              _logged("opprimo", 2, MAX_PLIES, "unfinished")]
    assert to_play(logged, 4, ("opprimo",)) == [("opprimo", 1), ("opprimo", 3)]
