"""The board tells captures and wins apart by shape (#16): among the highlighted targets, a
target whose move captures, converts, attacks or turns a tile is flanked by × (``x`` in
ASCII, with corners in a cell three rows tall), one whose move wins at once by ★ (``*``),
and a quiet one by neither.

Every position comes from the game's rules text (``rules.md``) or is built by its rules,
and each expected kind is argued from those rules in the test, not read off the engine."""

from __future__ import annotations

import pytest

from ogames.core.board import cell, item
from ogames.core.entry import Entry
from ogames.core.move_kinds import target_kinds
from ogames.core.registry import get_rules
from ogames.ui.widgets.board import BoardView
from tests.uihelp import drawn, hand_over, need, pick_key, playing, screen, ui_test

#: game → (position, the first pick, a capture target, a quiet target), each a position
#: of the rules text where the selected piece can both take and move quietly
CAPTURES = {
    # White e3 slides straight forward onto e4, the first enemy piece in its way: taken
    # ("Captures"); d4 is an empty square diagonally forward, and d3 still touches it
    "ordo": ("8/8/6B1/5B2/4B3/3WW3/8/8 w", "e3", "e4", "d4"),
    # Boar steps forward, left or right: b2-b3 lands on Blue's student and takes it;
    # b2-a2 (the holder's left) lands on an empty square
    "onitama": ("B4/5/1b3/1r3/2R2 r Boar,Crab Horse,Ox Tiger", "b2", "b3", "a2"),
    # the chain example of "Captures": a1 hits b2, landing on c3; a1-a2 is a step
    "oferhlyp": ("D3/1L3/3L2/5/6/5/D3 d 1", "a1", "c3", "a2"),
    # "Conversion": c4 jumps over d5 to e6 and d5 turns Yellow; b5 is a plain step
    "opprimo": ("3/4/3/4/3/4/3/1s2/1s1/1S2/3/4/3 y cd1 de11 1", "c4", "e6", "b5"),
    # "Capture": a white tile on f12 wins hexagon f12, turning f13 and g11; a10, far from
    # every tile, completes no hexagon
    "ochmir": ("2 13/15/17/7WFbfBFwf10/9BTwf11/10WFbf1BFwf10/10BFwtWFbfWTbf10/11BFwf9/"
               "7WFbt11/17/15/13 W WFbf,WFbf,WFbt/WFbf,WFbf,WFbf,WFbf,WFbt,WTbf WFbf,WFbf,"
               "WFbt,WFbf,WTbf,WFbf,WFbf,WFbf,WLbf,WFbf,WFbf,WFbt,WFbf,WFbf,WFbf,WTbt,WFbf,"
               "WFbf,WFbf,WFbf 0 12", "tile:WFbf", "f12", "a10"),
}

#: game → (position, the first pick, a target whose move wins at once)
WINS = {
    # d7-d8 reaches White's goal row, and e7 still touches d8: White wins ("The end")
    "ordo": ("8/3WW3/8/8/8/BB6/8/8 w", "d7", "d8"),
    # "Way of the Stream": Red's master steps onto Blue's arch with Boar
    "onitama": ("B4/2R2/5/5/5 r Boar,Crab Horse,Ox Tiger", "c4", "c5"),
    # as in the capture example, but b2 is a half piece: the hit takes it off, and Light,
    # down to one piece, has lost ("One piece left")
    "oferhlyp": ("D3/1l3/3L2/5/6/5/D3 d 1", "a1", "c3"),
    # "Trapped": e10xc12 turns d11 Yellow and closes Red's King in
    "opprimo": ("1N1/2S1/1s1/2S1/3/4/3/4/1s1/4/3/4/3 y cd1 de11 1", "e10", "c12"),
    # White lays the last tile there is (the bag and Blue's hand are empty): the game
    # ends with no tiles, one white tile showing against none
    "ochmir": ("2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf/- - 0 0", "tile:WFbf", "f12"),
}


def _pick(key: str):
    return item(key) if ":" in key else cell(key)


def cell_rows(board: BoardView, name: str) -> list[str]:
    """The text the board draws in cell ``name``'s rectangle, row by row (as rendered)."""
    region = board.cell_region(name)
    return [board.render_line(y).text[region.x:region.x + region.width]
            for y in range(region.y, region.y + region.height)]


def glyph_row(board: BoardView, name: str) -> str:
    rows = cell_rows(board, name)
    return rows[(len(rows) - 1) // 2]


async def _selected(app, pilot, first: str) -> BoardView:
    await hand_over(pilot)
    s = await drawn(pilot)
    await pick_key(pilot, _pick(first))
    await pilot.pause()
    return s.query_one(BoardView)


@pytest.mark.parametrize("game_id", sorted(CAPTURES))
@ui_test
async def test_a_capture_target_is_flanked_and_a_quiet_one_is_not(game_id):
    need(game_id)
    pos, first, capture, quiet = CAPTURES[game_id]
    async with playing(game_id, position=pos) as (app, pilot):
        board = await _selected(app, pilot, first)
        assert {capture, quiet} <= board.marks.target
        row = glyph_row(board, capture)
        assert row[0] == row[-1] == "×", (capture, cell_rows(board, capture))
        assert not any(sign in "".join(cell_rows(board, quiet)) for sign in "×★┌┐└┘"), \
            (quiet, cell_rows(board, quiet))


@pytest.mark.parametrize("game_id", sorted(WINS))
@ui_test
async def test_a_winning_target_is_starred(game_id):
    need(game_id)
    pos, first, win = WINS[game_id]
    async with playing(game_id, position=pos) as (app, pilot):
        board = await _selected(app, pilot, first)
        assert win in board.marks.target
        row = glyph_row(board, win)
        assert row[0] == row[-1] == "★", (win, cell_rows(board, win))


@ui_test
async def test_ascii_and_corners_of_a_tall_cell():
    """In ASCII the signs are x and *, and a cell three rows tall (Ordo's full board)
    shows its four corners: the mark reads in any terminal."""
    pos, first, capture, quiet = CAPTURES["ordo"]
    async with playing("ordo", position=pos, ascii=True) as (app, pilot):
        board = await _selected(app, pilot, first)
        rows = cell_rows(board, capture)
        assert len(rows) == 3
        assert rows[1][0] == rows[1][-1] == "x"
        assert rows[0][0] == rows[0][-1] == rows[2][0] == rows[2][-1] == "+"
        assert rows[1].strip("x ") == "B"  # the piece taken stays in sight
        assert "x" not in "".join(cell_rows(board, quiet))


@ui_test
async def test_compact_board_keeps_the_marks():
    """At 80×24 the board is compact (Oferhlýp's hexes three columns wide): the signs
    still stand beside the glyph."""
    pos, first, capture, quiet = CAPTURES["oferhlyp"]
    async with playing("oferhlyp", position=pos, size=(80, 24)) as (app, pilot):
        board = await _selected(app, pilot, first)
        assert screen(app).compact
        assert glyph_row(board, capture) == "×·×"
        assert "×" not in glyph_row(board, quiet)


def test_the_strongest_kind_marks_a_target_and_nothing_before_a_pick():
    """Onitama's c5 is reached by Boar and by Crab, both winning; a target is marked
    after the first pick only (the pieces that can move are not targets), and a cursor
    move or a repaint reads the kinds kept for the picks."""
    rules = get_rules("onitama")
    pos = rules.parse_position(WINS["onitama"][0])
    entry = Entry(rules, pos, rules.legal_moves(pos))
    assert target_kinds(entry, ()) == {}
    kinds = target_kinds(entry, (cell("c4"),))
    assert kinds == {"c5": "win"}
    assert target_kinds(entry, (cell("c4"),)) is kinds


@pytest.mark.parametrize("game_id", sorted(CAPTURES))
def test_move_kind_of_each_game(game_id):
    """``Rules.move_kind`` itself: the capture and the quiet move of each position, the
    winning move of the other."""
    rules = get_rules(game_id)
    pos, first, capture, quiet = CAPTURES[game_id]
    pos = rules.parse_position(pos)
    entry = Entry(rules, pos, rules.legal_moves(pos))

    def kinds(to: str) -> set[str]:  # of the moves that go on from the first pick to ``to``
        return {rules.move_kind(pos, m) for path, m in entry.candidates((_pick(first),))
                if path[1:2] == (cell(to),)}

    assert kinds(capture) == {"capture"}
    assert kinds(quiet) == {"quiet"}
    won, first, to = WINS[game_id]
    won = rules.parse_position(won)
    entry = Entry(rules, won, rules.legal_moves(won))
    assert "win" in {rules.move_kind(won, m) for path, m in entry.candidates((_pick(first),))
                     if path[1:2] == (cell(to),)}
