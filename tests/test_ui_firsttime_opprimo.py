"""What a first-time player hit in Opprimo (issue 24), each checked where it applies to every
game: the players' turn marker after the computer's opening move, notices that hide nothing
that matters, clicks anywhere inside a drawn shape, the compact lattice's diagonals, a
finished game in the smallest window, titles and status shortened at whole phrases, the
rules' diagrams in an 80×24 window, and a resignation before any move kept."""

from __future__ import annotations

import pytest
from textual.widgets._toast import Toast

from ogames.core.board import cell
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.storage import list_saves, save_to_library
from ogames.ui.app import OgamesApp
from ogames.ui.screens.rules import DiagramBox, RulesScreen
from ogames.ui.widgets.board import BoardView
from ogames.ui.widgets.diagram import Diagram
from ogames.ui.widgets.fitted import rows_of, shorten
from ogames.ui.widgets.history import HistoryList
from ogames.ui.widgets.panel import PlayersView
from tests.uihelp import (
    drawn,
    hand_over,
    need,
    play_clicks,
    playing,
    screen,
    status,
    ui_test,
    wait_for,
)

from .conftest import GAME_IDS

SMALL = (80, 24)
#: Yellow to move; e10xc12# traps Red's King and ends the game (CLARIFICATIONS §2.1)
WORKED = "1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1"
#: the corners of two of Yellow's castle triangles (CLARIFICATIONS §2.1: triangle XYr)
CORNERS = {"cd1": ("c2", "d1", "d3"), "de1": ("d1", "d3", "e2")}


def players_lines(s) -> list[str]:
    return str(s.query_one(PlayersView).render()).splitlines()


def fits(text: str, full: str, width: int) -> bool:
    """``text`` is ``full`` whole, or its beginning cut where a phrase or a word ends
    ("…" after a whole word), and within ``width`` columns."""
    if len(text) > width:
        return False
    if text == full:
        return True
    if text.endswith("…"):
        head = text[:-1]
        return full.startswith(head) and full[len(head)] in " ,;:"
    return full.startswith(text) and full[len(text)] in " ,;·—("


# ----- 1. the turn marker ------------------------------------------------------------------


@ui_test
async def test_the_turn_marker_follows_the_computers_opening_move():
    async with playing("opprimo", size=SMALL, computer={0: "easy"}) as (app, pilot):
        s = screen(app)
        await wait_for(pilot, lambda: len(s.game.plies) == 1)
        for _ in range(5):  # whatever the screen refreshes after the move
            await pilot.pause()
        assert status(app).startswith("Red to move")
        marked = [line for line in players_lines(s) if line.startswith("▶")]
        assert len(marked) == 1 and "Red" in marked[0], players_lines(s)


# ----- 2. notices --------------------------------------------------------------------------


@ui_test
async def test_notices_cover_neither_board_status_nor_the_last_move():
    need("opprimo")
    app = OgamesApp("opprimo", position=WORKED)
    async with app.run_test(size=SMALL, notifications=True) as pilot:
        s = screen(app)
        await play_clicks(pilot, "e10xc12#")  # the end: "kept in Saved games"
        app.notify("a second notice at the same time", title="Another")
        await wait_for(pilot, lambda: any("second notice" in str(t.render())
                                          for t in app.screen.query(Toast)))
        await pilot.pause(0.1)
        covered = [s.board.region, s.query_one("#banner").region,
                   s.query_one("#status").region, s.query_one(HistoryList).region,
                   s.query_one(PlayersView).region]
        toasts = list(app.screen.query(Toast))
        assert len(toasts) == 1  # the newer in place of the older: they never stack
        for toast in toasts:
            assert toast.region.height == 1 and toast.region.y == 0  # in the title row
            assert all(not toast.region.overlaps(region) for region in covered)
        assert "★ Yellow" in "\n".join(players_lines(s))  # the box shows the ending
        assert "▶" not in "\n".join(players_lines(s))


# ----- 3. clicks inside a drawn shape ------------------------------------------------------


def inside(board: BoardView, name: str) -> list[tuple[int, int]]:
    """Canvas places strictly inside triangle ``name`` (between the centres of its corner
    points) that are in no point's own cell: what a player sees as the triangle's inside."""
    spec = board.layout_
    assert spec is not None
    centres = [(c.col + c.width / 2, c.row + 0.5) for c in map(spec.cell, CORNERS[name])]
    points = {(r, c) for p in spec.cells if p.kind == "point"
              for r in range(p.row, p.row + p.height) for c in range(p.col, p.col + p.width)}

    def side(a, b, q) -> float:
        return (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])

    out = []
    for r in range(spec.height):
        for c in range(spec.width):
            q = (c + 0.5, r + 0.5)
            sides = [side(centres[i], centres[(i + 1) % 3], q) for i in range(3)]
            if (all(x > 0 for x in sides) or all(x < 0 for x in sides)) and (r, c) not in points:
                out.append((r, c))
    return out


async def click_place(pilot, board: BoardView, place: tuple[int, int]) -> None:
    ox, oy = board.origin
    off = board.content_offset
    await pilot.click(board, offset=(off.x + ox + place[1], off.y + oy + place[0]))
    await pilot.pause()


def paper_at(board: BoardView, place: tuple[int, int]):
    """The background colour drawn at a canvas place."""
    ox, oy = board.origin
    x = 0
    for segment in board.render_line(oy + place[0]):
        if x <= ox + place[1] < x + len(segment.text):
            return segment.style.bgcolor if segment.style else None
        x += len(segment.text)
    return None


@ui_test
async def test_a_click_anywhere_inside_a_castle_triangle_picks_it_and_targets_fill_it():
    async with playing("opprimo") as (app, pilot):
        s = await drawn(pilot)
        board = s.board
        assert not s.compact
        king = inside(board, "cd1")
        assert len(king) > 1
        for place in king:
            await click_place(pilot, board, place)
            assert s.picks == (cell("cd1"),), (place, status(app))
            await pilot.press("escape")
        await click_place(pilot, board, king[-1])
        target = board.get_component_rich_style("board--target").bgcolor
        goal = board.layout_.cell("de1")
        away = [p for p in inside(board, "de1") if p != (goal.row, goal.col)]  # not its glyph
        assert away and all(paper_at(board, p) == target for p in away)
        await click_place(pilot, board, away[0])
        assert s.game.plies[-1].text == "Kcd1-de1"


@ui_test
async def test_a_click_on_a_hexs_label_picks_the_hex():
    async with playing("oferhlyp") as (app, pilot):
        s = await drawn(pilot)
        layout = s.board.layout_
        name = next(p.key for p in s.entry.next_picks(()) if p.kind == "cell")
        spec = layout.cell(name)
        # the hex's name is written inside its outline, below the piece
        rows = [r for r in range(spec.row + 1, spec.row + 3) if f" {name} " in layout.background[r]]
        assert rows, f"no label of {name} below it"
        row = rows[0]
        col = layout.background[row].index(f" {name} ", spec.col - 3) + 1
        assert (row, col) not in {(spec.row, c) for c in range(spec.col, spec.col + spec.width)}
        await click_place(pilot, s.board, (row, col))
        assert s.picks == (cell(name),), status(app)


# ----- 4. the compact lattice's diagonals ----------------------------------------------------


@ui_test
async def test_the_compact_drawing_shows_the_diagonals():
    async with playing("opprimo", size=SMALL) as (app, pilot):
        s = await drawn(pilot)
        assert s.compact
        layout = s.board.layout_
        triangles = {(c.row, c.col) for c in layout.cells if c.kind == "triangle"}
        points = [c for c in layout.cells if c.kind == "point"]
        drawn_lines = 0
        for p in points:
            for q in points:
                df = ord(q.name[0]) - ord(p.name[0])
                dr = int(q.name[1:]) - int(p.name[1:])
                if df != 1 or abs(dr) != 1:
                    continue
                # p on the left, q one file right and one rank up or down
                col = (p.col + q.col) // 2 + 1
                from_p = "<╱" if dr > 0 else "<╲"
                from_q = ">╲" if dr > 0 else ">╱"
                ends = [(p.row, from_p), (q.row, from_q)]
                if any((row, col) in triangles for row, _ in ends):
                    continue  # a castle triangle is drawn there, tinted
                assert any(layout.background[row][col] in chars for row, chars in ends), (
                    p.name, q.name)
                drawn_lines += 1
        assert drawn_lines >= 30  # all but the castles


# ----- 5. a finished game in the smallest window, undo's status ------------------------------


def letter_rows(board: BoardView) -> list[int]:
    return [y for y in range(board.size.height)
            if "a   b   c   d   e   f   g" in board.render_line(y).text]


@ui_test
async def test_a_finished_game_at_70x20_keeps_every_rank_on_screen():
    async with playing("opprimo", size=(70, 20), position=WORKED) as (app, pilot):
        s = await drawn(pilot)
        assert not s.has_class("tiny")
        assert len(letter_rows(s.board)) == 2
        await play_clicks(pilot, "e10xc12#")
        await pilot.pause()
        assert s.game.outcome() is not None
        assert s.board.size.height >= s.board.layout_.height
        assert len(letter_rows(s.board)) == 2  # the file letters above and below
        assert "Yellow wins" in status(app)  # the banner has no row: the status says it
        assert s.query_one("#status").region.height == 1


@pytest.mark.parametrize("game_id", GAME_IDS)
@ui_test
async def test_a_resigned_game_in_the_least_window_keeps_the_whole_board(game_id):
    async with playing(game_id, seed=1) as (app, pilot):
        await hand_over(pilot)
        s = await drawn(pilot)
        await pilot.resize_terminal(*s.min_size)
        await pilot.pause()
        assert not s.has_class("tiny")
        s.action_resign()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert s.game.outcome() is not None
        assert s.board.size.height >= s.board.layout_.height
        assert "wins" in status(app)


@ui_test
async def test_undo_keeps_the_status_in_its_rows_and_the_board_still():
    async with playing("opprimo", size=SMALL) as (app, pilot):
        s = await drawn(pilot)
        await play_clicks(pilot, "Kcd1-de1")
        await play_clicks(pilot, "c12-c10")
        board, line = s.board.region, s.query_one("#status").region
        await pilot.press("u")
        await pilot.pause()
        assert status(app).startswith("Ply 1 of 2 (U redo")
        assert rows_of(status(app), line.width - 2) == 1  # issue 65: one row at 80, whole
        assert s.query_one("#status").region == line and s.board.region == board
        await pilot.resize_terminal(80, 20)  # no row to spare: one row, shortened
        await pilot.pause()
        text, full = status(app), s.query_one("#status").text
        assert s.query_one("#status").region.height == 1
        assert text.startswith("Ply 1 of 2") and fits(text, full, 78)


# ----- 6. titles ---------------------------------------------------------------------------


@ui_test
async def test_titles_are_shortened_at_a_phrase_never_cut():
    rules = get_rules("opprimo")
    for seed in range(3):
        save_to_library(Game.new(rules, None, seed), f"game-{seed}")
    app = OgamesApp()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("o")
        await wait_for(pilot, lambda: app.screen.query("#saves-heading"))
        heading = app.screen.query_one("#saves-heading")
        await pilot.pause()
        full = heading.text
        assert full.startswith("Saved games (3, newest first)") and len(full) > SMALL[0]
        assert fits(str(heading.render()), full, SMALL[0] - 2)
        assert str(heading.render()) != "Saved games"  # as much as fits is shown
    app = OgamesApp()
    async with app.run_test(size=(50, 24)) as pilot:
        title = app.screen.query_one("#heading")
        await pilot.pause()
        assert fits(str(title.render()), title.text, 48)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        title = app.screen.query_one("#rules-title")
        assert len(title.text) > 48 and fits(str(title.render()), title.text, 48)


def test_shorten_keeps_whole_phrases_then_whole_words():
    text = "Saved games (2, newest first) — ⏎ replay · c continue · d delete"
    assert shorten(text, 80) == text
    assert shorten(text, 50) == "Saved games (2, newest first) — ⏎ replay"
    assert shorten(text, 30, rows=2) == "Saved games (2, newest first) — ⏎ replay · c continue"
    assert shorten("Game over: Yellow wins — the King is trapped", 30) == "Game over: Yellow wins"
    assert shorten("one two three four", 12) == "one two…"
    assert shorten("abcdefgh", 4) == "abc…"


# ----- 7. the rules' diagrams --------------------------------------------------------------


@ui_test
async def test_the_rules_diagrams_fit_an_80x24_window_and_arrows_scroll_by_lines():
    async with playing("opprimo", size=SMALL) as (app, pilot):
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        await pilot.pause()
        rules = app.screen
        text = rules.query_one("#rules-text")
        pane = text.scrollable_content_region
        boxes = rules.query(DiagramBox)
        assert boxes
        for box in boxes:
            assert box.region.height <= pane.height and box.region.width <= pane.width
            assert box.query_one(Diagram).compact
        before = text.scroll_y
        await pilot.press("down")
        assert text.scroll_y == before + 1
        await pilot.press("down", "down", "up")
        assert text.scroll_y == before + 2
        await pilot.resize_terminal(160, 50)  # room for the full drawing: it comes back
        await pilot.pause()
        assert not any(box.query_one(Diagram).compact for box in rules.query(DiagramBox))


# ----- 8. a resignation before any move ----------------------------------------------------


@ui_test
async def test_a_resignation_before_any_move_is_kept_in_saved_games():
    need("opprimo")
    async with playing("opprimo") as (app, pilot):
        s = await drawn(pilot)
        s.action_resign()
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert s.game.outcome() is not None and not s.game.plies
        [kept] = list_saves()
        assert kept.game is not None and kept.game.resigned_side == 0
        assert kept.game.outcome().reason == "resigned"
