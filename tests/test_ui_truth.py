"""The players and the panel always tell of the ply shown (issue #16): after the move that
ends a game, after undo and redo at game over, after a click on the move list, and in the
replay, in every game.

Each case names what the side summaries must read after the game-ending move, counted by
hand from the position (the pieces left, the captured master, the points): a panel one
ply behind shows the counts before the move instead."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ogames.ui.screens.replay import ReplayScreen
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import PlayersView, as_seated
from tests.uihelp import hand_over, play_clicks, playing, screen, shown_boxes, ui_test, wait_for


@dataclass(frozen=True)
class Ending:
    position: str
    move: str
    #: the summaries before the move and after it, as counted on the board
    before: tuple[str, ...]
    after: tuple[str, ...]
    winner: int


ENDINGS = {
    # White's last piece takes Black's last: Black has none left
    "ordo": Ending("10/10/10/10/10/3B6/3W6/10 w", "d2xd3",
                   ("1 piece", "1 piece"), ("1 piece", "0 pieces"), 0),
    # Red's master takes Blue's: Blue's master is gone, its student stays
    "onitama": Ending("5/1Bb2/5/1R3/5 r Tiger,Ox Cobra,Rabbit Frog", "Tiger b2-b4",
                      ("master alone", "master + 1 student"),
                      ("master alone", "master captured"), 0),
    # Dark's attack on c3 removes Light's half piece: one full piece is left
    "oferhlyp": Ending("D3/5/1Dl3/5/6/5/L3 d 1", "c2xc4",
                       ("2 full · 0 half", "1 full · 1 half"),
                       ("2 full · 0 half", "1 full · 0 half"), 0),
    # the jump converts Red's soldier on d11 and traps the King
    "opprimo": Ending("1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1", "e10xc12#",
                      ("2 soldiers · 1 knight", "2 soldiers · 0 knights"),
                      ("3 soldiers · 1 knight", "1 soldier · 0 knights"), 0),
    # the twelfth move in a row that places no tile ends the game: White leads on points
    "ochmir": Ending("2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W -/WFbf - 11 0",
                     "d8-c10", ("2 pts · hand 0", "1 pt · hand 1"),
                     ("2 pts · hand 0", "1 pt · hand 1"), 0),
}


def players_lines(s) -> list[str]:
    return str(s.query_one(PlayersView).render()).splitlines()


def assert_true_to_the_ply(s, summaries: tuple[str, ...] | None = None) -> None:
    """The players' lines and the panel's items are those of the position shown: the
    summaries (``summaries`` when given, else the engine's for that position), the turn
    arrow on the side to move there (none once the game is over there), the star on the
    winners, and the panel items the engine lists for that position."""
    game, rules = s.game, s.rules
    pos = game.position
    want = summaries or rules.side_summary(pos)
    outcome = game.outcome()
    lines = players_lines(s)
    assert len(lines) == len(game.sides), lines
    for i, line in enumerate(lines):
        assert line.rstrip().endswith(want[i]), (i, lines, want)
        if outcome is None:
            mark = "▶" if i == rules.to_move(pos) else " "
        else:
            mark = "★" if i in outcome.winners else " "
        assert line[0] == mark, (i, lines)
    viewer = getattr(s, "viewer", None)  # the replay of a finished game: everything
    seen = pos if viewer is None else rules.view(pos, viewer)
    items = [it for sec in as_seated(rules.panel(seen, viewer), s.flipped) for it in sec.items]
    shown = [box.item for box in shown_boxes(s)]
    assert shown[:len(items)] == items


async def settle(pilot) -> None:
    """Let every refresh queued by the last change run (a style update after the game-over
    class came is what once drew the ply before)."""
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("game_id", sorted(ENDINGS))
@ui_test
async def test_the_panel_follows_the_game_ending_move_undo_redo_and_the_move_list(game_id):
    case = ENDINGS[game_id]
    async with playing(game_id, position=case.position) as (app, pilot):
        await hand_over(pilot)
        s = screen(app)
        assert_true_to_the_ply(s, case.before)
        await play_clicks(pilot, case.move)
        await hand_over(pilot)
        await settle(pilot)
        assert s.game.outcome() is not None and case.winner in s.game.outcome().winners
        assert_true_to_the_ply(s, case.after)
        await pilot.press("u")  # undo at game over: the ply before, the mover's arrow back
        await hand_over(pilot)
        await settle(pilot)
        assert s.game.cursor == 0 and s.game.outcome() is None
        assert_true_to_the_ply(s, case.before)
        await pilot.press("U")  # and redo: the end again
        await settle(pilot)
        assert s.game.cursor == 1 and s.game.outcome() is not None
        assert_true_to_the_ply(s, case.after)
        history = s.query_one(HistoryList)
        await wait_for(pilot, lambda: history.region.height > 3)
        await pilot.click(history, offset=(4, 1))  # the "start" row
        await settle(pilot)
        assert s.game.cursor == 0
        assert_true_to_the_ply(s, case.before)
        await pilot.click(history, offset=(4, 2))  # the move's row
        await settle(pilot)
        assert s.game.cursor == 1
        assert_true_to_the_ply(s, case.after)


@pytest.mark.parametrize("game_id", sorted(ENDINGS))
@ui_test
async def test_the_replay_shows_the_players_of_each_ply(game_id):
    case = ENDINGS[game_id]
    async with playing(game_id, position=case.position) as (app, pilot):
        await hand_over(pilot)
        await play_clicks(pilot, case.move)
        await hand_over(pilot)
        await app.push_screen(ReplayScreen(screen(app).game))
        replay = app.screen
        await settle(pilot)
        assert replay.game.cursor == 0
        assert_true_to_the_ply(replay, case.before)
        await pilot.press("right")
        await settle(pilot)
        assert_true_to_the_ply(replay, case.after)
        await pilot.press("left")
        await settle(pilot)
        assert_true_to_the_ply(replay, case.before)


@ui_test
async def test_the_split_flag_is_on_the_side_that_was_split():
    """White's capture on d5 cuts Black's row in two: Black's line says so, White's not,
    on the board after the move and again after undo and redo."""
    async with playing("ordo", position="10/10/10/2BBB5/3W6/10/10/10 w") as (app, pilot):
        s = screen(app)
        await play_clicks(pilot, "d4xd5")
        await settle(pilot)
        assert_true_to_the_ply(s, ("1 piece", "2 pieces · split"))
        await pilot.press("u")
        await settle(pilot)
        assert_true_to_the_ply(s, ("1 piece", "3 pieces"))
