"""The review engine (ogames/ai/review.py): marks by the documented thresholds, a blunder
found where one move wins at once and another loses at once, the same review from the
same seed in one thread or on every core, a cancelled run that leaves no process behind,
the saved comments read back into the same review, and hidden hands never used or shown
while the game is not over. Tiny search budgets keep each test to a second or two."""

from __future__ import annotations

import multiprocessing
import random
import time
from dataclasses import replace

import pytest

from ogames.ai.monte_carlo import Level, analyse, choose_move
from ogames.ai.review import (
    Value,
    annotate,
    comment_of,
    mark_for,
    plan,
    read_comment,
    review_game,
    run,
)
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, parse_game

from .conftest import GAME_IDS

TINY = Level("tiny", 24, None, playout_depth=6)
#: Ordo, White to move: d6-d8 reaches White's goal row 8 and wins (§2.4.4); every other
#: White move leaves Black's a4 a free run down the a-file to its goal row 1
ORDO_WIN_OR_LOSE = "10/4W5/3W6/10/B9/10/10/10 w"


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
    review = review_game(game, TINY, workers=0)
    first = review.plies[0]
    assert (first.move, first.mark, first.best) == ("d6-e6", "??", "d6-d8")
    # Black to move with a4-a1 available has won already: its chance says so
    assert first.chances[1] >= 0.95
    assert first.best_chances[0] >= 0.95
    assert review.complete and review.start is not None and review.start[0] >= 0.95


def test_the_same_seed_gives_the_same_review_in_one_thread_and_on_every_core():
    game = random_game("ordo", 6)
    here = review_game(game, TINY, seed=5, workers=0)
    pooled = review_game(game, TINY, seed=5, workers=2)
    assert here == pooled and here.complete and not here.cut


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_analyse_prefers_the_move_the_computer_plays(game_id):
    """The review's search is the player's: for the mover's view, the same move."""
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
    steps = plan(game, Level("slow", 20000, None), 0)
    found: list[Value] = []
    started = time.monotonic()
    finished = run(steps.tasks, found.append, lambda: time.monotonic() - started > 1.5,
                   workers=2)
    assert not finished
    assert len(found) < len(steps.tasks)
    assert multiprocessing.active_children() == []


def test_saved_comments_give_the_same_review_without_searching():
    game = random_game("onitama", 8)
    fresh = review_game(game, TINY, workers=0)
    first = fresh.plies[0]
    saved = read_comment(comment_of(first), 2)
    assert saved is not None
    assert (saved.chances, saved.best, saved.best_chances) == (first.chances, first.best,
                                                              first.best_chances)
    assert annotate(game, fresh) == 8
    text = format_game(game)
    assert "{[%chance " in text and "[%best " in text
    again = parse_game(text)
    steps = plan(again, TINY, reuse=True)
    assert steps.tasks == ()
    reused = review_game(again, TINY, workers=0)
    assert all(p.saved for p in reused.plies)
    assert [replace(p, saved=False) for p in reused.plies] == list(fresh.plies)


def test_a_comment_reads_back_and_a_bad_one_is_searched_again():
    assert read_comment("[%chance 0.62,0.38] [%best d4-d5] [%bestchance 0.70,0.30]", 2) == (
        read_comment("[%bestchance 0.70,0.30]  [%best d4-d5]  [%chance 0.62,0.38]", 2))
    saved = read_comment("[%chance 0.62,0.38] [%best Tiger c1-c3] [%bestchance 1,0]", 2)
    assert saved is not None and saved.best == "Tiger c1-c3" and saved.best_chances == (1, 0)
    for bad in ("", "[%chance 1.5,0]", "[%chance 0.5]", "[%chance a,b]", "[%best d4-d5]"):
        assert read_comment(bad, 2) is None
    partial = read_comment("[%chance 0.5,0.5] [%best d4-d5] [%bestchance x]", 2)
    assert partial is not None and partial.best is None and partial.best_chances is None


def test_an_unfinished_hidden_game_is_reviewed_as_a_spectator_sees_it():
    rules = get_rules("ochmir")
    game = random_game("ochmir", 10, seed=3)
    review = review_game(game, TINY, workers=0)
    public = [rules.public_move_text(game.position_at(i), p.move, -1)
              for i, p in enumerate(game.plies)]
    assert review.knowledge == "spectator" and "spectator" in review.note
    assert [p.move for p in review.plies] == public
    assert all(p.best is None for p in review.plies)
    hidden = [p.text for p, shown in zip(game.plies, public, strict=True) if p.text != shown]
    assert hidden, "the test needs placements whose reverse face is private"
    printed = repr(review)
    assert not any(text in printed for text in hidden)
    # nothing a spectator may not read is written into the game either
    assert annotate(game, review) == 0


def test_a_finished_hidden_game_is_reviewed_knowing_every_hand():
    game = random_game("ochmir", 6, seed=3)
    game.resign(game.rules.to_move(game.position))
    review = review_game(game, TINY, workers=0)
    assert review.knowledge == "every hand" and "every hand" in review.note
    assert [p.move for p in review.plies] == [p.text for p in game.plies]
    assert all(p.best is not None for p in review.plies)
