"""The computer's answer to a draw offer (``ogames.ai.draw_offer``): it takes the draw when
it stands no better than level and plays on when it is ahead, whichever side it plays."""

from __future__ import annotations

import pytest

from ogames.ai.draw_offer import accepts_draw
from ogames.core.registry import get_rules
from tests.test_ui_computer import BLACK_FAR_AHEAD, BLACK_FAR_BEHIND


@pytest.mark.parametrize(("text", "black_accepts"), [(BLACK_FAR_AHEAD, False),
                                                     (BLACK_FAR_BEHIND, True)])
def test_twelve_pieces_to_two_decline_and_two_to_twelve_accept(text, black_accepts):
    rules = get_rules("ordo")
    pos = rules.parse_position(text)
    assert accepts_draw(rules, pos, 1) is black_accepts
    assert accepts_draw(rules, pos, 0) is not black_accepts


def test_three_handed_ochmir_at_the_start_is_level_for_everyone():
    """Three players, an empty board: every side's share is the mean, so each accepts."""
    rules = get_rules("ochmir")
    pos = rules.start("3", seed=1)
    assert all(accepts_draw(rules, pos, side) for side in range(3))
