"""The table without a screen: seats, the computer's turns, undo over them, draw offers,
resignation, the clock and its flag fall, and what the listeners are told. The loop is a
``StepLoop``: the computer's work and the clock's time move only when the test says so."""

from __future__ import annotations

from fractions import Fraction

import pytest

from ogames.core.autosave import Keeper
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.game import Game
from ogames.core.outcome import TIME_FORFEIT
from ogames.core.registry import get_rules
from ogames.core.savefile import format_game, parse_game
from ogames.table import computer as computer_module
from ogames.table.clock import Clock, ClockSetting, clock_text
from ogames.table.table import (
    CHANGED,
    COMPUTER,
    ELSEWHERE,
    PERSON,
    SPECTATOR,
    Event,
    Table,
)
from tests.tablehelp import StepLoop

#: Ordo, White to move: Black has twelve pieces to White's two, and the reverse
BLACK_FAR_AHEAD = "2BBBBBB2/2BBBBBB2/10/10/10/10/10/4WW4 w"
BLACK_FAR_BEHIND = "4BB4/10/10/10/10/10/2WWWWWW2/2WWWWWW2 w"


@pytest.fixture
def first_move(monkeypatch):
    """The computer plays the first legal move, at once."""
    calls = []

    def choose(game, level, seed, should_stop):
        calls.append(level)
        return game.legal_moves()[0]

    monkeypatch.setattr(computer_module, "choose", choose)
    return calls


def ordo(position: str | None = None) -> Game:
    rules = get_rules("ordo")
    return Game.from_position(rules, rules.parse_position(position)) if position else \
        Game.new(rules)


def play_text(table: Table, text: str) -> None:
    table.play(table.rules.parse_move(table.game.position, text))


def test_seats_are_people_here_the_computer_or_people_elsewhere() -> None:
    table = Table(ordo(), {1: "easy"})
    assert [s.kind for s in table.seats] == [PERSON, COMPUTER]
    assert table.seats[1].level == "easy" and table.game.players[1] == "Computer easy"
    online = Table(ordo(), elsewhere=[1])
    assert [s.kind for s in online.seats] == [PERSON, ELSEWHERE]
    with pytest.raises(ValueError, match="no seat 3"):
        Table(ordo(), {2: "easy"})
    with pytest.raises(ValueError, match="unknown level"):
        Table(ordo(), {1: "brilliant"})


def test_the_computer_answers_and_undo_steps_back_over_its_turn(first_move) -> None:
    loop = StepLoop()
    table = Table(ordo(), {1: "easy"}, loop=loop)
    events: list[Event] = []
    table.listen(events.append)
    play_text(table, "e3-e4")
    assert table.closed == "Black (computer) is thinking…"
    assert table.computer.thinking and len(table.game.plies) == 1
    loop.drain()  # the computer's work, then its move
    assert len(table.game.plies) == 2 and first_move == ["easy"] and table.closed is None
    played = [e.played for e in events if e.kind == CHANGED]
    assert [p.mover if p else None for p in played] == [0, 1]
    assert table.undo() and table.game.cursor == 0  # both plies: back to the person's turn
    assert not table.undo()
    assert table.redo() and table.game.cursor == 2


def test_undo_while_the_computer_thinks_cancels_it(first_move) -> None:
    loop = StepLoop()
    table = Table(ordo(), {1: "easy"}, loop=loop)
    play_text(table, "e3-e4")
    assert table.undo() and table.game.cursor == 0
    loop.drain()
    assert first_move == [] and len(table.game.plies) == 1  # nothing was played after


def test_whose_view_the_screen_shows() -> None:
    three = Game.new(get_rules("ochmir"), "3", seed=1)
    assert Table(three).viewer_for(1, 0) == 1  # everyone here: the mover's
    alone = Table(three, {1: "easy", 2: "easy"})
    assert alone.viewer_for(2, 0) == 0 and not alone.handoff  # the one person's
    two = Table(three, {2: "easy"})
    assert two.handoff and two.viewer_for(2, 1) == 1  # the last person's
    watched = Table(three, elsewhere=[0, 1, 2])
    assert watched.viewer_for(0, None) == SPECTATOR  # nobody here: a spectator's
    assert Table(three, {0: "easy", 1: "easy", 2: "easy"}).viewer_for(2, None) == 0
    assert alone.acting_side(2) == 0 and two.acting_side(1) == 1


def test_a_draw_offer_is_answered_by_the_computer_or_asked_of_people() -> None:
    ahead = Table(ordo(BLACK_FAR_AHEAD), {1: "easy"})
    assert ahead.offer_draw(0).kind == "declined" and ahead.game.outcome() is None
    behind = Table(ordo(BLACK_FAR_BEHIND), {1: "easy"})
    reply = behind.offer_draw(0)
    assert reply.kind == "accepted" and behind.game.outcome().reason == "draw agreed"
    assert behind.offer_draw(0).kind == "over"
    people = Table(ordo(), elsewhere=[1])
    assert people.offer_draw(0).ask == (1,)


def test_resigning_ends_the_game_for_the_resigner() -> None:
    table = Table(ordo())
    table.resign(0)
    assert table.game.outcome().shares == (0, 1) and table.finished
    assert not table.in_progress


def test_the_autosave_falls_due_with_a_move_and_is_written_when_asked() -> None:
    game = ordo()
    keeper = Keeper(game)
    table = Table(game, keeper=keeper)
    table.settle(changed=False)
    assert table.save_now() == [] and keeper.autosave_path is None  # nothing played yet
    play_text(table, "e3-e4")
    assert table.save_now() == [] and keeper.autosave_path is not None
    assert keeper.autosave_path.read_text("utf-8") == format_game(game)
    assert table.due_autosave() is None  # written: nothing more is due


# ----- the clock --------------------------------------------------------------------------


def test_a_clock_setting_is_minutes_plus_seconds() -> None:
    assert ClockSetting.parse("10+5") == ClockSetting(10, 5)
    assert str(ClockSetting.parse(" 0.5 + 0 ")) == "0.5+0"
    for bad in ("10", "ten+5", "0+5", "10+5+1", "-1+3", "1000+0", "10+700"):
        with pytest.raises(NotationError):
            ClockSetting.parse(bad)
    assert [clock_text(s) for s in (600, 61.5, 9.87, -3, 3725)] == [
        "10:00", "1:01", "9.8", "0.0", "1:02:05"]


def clocked(minutes: float = 1, increment: int = 2) -> tuple[Table, StepLoop]:
    loop = StepLoop()
    game = ordo()
    table = Table(game, clock=Clock.new(ClockSetting(minutes, increment), 2), loop=loop)
    table.settle(changed=False)
    return table, loop


def test_time_runs_for_the_side_to_move_from_the_first_move_on() -> None:
    table, loop = clocked()
    loop.advance(30)  # before the first move nobody's time runs
    assert table.clock.texts(loop.now()) == ["1:00", "1:00"]
    play_text(table, "e3-e4")  # White's first move: +2 s
    loop.advance(20)
    assert table.clock.texts(loop.now()) == ["1:02", "0:40"]
    play_text(table, "e6-e5")
    assert [round(t) for t in table.clock.left] == [62, 42]
    assert table.clock.running == 0


def test_a_flag_fall_ends_the_game_on_time_with_its_own_ending() -> None:
    table, loop = clocked(minutes=0.5, increment=0)
    play_text(table, "e3-e4")
    loop.advance(29.9)
    assert table.game.outcome() is None
    loop.advance(0.2)  # Black's thirty seconds are gone: the table's timer fires
    ended = table.game.outcome()
    assert ended is not None and ended.reason == TIME_FORFEIT
    assert ended.shares == (Fraction(1), Fraction(0)) and table.game.flagged_side == 1
    assert table.clock.running is None
    with pytest.raises(IllegalMoveError):
        play_text(table, "e6-e5")
    text = format_game(table.game)
    assert '[Termination "time forfeit"]' in text
    again = parse_game(text)
    assert again.outcome() == ended and again.flagged_side == 1


def test_a_move_that_comes_after_the_time_is_up_loses_on_time() -> None:
    table, loop = clocked(minutes=0.5, increment=0)
    play_text(table, "e3-e4")
    table._flag_timer.cancel()  # the timer is late: the move itself finds the time up
    loop.advance(31)
    with pytest.raises(IllegalMoveError, match="time ran out"):
        play_text(table, "e6-e5")
    assert table.game.outcome().reason == TIME_FORFEIT and len(table.game.plies) == 1


def test_a_three_sided_time_forfeit_is_saved_with_the_side_that_flagged() -> None:
    rules = get_rules("ochmir")
    game = Game.new(rules, "3", seed=4)
    game.play(rules.legal_moves(game.position)[0])
    game.flag(1)
    text = format_game(game)
    assert '[Flagged "Blue"]' in text
    again = parse_game(text)
    assert again.flagged_side == 1 and again.outcome() == game.outcome()


def test_a_clock_state_comes_back_running_from_where_it_was() -> None:
    clock = Clock.new(ClockSetting(5, 3), 2)
    clock.moved(0, 1, now=10.0)
    state = clock.state(now=40.0)
    assert state == {"setting": "5+3", "left_ms": [303000, 270000], "running": 1}
    back = Clock.from_state(state, now=1000.0)
    assert back.remaining(1, 1010.0) == pytest.approx(260.0)
    with pytest.raises(ValueError):
        Clock.from_state({**state, "running": 5}, now=0.0)
