"""The contract every engine must keep (OpenSpiel's random-simulation idea).

Seeded random playouts of every registered game and variant; at every ply the legal moves
are sorted, unique and parse back; ``apply`` leaves its input alone; the position text
round-trips; pick paths never collide; the board description covers every cell. At the end
of each playout the game round-trips through the saved-game format and undo/redo.
"""

from __future__ import annotations

import itertools
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from ogames.core.board import COMPACT_CANVAS
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.rules_text import (
    REFERENCE_SECTIONS,
    SECTIONS,
    Diagram,
    load_reference_text,
    load_rules_text,
    split_diagrams,
)
from ogames.core.savefile import format_game, parse_game

from .conftest import GAME_IDS, GAME_VARIANTS
from .playouts import play_randomly

#: Each playout stops here if the game has not ended, unless the rules bound a game's
#: length (``Rules.ply_bound``): such a game is played on to that bound and must end.
PLY_CAP = 300
#: above this many legal moves only a sample is checked
HUGE = 5000  # placements are finite and the stall rule ends the rest


def new_game(game_id: str, variant: str, seed: int) -> Game:
    return Game.new(get_rules(game_id), variant, seed)


def check_position(game: Game, rng: random.Random) -> list:
    rules = game.rules
    pos = game.position
    text = rules.format_position(pos)
    again = rules.parse_position(text)
    assert again == pos, text
    assert rules.format_position(again) == text
    moves = rules.legal_moves(pos)
    if len(moves) > HUGE:
        # Ochmir's side choices can make 2^n moves of one action: check a sorted sample
        picked = sorted(rng.sample(range(len(moves)), 200))
        texts = [rules.move_text(pos, moves[i]) for i in picked]
        assert texts == sorted(texts) and len(set(texts)) == len(texts)
        for i in picked[:8]:
            assert rules.parse_move(pos, texts[picked.index(i)]) == moves[i]
        return game.legal_moves()
    texts = [rules.move_text(pos, m) for m in moves]
    assert texts == sorted(texts), text
    assert len(set(texts)) == len(texts), text
    assert len(set(moves)) == len(moves)
    assert set(moves) == set(rules.moves(pos))
    assert rules.count_moves(pos) == len(moves)  # perft's leaves
    if rules.outcome(pos) is not None:
        assert len(moves) == 0
    for move in rng.sample(list(moves), min(8, len(moves))):
        assert rules.parse_move(pos, rules.move_text(pos, move)) == move
        child = rules.apply(pos, move)
        assert rules.format_position(pos) == text, "apply changed its input"
        assert child != pos
    owners: dict = {}
    for move in moves:
        paths = rules.pick_paths(pos, move)
        assert paths, rules.move_text(pos, move)
        for path in paths:
            assert owners.setdefault(path, move) == move, f"two moves share the path {path}"
    names = {spec.name for spec in rules.layout(rules.variant_of(pos)).cells}
    viewers = [None, *range(len(game.sides))] if rules.hidden_information else [None]
    for viewer in viewers:
        assert set(rules.cell_views(pos, viewer)) == names
    return game.legal_moves()


def playout(game_id: str, variant: str, seed: int) -> Game:
    game = new_game(game_id, variant, seed)
    rng = random.Random(seed)
    bound = game.rules.ply_bound(variant)
    for _ in range(PLY_CAP if bound is None else bound + 1):
        legal = check_position(game, rng)
        if game.outcome() is not None:
            assert len(legal) == 0
            break
        assert legal, "a game without an outcome must have a legal move"
        game.play(rng.choice(legal))
    else:
        assert bound is None, f"{game_id} did not end in {bound} plies, its rules' bound"
    return game


def check_round_trips(game: Game) -> None:
    rules = game.rules
    text = format_game(game)
    loaded = parse_game(text)
    assert loaded.start == game.start
    assert [p.text for p in loaded.moves_played] == [p.text for p in game.moves_played]
    assert loaded.position == game.position
    assert loaded.outcome() == game.outcome()
    assert format_game(loaded) == text
    cursor, here = game.cursor, game.position
    positions = [game.position_at(i) for i in range(len(game.plies) + 1)]
    while game.undo():
        assert game.position == positions[game.cursor]
    assert game.position == game.start
    while game.redo():
        assert game.position == positions[game.cursor]
    assert game.cursor == len(game.plies)
    game.goto(cursor)
    assert game.position == here
    assert rules.format_position(game.position) == rules.format_position(here)


@pytest.mark.parametrize(("game_id", "variant"), GAME_VARIANTS)
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_playouts_keep_the_contract(game_id: str, variant: str, seed: int) -> None:
    game = playout(game_id, variant, seed)
    check_round_trips(game)


@pytest.mark.parametrize(("game_id", "variant"), GAME_VARIANTS)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), plies=st.integers(0, 60))
def test_save_load_and_undo_redo_round_trip(game_id: str, variant: str, seed: int,
                                            plies: int) -> None:
    game = new_game(game_id, variant, seed)
    rng = random.Random(seed)
    play_randomly(game, rng, plies)
    # leave a redo tail behind, as a player who undid a few moves would
    for _ in range(rng.randrange(0, 3)):
        game.undo()
    loaded = parse_game(format_game(game))
    assert loaded.position == game.position
    assert [p.text for p in loaded.plies] == [p.text for p in game.plies]
    assert loaded.cursor == game.cursor
    check_round_trips(game)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_layout_is_a_well_formed_canvas(game_id: str) -> None:
    rules = get_rules(game_id)
    for variant, flipped, ascii_mode, compact in itertools.product(
            rules.variants, (False, True), (False, True), (False, True)):
        layout = rules.layout(variant, flipped=flipped, ascii=ascii_mode, compact=compact)
        if compact:  # with its border, a side column and three lines it fits 80×24
            assert layout.width <= COMPACT_CANVAS[0] and layout.height <= COMPACT_CANVAS[1]
        else:
            assert layout.width <= 78 and layout.height <= 32
        assert len(layout.background) == layout.height
        assert all(len(line) == layout.width for line in layout.background)
        if ascii_mode:
            assert all(line.isascii() for line in layout.background)
        taken: set[tuple[int, int]] = set()
        for spec in layout.cells:
            assert 0 <= spec.row and spec.row + spec.height <= layout.height
            assert 0 <= spec.col and spec.col + spec.width <= layout.width
            rect = {(r, c) for r in range(spec.row, spec.row + spec.height)
                    for c in range(spec.col, spec.col + spec.width)}
            assert not rect & taken, f"{spec.name} overlaps another cell"
            taken |= rect
        names = [spec.name for spec in layout.cells]
        assert len(names) == len(set(names))
        full = rules.layout(variant, flipped=flipped, ascii=ascii_mode)
        assert set(names) == {spec.name for spec in full.cells}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_glyph_fits_its_cell_in_every_layout(game_id: str) -> None:
    """A glyph wider than its cell would be cut: every piece of a played-out game, in the
    full and the compact drawing, fits."""
    rules = get_rules(game_id)
    for variant in rules.variants:
        game = playout(game_id, variant, seed=3)
        for compact in (False, True):
            widths = {spec.name: spec.width for spec in rules.layout(variant,
                                                                     compact=compact).cells}
            for i in range(0, len(game.plies) + 1, 5):
                for name, view in rules.cell_views(game.position_at(i)).items():
                    assert cell_len(view.glyph) <= widths[name], (name, view.glyph, compact)
                    assert len(view.ascii) <= widths[name], (name, view.ascii, compact)


def headings(text: str) -> list[str]:
    return [line[3:].strip() for line in text.splitlines() if line.startswith("## ")]


def check_diagrams(game_id: str, text: str) -> int:
    """Every diagram of ``text`` is a legal position, its move legal there and written in
    its canonical text; how many there are."""
    rules = get_rules(game_id)
    diagrams = [p for p in split_diagrams(text) if isinstance(p, Diagram)]
    for diagram in diagrams:
        pos = rules.parse_position(diagram.position)
        if diagram.move:
            move = rules.parse_move(pos, diagram.move)
            assert rules.move_text(pos, move) == diagram.move
    return len(diagrams)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rules_text_has_every_section_and_legal_diagrams(game_id: str) -> None:
    """The player's text: the sections a player reads, in order, and none of the
    reference's material."""
    text = load_rules_text(game_id)
    assert text.startswith(f"# {get_rules(game_id).name}\n")
    assert headings(text) == list(SECTIONS)
    for word in ("perft", "position string", "Ruling:"):
        assert word.lower() not in text.lower(), f"{word!r} belongs in reference.md"
    assert check_diagrams(game_id, text) > 0, "the rules need at least the start position"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reference_has_its_sections_and_legal_diagrams(game_id: str) -> None:
    text = load_reference_text(game_id)
    assert text.startswith(f"# {get_rules(game_id).name}")
    assert headings(text) == list(REFERENCE_SECTIONS)
    check_diagrams(game_id, text)
