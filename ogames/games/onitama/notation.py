"""Onitama's values and their text: the board's squares, the 16 move cards, the
``Position`` and ``Move`` value types, and reading and writing position text and move
text (CLARIFICATIONS §2.3).

Position text, five fields::

    <placement> <side to move> <Red's hand> <Blue's hand> <side card>
    bbBbb/5/5/5/rrRrr r Frog,Ox Goose,Horse Rooster

The placement runs from rank 5 down to rank 1, files a to e, ``R r B b`` for the pieces
(upper case a Master) and a digit for a run of empty squares. Move text is a card name and
two squares (``Tiger c1-c3``), or a card name and ``pass`` (``Horse pass``). Card names
are read in any letter case and written as the table below spells them.

Representation: a position keeps the board as a 25-character string (index
``5 * (rank - 1) + file``, so ``a1`` = 0, ``c1`` = 2, ``c5`` = 22, ``e5`` = 24) with ``.`` for an
empty square and ``R r B b`` for the pieces; hands are stored sorted by name so that equal
positions compare equal.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ogames.core.errors import NotationError
from ogames.core.notation import compress_empty, expand_empty, split_fields

from .about import SIDE_NAMES

# ----- sides, board ---------------------------------------------------------------------

RED, BLUE = 0, 1
SIDE_LETTERS = ("r", "b")
FILES = "abcde"
SIZE = 5
SQUARES = tuple(f"{FILES[i % SIZE]}{i // SIZE + 1}" for i in range(SIZE * SIZE))
SQUARE_INDEX = {name: i for i, name in enumerate(SQUARES)}
EMPTY = "."
MASTER = ("R", "B")  # per side
STUDENT = ("r", "b")
OWN = ("rR", "bB")  # the board characters of each side's pieces
#: each side's temple arch (where its Master starts); the *enemy* arch is the goal
ARCH = (SQUARE_INDEX["c1"], SQUARE_INDEX["c5"])


# ----- the cards (CLARIFICATIONS §2.3.3; one table, so a correction is one edit) ------------


@dataclass(frozen=True, slots=True)
class Card:
    """A move card. ``offsets`` are ``(dx, dy)`` from the holder's seat: dx > 0 is the
    holder's right, dy > 0 is forward. ``stamp`` is the side that starts when this card is
    the side card; it has nothing to do with the card's lean."""

    name: str
    stamp: int
    offsets: tuple[tuple[int, int], ...]


#: the 16 base-game cards in canonical deck order (#0–15), which the seeded deal shuffles
CARDS: tuple[Card, ...] = (
    Card("Tiger", BLUE, ((0, 2), (0, -1))),
    Card("Dragon", RED, ((-2, 1), (2, 1), (-1, -1), (1, -1))),
    Card("Frog", RED, ((-2, 0), (-1, 1), (1, -1))),
    Card("Rabbit", BLUE, ((2, 0), (1, 1), (-1, -1))),
    Card("Crab", BLUE, ((0, 1), (-2, 0), (2, 0))),
    Card("Elephant", RED, ((-1, 1), (1, 1), (-1, 0), (1, 0))),
    Card("Goose", BLUE, ((-1, 1), (-1, 0), (1, 0), (1, -1))),
    Card("Rooster", RED, ((1, 1), (-1, 0), (1, 0), (-1, -1))),
    Card("Monkey", BLUE, ((-1, 1), (1, 1), (-1, -1), (1, -1))),
    Card("Mantis", RED, ((-1, 1), (1, 1), (0, -1))),
    Card("Horse", RED, ((0, 1), (-1, 0), (0, -1))),
    Card("Ox", BLUE, ((0, 1), (1, 0), (0, -1))),
    Card("Crane", BLUE, ((0, 1), (-1, -1), (1, -1))),
    Card("Boar", RED, ((0, 1), (-1, 0), (1, 0))),
    Card("Eel", BLUE, ((-1, 1), (-1, -1), (1, 0))),
    Card("Cobra", RED, ((1, 1), (1, -1), (-1, 0))),
)
CARD_BY_NAME: dict[str, Card] = {c.name: c for c in CARDS}
#: lower-case spelling → canonical spelling (readers accept any letter case)
CARD_BY_LOWER: dict[str, str] = {c.name.lower(): c.name for c in CARDS}


def card_name(text: str) -> str | None:
    """The canonical spelling of a card name given in any (ASCII) letter case, or None."""
    if not text.isascii():
        return None
    return CARD_BY_LOWER.get(text.lower())


# ----- positions and moves ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A position: the board (25 characters, ``a1`` first), the side to move, each hand as
    two card names in alphabetical order, and the side card. It prints as its text."""

    board: str
    turn: int
    red_hand: tuple[str, str]
    blue_hand: tuple[str, str]
    side_card: str

    def hand(self, side: int) -> tuple[str, str]:
        return self.red_hand if side == RED else self.blue_hand

    def __repr__(self) -> str:
        return format_position(self)


@dataclass(frozen=True, slots=True)
class Move:
    """A move: the card used and the piece's origin and target squares (indices), or a
    pass with that card (``origin`` and ``target`` None). The same origin and target with
    the other card is a different move: it passes a different card on. It prints as its
    text, which does not depend on the position."""

    card: str
    origin: int | None = None
    target: int | None = None

    @property
    def is_pass(self) -> bool:
        return self.origin is None

    def __repr__(self) -> str:
        return format_move(self)


def sorted_pair(a: str, b: str) -> tuple[str, str]:
    """A hand in canonical (alphabetical) order, so equal hands compare equal."""
    return (a, b) if a < b else (b, a)


# ----- position text ------------------------------------------------------------------------

#: the five fields of a position, in order, as errors name them
FIELD_NAMES = ("placement", "side to move", "Red's hand", "Blue's hand", "side card")
_CARD_LIST = ", ".join(c.name for c in CARDS)


def format_position(pos: Position) -> str:
    """The canonical text of a position."""
    ranks = []
    for rank in range(SIZE, 0, -1):
        ranks.append(compress_empty(pos.board[(rank - 1) * SIZE: rank * SIZE], EMPTY))
    return (f"{'/'.join(ranks)} {SIDE_LETTERS[pos.turn]} {','.join(pos.red_hand)} "
            f"{','.join(pos.blue_hand)} {pos.side_card}")


def parse_position(text: str) -> Position:
    """A position from its text, with every check a reader can make on the text alone:
    the fields, the placement, the side letter, five different cards and at most 1 Master
    and 4 Students a side. (Whether the position can arise in play is for the rules:
    ``play.check_can_arise``.)"""
    fields = [(f.column, f.text) for f in split_fields(text)]
    if len(fields) != len(FIELD_NAMES):
        column = fields[len(FIELD_NAMES)][0] if len(fields) > len(FIELD_NAMES) else len(text) + 1
        raise NotationError(
            f"an Onitama position has 5 fields (placement, side to move, Red's hand, "
            f"Blue's hand, side card); found {len(fields)}",
            field="position", column=column)
    (pcol, ptext), (tcol, ttext), (rcol, rtext), (bcol, btext), (scol, stext) = fields
    board = _parse_placement(ptext, pcol)
    if ttext not in SIDE_LETTERS:
        raise NotationError(f"'{ttext}' is not a side; write r (Red) or b (Blue)",
                            field="side to move", column=tcol)
    turn = SIDE_LETTERS.index(ttext)
    cards = _parse_hand(rtext, rcol, "Red's hand") + _parse_hand(btext, bcol, "Blue's hand")
    side = card_name(stext)
    if side is None:
        raise NotationError(f"'{stext}' is not a card; the cards are {_CARD_LIST}",
                            field="side card", column=scol)
    cards.append((side, scol))
    _check_cards_differ(cards)
    _check_pieces(board, ptext, pcol)
    return Position(board, turn, sorted_pair(cards[0][0], cards[1][0]),
                    sorted_pair(cards[2][0], cards[3][0]), side)


def _parse_placement(field: str, column: int) -> str:
    """The board string of a placement field (ranks 5 down to 1), with lexical checks."""
    ranks = field.split("/")
    if len(ranks) != SIZE:
        raise NotationError(
            f"the placement has {len(ranks)} rank{'s' if len(ranks) != 1 else ''}; it needs 5, "
            "from rank 5 down to rank 1, separated by '/'", field="placement", column=column)
    rows: list[str] = []
    col = column
    for i, text in enumerate(ranks):
        rows.append(_parse_rank(text, SIZE - i, col))
        col += len(text) + 1
    return "".join(reversed(rows))  # a1 first


def _parse_rank(text: str, rank: int, col: int) -> str:
    """One rank of the placement (files a to e) as 5 board characters; ``col`` is the
    rank's 1-based column in the whole text."""
    where = f"rank {rank}"
    row: list[str] = []
    for symbol, run, offset in expand_empty(text, field=where, column=col, limit=SIZE):
        if run:
            if len(row) + run > SIZE:
                raise NotationError(
                    f"rank {rank} has more than 5 squares (the run '{run}' is too long)",
                    field=where, column=col + offset)
            row.extend(EMPTY * run)
        elif symbol in "rRbB":
            if len(row) >= SIZE:
                raise NotationError(f"rank {rank} has more than 5 squares",
                                    field=where, column=col + offset)
            row.append(symbol)
        else:
            raise NotationError(
                f"'{symbol}' is not a piece or a number (pieces: R r B b; 1-5 empty squares)",
                field=where, column=col + offset)
    if len(row) != SIZE:
        raise NotationError(f"rank {rank} has {len(row)} squares; each rank has 5",
                            field=where, column=col)
    return "".join(row)


def _parse_hand(field: str, column: int, owner: str) -> list[tuple[str, int]]:
    """Two card names joined by ','; returns (canonical name, column) pairs."""
    parts = field.split(",")
    if len(parts) != 2:
        raise NotationError(
            f"{owner} must be two card names joined by ',' without a space (e.g. Frog,Ox); "
            f"found {len(parts)} name{'s' if len(parts) != 1 else ''}",
            field=owner, column=column)
    out = []
    col = column
    for part in parts:
        name = card_name(part)
        if name is None:
            raise NotationError(f"'{part}' is not a card; the cards are {_CARD_LIST}",
                                field=owner, column=col)
        out.append((name, col))
        col += len(part) + 1
    return out


def _check_cards_differ(cards: list[tuple[str, int]]) -> None:
    """The five cards of a position (with their columns) are five different cards."""
    seen: set[str] = set()
    for name, col in cards:
        if name in seen:
            raise NotationError(f"{name} appears twice; the five cards must all differ",
                                field="cards", column=col)
        seen.add(name)


def _check_pieces(board: str, ptext: str, pcol: int) -> None:
    """At most 1 Master and 4 Students a side; the column points at the piece too many."""
    limits = {"R": 1, "B": 1, "r": 4, "b": 4}
    counts = dict.fromkeys(limits, 0)
    for j, ch in enumerate(ptext):
        if ch in counts:
            counts[ch] += 1
            if counts[ch] > limits[ch]:
                side = SIDE_NAMES[0 if ch in OWN[RED] else 1]
                kind = "master" if ch.isupper() else "student"
                raise NotationError(
                    f"{side} has more than {limits[ch]} {kind}{'s' if limits[ch] > 1 else ''};"
                    f" each side has 1 master and 4 students at most",
                    field="placement", column=pcol + j)


# ----- move text ----------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([A-Za-z]+)[ \t\r\n]+(\S+)")
_STEP_RE = re.compile(r"([a-e][1-5])-([a-e][1-5])")


def format_move(move: Move) -> str:
    """The canonical text of a move: ``Tiger c1-c3`` or ``Horse pass``."""
    if move.origin is None:
        return f"{move.card} pass"
    return f"{move.card} {SQUARES[move.origin]}-{SQUARES[move.target]}"


def parse_move(text: str) -> Move:
    """A move from its text (the card in any letter case, spaces or tabs between card and
    squares), legal or not: whether it is legal is for the rules."""
    stripped = text.strip()
    lead = len(text) - len(text.lstrip()) + 1
    match = _MOVE_RE.fullmatch(stripped)
    if match is None:
        raise NotationError(
            "a move is a card name and two squares, e.g. 'Tiger c1-c3', or a card name and "
            "'pass', e.g. 'Horse pass'", field="move", column=lead)
    card = card_name(match.group(1))
    if card is None:
        raise NotationError(f"'{match.group(1)}' is not a card; the cards are {_CARD_LIST}",
                            field="card", column=lead)
    rest, rest_col = match.group(2), lead + match.start(2)
    if rest == "pass":
        return Move(card)
    step = _STEP_RE.fullmatch(rest)
    if step is None:
        raise NotationError(
            f"'{rest}' is neither two squares like c1-c3 (a1 to e5) nor 'pass'",
            field="move", column=rest_col)
    return Move(card, SQUARE_INDEX[step.group(1)], SQUARE_INDEX[step.group(2)])
