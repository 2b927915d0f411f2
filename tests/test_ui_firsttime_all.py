"""What first-time players hit in all five games (issue 65), each checked where it applies
to every game: promises the footer keeps, words that fit, a cursor that stays on the
mover's pieces, typed moves, clicks on a selection."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual.widgets._footer import FooterKey

from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import load_game, save_game
from ogames.ui.app import OgamesApp
from ogames.ui.screens.confirm import ConfirmScreen
from ogames.ui.screens.handoff import HandoffScreen
from ogames.ui.screens.picker import PickerScreen
from ogames.ui.screens.replay import ReplayScreen
from tests.uihelp import (
    hand_over,
    play_clicks,
    playing,
    screen,
    status,
    ui_test,
    wait_for,
)

#: Opprimo, Yellow to move; e10xc12# traps Red's King and ends the game
OPPRIMO_END = "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1"


@pytest.fixture(autouse=True)
def data_dir(private_data_dir: Path) -> Path:
    return private_data_dir


def saved_random_game(tmp_path: Path, game_id: str, plies: int, seed: int,
                      moves_seed: int | None = None) -> tuple[Game, Path]:
    """A game of ``game_id`` (dealt from ``seed``) of ``plies`` random moves, saved."""
    game = Game.new(get_rules(game_id), None, seed, ("Ann", "Bob"))
    rng = random.Random(seed if moves_seed is None else moves_seed)
    while game.cursor < plies and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    path = tmp_path / f"{game_id}.ogame"
    save_game(game, path)
    return game, path


def footer_actions(app) -> set[str]:
    """The actions of the keys the footer shows."""
    return {key.action for key in app.screen.query(FooterKey)}


# ----- point 5: promises the footer keeps -------------------------------------------------


@ui_test
async def test_the_game_over_line_offers_n_and_the_footer_shows_it():
    async with playing("opprimo", position=OPPRIMO_END, size=(80, 24)) as (app, pilot):
        assert "new_game" not in footer_actions(app)
        await play_clicks(pilot, "e10xc12#")
        await pilot.pause()
        assert "n new game" in status(app)
        assert "new_game" in footer_actions(app)
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, PickerScreen))


@ui_test
async def test_n_during_a_game_still_asks_first():
    async with playing("ordo") as (app, pilot):
        await play_clicks(pilot, "c2-c3")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        assert "Start a new game?" in app.screen.question


@ui_test
async def test_leaving_from_the_handoff_band_says_no_move_hint_for_a_hidden_hand():
    async with playing("ochmir", seed=1, size=(80, 24)) as (app, pilot):
        await hand_over(pilot)
        await play_clicks(pilot, screen(app).rules.move_text(
            screen(app).game.position, screen(app).game.legal_moves()[0]))
        await wait_for(pilot, lambda: isinstance(app.screen, HandoffScreen))
        await pilot.press("q")
        await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
        shown = status(app)
        assert "place a tile" not in shown
        assert "Blue to move: the hand stays hidden until Blue is at the keyboard" == shown


@ui_test
async def test_n_during_a_running_review_says_why_nothing_happens(tmp_path, monkeypatch):
    from ogames.ai.review import Budget
    from ogames.ui.screens import replay as replay_module

    game, path = saved_random_game(tmp_path, "ordo", 24, seed=4)
    monkeypatch.setattr(replay_module, "REVIEW_BUDGET", Budget(nodes=12_000, iterations=4000))
    app = OgamesApp(replay=load_game(path), replay_name=path.name)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("a")
        await wait_for(pilot, lambda: len(replay.review_values) >= 1, 30)
        await pilot.press("N")
        said = "No marked move before this one yet: the review is still running"
        assert str(replay.query_one("#status").render()).startswith(said)
        seen = len(replay.review_values)
        await wait_for(pilot, lambda: len(replay.review_values) > seen, 30)
        await pilot.pause()
        assert str(replay.query_one("#status").render()).startswith(said)
        await pilot.press("escape")


# ----- point 6: counts that agree --------------------------------------------------------


@ui_test
async def test_saved_games_count_moves_as_the_move_list_numbers_them():
    from textual.widgets import DataTable

    from ogames.core import storage
    from ogames.ui.screens.saves import SavesScreen

    rules = get_rules("ordo")
    game = Game.new(rules, None, None, ("Ann", "Bob"))
    rng = random.Random(2)
    while game.cursor < 58 and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    assert game.cursor == 58
    storage.save_to_library(game, "long")
    app = OgamesApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("o")
        saves = app.screen
        assert isinstance(saves, SavesScreen)
        table = saves.query_one(DataTable)
        row = [str(c) for c in table.get_row_at(0)]
        assert "29" in row and "58" not in row
        assert "Ordo (10x8), 29 moves" in str(saves.query_one("#preview-info").render())


# ----- point 7: the picker's seats -----------------------------------------------------------


@ui_test
async def test_the_pickers_variants_and_seats_say_what_they_are():
    from textual.widgets import Select

    from tests.uihelp import choose_in_picker

    app = OgamesApp()
    async with app.run_test(size=(80, 24)) as pilot:
        picker = await choose_in_picker(pilot, "ochmir")
        variant = picker.query_one("#variant", Select)
        assert [str(label) for label, _ in variant._options] == ["2 players", "3 players"]
        seat = picker.query_one("#seat-1", Select)
        labels = [str(label) for label, _ in seat._options]
        assert labels == ["Person", "Person elsewhere", "Computer easy", "Computer medium",
                          "Computer hard"]
        seat.value = "easy"
        await pilot.pause()
        assert picker.seats == {1: "easy"} and picker.query_one("#name-1").disabled
        seat.value = "person"
        await pilot.pause()
        assert picker.seats == {} and not picker.query_one("#name-1").disabled


# ----- point 8: notices that can be read --------------------------------------------------


@ui_test
async def test_a_long_notice_wraps_whole_and_can_be_read_again_in_messages():
    from textual.widgets._toast import Toast

    from ogames.ui.screens.messages import MessagesScreen

    long = ("The unfinished Opprimo game (12 moves) is kept in Saved games as "
            "2026-12-07-021212-opprimo-yellow-vs-red.ogame")
    app = OgamesApp("ordo")
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        app.notify("short", title="One")
        await wait_for(pilot, lambda: app.screen.query(Toast))
        [toast] = app.screen.query(Toast)
        await pilot.pause(0.1)
        assert toast.region.height == 1 and toast.region.y == 0
        app.notify(long, title="Earlier game kept", markup=False)
        await wait_for(pilot, lambda: any("Earlier" in str(t.render())
                                          for t in app.screen.query(Toast)))
        await pilot.pause(0.1)
        [toast] = app.screen.query(Toast)
        shown = str(toast.render())
        assert " ".join(shown.split()) == f"Earlier game kept — {long}"  # every word
        assert all(len(line) <= 80 for line in shown.splitlines())
        assert 2 <= toast.region.height <= 4 and toast.region.y == 0
        assert app._notifications and list(app._notifications)[-1].timeout > 5
        app.action_messages()
        await wait_for(pilot, lambda: isinstance(app.screen, MessagesScreen)
                       and app.screen.query("#messages"))
        said = " ".join(str(app.screen.query_one("#messages").render()).split())
        assert said.index(long) < said.index("short")  # newest first
        await pilot.press("escape")
        assert not isinstance(app.screen, MessagesScreen)


# ----- point 9: typed moves that fit -----------------------------------------------------------

#: per game, a text that is no move in its start (seed 1) and the reason, whole
WRONG = {
    "oferhlyp": ("b4-b6", "b6 is not a hex: file b has ranks 1–5"),
    "ordo": ("a2-a4", "pieces cannot pass through other pieces"),
    "opprimo": ("a1-a2", "a1 is not a point: file a has the even ranks 2–12"),
    "ochmir": ("zz", "'zz' is not an Ochmir move: write a placement like WTbf@f12, a step "
                     "like f12-f13, or pass"),
}


def board_rows(s) -> tuple[int, int]:
    """Where the board's canvas stands on the screen: its first row and its height."""
    board = s.board
    return board.content_region.y + board.origin[1], board.layout_.height


@pytest.mark.parametrize("size", [(80, 24), (70, 20), (100, 32)])
@pytest.mark.parametrize("game_id", sorted(WRONG))
@ui_test
async def test_a_refused_typed_move_reads_whole_and_the_board_stays(game_id, size):
    from ogames.ui.widgets.move_box import MatchList

    typed, reason = WRONG[game_id]
    async with playing(game_id, seed=1, size=size) as (app, pilot):
        await hand_over(pilot)
        s = screen(app)
        if s.has_class("tiny"):
            return  # no board to keep (the window says how large it must be)
        before = board_rows(s)
        await pilot.press("colon")
        await pilot.pause()
        assert board_rows(s) == before
        for key in typed:
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        shown = str(s.query_one(MatchList).render())
        assert " ".join(shown.split()) == reason
        assert board_rows(s) == before
        await pilot.press("escape")
        await pilot.pause()
        assert board_rows(s) == before


def test_a_notation_error_says_which_character():
    from ogames.core.errors import NotationError, ordinal

    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 103)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "103rd"]
    assert str(NotationError("b6 is not a hex", field="move", column=4)) == (
        "move, the 4th character: b6 is not a hex")


# ----- point 11: the move list, labels and cards at 100×32 ----------------------------------


@ui_test
async def test_onitama_at_100x32_keeps_moves_in_the_list_and_names_cards_whole():
    from ogames.ui.widgets.history import HistoryList

    async with playing("onitama", seed=1, size=(100, 32)) as (app, pilot):
        s = screen(app)
        history = s.query_one(HistoryList)
        assert history.display and history.region.height >= 4  # its border and two moves
        await play_clicks(pilot, s.rules.move_text(s.game.position, s.game.legal_moves()[0]))
        await pilot.pause()
        assert history.region.height >= 4


@pytest.mark.parametrize("size", [(80, 24), (100, 32)])
@ui_test
async def test_target_labels_are_whole_words_or_said_by_the_status_line(size):
    from tests.uihelp import click_cell

    # Blue on c3 with Ox and Horse: c2 and c4 are reached by both, b3 by Ox, d3 by Horse
    async with playing("onitama", position="2B2/5/2b2/5/2R2 b Boar,Crab Ox,Horse Tiger",
                       size=size) as (app, pilot):
        await click_cell(pilot, "c3")
        await pilot.pause()
        s = screen(app)
        board = s.board
        labels = dict(board.marks.labels)
        assert labels == {"c2": "Horse Ox", "c4": "Horse Ox", "b3": "Ox", "d3": "Horse"}
        words = {"Horse", "Ox"}
        for name in labels:
            region = board.cell_region(name)
            shown = " ".join(board.render_line(y).text[region.x:region.right]
                             for y in range(region.y, region.bottom)).split()
            # a word in a cell is a whole card's name, never a part of one ("Hors", "H O")
            assert all(w in words or w in ("○", "●", "◇", "◆") for w in shown), (name, shown)
        if not all(board.label_fits(n, t) for n, t in labels.items()):
            assert "(Horse: c2, c4, d3; Ox: b3, c2, c4)" in status(app)
        else:
            assert "Horse:" not in status(app)


@ui_test
async def test_a_reviewed_replay_keeps_the_movers_cards_and_some_moves_in_view(tmp_path):
    from ogames.ui.widgets.history import HistoryList
    from ogames.ui.widgets.panel import ItemBox, PanelView

    game, path = saved_random_game(tmp_path, "onitama", 6, seed=1, moves_seed=5)
    rules = game.rules
    app = OgamesApp(replay=load_game(path), replay_name=path.name)
    async with app.run_test(size=(100, 32)) as pilot:
        await pilot.pause()
        replay = app.screen
        # a review's rows as when one is shown (its chart and chances), none run
        from ogames.ai.review import Budget, assemble, plan
        whole = game
        replay.review_plan = plan(whole, Budget(nodes=1500, iterations=24), 0, done={})
        replay.review = assemble(replay.review_plan, {})
        replay.fit_window()
        for ply in (1, 2):
            replay.goto(ply)
            await pilot.pause(0.2)
            panel = replay.query_one(PanelView)
            mover = rules.to_move(game.position_at(ply))
            mine = [b for b in panel.query(ItemBox) if b.display and b.item.owner == mover]
            assert mine and all(panel.region.contains_region(b.region) for b in mine), ply
            assert replay.query_one(HistoryList).region.height >= 4


# ----- point 12: the compact Opprimo lattice in the castles -----------------------------------


@pytest.mark.parametrize("ascii", [False, True])
@ui_test
async def test_the_compact_opprimo_board_draws_its_lines_through_the_castles(ascii):
    async with playing("opprimo", size=(80, 24), ascii=ascii) as (app, pilot):
        s = screen(app)
        board = s.board
        assert s.compact
        layout = board.layout_
        castles = [c for c in layout.cells if c.kind == "triangle"]
        assert castles
        for spec in castles:
            if s.views[spec.name].owner is not None:
                continue  # a King stands there
            region = board.cell_region(spec.name)
            drawn = board.render_line(region.y).text[region.x:region.right]
            beneath = layout.background[spec.row][spec.col:spec.col + spec.width]
            assert beneath.strip() and drawn == beneath, spec.name
            assert drawn in ("<", ">", "╱", "╲", "/", "\\"), (spec.name, drawn)


# ----- point 13: the cursor after the other side moves ---------------------------------------


def movable_cells(s) -> frozenset[str]:
    return frozenset(p.key for p in s.entry.movable() if p.kind == "cell")


@pytest.mark.parametrize("game_id", ["opprimo", "oferhlyp", "onitama", "ordo"])
@ui_test
async def test_after_each_move_the_cursor_is_on_a_piece_the_mover_can_move(game_id):
    from tests.uihelp import play_keys

    rng = random.Random(7)
    async with playing(game_id, seed=1, size=(120, 40)) as (app, pilot):
        s = screen(app)
        for _ in range(8):
            if s.game.outcome() is not None:
                break
            move = rng.choice(s.game.legal_moves())
            await play_keys(pilot, s.rules.move_text(s.game.position, move))
            await pilot.pause()
            movable = movable_cells(s)
            if movable:
                assert s.cursor in movable, (s.game.plies[-1].text, s.cursor)
                if movable - s.last:
                    assert s.cursor not in s.last
        await pilot.press("u")
        await pilot.pause()
        assert s.cursor in movable_cells(s)


@ui_test
async def test_a_typed_king_move_leaves_the_cursor_on_the_next_movers_piece():
    async with playing("opprimo", size=(80, 24)) as (app, pilot):
        s = screen(app)
        king = next(s.rules.move_text(s.game.position, m) for m in s.game.legal_moves()
                    if s.rules.move_text(s.game.position, m).startswith("K"))
        await pilot.press("colon")
        for key in king:
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert s.game.plies and s.game.plies[-1].text == king
        assert s.cursor in movable_cells(s)


@pytest.mark.parametrize(("game_id", "lesson_id", "move"),
                         [("onitama", "puzzle-two", "Frog d2-c3"), ("ordo", "row", "a2:d2-a3")])
@ui_test
async def test_after_a_lessons_reply_the_cursor_is_on_the_learners_pieces(game_id, lesson_id,
                                                                          move):
    from ogames.ui.screens.learn import CourseScreen, LessonScreen
    from tests.uihelp import path_of, pick_key

    app = OgamesApp(learn=game_id)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, CourseScreen))
        course = app.screen
        index = course.course.ids.index(lesson_id)
        await pilot.press("home", *["down"] * index, "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen)
                       and app.screen.cursor is not None)
        lesson = app.screen
        for pick in path_of(app, move):
            if lesson.game.plies:
                break  # played: the rest of the path was a forced card
            await pick_key(pilot, pick)
        await wait_for(pilot, lambda: len(lesson.game.plies) == 2)  # the reply
        await pilot.pause()
        assert lesson.cursor in movable_cells(lesson), lesson.cursor


# ----- point 14: typed moves after a refusal ------------------------------------------------


@ui_test
async def test_colon_after_a_refused_move_starts_a_new_one():
    from ogames.ui.widgets.move_box import MoveBox

    async with playing("ordo", size=(80, 24)) as (app, pilot):
        s = screen(app)
        await pilot.press("colon", *"d3-c3", "enter")
        await pilot.pause()
        box = s.query_one(MoveBox)
        assert box.input.value == "d3-c3" and "no piece on d3" in str(
            box.query_one("#matches").render())
        await pilot.press("colon", *"e3-e4")
        assert box.input.value == "e3-e4"  # not "d3-c3:e3-e4"
        await pilot.press("enter")
        await pilot.pause()
        assert s.game.plies[-1].text == "e3-e4"
        await pilot.press("colon", *"zz", "enter", "x")
        assert box.input.value == "x"  # a refused text is replaced by what comes next
        await pilot.press("backspace", *"c7:d7-c6")
        assert box.input.value == "c7:d7-c6"  # a ':' inside a move is typed


# ----- point 15: a second click on the selection ----------------------------------------------


@pytest.mark.parametrize(("game_id", "piece"), [("ordo", "e3"), ("opprimo", "d3"),
                                                ("oferhlyp", "c2")])
@ui_test
async def test_a_second_click_on_the_selection_says_it_was_cleared(game_id, piece):
    from ogames.core.board import cell
    from tests.uihelp import click_cell

    async with playing(game_id) as (app, pilot):
        s = screen(app)
        await click_cell(pilot, piece)
        await pilot.pause()
        assert s.picks == (cell(piece),)
        await click_cell(pilot, piece)
        await pilot.pause()
        assert s.picks == ()
        assert status(app).startswith(f"{piece} is no longer selected: select")
        assert s.query_one("#status").has_class("refused")  # it stands out
