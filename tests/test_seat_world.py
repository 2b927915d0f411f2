"""``Rules.seat_world``: what a seat elsewhere is sent of a position (online play).

For every game: the seat's own legal moves, the outcome, the summaries and everything drawn
for that seat are those of the real position, and its text reads back as the same position.
For hidden information (Ochmir): what the seat may not see is never read from the real
position — two positions that differ only there give the seat the same world."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.games.ochmir.notation import Position as OchmirPosition
from ogames.games.ochmir.tiles import CANON, CODE_OF_TEXT, tile_set

from .conftest import GAME_VARIANTS

SPECTATOR = -1


def positions(game_id: str, variant: str, seed: int, plies: int):
    """The positions of one random game, with the side to move in each."""
    rules = get_rules(game_id)
    rng = random.Random(seed)
    game = Game.new(rules, variant, seed=seed if rules.uses_seed else None)
    for _ in range(plies):
        yield game.position
        moves = game.legal_moves()
        if not moves:
            return
        game.play(rng.choice(moves))
    yield game.position


@pytest.mark.parametrize(("game_id", "variant"), GAME_VARIANTS)
def test_a_seats_world_plays_and_shows_as_the_real_position(game_id: str, variant: str) -> None:
    rules = get_rules(game_id)
    sides = len(rules.sides(variant))
    for pos in positions(game_id, variant, seed=7, plies=90):
        mover = rules.to_move(pos)
        for side in (*range(sides), SPECTATOR):
            world = rules.seat_world(pos, side)
            assert rules.parse_position(rules.format_position(world)) == world
            assert rules.outcome(world) == rules.outcome(pos)
            assert rules.side_summary(world) == rules.side_summary(pos)
            assert rules.to_move(world) == mover
            seen = None if side == SPECTATOR and not rules.hidden_information else side
            assert dict(rules.cell_views(world, seen)) == dict(rules.cell_views(pos, seen))
            assert tuple(rules.panel(world, seen)) == tuple(rules.panel(pos, seen))
        world = rules.seat_world(pos, mover)
        real = rules.legal_moves(pos)
        assert [rules.move_text(world, m) for m in rules.legal_moves(world)] == [
            rules.move_text(pos, m) for m in real]
        for move in real[:25]:  # the board's marks for the targets (capture, win)
            assert rules.move_kind(world, move) == rules.move_kind(pos, move)


def ochmir_variants() -> list[str]:
    return [v for gid, v in GAME_VARIANTS if gid == "ochmir"]


@pytest.mark.parametrize("variant", ochmir_variants())
def test_what_a_seat_may_not_see_is_never_read_from_the_real_position(variant: str) -> None:
    """Two positions with the same view for a seat — the other hands, the bag and the
    reverse faces changed — give it the same world (the mover's world may differ only in
    the reverse colours its own moves depend on, three-handed)."""
    rules = get_rules("ochmir")
    rng = random.Random(3)
    for pos in positions("ochmir", variant, seed=11, plies=60):
        changed = scrambled(pos, rng)
        for side in (*range(pos.players), SPECTATOR):
            if rules.view(pos, side) != rules.view(changed, side):
                continue  # the scramble touched what this seat sees (its own hand)
            if side == pos.to_move and pos.players == 3:
                continue  # its world keeps the reverse colours its moves depend on
            assert rules.seat_world(pos, side) == rules.seat_world(changed, side)


def scrambled(pos: OchmirPosition, rng: random.Random) -> OchmirPosition:
    """``pos`` with Blue's hand, the bag and every board tile's reverse value dealt anew
    (the same exposed faces, the same counts)."""
    tiles = tile_set(pos.variant)
    blue = tuple(sorted(CANON[rng.choice(tiles)] for _ in pos.hands[1]))
    bag = tuple(rng.choice(tiles) for _ in range(pos.bag_size))
    board = bytes(t if t == 0 or t >= 81 else (t - t % 3) + rng.randrange(3) for t in pos.board)
    hands = (pos.hands[0], blue, *pos.hands[2:])
    return replace(pos, board=board, hands=hands, bag=bag, seed=None, drawn=0)


def test_the_one_tile_of_its_kind_in_another_hand_is_not_in_the_world() -> None:
    """The set has a single white-leremoc/blue-leremoc tile: in Blue's hand, it is in no
    form in what White or a spectator is sent."""
    rules = get_rules("ochmir")
    pos = rules.start("2", 5)
    rare = CODE_OF_TEXT["WLbl"]
    assert tile_set("2").count(rare) == 1
    blue = (rare, *pos.hands[1][1:])
    pos = replace(pos, hands=(pos.hands[0], blue), bag=tuple(t for t in pos.remaining()
                                                             if t != rare), seed=None, drawn=0)
    assert rare not in pos.hands[0]
    for side in (0, SPECTATOR):
        text = rules.format_position(rules.seat_world(pos, side))
        assert "WLbl" not in text and "BLwl" not in text
        assert "WLbl" in rules.format_position(rules.seat_world(pos, 1))
