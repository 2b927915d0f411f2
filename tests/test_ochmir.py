"""Ochmir: CLARIFICATIONS §2.5 and the check numbers of §3.5, plus hand-built positions for
every rule. Expected values come from the specification or are worked out by hand (the
comments say how), never from the engine's own output."""

from __future__ import annotations

import random
import re
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ogames.ai import dealt_world, review
from ogames.ai.monte_carlo import Level, choose_move
from ogames.ai.player import Player
from ogames.core.board import cell, item
from ogames.core.entry import Entry
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.game import Game
from ogames.core.outcome import Outcome
from ogames.core.savefile import format_game, parse_game
from ogames.games.ochmir import RULES, computer, notation, play, tiles
from ogames.games.ochmir import geometry as geo
from ogames.games.ochmir.notation import PASS
from ogames.games.ochmir.playout import Playout

# ----- helpers built from the specification (not from the engine) -----------------------

ROW_SIZES = (13, 15, 17, 19, 21, 23, 23, 21, 19, 17, 15, 13)
FIRST_COLUMN = (6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6)
ALL_NAMES = [f"{'abcdefghijkl'[r]}{FIRST_COLUMN[r] + k}"
             for r in range(12) for k in range(ROW_SIZES[r])]
EMPTY = "13/15/17/19/21/23/23/21/19/17/15/13"
START2 = ("2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf,WFbf,WFbf,WFbf,WFbf,WFbt/"
          "WFbf,WFbf,WFbf,WFbf,WFbt,WTbf @1:12 0 0")
START3 = ("3 13/15/17/19/21/23/23/21/19/17/15/13 W WFbt,WFnf,WTbf,WTbf,BFnf,BFnf/"
          "WFbf,WFbf,WTbt,WTnf,BFnf,BFnt/WFnf,WFnf,WFnf,BFnf,BTnf,BTnl @1:18 0 0")
CASCADE = ("2 WFbfWFbfBFwfWFbfWFbf8/1WFbfBFwf1BFwfBFwf9/17/19/21/23/23/21/19/17/15/13 W "
           "WFbf,WTbl/WFbf WFbf,WFbf,WFbf 0 0")
MOVES = "2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W -/WFbf - 0 0"
CHOICE = ("3 WFnfBFnfNFwf10/1BTnfWTbt12/17/19/21/23/23/21/19/17/15/13 W WFbf/BFnf/BFnf "
          "- 0 0")


def board(cells: dict[str, str]) -> str:
    """The OCN board field for {cell name: tile text}; every other cell empty."""
    rows = []
    i = 0
    for size in ROW_SIZES:
        out, run = [], 0
        for _ in range(size):
            tile = cells.get(ALL_NAMES[i])
            i += 1
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


def ocn(cells: dict[str, str], *, variant: str = "2", to_move: str = "W",
        hands: str = "WFbf/WFbf", bag: str = "-", streak: int = 0, ply: int = 0) -> str:
    return f"{variant} {board(cells)} {to_move} {hands} {bag} {streak} {ply}"


def pos_of(text: str):
    return RULES.parse_position(text)


def texts(pos) -> list[str]:
    return [RULES.move_text(pos, m) for m in RULES.legal_moves(pos)]


def play_text(pos, text: str):
    return RULES.apply(pos, RULES.parse_move(pos, text))


def rows_of(pos) -> list[str]:
    return RULES.format_position(pos).split()[1].split("/")


def placements(tile: str, cells: list[str]) -> list[str]:
    return [f"{tile}@{c}" for c in cells]


# ----- §3.5 geometry ---------------------------------------------------------------------


def test_geometry_counts() -> None:
    assert geo.CELLS == 216 and list(geo.NAMES) == ALL_NAMES
    assert sum(geo.UP) == 108
    assert len(geo.lattice_vertices()) == 127
    assert geo.HEXES == 91
    sizes = Counter(len(h) for h in geo.HEXES_OF)
    assert sizes == {3: 150, 2: 30, 1: 36}


def test_hexagons_are_the_triangles_around_interior_vertices() -> None:
    # independent derivation from the lattice model of §2.5.1: collect the triangles at
    # every vertex; a vertex with 6 is interior and its six triangles form a hexagon
    around: dict[tuple[int, int], set[str]] = {}
    for name in ALL_NAMES:
        r, c = "abcdefghijkl".index(name[0]), int(name[1:])
        x = c - 12
        corners = ([(r, x), (r + 1, x - 1), (r + 1, x + 1)] if (r + c) % 2 == 0
                   else [(r, x - 1), (r, x + 1), (r + 1, x)])
        for v in corners:
            around.setdefault(v, set()).add(name)
    interior = [frozenset(s) for s in around.values() if len(s) == 6]
    assert len(interior) == 91
    engine = {frozenset(geo.NAMES[i] for i in cells) for cells in geo.HEX_CELLS}
    assert engine == set(interior)


def test_named_cells_and_neighbours() -> None:
    idx = geo.INDEX
    assert not geo.UP[idx["f12"]] and geo.UP[idx["g12"]] and geo.UP[idx["a6"]]
    assert not geo.UP[idx["g1"]] and geo.UP[idx["f1"]]

    def names(cells):
        return sorted(geo.NAMES[i] for i in cells)

    assert names(geo.EDGE[idx["f12"]]) == ["e12", "f11", "f13"]
    assert names(geo.EDGE[idx["a6"]]) == ["a7", "b6"]
    assert names(geo.EDGE[idx["d8"]]) == ["c8", "d7", "d9"]
    assert names(geo.VERTEX[idx["d8"]]) == sorted(
        ["c6", "c7", "c9", "c10", "d6", "d10", "e7", "e8", "e9"])
    hexes = {geo.NAMES[geo.HEX_NAME[h]]: names(c) for h, c in enumerate(geo.HEX_CELLS)}
    assert hexes["a7"] == ["a6", "a7", "a8", "b6", "b7", "b8"]
    assert hexes["f12"] == ["f11", "f12", "f13", "g11", "g12", "g13"]


def test_rim_cell_lies_in_one_hexagon() -> None:
    a6 = geo.INDEX["a6"]
    assert [geo.NAMES[geo.HEX_NAME[h]] for h in geo.HEXES_OF[a6]] == ["a7"]
    # f1 (▲, left corner) lies only in hexagon f2 = {f1 f2 f3 g1 g2 g3}
    assert [geo.NAMES[geo.HEX_NAME[h]] for h in geo.HEXES_OF[geo.INDEX["f1"]]] == ["f2"]


# ----- §3.5 tiles and bags --------------------------------------------------------------------


def test_set_sizes_and_faces_per_colour() -> None:
    assert len(tiles.tile_set("2")) == 216
    assert len(tiles.tile_set("3")) == 216
    assert len(tiles.tile_set("3p")) == 207

    def faces(variant):
        count = Counter()
        for t in tiles.tile_set(variant):
            text = tiles.TEXT[t]
            count[text[0] + text[1]] += 1
            count[text[2].upper() + text[3].upper()] += 1
        return count

    two = faces("2")
    assert (two["WF"], two["WT"], two["WL"]) == (174, 36, 6)
    assert (two["BF"], two["BT"], two["BL"]) == (174, 36, 6)
    three = faces("3")
    for colour in "WBN":
        assert (three[colour + "F"], three[colour + "T"], three[colour + "L"]) == (102, 36, 6)


def test_bag_vectors_seed_1() -> None:
    def top8(variant):
        return ",".join(tiles.TEXT[t] for t in tiles.shuffled_bag(variant, 1)[:8])

    assert top8("2") == "WFbt,WFbf,WFbf,WFbf,WFbf,WFbf,WFbf,WFbt"
    assert top8("3") == "BFnf,BFnf,WFbt,WFnf,WTbf,WTbf,WFbf,BFnf"


def test_start_positions_seed_1() -> None:
    assert RULES.format_position(RULES.start("2", 1)) == START2
    assert RULES.format_position(RULES.start("3", 1)) == START3
    assert pos_of(START2) == RULES.start("2", 1)
    assert RULES.seed_of(RULES.start("3", 1)) == 1


def test_three_handed_start_moves_by_hand() -> None:
    # White: 3 own types (WFbt, WFnf, WTbf) on 216 cells, and BFnf face up either way
    pos = RULES.start("3", 1)
    moves = texts(pos)
    heads = Counter(m.split("@")[0] for m in moves)
    assert heads == {"WFbt": 216, "WFnf": 216, "WTbf": 216, "BFnf": 216, "NFbf": 216}


# ----- §3.5 worked examples -------------------------------------------------------------------


def test_cascade_example() -> None:
    pos = pos_of(CASCADE)
    moves = texts(pos)
    assert len(moves) == 414
    empties = [n for n in ALL_NAMES if n not in
               {"a6", "a7", "a8", "a9", "a10", "b6", "b7", "b9", "b10"}]
    assert sorted(moves) == sorted(placements("WFbf", empties) + placements("WTbl", empties))
    after = play_text(pos, "WFbf@b8")
    assert RULES.format_position(after) == (
        "2 WFbfWFbfWFbfWFbfWFbf8/1WFbfWFbfWFbfWFbfWFbf9/17/19/21/23/23/21/19/17/15/13 B "
        "WTbl/WFbf WFbf,WFbf,WFbf 0 1")


def test_moves_example() -> None:
    assert texts(pos_of(MOVES)) == (
        "d8-c10 d8-c6 d8-c7 d8-c9 d8-d10 d8-d6 d8-d7 d8-d9 d8-e7 d8-e8 e9-d9 e9-e10 e9-e8"
    ).split()


def test_side_choice_example() -> None:
    pos = pos_of(CHOICE)
    moves = texts(pos)
    assert len(moves) == 216
    assert [m for m in moves if "b8" in m] == [
        "WFbf@b8/a7B,b6B", "WFbf@b8/a7B,b6N", "WFbf@b8/a7N,b6B", "WFbf@b8/a7N,b6N", "b7-b8"]
    assert "b7-c7" in moves
    after = play_text(pos, "WFbf@b8/a7B,b6N")
    assert rows_of(after)[:2] == ["WFnfBFnfWFnf10", "1NFbtWTbtWFbf11"]


def test_side_choices_with_flag_t_turn_every_loose_tile() -> None:
    pos = pos_of("3t" + CHOICE[1:])
    moves = texts(pos)
    # 210 quiet placements + WFbf@b8 (no choices) + 2 thurin steps
    assert len(moves) == 213
    assert [m for m in moves if "b8" in m] == ["WFbf@b8", "b7-b8"]
    after = play_text(pos, "WFbf@b8")
    # a8 NFwf turns to WFnf; loose a7 BFnf and b6 BTnf are turned over
    assert rows_of(after)[:2] == ["WFnfNFbfWFnf10", "1NFbtWTbtWFbf11"]
    with pytest.raises(IllegalMoveError, match="flag t"):
        RULES.parse_move(pos, "WFbf@b8/a7B,b6N")


# ----- capture rules, hand-built ------------------------------------------------------------

HEX_A7 = ["a6", "a7", "a8", "b6", "b7"]  # b8 completes hexagon a7


def test_three_three_split_captures_nothing() -> None:
    cells = dict(zip(HEX_A7, ["WFbf", "BFwf", "WFbf", "BFwf", "BFwf"], strict=True))
    pos = pos_of(ocn(cells))
    after = play_text(pos, "WFbf@b8")
    assert rows_of(after)[:2] == ["WFbfBFwfWFbf10", "1BFwfBFwfWFbf11"]


def test_four_of_six_captures() -> None:
    cells = dict(zip(HEX_A7, ["WFbf", "BFwf", "WFbf", "WFbf", "BTwl"], strict=True))
    after = play_text(pos_of(ocn(cells)), "WFbf@b8")
    # a7 turns to WFbf; b7 BTwl turns to WLbt (the other face's value)
    assert rows_of(after)[:2] == ["WFbfWFbfWFbf10", "1WFbfWLbtWFbf11"]


def test_filled_hexagon_with_opponent_majority_waits() -> None:
    # hexagon a7 has four blue; White fills it on b8: nothing happens for anyone
    cells = {"a6": "BFwf", "a7": "BFwf", "a8": "BFwf", "b6": "BFwf", "b7": "WFbf",
             "a9": "BFwf", "a10": "BFwf", "b9": "WFbf"}
    pos = pos_of(ocn(cells, hands="WFbf/WFbf,WFbf"))
    after = play_text(pos, "WFbf@b8")
    assert rows_of(after)[:2] == ["BFwfBFwfBFwfBFwfBFwf8", "1BFwfWFbfWFbfWFbf10"]
    # later Blue fills hexagon a9 = {a8 a9 a10 b8 b9 b10} with four blue (a8 a9 a10 b10):
    # b8 and b9 turn; b8 is gained and lies in hexagon a7, now 5 blue: b7 turns too
    later = play_text(after, "BFwf@b10")
    assert rows_of(later)[:2] == ["BFwfBFwfBFwfBFwfBFwf8", "1BFwfBFwfBFwfBFwfBFwf9"]


def test_cascade_that_stops() -> None:
    # White on b8 wins hexagon a7 (a6 a7 b6 b8 white): a8 and b7 turn white. a8 and b8 lie
    # in hexagon a9 = {a8 a9 a10 b8 b9 b10}: full, white a8, b8 and blue a9, a10, b9, b10,
    # 2 of 6, so the cascade stops there and a9 … b10 stay blue (b7's other hexagons, b6
    # and b8, are not full)
    cells = {"a6": "WFbf", "a7": "WFbf", "a8": "BFwf", "b6": "WFbf", "b7": "BFwf",
             "a9": "BFwf", "a10": "BFwf", "b9": "BFwf", "b10": "BFwf"}
    after = play_text(pos_of(ocn(cells)), "WFbf@b8")
    assert rows_of(after)[:2] == ["WFbfWFbfWFbfBFwfBFwf8", "1WFbfWFbfWFbfBFwfBFwf9"]


def test_tiles_showing_the_mover_are_never_turned() -> None:
    # White wins hexagon a7; the white tiles keep their faces (WTbl stays a thurin)
    cells = dict(zip(HEX_A7, ["WTbl", "WFbf", "WFbf", "WFbf", "BFwf"], strict=True))
    after = play_text(pos_of(ocn(cells)), "WFbf@b8")
    assert rows_of(after)[:2] == ["WTblWFbfWFbf10", "1WFbfWFbfWFbf11"]


def test_rim_capture_checks_its_one_hexagon() -> None:
    # a6 (rim) completes hexagon a7 with four white: a8 and b7 turn
    cells = {"a7": "WFbf", "a8": "BFwf", "b6": "WFbf", "b7": "BTwf", "b8": "WFbf"}
    after = play_text(pos_of(ocn(cells)), "WFbf@a6")
    assert rows_of(after)[:2] == ["WFbfWFbfWFbf10", "1WFbfWFbtWFbf11"]


def test_a_movement_captures() -> None:
    # the white thurin on b9 (▲) steps across its side to b8 and completes hexagon a7 with
    # four white (a6 a7 b6 b8): a8 and b7 turn
    cells = {"a6": "WFbf", "a7": "WFbf", "a8": "BFwf", "b6": "WFbf", "b7": "BFwf",
             "b9": "WTbf"}
    pos = pos_of(ocn(cells, hands="-/WFbf"))
    assert texts(pos) == ["b9-b10", "b9-b8", "b9-c9"]
    after = play_text(pos, "b9-b8")
    assert rows_of(after)[:3] == ["WFbfWFbfWFbf10", "1WFbfWFbfWTbf11", "17"]
    assert RULES.format_position(after).split()[-2:] == ["1", "1"]  # streak 1, ply 1


def naive_cascade(cells: list[int], p: int, d: int, k: int) -> list[int]:
    """Fixpoint of §2.5.7 written from the definition: repeatedly win any full hexagon
    holding a gained triangle with ≥ k showing p, until none is left."""
    board = list(cells)
    gained = {d}
    won: set[int] = set()
    changed = True
    while changed:
        changed = False
        for h, six in enumerate(geo.HEX_CELLS):
            if h in won or gained.isdisjoint(six) or not all(board[c] for c in six):
                continue
            if sum(tiles.EXPOSED[board[c]] == p for c in six) < k:
                continue
            won.add(h)
            changed = True
            for c in six:
                t = board[c]
                if tiles.EXPOSED[t] != p and tiles.REVERSE[t] == p:
                    board[c] = tiles.FLIP[t]
                    gained.add(c)
    return board


@pytest.mark.parametrize("players", [2, 3])
def test_cascade_is_independent_of_processing_order(players: int) -> None:
    rng = random.Random(players)
    codes = [t for t in tiles.TILE_CODES if players == 3 or 2 not in
             (tiles.EXPOSED[t], tiles.REVERSE[t])]
    k = play.capture_threshold(players)
    checked = 0
    for _ in range(60):
        cells = [rng.choice(codes) if rng.random() < 0.95 else 0 for _ in range(216)]
        d = rng.randrange(216)
        p = rng.randrange(players)
        cells[d] = tiles.code(p, 0, (p + 1) % players, 0)
        expected = naive_cascade(cells, p, d, k)
        results = set()
        for order in range(6):
            scratch = bytearray(cells)
            play.cascade(scratch, p, d, k, random.Random(order) if order else None)
            results.add(bytes(scratch))
        assert results == {bytes(expected)}
        checked += expected != cells
    assert checked > 20  # most boards did cascade


# ----- movement rules --------------------------------------------------------------------------


def test_thurin_cannot_cross_a_vertex() -> None:
    # d8 (▼) white thurin; its edge neighbours c8, d7, d9 are occupied; corners are free
    cells = {"d8": "WTbf", "c8": "BFwf", "d7": "BFwf", "d9": "BFwf"}
    pos = pos_of(ocn(cells, hands="-/WFbf"))
    assert texts(pos) == ["pass"]
    with pytest.raises(IllegalMoveError, match="across a side, not a corner"):
        RULES.parse_move(pos, "d8-c7")
    assert RULES.explain(pos, (cell("d8"),), cell("c7")) == (
        "a thurin moves across a side, not a corner")
    assert RULES.explain(pos, (), cell("d8")) == (
        "that thurin has no empty triangle across its sides")


def test_thurin_steps_across_its_three_sides() -> None:
    pos = pos_of(ocn({"g12": "WTbf"}, hands="-/WFbf"))
    # g12 is ▲: edge neighbours g11, g13 and h12 below
    assert texts(pos) == ["g12-g11", "g12-g13", "g12-h12"]
    with pytest.raises(IllegalMoveError, match="across a side, not a corner"):
        RULES.parse_move(pos, "g12-f12")
    assert RULES.explain(pos, (cell("g12"),), cell("f12")) == (
        "a thurin moves across a side, not a corner")
    assert RULES.explain(pos, (cell("g12"),), cell("g15")) == (
        "a thurin moves one step, to a triangle sharing a side")


def test_leremoc_has_twelve_neighbours() -> None:
    # f12 (▼): below g11 g12 g13; beside f10 f11 f13 f14; above e10 … e14
    pos = pos_of(ocn({"f12": "WLbf"}, hands="-/WFbf"))
    assert texts(pos) == ["f12-e10", "f12-e11", "f12-e12", "f12-e13", "f12-e14", "f12-f10",
                          "f12-f11", "f12-f13", "f12-f14", "f12-g11", "f12-g12", "f12-g13"]
    # g12 (▲): above f11 f12 f13; beside g10 g11 g13 g14; below h10 … h14
    pos = pos_of(ocn({"g12": "WLbf"}, hands="-/WFbf"))
    assert texts(pos) == ["g12-f11", "g12-f12", "g12-f13", "g12-g10", "g12-g11", "g12-g13",
                          "g12-g14", "g12-h10", "g12-h11", "g12-h12", "g12-h13", "g12-h14"]


def test_ferrorn_and_other_colours_never_move() -> None:
    pos = pos_of(ocn({"f12": "WFbl", "g12": "BLwf"}, hands="-/WFbf"))
    assert texts(pos) == ["pass"]
    with pytest.raises(IllegalMoveError, match="ferrorn never moves"):
        RULES.parse_move(pos, "f12-f13")
    with pytest.raises(IllegalMoveError, match="shows Blue"):
        RULES.parse_move(pos, "g12-g13")
    assert RULES.explain(pos, (), cell("f12")) == "ferrorn never move"
    assert RULES.explain(pos, (), cell("g12")) == "that tile is not yours: it shows Blue"


def test_pass_only_when_nothing_else_is_legal() -> None:
    pos = pos_of(ocn({"f12": "WFbl"}, hands="-/WFbf"))
    assert texts(pos) == ["pass"]
    after = play_text(pos, "pass")
    assert RULES.format_position(after).split()[2:] == ["B", "-/WFbf", "-", "1", "1"]
    busy = pos_of(ocn({}, hands="WFbf/WFbf"))
    with pytest.raises(IllegalMoveError, match="only when"):
        RULES.parse_move(busy, "pass")


def test_placement_faces() -> None:
    # two-handed: a tile always shows the mover's colour
    pos = pos_of(ocn({}, hands="WFbt,WLbf/WFbf"))
    assert Counter(m.split("@")[0] for m in texts(pos)) == {"WFbt": 216, "WLbf": 216}
    with pytest.raises(IllegalMoveError, match="placed with White showing"):
        RULES.parse_move(pos, "BTwf@f12")
    with pytest.raises(IllegalMoveError, match="no WTbf tile"):
        RULES.parse_move(pos, "WTbf@f12")
    # Blue to move places WFbt as BTwf
    blue = pos_of(ocn({}, to_move="B", hands="WFbf/WFbt"))
    assert Counter(m.split("@")[0] for m in texts(blue)) == {"BTwf": 216}


def test_non_carrying_tile_either_face_and_no_capture() -> None:
    # three-handed: White holds BFnl (no white): BFnl or NLbf. Hexagon a7 has a6 a7 a8 b6
    # b7 = B B N B B; placing BFnl on b8 would give blue 5 of 6, but a non-carrying
    # placement captures nothing (and only the mover captures anyway)
    cells = dict(zip(HEX_A7, ["BFnf", "BFwf", "NFbf", "BFwf", "BFnf"], strict=True))
    pos = pos_of(ocn(cells, variant="3", hands="BFnl/WFbf/WFnf"))
    empties = [n for n in ALL_NAMES if n not in cells]
    assert texts(pos) == sorted(placements("BFnl", empties) + placements("NLbf", empties))
    after = play_text(pos, "BFnl@b8")
    assert rows_of(after)[:2] == ["BFnfBFwfNFbf10", "1BFwfBFnfBFnl11"]


def test_three_handed_capture_three_of_six() -> None:
    # White: a6 a7 + b8 = 3 of 6 → won. a8 BFwt carries W → turns to WTbf; b6 NFbf is
    # loose (no white): faces N or B; b7 BFnf loose: B or N
    cells = dict(zip(HEX_A7, ["WFnf", "WFbf", "BFwt", "NFbf", "BFnf"], strict=True))
    pos = pos_of(ocn(cells, variant="3", hands="WFbf/WFbf/WFnf"))
    b8 = [m for m in texts(pos) if "@b8" in m]
    assert b8 == ["WFbf@b8/b6B,b7B", "WFbf@b8/b6B,b7N", "WFbf@b8/b6N,b7B", "WFbf@b8/b6N,b7N"]
    after = play_text(pos, "WFbf@b8/b6B,b7N")
    assert rows_of(after)[:2] == ["WFnfWFbfWTbf10", "1BFnfNFbfWFbf11"]
    # choices in any order; a loose cell left out keeps its face; the xN suffix is ignored
    assert RULES.parse_move(pos, "WFbf@b8/b7N,b6B") == RULES.parse_move(pos, "WFbf@b8/b6B,b7N")
    assert RULES.move_text(pos, RULES.parse_move(pos, "WFbf@b8/b7N")) == "WFbf@b8/b6N,b7N"
    assert RULES.move_text(pos, RULES.parse_move(pos, "WFbf@b8")) == "WFbf@b8/b6N,b7B"
    assert RULES.move_text(pos, RULES.parse_move(pos, "WFbf@b8/b6B,b7Nx1")) == (
        "WFbf@b8/b6B,b7N")
    with pytest.raises(IllegalMoveError, match="not a loose tile"):
        RULES.parse_move(pos, "WFbf@b8/a8B")
    with pytest.raises(IllegalMoveError, match="cannot show White"):
        RULES.parse_move(pos, "WFbf@b8/b6W")
    with pytest.raises(NotationError, match="two side choices"):
        RULES.parse_move(pos, "WFbf@b8/b6B,b6N")
    # the picks of a side choice, in index order
    move = RULES.parse_move(pos, "WFbf@b8/b6B,b7N")
    assert RULES.pick_paths(pos, move) == ((
        item("tile:WFbf"), cell("b8"), item("choice:b6=B"), item("choice:b7=N")),)
    assert RULES.hint(pos, (item("tile:WFbf"), cell("b8"))) == (
        "choose the face for b6 (Blue or Brown)")
    assert RULES.hint(pos, (item("tile:WFbf"), cell("b8"), item("choice:b6=B"))) == (
        "choose the face for b7 (Blue or Brown)")
    # flag t: both loose tiles turned over
    t_pos = pos_of(ocn(cells, variant="3t", hands="WFbf/WFbf/WFnf"))
    assert [m for m in texts(t_pos) if "@b8" in m] == ["WFbf@b8"]
    assert rows_of(play_text(t_pos, "WFbf@b8"))[:2] == ["WFnfWFbfWTbf10", "1BFnfNFbfWFbf11"]


def test_moves_with_side_choices_form_a_sorted_lazy_sequence() -> None:
    # a move list with side choices is built on demand (2^n moves per action); it must
    # behave as the sorted list of all its moves
    rng = random.Random(4)
    pos = RULES.start("3", 4)
    checked = 0
    while RULES.outcome(pos) is None:
        moves = RULES.legal_moves(pos)
        if isinstance(moves, play.MoveList) and len(moves) < 20_000:
            every = list(moves)
            names = [m.text for m in every]
            assert names == sorted(names) and len(set(every)) == len(every) == len(moves)
            assert set(RULES.moves(pos)) == set(every)
            for i in rng.sample(range(len(every)), min(20, len(every))):
                assert moves[i] == every[i] and moves[i].text == every[i].text
                assert every[i] in moves
                assert RULES.parse_move(pos, names[i]) == every[i]
            assert moves[-1] == every[-1] and moves[2:5] == every[2:5]
            checked += 1
        pos = RULES.apply(pos, rng.choice(moves))
    assert checked > 20


def test_choices_rejected_where_nothing_is_loose() -> None:
    pos = pos_of(CASCADE)
    with pytest.raises(IllegalMoveError, match="no loose tile"):
        RULES.parse_move(pos, "WFbf@b8/a8B")


# ----- drawing tiles --------------------------------------------------------------------------


def test_empty_hand_draws_six_from_the_top() -> None:
    bag = "WFbf,WTbf,WLbf,WFbt,WFbl,WTbt,WLbl,WTbl"
    pos = pos_of(ocn({}, hands="WTbl/WFbf", bag=bag))
    after = play_text(pos, "WTbl@f12")
    fields = RULES.format_position(after).split()
    assert fields[3] == "WFbf,WFbt,WFbl,WTbf,WTbt,WLbf/WFbf"
    assert fields[4] == "WLbl,WTbl"
    # with two tiles left the next empty hand takes both
    low = pos_of(ocn({}, hands="WTbl/WFbf", bag="WLbl,WTbl"))
    assert RULES.format_position(play_text(low, "WTbl@f12")).split()[3:5] == [
        "WTbl,WLbl/WFbf", "-"]


def test_no_draw_while_the_hand_holds_tiles_or_after_a_step() -> None:
    pos = pos_of(ocn({"a6": "WTbf"}, hands="WFbf,WFbt/WFbf", bag="WLbl"))
    assert RULES.format_position(play_text(pos, "WFbf@f12")).split()[3:5] == [
        "WFbt/WFbf", "WLbl"]
    assert RULES.format_position(play_text(pos, "a6-a7")).split()[3:5] == [
        "WFbf,WFbt/WFbf", "WLbl"]


def test_seeded_bag_draw_advances_k() -> None:
    pos = pos_of(ocn({}, hands="WFbf/WFbf", bag="@1:12"))
    after = play_text(pos, "WFbf@f12")
    fields = RULES.format_position(after).split()
    assert fields[4] == "@1:18"
    assert len(fields[3].split("/")[0].split(",")) == 6
    assert RULES.seed_of(after) == 1


def test_flag_r_draws_one_after_every_placement() -> None:
    pos = pos_of(ocn({}, variant="2r", hands="WFbf,WTbf/WFbf", bag="WLbl,WTbl"))
    after = play_text(pos, "WFbf@f12")
    assert RULES.format_position(after).split()[3:5] == ["WTbf,WLbl/WFbf", "WTbl"]
    empty_bag = pos_of(ocn({}, variant="2r", hands="WFbf,WTbf/WFbf"))
    assert RULES.format_position(play_text(empty_bag, "WFbf@f12")).split()[3] == "WTbf/WFbf"


# ----- the end -------------------------------------------------------------------------------


def test_board_full_ends_and_scores() -> None:
    cells = {n: "BFwf" for n in ALL_NAMES if n != "l18"}
    pos = pos_of(ocn(cells, hands="WFbf/WFbf", bag="WFbf"))
    assert RULES.outcome(pos) is None
    # l18 (rim) lies in hexagon k17 only, with 1 white of 6: no capture
    after = play_text(pos, "WFbf@l18")
    assert RULES.outcome(after) == Outcome((Fraction(0), Fraction(1)), "board full")
    assert RULES.extra_tags(after, RULES.outcome(after)) == {"Score": "1-215"}
    assert RULES.legal_moves(after) == []


def test_no_tiles_ends_with_a_draw_on_equal_scores() -> None:
    pos = pos_of(ocn({"a6": "BFwf"}, hands="WFbf/-"))
    after = play_text(pos, "WFbf@l18")
    assert RULES.outcome(after) == Outcome((Fraction(1, 2), Fraction(1, 2)), "no tiles")
    assert RULES.outcome(after).result_token == "1/2-1/2"


def test_no_tiles_with_the_published_set() -> None:
    pos = pos_of(ocn({"a6": "BFwf", "a8": "NFwf"}, variant="3p", hands="WFbf/-/-"))
    after = play_text(pos, "WFbf@l18")
    assert RULES.outcome(after) == Outcome((Fraction(1, 3),) * 3, "no tiles")


def test_three_handed_ends_at_144() -> None:
    cells = {n: "WFbf" for n in ALL_NAMES[:143]}
    pos = pos_of(ocn(cells, variant="3", hands="WFbf/WFbf/WFbf"))
    assert RULES.outcome(pos) is None
    after = play_text(pos, "WFbf@l18")
    assert RULES.outcome(after) == Outcome((Fraction(1), Fraction(0), Fraction(0)), "144")
    assert RULES.extra_tags(after, RULES.outcome(after)) == {"Score": "144-0-0"}


@pytest.mark.parametrize(("variant", "limit"), [("2", 12), ("3", 18)])
def test_stall_after_six_rounds_without_a_placement(variant: str, limit: int) -> None:
    # White's thurin steps; scores White 1, Blue 2 (a6, a7): Blue wins
    hands = "-/WFbf" if variant == "2" else "-/WFbf/WFnf"
    pos = pos_of(ocn({"f12": "WTbf", "a6": "BFwf", "a7": "BFwf"}, variant=variant,
                     hands=hands, streak=limit - 1))
    assert RULES.outcome(pos) is None
    after = play_text(pos, "f12-f11")
    assert RULES.format_position(after).split()[5] == str(limit)
    assert RULES.outcome(after) == Outcome.win(1, len(hands.split("/")), "stall")


def test_placement_resets_the_streak_and_the_end_check_order() -> None:
    pos = pos_of(ocn({}, hands="WFbf,WFbt/WFbf", streak=11))
    after = play_text(pos, "WFbf@f12")
    assert RULES.format_position(after).split()[5] == "0"
    assert RULES.outcome(after) is None
    # a full board with empty hands and bag and a long streak: board full comes first
    cells = {n: "WFbf" for n in ALL_NAMES}
    full = pos_of(ocn(cells, hands="-/-", streak=30))
    assert RULES.outcome(full).reason == "board full"
    assert RULES.outcome(pos_of(ocn({}, hands="-/-", streak=30))).reason == "no tiles"


# ----- resignation, tags ----------------------------------------------------------------------


def test_resignation_outcomes() -> None:
    two = pos_of(ocn({"a6": "WFbf"}))
    assert RULES.resign_outcome(two, 0) == Outcome.win(1, 2, "resigned")
    # three-handed scores: White 1, Blue 2, Brown 2
    cells = {"a6": "WFbf", "a7": "BFwf", "a8": "BFwf", "a9": "NFwf", "a10": "NFwf"}
    three = pos_of(ocn(cells, variant="3", hands="WFbf/WFbf/WFbf"))
    half, one, zero = Fraction(1, 2), Fraction(1), Fraction(0)
    assert RULES.resign_outcome(three, 0) == Outcome((zero, half, half), "resigned")
    assert RULES.resign_outcome(three, 1) == Outcome((zero, zero, one), "resigned")
    assert RULES.resign_outcome(three, 2) == Outcome((zero, one, zero), "resigned")


def test_resigned_three_handed_game_round_trips() -> None:
    game = Game.new(RULES, "3", 1)
    game.play_text("WFbt@f12")
    game.resign(1)  # White 1, Brown 0: White wins
    assert game.outcome() == Outcome.win(0, 3, "resigned")
    text = format_game(game)
    assert '[Resigned "Blue"]' in text and '[Score "1-0-0"]' in text
    assert parse_game(text).outcome() == game.outcome()


def test_variants_and_sides() -> None:
    assert RULES.variants == ("2", "3")
    assert RULES.parse_variant(None) == "2"
    for given_, canonical in [("2", "2"), ("2r", "2r"), ("3", "3"), ("3p", "3p"),
                              ("3tpr", "3prt"), ("3rp", "3pr"), ("3TR", "3rt")]:
        assert RULES.parse_variant(given_) == canonical
    for bad in ["4", "2p", "2t", "3pp", "3x", "r", "3 p", "23"]:
        with pytest.raises(NotationError):
            RULES.parse_variant(bad)
    assert RULES.sides("2r") == ("White", "Blue")
    assert RULES.sides("3pt") == ("White", "Blue", "Brown")
    assert RULES.variant_of(RULES.start("3tp", 1)) == "3pt"
    assert RULES.uses_seed and RULES.hidden_information


# ----- position text ---------------------------------------------------------------------------


def test_position_round_trip_and_any_whitespace() -> None:
    text = "  3rtp\t" + board({"a6": "BFnt"}) + "  N  WFbf/-/NLbt,WFnf  WTbl,BFnf 4 9 "
    pos = pos_of(text)
    assert RULES.format_position(pos) == (
        "3prt BFnt12/15/17/19/21/23/23/21/19/17/15/13 N WFbf/-/WFnf,BTnl WTbl,BFnf 4 9")
    assert RULES.to_move(pos) == 2 and RULES.seed_of(pos) is None


@pytest.mark.parametrize(("text", "fragment"), [
    ("2 " + EMPTY + "/1 W -/- - 0 0", "12 rows"),                       # row count
    ("2 14/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "more than its 13"),
    ("2 12/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "describes 12"),
    ("2 WFwf12/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "different colours"),
    ("2 NFwf12/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "brown"),
    ("2 " + EMPTY + " W WFnf/- - 0 0", "brown"),
    ("2p " + EMPTY + " W -/- - 0 0", "three-handed"),
    ("3pp " + EMPTY + " W -/-/- - 0 0", "twice"),
    ("3q " + EMPTY + " W -/-/- - 0 0", "unknown variant flag"),
    # flags are lower case in a position (§2.5.12); only a typed --variant may say 3TR
    ("3TR " + EMPTY + " W -/-/- - 0 0", "unknown variant flag 'T'"),
    ("2R " + EMPTY + " W -/- - 0 0", "unknown variant flag 'R'"),
    ("2 " + EMPTY + " W -/-/- - 0 0", "2 hands"),
    ("3 " + EMPTY + " W -/- - 0 0", "3 hands"),
    ("2 " + EMPTY + " W WFbf,WFbf,WFbf,WFbf,WFbf,WFbf,WFbf/- - 0 0", "at most 6"),
    ("2 " + EMPTY + " W -/- @1:217 0 0", "at most 216"),
    ("3p " + EMPTY + " W -/-/- @1:208 0 0", "at most 207"),
    ("2 " + EMPTY + " N -/- - 0 0", "side to move"),
    ("2 " + EMPTY + " W -/- - 0", "ply field is missing"),
    ("2 " + EMPTY + " W -/- - 0 0 0", "extra text"),
    ("2 " + EMPTY + " W -/- - 01 0", "leading zeros"),
    ("2 " + EMPTY + " W -/- - -1 0", "whole number"),
    ("2 013/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "leading zeros"),
    ("2 " + EMPTY + " W wfBF/- - 0 0", "upper case"),
    ("2 " + EMPTY + " W -/- @1 0 0", "@SEED:K"),
    ("2 " + EMPTY + " W -/- @18446744073709551616:0 0 0", "seed is at most"),
    ("", "variant field is missing"),
])
def test_rejected_positions(text: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        RULES.parse_position(text)


def test_error_columns() -> None:
    with pytest.raises(NotationError) as err:
        RULES.parse_position("2 WFwf12/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0")
    assert err.value.column == 3
    with pytest.raises(NotationError) as err:
        RULES.parse_position("2 13/15/17/19/21/23/23/21/19/17/15/13 X -/- - 0 0")
    assert err.value.column == 39 and err.value.field == "to-move"
    with pytest.raises(NotationError) as err:
        RULES.parse_position("2 13/1WQbf13/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0")
    assert err.value.column == 8


HUGE = "9" * 4301  # one digit more than Python's int() reads from text


@pytest.mark.parametrize(("text", "field"), [
    ("2 " + EMPTY + " W -/- - " + HUGE + " 0", "streak"),
    ("2 " + EMPTY + " W -/- - 0 " + HUGE, "ply"),
    ("2 " + EMPTY + " W -/- @" + HUGE + ":0 0 0", "bag"),
    ("2 " + EMPTY + " W -/- @1:" + HUGE + " 0 0", "bag"),
    ("2 " + EMPTY + " W -/- ?" + HUGE + " 0 0", "bag"),
    ("2 " + EMPTY + " W ?" + HUGE + "/- - 0 0", "hand of White"),
    ("2 " + HUGE + "/15/17/19/21/23/23/21/19/17/15/13 W -/- - 0 0", "board row a"),
])
def test_a_number_of_4301_digits_is_a_notation_error_naming_its_field(text: str,
                                                                      field: str) -> None:
    with pytest.raises(NotationError) as err:
        RULES.parse_position(text)
    assert err.value.field == field and field in str(err.value)


def test_a_move_with_4301_digits_is_a_notation_error() -> None:
    pos = pos_of(START2)
    for text in ("WFbf@f" + HUGE, "f12-f" + HUGE, "WFbf@f12x" + HUGE + "1/a"):
        with pytest.raises(NotationError) as err:
            RULES.parse_move(pos, text)
        assert err.value.field == "move"


def test_a_position_and_a_move_print_as_their_text() -> None:
    pos = pos_of(START2)
    assert repr(pos) == START2
    move = RULES.parse_move(pos, "WFbf@f12")
    assert repr(move) == "WFbf@f12" and repr([move]) == "[WFbf@f12]"


def test_variant_argument_must_agree() -> None:
    assert pos_of(START3) == RULES.parse_position(START3, "3")
    with pytest.raises(NotationError, match="variant"):
        RULES.parse_position(START3, "3p")


def test_warnings() -> None:
    pos = pos_of(ocn({"a6": "WLbl"}, hands="WLbl/-", bag="WFbf"))
    warnings = RULES.position_warnings(pos)
    assert any("WLbl" in w and "has 1" in w for w in warnings)
    assert any("Blue's hand is empty" in w for w in warnings)
    assert RULES.position_warnings(RULES.start("3", 9)) == ()


# ----- move text --------------------------------------------------------------------------------


def test_move_text_errors() -> None:
    pos = pos_of(START2)
    for bad in ["", "f12", "WF@f12", "WFbf f12", "f12--f13", "z1-a6", "PASS", "WFbf@f12/"]:
        with pytest.raises(NotationError):
            RULES.parse_move(pos, bad)
    with pytest.raises(NotationError, match="row a has columns 6–18"):
        RULES.parse_move(pos, "WFbf@a1")
    with pytest.raises(NotationError, match="different colours"):
        RULES.parse_move(pos, "WFwf@f12")
    with pytest.raises(IllegalMoveError, match="no brown"):
        RULES.parse_move(pos, "WFnf@f12")
    with pytest.raises(IllegalMoveError, match="no tile on f12"):
        RULES.parse_move(pos, "f12-f13")
    busy = play_text(play_text(pos, "WFbf@f12"), "BFwt@f13")
    with pytest.raises(IllegalMoveError, match="f12 is occupied"):
        RULES.parse_move(busy, "WFbf@f12")
    assert RULES.parse_move(pos, "  WFbf@f12x0 ") == RULES.parse_move(pos, "WFbf@f12")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_parsers_raise_only_their_errors(text: str) -> None:
    try:
        RULES.parse_position(text)
    except NotationError:
        pass
    try:
        RULES.parse_move(pos_of(CHOICE), text)
    except (NotationError, IllegalMoveError):
        pass


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(list("23prtWBNFTLwbnftl@:-/,?0123456789 ")), max_size=40))
def test_parsers_on_near_miss_text(chars: list[str]) -> None:
    text = "".join(chars)
    for candidate in (text, "2 " + EMPTY + " " + text, START2[:40] + text):
        try:
            RULES.parse_position(candidate)
        except NotationError:
            pass


# ----- hidden information -------------------------------------------------------------------


def test_views_hide_hands_reverses_and_bag() -> None:
    pos = play_text(RULES.start("2", 1), "WFbt@f12")
    white = RULES.view(pos, 0)
    assert RULES.format_position(white) == (
        "2 13/15/17/19/21/11WF??11/23/21/19/17/15/13 B WFbf,WFbf,WFbf,WFbf,WFbf/?6 ?204 0 1")
    blue = RULES.view(pos, 1)
    assert RULES.format_position(blue).split()[3:5] == [
        "?5/WFbf,WFbf,WFbf,WFbf,WFbt,WTbf", "?204"]
    assert RULES.seed_of(blue) is None
    # the masked form reads back in the notation module, but it is no position to play:
    # §2.5.12 has no '?', so the game's own reader refuses it, naming field and column
    assert notation.parse_position(RULES.format_position(blue)) == blue
    with pytest.raises(NotationError) as err:
        RULES.parse_position(RULES.format_position(white))
    assert (err.value.field, err.value.column) == ("board", 22)
    with pytest.raises(IllegalMoveError):
        RULES.moves(blue)
    # cell views never show reverse faces
    assert RULES.cell_views(pos, None) == RULES.cell_views(pos, 0) == RULES.cell_views(blue)
    assert RULES.cell_views(pos)["f12"].glyph == "○F"
    assert RULES.cell_views(pos)["f12"].ascii == "WF"
    assert RULES.outcome(blue) is None
    assert RULES.side_summary(blue) == ("1 pt · hand 5", "0 pts · hand 6")


def test_panels_show_only_the_viewers_hand() -> None:
    pos = RULES.start("3", 1)
    white = RULES.panel(pos, 0)
    # the hand, a one-line legend of the face symbols, the bag
    assert [s.title for s in white] == ["White's hand", "", "Bag 198 · stall 0/18"]
    assert white[1].note == "F=ferrorn T=thurin L=leremoc"
    # White holds WFbt, WFnf, WTbf ×2 and BFnf ×2 (START3); BFnf lacks White, so it may
    # lie either face up, and is listed once, as held, its faces joined by ⇄ (issue 26:
    # "5 NFbf turned" beside "4 BFnf ×2" could not be read)
    assert [i.key for i in white[0].items] == ["tile:WFbt", "tile:WFnf", "tile:WTbf",
                                               "tile:BFnf"]
    # each tile as it looks on the board (face symbol in its owner's shape), its code below
    assert [i.title for i in white[0].items] == ["○F / ●T", "○F / ◆F", "○T / ●F",
                                                 "●F ⇄ ◆F"]
    assert [i.lines for i in white[0].items] == [("WFbt",), ("WFnf",), ("WTbf ×2",),
                                                 ("BFnf ×2",)]
    assert [[r.owner for r in i.runs[0]] for i in white[0].items] == [
        [0, None, 1], [0, None, 2], [0, None, 1], [1, None, 2]]
    assert [i.owner for i in white[0].items] == [0, 0, 0, 1]
    assert white[0].note == "⇄ choose face"
    everyone = RULES.panel(pos, None)
    assert [s.title for s in everyone][:3] == ["White's hand", "Blue's hand", "Brown's hand"]
    assert everyone[1].items[0].key == "blue:BFwf"
    # Blue's WFnf (no Blue on it) is held White up; Brown's hand carries Brown up
    assert "blue:WFnf" not in {i.key for i in everyone[1].items}
    assert RULES.panel(pos, 1)[0].note == "⇄ choose face"
    masked = RULES.panel(RULES.view(pos, 0), None)
    assert masked[1].items == () and masked[1].note == "6 tiles (hidden)"
    firsts = {p for m in RULES.legal_moves(pos) for p in RULES.pick_paths(pos, m)[0][:1]}
    assert {p.key for p in firsts} == {i.key for i in white[0].items}
    two = RULES.panel(RULES.start("2", 1), 0)
    assert two[0].note == "" and two[-1].title == "Bag 204 · stall 0/12"


def test_a_tile_without_the_movers_colour_is_turned_over_by_a_pick() -> None:
    """§2.5.6: a tile without the mover's colour may lie either face up. It is picked as
    held and, for the other face, turned over by one more pick before the triangle."""
    pos = RULES.start("3", 1)
    blue_up = RULES.parse_move(pos, "BFnf@f12")
    brown_up = RULES.parse_move(pos, "NFbf@f12")
    assert RULES.pick_paths(pos, blue_up) == ((item("tile:BFnf"), cell("f12")),)
    assert RULES.pick_paths(pos, brown_up) == (
        (item("tile:BFnf"), item("turn:BFnf"), cell("f12")),)
    # a tile that carries White is picked as it will lie, as before
    assert RULES.pick_paths(pos, RULES.parse_move(pos, "WTbf@f12")) == (
        (item("tile:WTbf"), cell("f12")),)
    entry = Entry(RULES, pos, RULES.legal_moves(pos))
    after_tile = entry.next_picks((item("tile:BFnf"),))
    assert item("turn:BFnf") in after_tile and cell("f12") in after_tile
    assert entry.label(item("turn:BFnf")) == "turn it over: NFbf"
    assert entry.next_picks((item("tile:WTbf"),)) == frozenset(
        cell(n) for n in ALL_NAMES)
    turned = (item("tile:BFnf"), item("turn:BFnf"))
    assert entry.select(turned, cell("f12")).move == brown_up
    assert entry.select((item("tile:BFnf"),), cell("f12")).move == blue_up
    # the turn picked again takes it back: the tile lies as held again
    assert entry.select(turned, item("turn:BFnf")).picks == (item("tile:BFnf"),)
    assert RULES.hint(pos, (item("tile:BFnf"),)) == (
        "select an empty triangle for BFnf (Blue up), or turn it over: 1 or a second click "
        "on it")
    assert RULES.hint(pos, turned) == (
        "select an empty triangle for NFbf, turned over (Brown up; backspace turns it back)")
    assert RULES.explain(pos, (), item("tile:NFbf")) == "pick BFnf, then turn it over"
    assert RULES.explain(pos, (), item("turn:BFnf")) == "pick the tile first, then turn it over"


def test_turning_a_tile_over_is_entered_alike_when_every_move_is_listed() -> None:
    """With flag t (no side choices) the entry lists every move's paths instead of asking
    the engine prefix by prefix: the turn pick works the same."""
    pos = RULES.start("3t", 1)
    entry = Entry(RULES, pos, RULES.legal_moves(pos))
    assert not entry.direct
    assert entry.next_picks((item("tile:BFnf"),)) >= {item("turn:BFnf"), cell("f12")}
    assert RULES.move_text(pos, entry.select((item("tile:BFnf"), item("turn:BFnf")),
                                             cell("f12")).move) == "NFbf@f12"


# ----- the UI side --------------------------------------------------------------------------


def test_layout_geometry() -> None:
    layout = RULES.layout("2")
    assert layout.width <= 78 and layout.height <= 32
    assert {s.name for s in layout.cells} == set(ALL_NAMES)
    a6, a7 = layout.cell("a6"), layout.cell("a7")
    assert a6.row == a7.row and a7.col == a6.col + a6.width and a6.kind == "up"
    assert layout.cell("f12").col == layout.cell("g12").col
    assert layout.background[a6.row][1] == "a"
    flipped = RULES.layout("3", flipped=True, ascii=True)
    assert flipped.cell("a6").kind == "down" and flipped.cell("l18").row == a6.row
    assert all(line.isascii() for line in flipped.background)


def _numbers_at(line: str) -> dict[int, int]:
    """The numbers written on a line, by the column where each starts."""
    return {m.start(): int(m.group()) for m in re.finditer(r"\d+", line)}


@pytest.mark.parametrize("flipped", [False, True])
def test_compact_layout_labels_every_triangle(flipped: bool) -> None:
    """Compact (it must fit 48×19): a triangle's row letter starts its line and its column
    number, a whole number apart from its neighbours, starts above and below it."""
    layout = RULES.layout("3", flipped=flipped, ascii=True, compact=True)
    assert layout.width <= 48 and layout.height <= 19
    rows = [s.row for s in layout.cells]
    top, bottom = min(rows), max(rows)
    above = [_numbers_at(layout.background[i]) for i in range(top)]
    below = [_numbers_at(layout.background[i]) for i in range(bottom + 1, layout.height)]
    assert above and below
    for name in ALL_NAMES:
        spec = layout.cell(name)
        assert layout.background[spec.row].lstrip()[0] == name[0], name
        column = int(name[1:])
        assert [n[spec.col] for n in above if spec.col in n] == [column], name
        assert [n[spec.col] for n in below if spec.col in n] == [column], name


def test_compact_layout_geometry_and_flip() -> None:
    """Triangles touching across a side are drawn touching: (r, c) and (r, c+1) side by
    side, and a ▲ (r + c even) above (r+1, c) in the same columns. Flipped, every triangle
    moves to the opposite place through the board's centre, and the corners swap."""
    plain = RULES.layout("2", compact=True)
    flipped = RULES.layout("2", flipped=True, compact=True)
    names = set(ALL_NAMES)
    for layout, step in ((plain, 1), (flipped, -1)):
        for name in ALL_NAMES:
            r, c = "abcdefghijkl".index(name[0]), int(name[1:])
            spec = layout.cell(name)
            assert spec.kind == ("up" if ((r + c) % 2 == 0) == (step == 1) else "down")
            right = f"{name[0]}{c + 1}"
            if right in names:
                other = layout.cell(right)
                assert other.row == spec.row and other.col == spec.col + step * spec.width
            below = f"{'abcdefghijkl'[r + 1]}{c}" if r < 11 else ""
            if (r + c) % 2 == 0 and below in names:
                other = layout.cell(below)
                assert other.col == spec.col and other.row == spec.row + step
    rows = [s.row for s in plain.cells]
    cols = [s.col for s in plain.cells]
    for name in ALL_NAMES:
        p, f = plain.cell(name), flipped.cell(name)
        assert f.row == min(rows) + max(rows) - p.row and f.col == min(cols) + max(cols) - p.col
    for a, b in (("a6", "l18"), ("f1", "g23"), ("a18", "l6")):
        assert (flipped.cell(a).row, flipped.cell(a).col) == (plain.cell(b).row, plain.cell(b).col)


def test_pick_paths_and_hints() -> None:
    pos = pos_of(MOVES)
    move = RULES.parse_move(pos, "d8-c10")
    assert RULES.pick_paths(pos, move) == ((cell("d8"), cell("c10")),)
    assert RULES.hint(pos, ()) == "your hand is empty: move a thurin (across a side) or a leremoc"
    assert RULES.hint(pos, (cell("e9"),)) == "select where the thurin on e9 goes (across a side)"
    start = RULES.start("2", 1)
    assert RULES.pick_paths(start, RULES.parse_move(start, "WFbt@f12")) == (
        (item("tile:WFbt"), cell("f12")),)
    # White's hand: WFbf ×5 and WFbt, each laid White up: two panel entries, keys 1 and 2
    # (the hint once said 1–6, the hand's size, whatever the panel showed)
    assert sorted(set(start.hands[0])) == sorted({tiles.CODE_OF_TEXT["WFbf"], tiles.CODE_OF_TEXT["WFbt"]})
    assert RULES.hint(start, ()) == (
        "place a tile (pick it with 1–2 or a click, then a triangle) or move a thurin/leremoc")
    assert RULES.hint(start, (item("tile:WFbt"),)) == "select an empty triangle for WFbt"
    stuck = pos_of(ocn({"f12": "WFbl"}, hands="-/WFbf"))
    assert RULES.pick_paths(stuck, RULES.parse_move(stuck, "pass")) == ((item("pass"),),)
    assert RULES.hint(stuck, ()) == "you can neither place nor move a tile: pass"


def test_explanations() -> None:
    pos = pos_of(MOVES)
    assert RULES.explain(pos, (cell("d8"),), cell("c8")) == "that triangle is occupied"
    assert RULES.explain(pos, (), cell("c8")) == "that tile is not yours: it shows Blue"
    assert RULES.explain(pos, (cell("e9"),), cell("d10")) == (
        "a thurin moves across a side, not a corner")
    assert RULES.explain(pos, (cell("d8"),), cell("f8")) == (
        "a leremoc moves one step, to a triangle touching its own")
    assert RULES.explain(pos, (), cell("f12")) == (
        "your hand is empty: move a thurin or a leremoc instead")
    start = RULES.start("2", 1)
    assert RULES.explain(start, (), cell("f12")) == (
        "pick a tile from your hand first (1–2 or a click), then the triangle")
    assert RULES.explain(start, (), item("tile:WTbf")) == "that tile is not in your hand"
    assert RULES.explain(start, (), item("tile:BTwf")) == (
        "a tile that carries White is placed with White showing")
    assert RULES.explain(start, (), item("blue:BFwf")) == (
        "that tile is not yours: it is in Blue's hand")
    assert RULES.explain(start, (), item("pass")) == (
        "you may pass only when you can neither place nor move a tile")
    busy = play_text(play_text(start, "WFbt@f12"), "BFwf@a6")
    assert RULES.explain(busy, (item("tile:WFbf"),), cell("f12")) == "that triangle is occupied"
    assert RULES.explain(busy, (), cell("f12")) == "ferrorn never move"


def test_side_colours_and_summary() -> None:
    assert RULES.side_colours("2") == ("bright_white", "#60a5fa")
    assert len(RULES.side_colours("3")) == 3
    pos = pos_of(CASCADE)
    # white a6 a7 a9 a10 b6; blue a8 b7 b9 b10
    assert RULES.side_summary(pos) == ("5 pts · hand 2", "4 pts · hand 1")
    # one line of the players' box at 80 columns: the most tiles showing and held
    assert max(len(s) for s in RULES.side_summary(pos_of(ocn(
        {n: "WFbf" for n in ALL_NAMES[:216]}, hands="WFbf,WFbf,WFbf,WFbf,WFbf,WFbf/-")))) <= 17
    views = RULES.cell_views(pos)
    assert views["a8"].glyph == "●F" and views["a8"].owner == 1
    assert views["a11"].glyph == "▼" and views["b5"].ascii == "^"


def test_private_note_writes_the_tiles_as_the_drawers_hand_shows_them() -> None:
    # issue 65: Blue read "You drew WFbf" while its hand showed the same tile as BFwf
    before = RULES.parse_position(
        "2 13/15/17/19/21/23/23/21/19/17/15/13 B WFbf/WFbf WTbf,WFbt 0 0")
    after = RULES.apply(before, RULES.parse_move(before, "BFwf@f12"))
    note = RULES.private_note(before, after, 1)
    assert note == "You drew BTwf, BFwt"
    hand = next(s for s in RULES.panel(after, 1) if s.title == "Blue's hand")
    assert sorted(i.key.split(":")[1] for i in hand.items) == ["BFwt", "BTwf"]
    # three-handed: a tile with the drawer's colour shows it up, one without is as held;
    # the words are the same as two-handed
    three = RULES.parse_position(
        "3 13/15/17/19/21/23/23/21/19/17/15/13 B -/NFbf/- WFnf,WTbt 0 0")
    drew = RULES.apply(three, RULES.parse_move(three, "BFnf@f12"))
    assert RULES.private_note(three, drew, 1) == "You drew WFnf, BTwt"


def test_random_two_handed_game_reaches_an_end() -> None:
    pos = RULES.start("2", 11)
    rng = random.Random(11)
    for _ in range(2000):
        if RULES.outcome(pos) is not None:
            break
        pos = RULES.apply(pos, rng.choice(RULES.legal_moves(pos)))
    assert RULES.outcome(pos) is not None
    assert RULES.legal_moves(pos) == []


def test_private_note_names_the_tiles_drawn_and_only_for_the_drawer() -> None:
    # White places its last tile, so it draws min(6, 2) = 2 tiles from the top of the bag
    before = RULES.parse_position(
        "2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf/WFbf WTbf,WFbt 0 0")
    after = RULES.apply(before, RULES.parse_move(before, "WFbf@f12"))
    assert RULES.private_note(before, after, 0) == "You drew WFbt, WTbf"
    assert RULES.private_note(before, after, 1) == ""
    # a tile drawn like the one placed is named too (seen in session 4: it was left out)
    before = RULES.parse_position(
        "2 13/15/17/19/21/23/23/21/19/17/15/13 W WFbf/WFbf WFbf,WFbt 0 0")
    after = RULES.apply(before, RULES.parse_move(before, "WFbf@f12"))
    assert sorted(after.hands[0]) == sorted(before.bag)
    assert RULES.private_note(before, after, 0) == "You drew WFbf, WFbt"
    # a movement draws nothing
    moving = RULES.parse_position(
        "2 13/15/4BFwf12/5WLbt13/7WTbf13/23/23/21/19/17/15/13 W -/WFbf - 0 0")
    moved = RULES.apply(moving, RULES.parse_move(moving, "e9-e10"))
    assert RULES.private_note(moving, moved, 0) == ""


def test_the_hint_counts_the_panel_entries_of_a_three_handed_hand() -> None:
    """Three-handed, a tile without the mover's colour may lie either face up; the panel
    lists it once (it is turned over after it is picked), so the keys run 1 to the number
    of kinds of tile held: here WFnf (no Blue on it) and BFwf."""
    pos = RULES.parse_position(
        "3 13/15/17/19/21/23/23/21/19/17/15/13 B WFbf/WFnf,BFwf/NFwf WFbt 0 0")
    entries = [i for s in RULES.panel(pos, 1) for i in s.items]
    assert len(pos.hands[1]) == 2 and len(entries) == 2
    assert "pick it with 1–2 " in RULES.hint(pos, ())


# ----- the computer player -------------------------------------------------------------------

#: ply 117 of a three-handed game between three computers, where White (WFbf and WFnt in
#: hand) had stepped its thurin g16-g17 at ply 111 and g17-g16 at ply 114, and went on
#: doing so for turns on end (issue 26): the step looked like a capture
BACK_AND_FORTH = (
    "3 3NFwf7WFbtNFbt/4WTbfBFwt1WFnfBFnf2BFnfWFnf2/1NLbt2BFnf8WTbf1WFnf1/1WFnf1BFwfBFwfBTnf"
    "BFnf1BFnf2BLntBFnfBFntNFwf1BFnfBFnf1/NFwtWFbfBFwtBFnt1BFwfBFnfBFwfWFbf3NTwfWFblNFwfNTwf"
    "1BFwf2NTwf/BFwtNTwfNTwfNFbf3WFbfWFbfWFbtNFwf2NFbfNTbfBTwfWFnf1WFbfBFwt1WFnf1/NFwfNFwf"
    "NTbf2NFwtNFbfNFbfBFnf1BFnf2BFwtWFbtWTbt2BFnf3NFbf/NFwf3NFwlNFwtNFwf1NFbfNTbtNFbfNTwf3BFnf"
    "1NFbf1NFbtNFbf/WFnf2NFwfWFbfWTnf1BTwfBFwfBTnfNFbf1BFwfWFbtWTnf1NFwf2/NFwf5NTwfBFwfBFwf"
    "BFwt1WFnf2WFbfWFbfWFnf/NFwfNFbfBTwt1BFwf2WFnf1WFnf1NFwfNTbf2/WFnf3WFntNTbf6NTwf W "
    "WFbf,WFnt/WFnt,WTbt,BFnf/WTnf,BTnf,BTnt @1:120 0 117")


def test_a_step_that_leaves_its_hexagon_open_is_no_capture_for_the_computer() -> None:
    """g17 is the one gap of the hexagon f15 f16 f17 g15 g16 g17, so a tile placed there
    wins it; the thurin on g16 stepping there leaves g16 empty, so that hexagon is not
    full, and the other two hexagons through g17 have gaps of their own (f18; g18, h16,
    h18): the step wins nothing, and the computer tries placements before it."""
    pos = pos_of(BACK_AND_FORTH)
    step = RULES.parse_move(pos, "g16-g17")
    after = RULES.apply(pos, step)
    assert all(any(not after.board[c] for c in geo.HEX_CELLS[h])
               for h in geo.HEXES_OF[geo.INDEX["g17"]])
    moves = RULES.legal_moves(pos)
    rank = dict(zip(moves, RULES.policy().priority(RULES, pos, moves), strict=True))
    placements = [m for m in moves if m.tile]
    assert placements and all(rank[step] < rank[m] for m in placements)
    capture = RULES.parse_move(pos, "WFbf@g17/f15B")
    assert rank[capture] == max(rank.values())


@pytest.mark.parametrize("seed", range(3))
def test_the_computer_places_instead_of_stepping_a_thurin_back(seed: int) -> None:
    """With a small budget the search once chose the step back (seed 1 here)."""
    game = Game.from_position(RULES, pos_of(BACK_AND_FORTH))
    move = choose_move(game, 0, Level("small", 100, None), seed)
    assert move.tile, RULES.move_text(game.position, move)


#: hexagon f12 (f11 f12 f13 above its centre, g11 g12 g13 below) holds white f11, f12 and
#: g11 and blue f13 and g12, with g13 empty: a white tile there makes four white of six, so
#: White wins the hexagon; a blue one makes three blue, too few (§2.5)
ONE_GAP = "2 13/15/17/19/21/10WFbfWFbfBFwf10/10WFbfBFwf11/21/19/17/15/13 W WFbf/WFbf - 0 5"
#: the same five tiles, f11's moved to a6: the hexagon has two gaps, nothing can be won
TWO_GAPS = "2 WFbf12/15/17/19/21/11WFbfBFwf10/10WFbfBFwf11/21/19/17/15/13 W WFbf/WFbf - 0 5"


def test_the_computer_counts_a_hexagon_one_tile_from_won() -> None:
    """Same score (three white, two blue), but only in ONE_GAP can White win a hexagon
    with its next tile: the evaluation that cuts off the playouts says White stands
    better there, and Blue worse."""
    evaluate = RULES.policy().evaluate
    near, far = evaluate(RULES, pos_of(ONE_GAP)), evaluate(RULES, pos_of(TWO_GAPS))
    assert play.scores(pos_of(ONE_GAP).board, 2) == play.scores(pos_of(TWO_GAPS).board, 2)
    assert near[0] > far[0] and near[1] < far[1]


# ----- the two-handed computer: alpha-beta in one dealt world (issue 25) ----------------------

#: blue f11, f12 and f13 and white g11 in hexagon f12, g12 and g13 empty: a white tile on
#: either gap leaves the other one where a blue tile makes four blue of six (§2.5.7)
HANDS_OVER = ("2 13/15/17/19/21/10BFwfBFwfBFwf10/10WFbf12/21/19/17/15/13 W "
              "WFbf,WFbf,WFbf/WFbf,WFbf,WFbf - 0 4")


def test_a_white_tile_on_either_gap_lets_blue_win_the_hexagon() -> None:
    """The reason behind the next test, worked out by the rules alone: after White's
    tile on g12 (or g13), Blue's on the other gap turns White's tiles there to blue."""
    pos = pos_of(HANDS_OVER)
    for mine, theirs in (("g12", "g13"), ("g13", "g12")):
        after = RULES.apply(pos, RULES.parse_move(pos, f"WFbf@{mine}"))
        taken = RULES.apply(after, RULES.parse_move(after, f"BFwf@{theirs}"))
        assert play.scores(after.board, 2) == (2, 3)
        assert play.scores(taken.board, 2) == (0, 6)


@pytest.mark.parametrize("level", ["easy", "medium"])
def test_the_two_handed_computer_does_not_hand_over_a_hexagon(level: str) -> None:
    """Alpha-beta in a dealt world (``ogames.ai.dealt_world``) sees Blue's reply: of the 211
    cells White may fill, it avoids the two that give Blue the hexagon."""
    game = Game.from_position(RULES, pos_of(HANDS_OVER))
    assert dealt_world.fits(RULES, game.position, RULES.policy())
    for seed in range(3):
        move = Player(level, seed).choose(game)
        assert move.tile and geo.NAMES[move.dst] not in ("g12", "g13")


def test_the_two_handed_computer_wins_a_hexagon_when_it_can() -> None:
    """In ONE_GAP a white tile on g13 makes four white of six: the computer takes it."""
    game = Game.from_position(RULES, pos_of(ONE_GAP))
    move = Player("easy", 0).choose(game)
    assert geo.NAMES[move.dst] == "g13"
    assert play.scores(RULES.apply(game.position, move).board, 2) == (6, 0)


def test_three_handed_ochmir_stays_with_monte_carlo() -> None:
    """Two opponents whose gaps are not each other's: no alpha-beta, in a world or not."""
    pos = pos_of(BACK_AND_FORTH)
    assert not dealt_world.fits(RULES, pos, RULES.policy())


def _plain_threats(board: bytes, p: int, k: int) -> tuple[dict[int, int], dict[int, int]]:
    """The gaps where a tile wins hexagons, for p and for the other side, counted the plain
    way: every hexagon, cell by cell; a gap's value is twice the tiles its win turns."""
    mine: dict[int, int] = {}
    theirs: dict[int, int] = {}
    for cells in geo.HEX_CELLS:
        empty = [c for c in cells if not board[c]]
        if len(empty) != 1:
            continue
        own = sum(1 for c in cells if board[c] and tiles.EXPOSED[board[c]] == p)
        other = 5 - own
        if own + 1 >= k:
            mine[empty[0]] = mine.get(empty[0], 0) + 2 * other
        elif other + 1 >= k:
            theirs[empty[0]] = theirs.get(empty[0], 0) + 2 * own
    return mine, theirs


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 215))
def test_the_gap_table_agrees_with_a_plain_count(seed: int, plies: int) -> None:
    """The score's fast read of the hexagons (two board slices and a table per hexagon)
    finds the same winning gaps as the plain count, for both sides, along random play."""
    rng = random.Random(seed)
    pos = RULES.start("2", seed)
    for _ in range(plies):
        moves = RULES.legal_moves(pos)
        if not moves:
            break
        pos = RULES.apply(pos, rng.choice(moves))
    for p in (0, 1):
        found = computer.threats(pos.board, p, 4)
        assert (found.mine, found.theirs) == _plain_threats(pos.board, p, 4)


# ----- three-handed side choices: the computer never lists them all -----------------------


def _late_three_handed_cascade() -> notation.Position:
    """Seed 0's three-handed game after 217 random moves (each the seeded random choice
    among every legal move, in generation order): the side to move's placements there win
    cascades that leave up to 18 tiles loose, 393,619 moves in all."""
    rng = random.Random(0)
    pos = RULES.start("3", 0)
    for _ in range(217):
        pos = RULES.apply(pos, rng.choice(list(RULES.moves(pos))))
    return pos


def test_the_computer_weighs_a_few_moves_of_each_action() -> None:
    """Of an action leaving n tiles loose (2^n moves), ``candidates`` keeps every loose
    tile to one colour, every one to the other, and the split that keeps the larger of the
    two other scores least: every action is there, and nothing else."""
    pos = _late_three_handed_cascade()
    moves = RULES.moves(pos)
    assert isinstance(moves, play.MoveList) and len(moves) == 393_619
    weighed = computer.candidates(RULES, pos, moves)
    assert all(m in moves for m in weighed)
    actions = {(m.tile, m.src, m.dst) for m in moves.heads()}
    assert {(m.tile, m.src, m.dst) for m in weighed} == actions
    assert len(weighed) <= 3 * len(actions)
    _, start, options = max((a for a in moves.actions() if a[2]), key=lambda a: len(a[2][0]))
    n = len(options[0])
    assert n == 18
    mine = [m for m in weighed if (m.tile, m.src, m.dst) == (moves[start].tile,
                                                              moves[start].src,
                                                              moves[start].dst)]
    first, second = options[0][0][0][1], options[0][0][1][1]
    colours = [Counter(colour for _, colour in m.choices) for m in mine]
    assert {(c[first], c[second]) for c in colours} >= {(n, 0), (0, n)}
    # every split of the n tiles: the larger of the two other scores after it, counting
    # the tiles that are not loose as they show now
    rest = Counter(tiles.EXPOSED[t] for c, t in enumerate(pos.board)
                   if t and c not in {cell for (cell, _), _ in options[0]})
    larger = {turned: max(rest[first] + n - turned, rest[second] + turned)
              for turned in range(n + 1)}
    split = [c[second] for c in colours]
    assert min(larger[t] for t in split) == min(larger.values())


def test_monte_carlo_never_lists_every_side_choice(monkeypatch) -> None:
    """With 393,619 moves (and worlds dealt with more), the three-handed search, its hint
    and its review weigh the policy's candidates: listing every move is refused here."""
    pos = _late_three_handed_cascade()

    def refuse(self):
        raise AssertionError("the search listed every move of a side choice")

    monkeypatch.setattr(play.MoveList, "__iter__", refuse)
    game = Game.from_position(RULES, pos)
    move = choose_move(game, RULES.to_move(pos), Level("budget", 300, None, 12, 1.4))
    assert move in RULES.moves(pos)
    assert Player("easy", 3).choose(game) in RULES.moves(pos)
    game.play(move)
    (task,) = [t for t in review.plan(game).tasks if t.index == 0]
    assert move in task.legal and len(task.legal) <= 3 * len(RULES.moves(pos).heads())


class _Greedy(random.Random):
    """A stream whose ``random()`` is always 0: a playout move takes its greedy branch."""

    def random(self) -> float:
        return 0.0


def _wins_a_hexagon(pos, move) -> bool:
    """Whether ``move`` wins a hexagon, read from the board after it (§2.5.7): its tile
    shows the mover, and a hexagon around it is full with at least k tiles showing the
    mover (the cascade only adds to them, and examines every hexagon around a turned
    tile)."""
    p, k = pos.to_move, play.capture_threshold(pos.players)
    after = RULES.apply(pos, move).board
    if move.dst < 0 or tiles.EXPOSED[after[move.dst]] != p:
        return False
    return any(all(after[c] for c in geo.HEX_CELLS[h])
               and sum(tiles.EXPOSED[after[c]] == p for c in geo.HEX_CELLS[h]) >= k
               for h in geo.HEXES_OF[move.dst])


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["3", "3t", "3r", "3p", "3prt", "2", "2r"]),
       st.integers(0, 300))
def test_a_playout_replays_move_for_move_in_the_engine(seed: int, variant: str,
                                                       plies: int) -> None:
    """The playout played on a board changed in place (``playout.Playout``) makes legal
    moves, one of those the search weighs where it lists them, and after each the
    position ``apply`` gives; it ends where ``outcome`` says the game is over. From the
    position it reached: its greedy branch wins a hexagon where some move can, else
    places a tile where one is in hand."""
    rng = random.Random(seed)
    pos = RULES.start(variant, seed)
    game = Playout(pos, computer.ways)
    for _ in range(plies):
        assert game.over() == (RULES.outcome(pos) is not None)
        move = game.move(rng)
        if move is None:
            break
        moves = RULES.moves(pos)
        assert move in moves
        if isinstance(moves, play.MoveList):
            assert move in computer.candidates(RULES, pos, moves)
        pos = RULES.apply(pos, move)
        assert game.position() == pos
    if RULES.outcome(pos) is not None:
        assert Playout(pos, computer.ways).move(rng) is None
        return
    greedy = Playout(pos, computer.ways).move(_Greedy(seed))
    assert greedy in RULES.moves(pos)
    heads = RULES.moves(pos)
    heads = heads.heads() if isinstance(heads, play.MoveList) else heads
    if any(_wins_a_hexagon(pos, m) for m in heads):
        assert _wins_a_hexagon(pos, greedy)
    elif pos.hands[pos.to_move]:
        assert greedy.tile


def test_a_playout_steps_when_the_hand_is_empty_and_passes_when_nothing_moves() -> None:
    """With an empty hand and an empty bag, a playout move is a step of a mobile tile
    where one can step, and a pass where none can (§2.5.6: no voluntary pass)."""
    seen = set()
    for seed in range(40):
        rng = random.Random(seed)
        pos = RULES.start("3", seed)
        while RULES.outcome(pos) is None and (pos.bag_size or pos.hands[pos.to_move]):
            pos = RULES.apply(pos, Playout(pos, computer.ways).move(rng))
        if RULES.outcome(pos) is not None:
            continue
        moves = list(RULES.moves(pos))
        kind = "pass" if moves == [PASS] else "step"
        seen.add(kind)
        for _ in range(10):
            move = Playout(pos, computer.ways).move(rng)
            assert move in moves
            assert move == PASS if kind == "pass" else move.src >= 0
        if seen == {"pass", "step"}:
            break
    assert "step" in seen


def test_the_computer_plays_its_own_playouts_three_handed_only() -> None:
    """Three-handed, the search's playouts are the game's own (``Policy.playout``, a
    dozen moves); two-handed the game leaves them to the search (None)."""
    policy = RULES.policy()
    end, played = policy.playout(RULES, RULES.start("3", 5), random.Random(5), 12)
    assert played == 12 and end.ply == 12
    assert policy.playout(RULES, RULES.start("2", 5), random.Random(5), 12) is None


def test_a_move_hashes_as_an_equal_move_does():
    """A move keeps its hash once computed: moves equal as values (another text, a
    pickled copy, one built anew) must still hash alike, or a search's sets of moves
    would miss them."""
    import pickle

    move = notation.make_move(3, -1, 5)
    hash(move)
    others = (notation.Move(3, -1, 5), notation.Move(3, -1, 5, (), "other text"),
              pickle.loads(pickle.dumps(move)))
    for other in others:
        assert other == move and hash(other) == hash(move)
    assert notation.Move(3, -1, 6) != move
    assert {move, *others} == {move}


@pytest.mark.parametrize("have, take", [(10, 4), (4, 4), (3, 7), (0, 2)])
def test_the_hidden_tiles_dealt_at_once_are_those_dealt_one_by_one(have, take):
    """``_take_many`` deals a hand or the bag as ``_take`` did one tile at a time: the last of the
    rest first, and once the rest runs out a tile of the set drawn at random."""
    rest = list(range(1, have + 1))
    mine, theirs = random.Random(1), random.Random(1)
    rest_one = list(rest)
    one_by_one = tuple(computer._take(rest_one, theirs, "2") for _ in range(take))
    assert computer._take_many(rest, mine, "2", take) == one_by_one
    assert rest == rest_one and mine.random() == theirs.random()
