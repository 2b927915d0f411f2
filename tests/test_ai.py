"""The computer player: legal moves only, no peeking at hidden information, mate in one at
every level, prompt cancellation. Small playout counts keep the file fast."""

from __future__ import annotations

import dataclasses
import random

import pytest

from ogames.ai import LEVELS, Level, Player, monte_carlo
from ogames.ai.monte_carlo import choose_move
from ogames.core.game import Game
from ogames.core.registry import available_ids, get_rules
from ogames.selfplay import format_report, selfplay

from .conftest import GAME_IDS

TINY = Level("tiny", 24, None, playout_depth=6)


def needs(game_id: str) -> None:
    if game_id not in available_ids():
        raise AssertionError(f"the {game_id} engine is missing")


def random_game(game_id: str, seed: int, plies: int, variant: str | None = None) -> Game:
    """A game reached by seeded random play, stopped before it ends."""
    rules = get_rules(game_id)
    game = Game.new(rules, variant, seed)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
        if game.outcome() is not None:
            game.undo()
            game.truncate()
            break
    return game


# ----- legality ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_only_legal_moves_in_random_positions(game_id):
    rules = get_rules(game_id)
    for variant in rules.variants:
        for seed in range(3):
            game = random_game(game_id, seed, random.Random(seed).randrange(0, 60), variant)
            if game.outcome() is not None:
                continue
            side = rules.to_move(game.position)
            move = choose_move(game, side, TINY, seed=seed)
            assert move in game.legal_moves(), rules.format_position(game.position)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_easy_level_and_player_play_legal_moves(game_id):
    game = random_game(game_id, 5, 11)
    move = Player("easy", seed=3).choose(game)
    assert move in game.legal_moves()


def test_repetition_rule_is_respected():
    """Oferhlýp §2.2.7: after the repetition example Light may not play d3-d4."""
    needs("oferhlyp")
    rules = get_rules("oferhlyp")
    game = Game.new(rules)
    for text in "b2-b3 d4-d3 b3-b2 d3-d4 b2-b3 d4-d3 b3-b2".split():
        game.play_text(text)
    banned = rules.parse_move(game.position, "d3-d4")
    assert banned not in game.legal_moves()
    for seed in range(4):
        move = choose_move(game, 1, TINY, seed=seed)
        assert move in game.legal_moves()


def test_wrong_side_or_finished_game_is_refused():
    needs("ordo")
    rules = get_rules("ordo")
    game = Game.new(rules)
    with pytest.raises(ValueError):
        choose_move(game, 1, TINY)
    won = Game.from_position(rules, rules.parse_position("3W6/10/10/10/B9/10/10/10 b"))
    with pytest.raises(ValueError):
        choose_move(won, 1, TINY)


# ----- mate in one at every level ---------------------------------------------------------------

MATES = [
    # Opprimo worked example §2.1.4: the conversion completes the trap of de11
    ("opprimo", "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1", "e10xc12#"),
    # Onitama: the Ox takes Blue's Master (Way of the Stone)
    ("onitama", "5/5/2B2/2r2/R4 r Ox,Tiger Boar,Crab Eel", "Ox c2-c3"),
    # Ordo §2.4.3: the only move to the goal row that keeps White connected
    ("ordo", "10/4W5/3W6/10/B9/10/10/10 w", "d6-d8"),
    # Oferhlýp: removing the half piece on c3 leaves Light one piece
    ("oferhlyp", "D3/5/1Dl3/5/6/5/3L d 1", "c2xc4"),
]


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize(("game_id", "text", "winning"), MATES)
def test_mate_in_one_is_found(game_id, text, winning, level):
    needs(game_id)
    rules = get_rules(game_id)
    game = Game.from_position(rules, rules.parse_position(text))
    side = rules.to_move(game.position)
    move = choose_move(game, side, level, seed=1)
    assert rules.move_text(game.position, move) == winning


def ochmir_board(tile_of) -> str:
    """An OCN board field from a function of the cell name (None = empty), §2.5.1."""
    rows = []
    for r, letter in enumerate("abcdefghijkl"):
        w = 6 + min(r, 11 - r)
        out, run = [], 0
        for c in range(12 - w, 12 + w + 1):
            tile = tile_of(f"{letter}{c}")
            if tile is None:
                run += 1
                continue
            if run:
                out.append(str(run))
                run = 0
            out.append(tile)
        if run:
            out.append(str(run))
        rows.append("".join(out))
    return "/".join(rows)


def ochmir_endgame() -> str:
    """White's last tile, three empty cells, no tiles elsewhere: White trails 106–107.
    On b8 it completes hexagon a7 (a6 a7 b6 b8 white) and turns a8 and b7; anywhere else
    the game ends level."""
    empty = {"b8", "l17", "l18"}
    blue = {"a8", "b7"}
    order = []
    for r, letter in enumerate("abcdefghijkl"):
        w = 6 + min(r, 11 - r)
        order += [f"{letter}{c}" for c in range(12 - w, 12 + w + 1)]
    whites = [n for n in order if n not in empty | blue][:106]
    white = set(whites)
    board = ochmir_board(lambda n: None if n in empty else "WFbf" if n in white else "BFwf")
    return f"2 {board} W WFbf/- - 0 200"


@pytest.mark.parametrize("level", list(LEVELS))
def test_ochmir_winning_placement_is_found(level):
    needs("ochmir")
    rules = get_rules("ochmir")
    pos = rules.parse_position(ochmir_endgame())
    texts = {rules.move_text(pos, m): rules.outcome(rules.apply(pos, m))
             for m in rules.legal_moves(pos)}
    assert texts["WFbf@b8"].shares == (1, 0)
    assert texts["WFbf@l18"].is_draw  # the search must tell them apart
    game = Game.from_position(rules, pos)
    move = choose_move(game, 0, level, seed=2)
    assert rules.move_text(pos, move) == "WFbf@b8"


# ----- hidden information -----------------------------------------------------------------------


def ochmir_twins(seed: int, plies: int):
    """Two Ochmir positions that differ only in what the side to move cannot see: the
    reverse faces of board tiles, the opponent's hand and the bag's order."""
    from ogames.games.ochmir.tiles import EXPOSED, MASKED, REVERSE, VALUE, code

    rules = get_rules("ochmir")
    game = random_game("ochmir", seed, plies, "2")
    pos = game.position
    side = rules.to_move(pos)
    other = 1 - side
    board = bytes(
        code(EXPOSED[t], VALUE[t], REVERSE[t], (t % 3 + 1) % 3) if 0 < t < MASKED else t
        for t in pos.board)
    hidden = list(pos.hands[other]) + list(pos.remaining())
    rng = random.Random(seed)
    rng.shuffle(hidden)
    n = len(pos.hands[other])
    hands = list(pos.hands)
    hands[other] = tuple(sorted(hidden[:n]))
    twin = dataclasses.replace(pos, board=board, hands=tuple(hands), bag=tuple(hidden[n:]),
                               seed=None, drawn=0)
    return rules, pos, twin, side


@pytest.mark.parametrize(("seed", "plies"), [(3, 24), (8, 61)])
def test_hidden_information_is_never_read(seed, plies):
    needs("ochmir")
    rules, pos, twin, side = ochmir_twins(seed, plies)
    assert pos != twin
    assert pos.board != twin.board and pos.hands != twin.hands
    assert rules.view(pos, side) == rules.view(twin, side)
    level = Level("test", 60, None, playout_depth=6)
    a = choose_move(Game.from_position(rules, pos), side, level, seed=11)
    b = choose_move(Game.from_position(rules, twin), side, level, seed=11)
    assert rules.move_text(pos, a) == rules.move_text(twin, b)


@pytest.mark.parametrize("variant", ["2", "3"])
def test_determinisation_agrees_with_the_view(variant):
    needs("ochmir")
    rules = get_rules("ochmir")
    sample = get_rules("ochmir").policy().determinize
    for seed in range(3):
        game = random_game("ochmir", seed, 30 + 20 * seed, variant)
        pos = game.position
        side = rules.to_move(pos)
        view = rules.view(pos, side)
        world = sample(rules, view, side, random.Random(seed))
        assert rules.view(world, side) == view
        assert list(rules.moves(world))  # playable


def test_three_handed_ochmir_plays_legal_moves():
    needs("ochmir")
    game = random_game("ochmir", 4, 90, "3")
    side = game.rules.to_move(game.position)
    assert choose_move(game, side, TINY, seed=4) in game.legal_moves()


# ----- cancellation -----------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_cancel_is_obeyed_at_the_first_poll_that_asks_for_it(game_id):
    game = random_game(game_id, 2, 9)
    side = game.rules.to_move(game.position)
    polls = 0

    def stop_after_fifty() -> bool:
        nonlocal polls
        polls += 1
        return polls > 50

    move = choose_move(game, side, "hard", seed=0, should_stop=stop_after_fifty)
    assert move in game.legal_moves()
    # the mate-in-one scan and the search loop each poll once more, then the search returns
    assert 51 <= polls <= 52
    move = choose_move(game, side, "hard", seed=0, should_stop=lambda: True)
    assert move in game.legal_moves()


# ----- early stop ----------------------------------------------------------------------------


def test_settled_needs_a_lead_larger_than_what_remains():
    assert monte_carlo._settled([100, 40, 3], remaining=59)
    assert not monte_carlo._settled([100, 40, 3], remaining=60)
    assert not monte_carlo._settled([500], remaining=0)  # one move tried: others may come


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_early_stop_never_changes_the_move(game_id, monkeypatch):
    """Stopping once the leader cannot be caught gives the move the full search gives: the
    same seed replays the same iterations up to the stop, and the rest could not change the
    most visited move."""
    rules = get_rules(game_id)
    level = Level("fixed", 160, None, playout_depth=6)
    stopped_early = 0
    real_settled = monte_carlo._settled
    for seed in range(6):
        game = random_game(game_id, seed, 6 + 7 * seed)
        side = rules.to_move(game.position)
        answers: list[bool] = []

        def spy(visits, remaining, log=answers):
            log.append(real_settled(visits, remaining))
            return log[-1]

        monkeypatch.setattr(monte_carlo, "_settled", spy)
        quick = choose_move(game, side, level, seed=seed)
        monkeypatch.setattr(monte_carlo, "_settled", lambda visits, remaining: False)
        full = choose_move(game, side, level, seed=seed)
        assert quick == full, rules.format_position(game.position)
        stopped_early += any(answers)
    assert stopped_early  # the test saw at least one early stop


# ----- self-play ---------------------------------------------------------------------------------


def test_selfplay_report():
    needs("onitama")
    report = selfplay("onitama", 2, "easy", seed=1)
    assert report.games == 2
    assert 0 <= sum(report.win_rates) <= 1 + 1e-9
    assert sum(count for _, count in report.ends) == 2
    text = format_report(report)
    assert "Onitama" in text and "Red" in text and "plies" in text


# ----- a threat of mate in one is answered ------------------------------------------------------


@pytest.mark.parametrize("level", ["medium", Level("quick", 300, None)])
def test_threat_of_mate_in_one_is_answered(level):
    """Onitama: Blue's Boar threatens c2xc1 (Red's Master). Only taking the student or
    stepping the Master to d1 saves Red; the solver must see that every other move loses."""
    needs("onitama")
    rules = get_rules("onitama")
    pos = rules.parse_position("B4/5/5/2b2/r1R1r r Crane,Ox Boar,Horse Eel")
    for seed in range(2):
        move = choose_move(Game.from_position(rules, pos), 0, level, seed=seed)
        assert rules.move_text(pos, move) in {"Crane c1-c2", "Ox c1-c2", "Ox c1-d1"}


@pytest.mark.parametrize("seed", range(40))
def test_a_new_node_gets_the_move_a_full_sort_ranks_first(seed):
    """``favourite_untried`` ranks only as many moves as a node has children, and must
    pick what sorting every move by (-score, a random number each) picks: the same move
    and the same random numbers drawn, so a search plays as it did before."""
    rng = random.Random(seed)
    moves = [f"m{i}" for i in range(rng.randrange(1, 60))]
    scores = [float(rng.randrange(4)) for _ in moves]  # few values: many ties
    children = set(rng.sample(moves, rng.randrange(len(moves))))
    mine, theirs = random.Random(seed), random.Random(seed)
    order = sorted(range(len(moves)), key=lambda i: (-scores[i], theirs.random()))
    expected = next(moves[i] for i in order if moves[i] not in children)
    assert monte_carlo.favourite_untried(moves, scores, children, mine) == expected
    assert mine.random() == theirs.random()
