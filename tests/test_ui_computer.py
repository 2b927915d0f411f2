"""The computer player in the app: seats from the picker and the command line, moves thought
out in a worker (cancelled by undo, leaving and quitting), hints, hidden information, and a
move list that does not leak private faces. Timing-sensitive tests use a stub player."""

from __future__ import annotations

import threading
import time

import pytest
from click.testing import CliRunner
from textual.widgets import Input, Select, Static

from ogames.cli import cli
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.table import computer as computer_module
from ogames.ui.app import OgamesApp
from ogames.ui.screens.game import GameScreen
from ogames.ui.screens.handoff import HandoffScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import PanelView
from tests.uihelp import (
    SIZE,
    choose_in_picker,
    hand_over,
    need,
    path_of,
    pick_key,
    play_from_here,
    screen,
    shown_boxes,
    status,
    ui_test,
    wait_for,
)

from .conftest import GAME_IDS


async def play_keys(pilot, text: str) -> None:
    """Play ``text`` by keyboard like ``uihelp.play_keys``; the computer may answer at once,
    so the move is looked for where it was played, not at the end."""
    s = screen(pilot.app)
    before = s.game.cursor
    for pick in path_of(pilot.app, text):
        if s.game.cursor != before:
            break
        await pick_key(pilot, pick)
    if s.game.cursor == before and s.picks:
        await pick_key(pilot, s.picks[-1])
    assert s.game.cursor > before and s.game.plies[before].text == text, (
        f"{text} was not played; status: {status(pilot.app)}")


def first_move_text(app) -> str:
    s = screen(app)
    pos = s.game.position
    return s.rules.move_text(pos, s.game.legal_moves()[0])


class Stub:
    """A player that thinks until it is told to stop (or answers at once with ``fast``),
    then returns a legal move, as the real one returns its best move so far."""

    def __init__(self, fast: bool = False) -> None:
        self.fast = fast
        self.calls = 0
        self.started = threading.Event()
        self.stopped = threading.Event()
        self.returned = threading.Event()
        #: lets the stub answer without being stopped
        self.release = threading.Event()

    def __call__(self, game: Game, level: str, seed: int, should_stop):
        self.calls += 1
        self.stopped.clear()
        self.returned.clear()
        self.started.set()
        deadline = time.monotonic() + 20
        while not self.fast and not self.release.is_set() and time.monotonic() < deadline:
            if should_stop():
                self.stopped.set()
                break
            time.sleep(0.005)
        self.returned.set()
        return game.legal_moves()[0]


@pytest.fixture
def stub(monkeypatch):
    player = Stub()
    monkeypatch.setattr(computer_module, "choose", player)
    return player


@pytest.fixture
def fast(monkeypatch):
    player = Stub(fast=True)
    monkeypatch.setattr(computer_module, "choose", player)
    return player


# ----- a real game against the computer, every game -----------------------------------------


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_the_computer_answers_with_a_legal_move(game_id):
    need(game_id)
    app = OgamesApp(game_id, seed=3, computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)  # one person: no hand-off
        s = screen(app)
        assert s.game.players[1] == "Computer easy"
        await play_keys(pilot, first_move_text(app))
        await wait_for(pilot, lambda: len(s.game.plies) == 2)
        before = s.game.position_at(1)
        reply = s.game.plies[1]
        assert reply.move in s.rules.legal_moves(before)
        assert s.computer.job is None
        assert "thinking" not in status(app)
        assert not isinstance(app.screen, HandoffScreen)


@ui_test
async def test_the_computer_moves_first_from_seat_one():
    need("ordo")
    app = OgamesApp("ordo", computer={0: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await wait_for(pilot, lambda: len(s.game.plies) == 1)
        assert s.rules.to_move(s.game.position) == 1
        assert status(app).startswith("Black to move")
        # the person, Black, sits at the bottom: the board is turned for them
        assert s.flipped
        board = s.board
        assert board.cell_region("e8").y > board.cell_region("e1").y


@ui_test
async def test_the_board_is_turned_only_for_a_lone_person_on_the_top_side(fast):
    need("ordo")
    for seats, flipped in (({1: "easy"}, False), ({}, False), ({0: "easy", 1: "easy"}, False)):
        app = OgamesApp("ordo", computer=seats)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            assert screen(app).flipped is flipped, seats


# ----- the worker: a live board, cancellation --------------------------------------------


@ui_test
async def test_input_is_refused_and_the_board_stays_live_while_the_computer_thinks(stub):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e3-e4")
        await pilot.pause()
        assert stub.started.wait(5)
        assert "Black (computer) is thinking…" in status(app)
        first = status(app)
        await wait_for(pilot, lambda: status(app) != first)  # the spinner turns
        cursor = s.cursor
        await pilot.press("left")
        assert s.cursor != cursor  # the cursor still moves
        await pilot.press("enter")
        assert len(s.game.plies) == 1 and s.picks == ()  # but nothing is picked
        # history browsing goes on while it thinks; the move waits for the end
        s.on_history_list_jump(HistoryList.Jump(0))
        await pilot.pause()
        assert s.game.cursor == 0 and s.computer.job is not None
        assert "Black (computer) is thinking" in status(app)
        assert status(app).startswith("Ply 0 of 1")
        stub.release.set()  # the stub answers while the player looks back
        await wait_for(pilot, lambda: s.computer.job is not None and s.computer.job.done)
        assert len(s.game.plies) == 1 and s.game.cursor == 0
        assert "has its move ready" in status(app)
        await pilot.press("U")
        await wait_for(pilot, lambda: len(s.game.plies) == 2)
        assert s.game.cursor == 2


@ui_test
async def test_undo_cancels_the_thinking_and_plays_nothing_after(stub):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e3-e4")
        assert stub.started.wait(5)
        await pilot.press("u")
        assert stub.stopped.wait(5) and stub.returned.wait(5)
        await wait_for(pilot, lambda: s.computer.job is None)
        assert s.game.cursor == 0 and len(s.game.plies) == 1  # the person's move to redo
        assert status(app).startswith("Ply 0 of 1")
        assert "thinking" not in status(app)
        assert stub.calls == 1  # no thinking away from the end of the history
        # a new move there (the player agrees to drop the one ahead): the computer thinks again
        await play_from_here(pilot, first_move_text(app))
        await wait_for(pilot, lambda: stub.calls == 2)
        assert len(s.game.plies) == 1


@ui_test
async def test_undo_goes_back_to_the_persons_turn(fast):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e3-e4")
        await wait_for(pilot, lambda: len(s.game.plies) == 2)
        await pilot.press("u")  # two plies: the computer's answer and the person's move
        assert s.game.cursor == 0 and s.computer.job is None
        assert status(app).startswith("Ply 0 of 2 (U redo")
        await pilot.press("u")
        assert "nothing to undo" in status(app)
        await pilot.press("U")  # redo steps over the computer's turn too
        assert s.game.cursor == 2 and fast.calls == 1
        assert status(app).startswith("White to move")


@ui_test
async def test_quitting_cancels_the_thinking(stub):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e3-e4")
        assert stub.started.wait(5)
        await pilot.press("ctrl+q")
    assert stub.stopped.wait(5) and stub.returned.wait(5)
    assert len(s.game.plies) == 1  # nothing was played after the cancellation


@ui_test
async def test_leaving_the_screen_cancels_the_thinking(stub):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e3-e4")
        assert stub.started.wait(5)
        await pilot.press("q")
        await pilot.press("y")  # leave the game
        await pilot.pause()
        assert isinstance(app.screen, PickerScreen)
        assert stub.stopped.wait(5) and stub.returned.wait(5)
        await pilot.pause(0.2)
        assert len(s.game.plies) == 1


#: Ordo, White to move: Black has twelve pieces to White's two, and the reverse
BLACK_FAR_AHEAD = "2BBBBBB2/2BBBBBB2/10/10/10/10/10/4WW4 w"
BLACK_FAR_BEHIND = "4BB4/10/10/10/10/10/2WWWWWW2/2WWWWWW2 w"


@ui_test
async def test_resigning_or_offering_a_draw_on_the_computers_turn(stub):
    """Twelve pieces to two, the computer declines the draw; then White resigns while it
    thinks."""
    need("ordo")
    app = OgamesApp("ordo", position=BLACK_FAR_AHEAD, computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await play_keys(pilot, "e1-e2")
        assert stub.started.wait(5)
        s.action_offer_draw()
        assert "the computer declines the draw" in status(app)
        assert s.game.outcome() is None
        s.action_resign()
        await pilot.pause()
        assert "White: resign this game?" in str(app.screen.query_one("#question").render())
        await pilot.press("y")
        await pilot.pause()
        assert stub.stopped.wait(5)
        assert s.game.resigned_side == 0 and len(s.game.plies) == 1
        assert "Black (Computer easy) wins — White resigned" in str(s.query_one("#banner").render())


@ui_test
async def test_the_computer_accepts_a_draw_when_it_is_behind(stub):
    """Two pieces to twelve, the computer takes the draw a person offers: no question is
    asked (nobody else is at the table), and the game ends drawn by agreement."""
    need("ordo")
    app = OgamesApp("ordo", position=BLACK_FAR_BEHIND, computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        s.action_offer_draw()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)  # no question
        ended = s.game.outcome()
        assert ended is not None and ended.reason == "draw agreed"
        assert not stub.started.is_set()


# ----- hints ------------------------------------------------------------------------------


@ui_test
async def test_a_hint_highlights_a_legal_moves_path_and_plays_nothing():
    need("ordo")
    app = OgamesApp("ordo")  # hints help people in any game, with or without a computer
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await pilot.press("i")
        await wait_for(pilot, lambda: s.computer.hint is not None)
        hint = s.computer.hint
        pos = s.game.position
        assert hint.move in s.rules.legal_moves(pos)
        path = s.rules.pick_paths(pos, hint.move)[0]
        assert hint.cells == {p.key for p in path if p.kind == "cell"} and hint.cells
        assert s.board.marks.hint == hint.cells
        assert s.game.plies == []
        assert status(app).startswith(f"Hint for White: {s.rules.move_text(pos, hint.move)}")
        await play_keys(pilot, "e3-e4")  # any move: the hint is gone
        assert s.board.marks.hint == frozenset() and s.computer.hint is None


@ui_test
async def test_enter_on_a_hinted_ochmir_triangle_takes_the_hinted_tile_too(fast):
    """The hint puts the cursor on its triangle; Enter there once said "pick a tile from
    your hand first" although the hint names the tile."""
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await pilot.press("i")
        await wait_for(pilot, lambda: s.computer.hint is not None)
        hint = s.computer.hint
        assert hint.path[0].kind == "item" and hint.path[1].kind == "cell"
        assert s.cursor == hint.path[1].key
        assert len(hint.path) == 2  # a placement with nothing more to choose
        await pilot.press("enter")
        await wait_for(pilot, lambda: s.game.plies)
        assert s.game.plies[0].move == hint.move


@ui_test
async def test_no_hint_on_the_computers_turn(stub):
    need("ordo")
    app = OgamesApp("ordo", computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await play_keys(pilot, "e3-e4")
        assert stub.started.wait(5)
        await pilot.press("i")
        assert "it is Black's turn (the computer's)" in status(app)


# ----- hidden information -------------------------------------------------------------------


def hand_keys(app) -> set[str]:
    return {b.key for b in shown_boxes(screen(app))}


@ui_test
async def test_ochmir_against_the_computer_has_no_handoff_and_never_shows_its_hand():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, computer={1: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        s = screen(app)
        for _ in range(2):
            assert not isinstance(app.screen, HandoffScreen)
            assert s.viewer == 0
            await play_keys(pilot, first_move_text(app))
            await wait_for(pilot, lambda: s.rules.to_move(s.game.position) == 0
                           and s.computer.job is None)
            assert not any(isinstance(x, HandoffScreen) for x in app.screen_stack)
            assert s.viewer == 0
            assert dict(s.board.views) == dict(s.rules.cell_views(s.game.position, 0))
            assert not any(k.startswith("blue:") for k in hand_keys(app))
            panel = " ".join(str(w.render()) for w in s.query_one(PanelView).query(Static))
            assert "White's hand" in panel and "Blue's hand" not in panel
        # the computer's placements show masked reverse faces in the move list
        rows = s.query_one(HistoryList)._texts
        for i, ply in enumerate(s.game.plies):
            if i % 2 == 1 and "@" in ply.text:
                assert "??@" in rows[i + 1] and ply.text not in rows[i + 1]
            if i % 2 == 0:
                assert ply.text in rows[i + 1]


@ui_test
async def test_ochmir_with_the_computer_first_draws_the_persons_view(fast):
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, computer={0: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        s = screen(app)
        await wait_for(pilot, lambda: len(s.game.plies) == 1)
        assert not isinstance(app.screen, HandoffScreen)
        assert s.viewer == 1
        assert not any(k.startswith("white:") for k in hand_keys(app))


@ui_test
async def test_three_handed_ochmir_hands_over_between_people_only(fast):
    need("ochmir")
    app = OgamesApp("ochmir", seed=1, variant="3", computer={2: "easy"})
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # two people: the hand-off stays
        await hand_over(pilot)
        s = screen(app)
        assert s.viewer == 0
        await play_keys(pilot, first_move_text(app))
        assert isinstance(app.screen, HandoffScreen)
        await hand_over(pilot)
        assert s.viewer == 1
        await play_keys(pilot, first_move_text(app))
        # Brown (the computer) moves with Blue's view still drawn, then White is handed over
        await wait_for(pilot, lambda: len(s.game.plies) == 3)
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert "White to play" in str(app.screen.query_one("#handoff").render())
        await hand_over(pilot)
        assert s.viewer == 0


@ui_test
async def test_the_move_list_masks_other_players_reverse_faces():
    need("ochmir")
    app = OgamesApp("ochmir", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await hand_over(pilot)
        await play_keys(pilot, "WFbf@f12")
        s = screen(app)
        assert s.query_one(HistoryList)._texts[1] == "1. WF??@f12"  # nobody's view yet
        await hand_over(pilot)
        assert s.viewer == 1
        assert s.query_one(HistoryList)._texts[1] == "1. WF??@f12"
        await play_keys(pilot, "BFwf@f13")
        await hand_over(pilot)
        assert s.query_one(HistoryList)._texts[1:] == ["1. WFbf@f12", "1… BF??@f13"]


def test_public_move_text():
    ordo = get_rules("ordo")
    pos = ordo.start("10x8")
    move = ordo.parse_move(pos, "e3-e4")
    assert ordo.public_move_text(pos, move, None) == ordo.public_move_text(pos, move, 1) == "e3-e4"
    ochmir = get_rules("ochmir")
    game = Game.new(ochmir, "2", 1)
    place = ochmir.parse_move(game.position, "WFbf@f12")
    assert ochmir.public_move_text(game.position, place, None) == "WFbf@f12"
    assert ochmir.public_move_text(game.position, place, 0) == "WFbf@f12"  # the mover
    assert ochmir.public_move_text(game.position, place, 1) == "WF??@f12"
    assert ochmir.public_move_text(game.position, place, -1) == "WF??@f12"  # a spectator
    three = ochmir.parse_position(
        "3 WFnfBFnfNFwf10/1BTnfWTbt12/17/19/21/23/23/21/19/17/15/13 W WFbf/BFnf/BFnf - 0 0")
    choice = ochmir.parse_move(three, "WFbf@b8/a7B,b6N")
    assert ochmir.public_move_text(three, choice, 2) == "WF??@b8/a7B,b6N"
    stall = ochmir.parse_position("2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W "
                                  "-/WFbf - 11 0")
    step = ochmir.parse_move(stall, "d8-c10")
    assert ochmir.public_move_text(stall, step, 1) == "d8-c10"  # nothing private in a step


# ----- the picker and the command line --------------------------------------------------


@ui_test
async def test_the_picker_gives_a_seat_to_the_computer(fast):
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        picker = await choose_in_picker(pilot, "ordo")
        seat = picker.query_one("#seat-1", Select)
        seat.focus()
        await pilot.press("enter")  # the list shows every choice: person, person elsewhere, easy … hard
        await pilot.pause()
        assert seat.expanded
        await pilot.press("down", "down", "down", "down", "enter")
        await pilot.pause()
        assert seat.value == "hard"
        assert picker.query_one("#name-1", Input).disabled
        assert not picker.query_one("#name-0", Input).disabled
        picker.query_one("#start").press()
        await pilot.pause()
        s = screen(app)
        assert s.computer.seats == {1: "hard"}
        assert s.game.players == ("?", "Computer hard")
        await play_keys(pilot, "e3-e4")
        await wait_for(pilot, lambda: len(s.game.plies) == 2)
        # a new game from the game screen keeps the computer's seat
        await pilot.press("n")
        await pilot.press("y")
        await pilot.pause()
        picker = app.screen
        assert isinstance(picker, PickerScreen)
        assert picker.seats == {1: "hard"}
        assert picker.query_one("#seat-1", Select).value == "hard"
        assert picker.query_one("#seat-0", Select).value == "person"


@ui_test
async def test_a_resumed_game_keeps_its_computer_seat(fast):
    rules = get_rules("ordo")
    game = Game.new(rules, players=("Ann", "Computer medium"))
    game.play_text("e3-e4")
    app = OgamesApp()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(game)
        await pilot.pause()
        s = screen(app)
        assert s.computer.seats == {1: "medium"}
        await wait_for(pilot, lambda: len(s.game.plies) == 2)


def test_the_computer_rejects_seats_the_game_does_not_have():
    rules = get_rules("ordo")
    with pytest.raises(ValueError, match="no seat 3"):
        GameScreen(Game.new(rules), computer={2: "easy"})
    with pytest.raises(ValueError, match="unknown level"):
        GameScreen(Game.new(rules), computer={1: "godlike"})


def run(*args: str):
    return CliRunner().invoke(cli, list(args))


@pytest.fixture
def launched(monkeypatch):
    import ogames.ui.app

    seen: dict = {}
    monkeypatch.setattr(ogames.ui.app, "run_app", lambda *a, **kw: seen.update(kw, args=a))
    return seen


@pytest.mark.parametrize(("args", "seats"), [
    (("play", "ordo", "--vs", "computer:hard", "--computer-seat", "1"), {0: "hard"}),
    (("play", "ordo", "--vs", "computer"), {1: "medium"}),
    (("play", "ochmir", "--variant", "3", "--vs", "Computer:Easy", "--computer-seat", "3"),
     {2: "easy"}),
    (("play", "onitama"), {}),
])
def test_play_vs_computer(launched, args, seats):
    result = run(*args)
    assert result.exit_code == 0, result.output
    assert launched["computer"] == seats


@pytest.mark.parametrize(("args", "words"), [
    (("play", "ordo", "--vs", "robot"), "write computer or computer:LEVEL"),
    (("play", "ordo", "--vs", "computer:godlike"), "unknown level 'godlike'"),
    (("play", "ordo", "--vs", "computer", "--computer-seat", "3"), "has seats 1 to 2"),
    (("play", "ordo", "--vs", "computer", "--computer-seat", "0"), "has seats 1 to 2"),
    (("play", "ordo", "--computer-seat", "1"), "--computer-seat needs --vs computer"),
    (("play", "ordo", "--vs", "computer", "--computer-seat", "x"), "--computer-seat"),
])
def test_play_vs_computer_bad_values(launched, args, words):
    result = run(*args)
    assert result.exit_code == 2
    assert words in result.stderr
    assert len(result.stderr.splitlines()) == 1
    assert "args" not in launched  # the app never started
