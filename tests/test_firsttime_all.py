"""What first-time players hit in all five games (issue 65), outside the app: counts that
agree, printed words that fit."""

from __future__ import annotations

import random
import re
from pathlib import Path

from click.testing import CliRunner

from ogames.cli import cli
from ogames.core.describe import moves_numbered
from ogames.core.game import Game
from ogames.core.registry import get_rules
from ogames.core.savefile import save_game
from ogames.ui.widgets.history import ply_label


def random_game(game_id: str, plies: int, seed: int = 3, variant: str | None = None) -> Game:
    rules = get_rules(game_id)
    game = Game.new(rules, variant, seed)
    rng = random.Random(seed)
    while game.cursor < plies and game.outcome() is None:
        game.play(rng.choice(game.legal_moves()))
    return game


# ----- point 6: counts that agree ----------------------------------------------------------


def test_a_games_move_count_is_the_last_number_of_its_move_list() -> None:
    for game_id, variant, plies in (("ordo", None, 58), ("ordo", None, 57),
                                    ("ochmir", "3", 7), ("onitama", None, 1)):
        game = random_game(game_id, plies, variant=variant)
        sides = len(game.sides)
        last = ply_label(game.cursor - 1, "x", sides)
        assert last.startswith(f"{moves_numbered(game)}.") or last.startswith(
            f"{moves_numbered(game)}…"), (game_id, last)
    assert moves_numbered(random_game("ordo", 58)) == 29
    assert moves_numbered(Game.new(get_rules("ordo"))) == 0


def test_the_printed_review_names_every_side_whole(tmp_path: Path) -> None:
    game = random_game("opprimo", 2)
    path = tmp_path / "g.ogame"
    save_game(game, path)
    result = CliRunner().invoke(cli, ["review", str(path), "--nodes", "300"])
    assert result.exit_code == 0, result.output
    head = next(line for line in result.stdout.splitlines() if line.startswith(" ply"))
    assert head.split()[:5] == ["ply", "side", "move", "Yellow", "Red"]
    row = next(line for line in result.stdout.splitlines() if line.startswith("   1"))
    # the chances stand under their sides' names
    first = re.search(r"\d+ %", row)  # Yellow's chance, its cell right-aligned
    assert first is not None and first.end() == head.index("Yellow") + len("Yellow")


# ----- point 14: typed Onitama moves -------------------------------------------------------


def test_onitama_says_what_a_move_written_without_its_card_needs() -> None:
    import pytest

    from ogames.core.errors import IllegalMoveError, NotationError

    rules = get_rules("onitama")
    # Blue on c3 with Ox and Horse: c2 by both, b3 by Ox; c1 is Red's master
    pos = rules.parse_position("2B2/5/2b2/5/2R2 b Boar,Crab Ox,Horse Tiger")
    cases = {
        "c3xc2": (NotationError, "a move names its card and marks no capture: Horse c3-c2 "
                                 "or Ox c3-c2"),
        "C3-B3": (NotationError, "a move names its card and marks no capture: Ox c3-b3"),
        "c3-e5": (IllegalMoveError, "neither of your cards moves that piece there"),
        "a1-a2": (IllegalMoveError, "a1 is empty: there is no piece of yours to move"),
        "c1-c2": (IllegalMoveError, "the piece on c1 is not yours"),
    }
    for text, (error, reason) in cases.items():
        with pytest.raises(error) as info:
            rules.parse_move(pos, text)
        assert str(info.value).endswith(reason), text
    # the canonical text is still the only one read (CLARIFICATIONS §1.4, §2.3.9)
    assert rules.move_text(pos, rules.parse_move(pos, "ox c3-b3")) == "Ox c3-b3"


# ----- point 16: printed rules ------------------------------------------------------------


def printed_rules(game_id: str) -> list[str]:
    result = CliRunner().invoke(cli, ["rules", game_id])
    assert result.exit_code == 0, result.output
    return result.stdout.splitlines()


def test_printed_rules_are_not_padded_and_fit_80_columns() -> None:
    from rich.cells import cell_len

    from ogames.core.registry import available_ids

    for game_id in available_ids():
        lines = printed_rules(game_id)
        assert lines, game_id
        assert not [line for line in lines if line != line.rstrip()], game_id
        assert max(cell_len(line) for line in lines) <= 80, game_id
        for at, line in enumerate(lines):  # a caption is followed by a blank line
            if line.strip().startswith("Move: "):
                assert at + 1 == len(lines) or not lines[at + 1].strip(), (game_id, line)


def test_printed_onitama_diagrams_are_small_and_show_the_cards() -> None:
    lines = printed_rules("onitama")
    frog = next(i for i, line in enumerate(lines) if "Red's Frog moves the student" in line)
    block = []
    for line in lines[frog + 1:]:
        if not line.strip():
            break
        block.append(line)
    board = [line for line in block if "│" in line or "┌" in line or "└" in line]
    assert len(board) <= 14  # the compact 5×5 board, not 25 lines
    text = "\n".join(block)
    for words in ("Red's cards", "Frog", "Blue's cards", "Side card"):
        assert words in text
