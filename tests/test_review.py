"""The review (ogames/ai/review.py) and its judge (ogames/ai/judge.py): marks by the
documented thresholds; in a game where every move is the hint, no mark (each game); the
move before a forced loss the search sees is marked, and the loss shown as one; the same
review from the same seed in one thread or on every core; a cancelled run that leaves no
process behind; the saved comments read back into the same review; chances that add up
to 100; hidden hands never used or shown while the game is not over. Small search budgets
keep each test to a second or a few."""

from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import replace

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ogames.ai import alphabeta, levels, parallel_alphabeta, player, processes
from ogames.ai.judge import Forced, steady
from ogames.ai.monte_carlo import Level, analyse, choose_move
from ogames.ai.review import (
    Budget,
    Value,
    _rounded,
    accuracy_of,
    annotate,
    chances_words,
    comment_of,
    mark_for,
    percentages,
    plan,
    read_comment,
    review_game,
    run,
)
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, parse_game

from .conftest import GAME_IDS, GAME_VARIANTS

TINY = Level("tiny", 24, None, playout_depth=6)
#: a small judge: a few thousand alpha-beta nodes, a few dozen Monte Carlo iterations
SMALL = Budget(nodes=1500, iterations=60)
#: Ordo, White to move: d6-d8 reaches White's goal row 8 and wins (§2.4.4); every other
#: White move leaves Black's a4 a free run down the a-file to its goal row 1
ORDO_WIN_OR_LOSE = "10/4W5/3W6/10/B9/10/10/10 w"
#: Onitama, Blue to move (found by a plain search of seeded random games): Frog b4-d4
#: lets Red force a win in three plies, while ten of Blue's fourteen moves do not lose
#: within three (``test_the_move_before_a_forced_loss_is_marked`` proves both by brute
#: force, independently of the engine's search)
ONITAMA_LOST_IN_TWO = "1b1b1/1bB1b/5/2R1r/rr1r1 b Horse,Ox Frog,Goose Eel"


def random_game(game_id: str, plies: int, seed: int = 1, variant: str | None = None) -> Game:
    """A game of seeded random moves that has not ended after ``plies`` plies."""
    rules = get_rules(game_id)
    game = Game.new(rules, variant, seed)
    rng = random.Random(seed)
    while game.cursor < plies:
        moves = game.legal_moves()
        rng.shuffle(moves)
        for move in moves:
            game.play(move)
            if game.outcome() is None:
                break
            game.undo()
            game.truncate()
        else:
            break
    return game


@pytest.mark.parametrize(("drop", "mark"), [(0.0, ""), (0.09, ""), (0.10, "?!"), (0.19, "?!"),
                                            (0.20, "?"), (0.29, "?"), (0.30, "??"), (1.0, "??")])
def test_marks_follow_the_documented_thresholds(drop, mark):
    # README and the module's docstring: ?! from 0.10, ? from 0.20, ?? from 0.30
    assert mark_for(drop) == mark


def test_a_move_that_loses_at_once_is_a_blunder_and_the_win_is_proposed():
    rules = get_rules("ordo")
    game = Game.from_position(rules, rules.parse_position(ORDO_WIN_OR_LOSE))
    game.play_text("d6-e6")
    review = review_game(game, SMALL, workers=0)
    first = review.plies[0]
    assert (first.move, first.mark, first.best) == ("d6-e6", "??", "d6-d8")
    # Black to move with a4-a1 available has won already, and so would White have
    assert first.chances == (0.0, 1.0) and first.forced == Forced(1, 1)
    assert first.best_chances == (1.0, 0.0) and first.best_forced == Forced(0, 1)
    assert review.start == (1.0, 0.0)
    assert chances_words(review.sides, first.chances, first.forced) == "Black wins in 1"


def wins_within(rules, pos, side: int, plies: int) -> bool:
    """``side`` can force a win within ``plies`` plies from ``pos`` (plain minimax over
    the rules alone: no evaluation, no pruning)."""
    ended = rules.outcome(pos)
    if ended is not None:
        return ended.shares[side] == 1
    moves = rules.moves(pos)
    if plies == 0 or not moves:
        return False
    children = (wins_within(rules, rules.apply(pos, m), side, plies - 1) for m in moves)
    return any(children) if rules.to_move(pos) == side else all(children)


def test_the_move_before_a_forced_loss_is_marked():
    rules = get_rules("onitama")
    pos = rules.parse_position(ONITAMA_LOST_IN_TWO)
    blue, red = rules.to_move(pos), 1 - rules.to_move(pos)
    losing = rules.parse_move(pos, "Frog b4-d4")
    assert wins_within(rules, rules.apply(pos, losing), red, 3)
    assert not wins_within(rules, rules.apply(pos, losing), red, 1)
    assert any(not wins_within(rules, rules.apply(pos, m), red, 3) for m in rules.moves(pos))
    game = Game.from_position(rules, pos)
    game.play(losing)
    for budget in (Budget(nodes=300), SMALL):  # whether the search before sees it or not
        ply = review_game(game, budget, workers=0).plies[0]
        assert ply.side == blue and ply.mark == "??" and ply.best != "Frog b4-d4"
        assert ply.forced == Forced(red, 3) and ply.forced.moves == 2
        assert ply.chances[red] == 1.0


@pytest.mark.parametrize(("game_id", "variant"),
                         [(g, None) for g in GAME_IDS] + [("ochmir", "3")])
def test_a_game_of_hints_has_no_mark(game_id, variant, monkeypatch):
    """Every move of both sides is the hint (the hard player's move, its clock replaced by
    the small budget, on one core): the review, which searches with the same judge and
    the same seeds, marks none. The game is resigned at the end, so that a game with
    hidden hands is judged from each mover's view, as it was played."""
    monkeypatch.setitem(alphabeta.LEVELS, "hard", replace(alphabeta.LEVELS["hard"],
                                                          time_limit=None, nodes=SMALL.nodes))
    monkeypatch.setitem(levels.LEVELS, "hard", replace(levels.LEVELS["hard"], time_limit=None,
                                                       iterations=SMALL.iterations))
    monkeypatch.setattr(alphabeta, "CHECK_SECONDS", None)
    monkeypatch.setattr(parallel_alphabeta, "cores", lambda: 1)
    monkeypatch.setattr(processes, "cores", lambda: 1)
    rules = get_rules(game_id)
    game = Game.new(rules, variant, 11)
    hint = player.Player("hard", 5)
    while game.cursor < 12 and game.outcome() is None:
        game.play(hint.choose(game))
    if game.outcome() is None:
        game.resign(rules.to_move(game.position))
    review = review_game(game, SMALL, seed=5, workers=0)
    assert review.complete and review.knowledge in ("everything", "movers")
    assert [p.best for p in review.plies] == [p.move for p in review.plies]
    assert review.marked() == []
    assert all(s.accuracy == 100.0 for s in review.summary())


def test_the_same_seed_gives_the_same_review_in_one_thread_and_on_every_core():
    game = random_game("ordo", 6)
    here = review_game(game, SMALL, seed=5, workers=0)
    pooled = review_game(game, SMALL, seed=5, workers=2)
    assert here == pooled and here.complete and not here.cut


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_analyse_prefers_the_move_the_computer_plays(game_id):
    """The Monte Carlo search's analysis is its player's: for the mover's view, the same
    move."""
    rules = get_rules(game_id)
    for seed in range(3):
        game = random_game(game_id, 4 + 3 * seed, seed)
        side = rules.to_move(game.position)
        found = analyse(rules, game.position, game.legal_moves(), TINY, seed, viewer=side)
        assert found.move == choose_move(game, side, TINY, seed)
        assert len(found.shares) == len(game.sides)
        assert all(0.0 <= s <= 1.0 for e in found.estimates for s in e.shares)


def test_a_stopped_run_keeps_what_was_found_and_leaves_no_process():
    game = random_game("ordo", 12)
    steps = plan(game, Budget(nodes=2_000_000), 0)
    found: list[Value] = []
    started = time.monotonic()
    finished = run(steps.tasks, found.append, lambda: time.monotonic() - started > 1.5,
                   workers=2)
    assert not finished
    assert len(found) < len(steps.tasks)
    assert multiprocessing.active_children() == []


def test_saved_comments_give_the_same_review_without_searching():
    rules = get_rules("onitama")
    game = Game.from_position(rules, rules.parse_position(ONITAMA_LOST_IN_TWO))
    game.play_text("Frog b4-d4")
    for _ in range(2):
        game.play(game.legal_moves()[0])
    fresh = review_game(game, SMALL, workers=0)
    assert any(p.forced is not None for p in fresh.plies)
    first = fresh.plies[0]
    saved = read_comment(comment_of(first), 2)
    assert saved is not None
    assert (saved.chances, saved.best, saved.best_chances, saved.forced) == (
        first.chances, first.best, first.best_chances, first.forced)
    assert annotate(game, fresh) == len(game.plies)
    text = format_game(game)
    assert "{[%chance " in text and "[%best " in text and "[%forced 0," in text
    again = parse_game(text)
    steps = plan(again, SMALL, reuse=True)
    assert steps.tasks == ()
    reused = review_game(again, SMALL, workers=0)
    assert all(p.saved for p in reused.plies)
    assert [replace(p, saved=False) for p in reused.plies] == list(fresh.plies)


def test_a_comment_reads_back_and_a_bad_one_is_searched_again():
    assert read_comment("[%chance 0.62,0.38] [%best d4-d5] [%bestchance 0.70,0.30]", 2) == (
        read_comment("[%bestchance 0.70,0.30]  [%best d4-d5]  [%chance 0.62,0.38]", 2))
    saved = read_comment("[%chance 0.62,0.38] [%best Tiger c1-c3] [%bestchance 1,0] "
                         "[%bestforced 0,3]", 2)
    assert saved is not None and saved.best == "Tiger c1-c3" and saved.best_chances == (1, 0)
    assert saved.best_forced == Forced(0, 3) and saved.forced is None
    for bad in ("", "[%chance 1.5,0]", "[%chance 0.5]", "[%chance a,b]", "[%best d4-d5]"):
        assert read_comment(bad, 2) is None
    partial = read_comment("[%chance 0.5,0.5] [%best d4-d5] [%bestchance x] [%forced 2,3]", 2)
    assert partial is not None and partial.best is None and partial.best_chances is None
    assert partial.forced is None  # side 2 of two sides: not a result


@given(st.lists(st.floats(0, 1), min_size=2, max_size=3))
def test_chances_add_up_to_one_hundred(shares):
    rounded = _rounded(shares)
    assert sum(percentages(rounded)) == 100 == sum(round(100 * s) for s in rounded)
    assert all(0.0 <= s <= 1.0 for s in rounded)


def test_accuracy_is_lichess_curve_of_the_drop():
    assert accuracy_of(0.0) == 100.0
    assert accuracy_of(0.10) == pytest.approx(63.6, abs=0.1)  # 103.1668 e^-0.4354 - 3.1669
    assert accuracy_of(1.0) == 0.0
    drops = [i / 20 for i in range(21)]
    assert all(accuracy_of(a) >= accuracy_of(b) for a, b in zip(drops, drops[1:], strict=False))


def test_a_steady_value_is_the_mean_of_two_depths_unless_proven():
    assert steady([0.4, 1.0, 0.2]) == pytest.approx(0.6)
    assert steady([0.5]) == 0.5
    proven = alphabeta.WIN - 5
    assert steady([0.3, proven]) == proven and steady([0.3, -proven]) == -proven


def test_an_unfinished_hidden_game_is_reviewed_as_a_spectator_sees_it():
    rules = get_rules("ochmir")
    game = random_game("ochmir", 10, seed=3)
    review = review_game(game, SMALL, workers=0)
    public = [rules.public_move_text(game.position_at(i), p.move, -1)
              for i, p in enumerate(game.plies)]
    assert review.knowledge == "spectator" and "spectator" in review.note
    assert [p.move for p in review.plies] == public
    assert all(p.best is None and not p.mark for p in review.plies)
    hidden = [p.text for p, shown in zip(game.plies, public, strict=True) if p.text != shown]
    assert hidden, "the test needs placements whose reverse face is private"
    printed = repr(review)
    assert not any(text in printed for text in hidden)
    # nothing a spectator may not read is written into the game either
    assert annotate(game, review) == 0


def test_a_finished_hidden_game_is_judged_from_each_movers_view():
    game = random_game("ochmir", 6, seed=3)
    game.resign(game.rules.to_move(game.position))
    review = review_game(game, SMALL, workers=0)
    assert review.knowledge == "movers" and "mover" in review.note
    assert [p.move for p in review.plies] == [p.text for p in game.plies]
    assert all(p.best is not None for p in review.plies)


@pytest.mark.parametrize(("game_id", "variant"), GAME_VARIANTS)
def test_every_game_has_a_judge_with_a_curve(game_id, variant):
    """Each two-sided game with a score names its judge's budget and fitted curve in its
    own computer.py; the chance of an even value is about even."""
    rules = get_rules(game_id)
    judging = rules.policy().judging
    assert judging is not None and judging.nodes >= 10_000
    assert 0.3 < judging.chance(0.0) < 0.7
    assert judging.chance(5 * judging.scale) > 0.9 > 0.1 > judging.chance(-5 * judging.scale)
