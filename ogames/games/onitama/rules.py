"""Onitama (Shimpei Sato), the base game with its 16 move cards.

The rules in brief (CLARIFICATIONS §2.3 is the specification):

* A 5×5 board, squares ``a1`` … ``e5``. Red sits at rank 1, Blue at rank 5. Each side has a
  Master on its temple arch (Red ``c1``, Blue ``c5``) and four Students beside it.
* Five of the 16 move cards are dealt: two to each player, one to the side. A card lists
  offsets ``(dx, dy)`` read from its holder's seat: Red adds them, Blue (who sits opposite)
  subtracts them. The side whose colour matches the side card's stamp moves first.
* A turn: pick one of your two cards and move one of your pieces by one of its offsets.
  Nothing blocks; the target must be on the board and not hold your own piece; an enemy
  piece on the target is captured. Then the used card goes to the side and the old side
  card joins your hand. With no move at all you pass, still giving one card to the side.
* You win by taking the enemy Master (Way of the Stone, ``stone``) or by bringing your own
  Master onto the enemy arch (Way of the Stream, ``stream``).

Representation: a position keeps the board as a 25-character string (index
``5 * (rank - 1) + file``, so ``a1`` = 0, ``c1`` = 2, ``c5`` = 22, ``e5`` = 24) with ``.`` for an
empty square and ``R r B b`` for the pieces; hands are stored sorted by name so that equal
positions compare equal. Every possible move object is built once at import time, and the
targets of each card for each side and square are precomputed, so move generation is a few
table look-ups.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ogames.core.board import (
    BoardLayout,
    CellSpec,
    CellView,
    PanelItem,
    PanelSection,
    Pick,
    cell,
    item,
)
from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.policy import Policy
from ogames.core.rng import check_seed, shuffled
from ogames.core.rules import Rules

from .teaching import ENDINGS

# ----- sides, board ---------------------------------------------------------------------

RED, BLUE = 0, 1
SIDE_NAMES = ("Red", "Blue")
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
START_BOARD = "rrRrr" + EMPTY * 15 + "bbBbb"


def square_of(file: int, rank: int) -> int | None:
    """The index of (file 0–4, rank 1–5), or None off the board."""
    if 0 <= file < SIZE and 1 <= rank <= SIZE:
        return (rank - 1) * SIZE + file
    return None


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


def card_grid(card: Card) -> tuple[str, ...]:
    """The card's 5×5 picture as its holder sees it (forward up): ``o`` the piece, ``#`` a
    target, ``.`` nothing; the same picture whichever side holds the card."""
    rows = [["."] * SIZE for _ in range(SIZE)]
    rows[2][2] = "o"
    for dx, dy in card.offsets:
        rows[2 - dy][2 + dx] = "#"
    return tuple(" ".join(row) for row in rows)


# ----- positions and moves ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class OnitamaPosition:
    """A position: the board (25 characters, ``a1`` first), the side to move, each hand as
    two card names in alphabetical order, and the side card."""

    board: str
    turn: int
    red_hand: tuple[str, str]
    blue_hand: tuple[str, str]
    side_card: str

    def hand(self, side: int) -> tuple[str, str]:
        return self.red_hand if side == RED else self.blue_hand


@dataclass(frozen=True, slots=True)
class OnitamaMove:
    """A move: the card used and the piece's origin and target squares (indices), or a
    pass with that card (``origin`` and ``target`` None). The same origin and target with
    the other card is a different move: it passes a different card on."""

    card: str
    origin: int | None = None
    target: int | None = None

    @property
    def is_pass(self) -> bool:
        return self.origin is None


_new_object = object.__new__
_SET_FIELDS = tuple(getattr(OnitamaPosition, f).__set__
                    for f in ("board", "turn", "red_hand", "blue_hand", "side_card"))


def _position(board: str, turn: int, red_hand: tuple[str, str], blue_hand: tuple[str, str],
              side_card: str) -> OnitamaPosition:
    """``OnitamaPosition(...)`` for the hot path of ``apply``. A frozen dataclass sets each
    field through ``object.__setattr__``, which makes construction about three times slower
    than filling the slots directly; perft builds hundreds of thousands of positions."""
    pos = _new_object(OnitamaPosition)
    set_board, set_turn, set_red, set_blue, set_side = _SET_FIELDS
    set_board(pos, board)
    set_turn(pos, turn)
    set_red(pos, red_hand)
    set_blue(pos, blue_hand)
    set_side(pos, side_card)
    return pos


def _sorted_pair(a: str, b: str) -> tuple[str, str]:
    """A hand in canonical (alphabetical) order, so equal hands compare equal."""
    return (a, b) if a < b else (b, a)


def _orient(side: int, dx: int, dy: int) -> tuple[int, int]:
    """A card offset as a board step for ``side``: Blue sits opposite, so the card is turned
    through 180° and both components change sign."""
    return (dx, dy) if side == RED else (-dx, -dy)


#: every move object, built once: (card, origin, target) → move, card → pass
MOVES: dict[tuple[str, int, int], OnitamaMove] = {}
PASSES: dict[str, OnitamaMove] = {c.name: OnitamaMove(c.name) for c in CARDS}


def _build_targets(side: int, card: Card) -> tuple[tuple[tuple[int, OnitamaMove], ...], ...]:
    """Per origin square: the on-board targets of ``card`` for ``side``, each with its move."""
    table = []
    for origin in range(SIZE * SIZE):
        file, rank = origin % SIZE, origin // SIZE + 1
        steps = []
        for dx, dy in card.offsets:
            sx, sy = _orient(side, dx, dy)
            target = square_of(file + sx, rank + sy)
            if target is not None:
                move = MOVES.setdefault((card.name, origin, target),
                                        OnitamaMove(card.name, origin, target))
                steps.append((target, move))
        table.append(tuple(steps))
    return tuple(table)


#: TARGETS[side][card name][origin] → ((target, move), …)
TARGETS: tuple[dict[str, tuple[tuple[tuple[int, OnitamaMove], ...], ...]], ...] = tuple(
    {card.name: _build_targets(side, card) for card in CARDS} for side in (RED, BLUE)
)
#: the same for a whole hand, both cards' steps joined per origin (filled on first use)
_HAND_TARGETS: dict[tuple[int, str, str], tuple[tuple[tuple[int, OnitamaMove], ...], ...]] = {}


def _hand_targets(side: int, hand: tuple[str, str]):
    key = (side, hand[0], hand[1])
    table = _HAND_TARGETS.get(key)
    if table is None:
        first, second = TARGETS[side][hand[0]], TARGETS[side][hand[1]]
        table = tuple(first[sq] + second[sq] for sq in range(SIZE * SIZE))
        _HAND_TARGETS[key] = table
    return table


def winner(board: str) -> tuple[int, str] | None:
    """The static win test of §2.3.6: (winning side, Termination), or None.

    A missing Master means it was captured (``stone``); a Master on the enemy arch arrived
    there by the Way of the Stream. Stone is tested first, so a Master that captures the
    enemy Master on the enemy arch wins once, by ``stone``. For valid positions at most one
    side has won."""
    if MASTER[BLUE] not in board:
        return RED, "stone"
    if MASTER[RED] not in board:
        return BLUE, "stone"
    if board[ARCH[BLUE]] == MASTER[RED]:
        return RED, "stream"
    if board[ARCH[RED]] == MASTER[BLUE]:
        return BLUE, "stream"
    return None


def _has_won(board: str, side: int) -> str | None:
    """Why ``side`` has already won on this board (a phrase), or None."""
    enemy = 1 - side
    if MASTER[enemy] not in board:
        return f"{SIDE_NAMES[enemy]}'s master is gone"
    if board[ARCH[enemy]] == MASTER[side]:
        return f"{SIDE_NAMES[side]}'s master stands on {SQUARES[ARCH[enemy]]}"
    return None


def deal(seed: int) -> OnitamaPosition:
    """The seeded start (§2.3.4): shuffle the deck in canonical order; Red takes the first
    two cards, Blue the next two, the fifth goes to the side and its stamp starts."""
    deck = shuffled([c.name for c in CARDS], seed)
    return OnitamaPosition(START_BOARD, CARD_BY_NAME[deck[4]].stamp,
                           _sorted_pair(deck[0], deck[1]), _sorted_pair(deck[2], deck[3]),
                           deck[4])


# ----- text ---------------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([A-Za-z]+)[ \t\r\n]+(\S+)")
_STEP_RE = re.compile(r"([a-e][1-5])-([a-e][1-5])")
_CARD_LIST = ", ".join(c.name for c in CARDS)


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
        rank = SIZE - i
        where = f"rank {rank}"
        row: list[str] = []
        j = 0
        while j < len(text):
            ch = text[j]
            if "0" <= ch <= "9":
                k = j
                while k < len(text) and "0" <= text[k] <= "9":
                    k += 1
                digits = text[j:k]
                if digits[0] == "0":
                    raise NotationError(f"'{digits}' is not a run of empty squares (use 1 to 5)",
                                        field=where, column=col + j)
                count = int(digits) if len(digits) <= 2 else 100
                if len(row) + count > SIZE:
                    raise NotationError(
                        f"rank {rank} has more than 5 squares (the run '{digits}' is too long)",
                        field=where, column=col + j)
                row.extend(EMPTY * count)
                j = k
            elif ch in "rRbB":
                if len(row) >= SIZE:
                    raise NotationError(f"rank {rank} has more than 5 squares",
                                        field=where, column=col + j)
                row.append(ch)
                j += 1
            else:
                raise NotationError(
                    f"'{ch}' is not a piece or a number (pieces: R r B b; 1-5 empty squares)",
                    field=where, column=col + j)
        if len(row) != SIZE:
            raise NotationError(f"rank {rank} has {len(row)} squares; each rank has 5",
                                field=where, column=col)
        rows.append("".join(row))
        col += len(text) + 1
    return "".join(reversed(rows))  # a1 first


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


# ----- the engine ---------------------------------------------------------------------------

#: board character → (glyph, ascii): filled shapes are Red, hollow ones Blue; a diamond is a
#: master, a disc a student, so owner and rank differ by shape as well as colour
GLYPHS = {
    "R": ("◆", "R"),
    "r": ("●", "r"),
    "B": ("◇", "B"),
    "b": ("○", "b"),
}
SQ_W, SQ_H = 9, 4  # a square on the canvas: 9 columns × 4 lines (about square)
#: a square in the compact drawing: 5 columns × 2 lines (still about square on a terminal,
#: wide enough for a glyph with the cursor's brackets, ``[◆]``)
COMPACT_SQ_W, COMPACT_SQ_H = 5, 2
BOARD_LEFT, BOARD_TOP = 4, 2  # where square a5 (unflipped) starts


class OnitamaRules(Rules):
    id = "onitama"
    name = "Onitama"
    aliases = ()
    description = "Two masters, five shared move cards: take the enemy master or its temple."
    variants = ("base",)
    uses_seed = True
    always_write_setup = True
    hidden_information = False
    repetition_limit = None
    endings = ENDINGS

    # ----- sides and variants -------------------------------------------------------

    def sides(self, variant: str) -> tuple[str, ...]:
        return SIDE_NAMES

    def side_colours(self, variant: str) -> tuple[str, ...]:
        return ("#ef4444", "#60a5fa")

    def variant_of(self, pos: OnitamaPosition) -> str:
        return "base"

    # ----- positions ----------------------------------------------------------------------

    def start(self, variant: str, seed: int | None = None) -> OnitamaPosition:
        self.parse_variant(variant)
        if seed is None:
            raise ValueError("Onitama's deal needs a seed")
        return deal(check_seed(seed))

    def to_move(self, pos: OnitamaPosition) -> int:
        return pos.turn

    def format_position(self, pos: OnitamaPosition) -> str:
        ranks = []
        for rank in range(SIZE, 0, -1):
            row = pos.board[(rank - 1) * SIZE: rank * SIZE]
            ranks.append(re.sub(r"\.+", lambda m: str(len(m.group())), row))
        return (f"{'/'.join(ranks)} {SIDE_LETTERS[pos.turn]} {','.join(pos.red_hand)} "
                f"{','.join(pos.blue_hand)} {pos.side_card}")

    def parse_position(self, text: str, variant: str | None = None) -> OnitamaPosition:
        if variant is not None:
            self.parse_variant(variant)
        fields = [(f.column, f.text) for f in split_fields(text)]
        names = ("placement", "side to move", "Red's hand", "Blue's hand", "side card")
        if len(fields) != len(names):
            column = fields[len(names)][0] if len(fields) > len(names) else len(text) + 1
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
        seen: set[str] = set()
        for name, col in cards:
            if name in seen:
                raise NotationError(f"{name} appears twice; the five cards must all differ",
                                    field="cards", column=col)
            seen.add(name)
        self._check_pieces(board, ptext, pcol)
        red_won, blue_won = _has_won(board, RED), _has_won(board, BLUE)
        if red_won and blue_won:
            raise NotationError(f"both sides have already won ({red_won}; {blue_won}); "
                                "such a position cannot arise", field="placement", column=pcol)
        won = red_won if turn == RED else blue_won
        if won:
            raise NotationError(
                f"{SIDE_NAMES[turn]} is to move but has already won ({won}); the game ended "
                f"on {SIDE_NAMES[turn]}'s own move, so it would be {SIDE_NAMES[1 - turn]} to move",
                field="side to move", column=tcol)
        return OnitamaPosition(board, turn, _sorted_pair(cards[0][0], cards[1][0]),
                               _sorted_pair(cards[2][0], cards[3][0]), side)

    @staticmethod
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

    # ----- moves ------------------------------------------------------------------------

    def moves(self, pos: OnitamaPosition) -> list[OnitamaMove]:
        b = pos.board
        if "R" not in b or "B" not in b or b[22] == "R" or b[2] == "B":
            return []  # someone has won (§2.3.6; 22 = c5, 2 = c1): a finished game has no moves
        side = pos.turn
        own = OWN[side]
        hand = pos.red_hand if side == RED else pos.blue_hand
        table = _hand_targets(side, hand)
        out = [m for sq, ch in enumerate(b) if ch in own
               for t, m in table[sq] if b[t] not in own]
        if not out:  # the forced pass: only when no piece can move with either card
            return [PASSES[hand[0]], PASSES[hand[1]]]
        return out

    def apply(self, pos: OnitamaPosition, move: OnitamaMove) -> OnitamaPosition:
        side = pos.turn
        hand = pos.red_hand if side == RED else pos.blue_hand
        card = move.card
        if card == hand[0]:
            kept = hand[1]
        elif card == hand[1]:
            kept = hand[0]
        else:
            raise IllegalMoveError(f"{SIDE_NAMES[side]} does not hold {card}")
        new_hand = _sorted_pair(kept, pos.side_card)  # the old side card joins the hand
        b = pos.board
        origin, target = move.origin, move.target
        if origin is not None:
            piece = b[origin]
            if origin < target:
                b = b[:origin] + EMPTY + b[origin + 1:target] + piece + b[target + 1:]
            else:
                b = b[:target] + piece + b[target + 1:origin] + EMPTY + b[origin + 1:]
        if side == RED:
            return _position(b, BLUE, new_hand, pos.blue_hand, card)
        return _position(b, RED, pos.red_hand, new_hand, card)

    def outcome(self, pos: OnitamaPosition) -> Outcome | None:
        won = winner(pos.board)
        return None if won is None else Outcome.win(won[0], 2, won[1])

    def move_text(self, pos: OnitamaPosition, move: OnitamaMove) -> str:
        if move.origin is None:
            return f"{move.card} pass"
        return f"{move.card} {SQUARES[move.origin]}-{SQUARES[move.target]}"

    def move_joins_next_token(self, token: str) -> bool:
        """A saved game writes ``Tiger c1-c3`` as two tokens: a card name starts a move."""
        return card_name(token) is not None

    def parse_move(self, pos: OnitamaPosition, text: str) -> OnitamaMove:
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
            move = PASSES[card]
        else:
            step = _STEP_RE.fullmatch(rest)
            if step is None:
                raise NotationError(
                    f"'{rest}' is neither two squares like c1-c3 (a1 to e5) nor 'pass'",
                    field="move", column=rest_col)
            origin, target = SQUARE_INDEX[step.group(1)], SQUARE_INDEX[step.group(2)]
            move = MOVES.get((card, origin, target)) or OnitamaMove(card, origin, target)
        legal = self.moves(pos)
        if move in legal:
            return move
        raise IllegalMoveError(f"{self.move_text(pos, move)}: {self._refusal(pos, move, legal)}")

    def _refusal(self, pos: OnitamaPosition, move: OnitamaMove,
                 legal: list[OnitamaMove]) -> str:
        """Why a well-formed move is not legal, in the player's terms."""
        if self.outcome(pos) is not None:
            return "the game is over"
        side = pos.turn
        me = SIDE_NAMES[side]
        hand = pos.hand(side)
        if move.card not in hand:
            return self._not_your_card(pos, move.card)
        if move.origin is None:
            example = self.move_text(pos, min(legal, key=lambda m: self.move_text(pos, m)))
            return f"you may pass only when no move is possible, and you can play e.g. {example}"
        piece = pos.board[move.origin]
        origin, target = SQUARES[move.origin], SQUARES[move.target]
        if piece == EMPTY:
            return f"there is no piece on {origin}"
        if piece not in OWN[side]:
            return f"the piece on {origin} is {SIDE_NAMES[1 - side]}'s, not yours ({me})"
        if move.target not in (t for t, _ in TARGETS[side][move.card][move.origin]):
            return f"{move.card} does not move a piece from {origin} to {target}" + (
                " (Blue's cards are turned to face Blue)" if side == BLUE else "")
        return f"{target} holds your own piece; you cannot capture your own piece"

    @staticmethod
    def _not_your_card(pos: OnitamaPosition, card: str) -> str:
        side = pos.turn
        if card == pos.side_card:
            return (f"{card} is the side card; it joins your hand after you play one of your "
                    f"cards ({', '.join(pos.hand(side))})")
        if card in pos.hand(1 - side):
            return f"{card} is {SIDE_NAMES[1 - side]}'s card; yours are {', '.join(pos.hand(side))}"
        return f"{card} is not in this game; your cards are {', '.join(pos.hand(side))}"

    def cards_to(self, pos: OnitamaPosition, from_sq: str, to_sq: str) -> tuple[str, ...]:
        """The side to move's cards (alphabetical) that legally move the piece on ``from_sq``
        to ``to_sq`` (square names); empty when none does. The app asks for the card when
        there are two."""
        origin, target = SQUARE_INDEX.get(from_sq), SQUARE_INDEX.get(to_sq)
        if origin is None or target is None:
            return ()
        return tuple(m.card for m in self.moves(pos)
                     if m.origin == origin and m.target == target)

    # ----- what the UI draws ----------------------------------------------------------------

    def layout(self, variant: str, *, flipped: bool = False, ascii: bool = False,
               compact: bool = False) -> BoardLayout:
        """The board in a box frame, file letters above and below, rank numbers left and
        right, the two temple arches shaded as zones. Full: squares of 9 columns × 4 lines
        (53 × 24). Compact: the same drawing with squares of 5 columns × 2 lines (33 × 14),
        each piece on the upper line of its square, beside its rank number."""
        sq_w, sq_h = (COMPACT_SQ_W, COMPACT_SQ_H) if compact else (SQ_W, SQ_H)
        width = BOARD_LEFT + SIZE * sq_w + 4
        height = BOARD_TOP + SIZE * sq_h + 2
        h, v, corners = ("-", "|", "++++") if ascii else ("─", "│", "┌┐└┘")
        grid = [[" "] * width for _ in range(height)]
        right = BOARD_LEFT + SIZE * sq_w  # the right border column
        bottom = BOARD_TOP + SIZE * sq_h  # the bottom border line
        for c in range(BOARD_LEFT, right):
            grid[BOARD_TOP - 1][c] = h
            grid[bottom][c] = h
        for r in range(BOARD_TOP, bottom):
            grid[r][BOARD_LEFT - 1] = v
            grid[r][right] = v
        grid[BOARD_TOP - 1][BOARD_LEFT - 1], grid[BOARD_TOP - 1][right] = corners[0], corners[1]
        grid[bottom][BOARD_LEFT - 1], grid[bottom][right] = corners[2], corners[3]
        cells = []
        for sq, name in enumerate(SQUARES):
            file, rank = sq % SIZE, sq // SIZE + 1
            col_index = SIZE - 1 - file if flipped else file
            row_index = rank - 1 if flipped else SIZE - rank
            col = BOARD_LEFT + col_index * sq_w
            row = BOARD_TOP + row_index * sq_h
            if sq == ARCH[RED]:
                shade = "zone0"
            elif sq == ARCH[BLUE]:
                shade = "zone1"
            else:
                shade = "dark" if (file + rank) % 2 == 1 else "light"  # a1 dark, as in chess
            cells.append(CellSpec(name, row, col, sq_w, sq_h, "square", shade))
            if rank == 1:  # file letters above and below
                centre = col + sq_w // 2
                grid[0][centre] = grid[height - 1][centre] = FILES[file]
            if file == 0:  # rank numbers left and right
                middle = row + (sq_h - 1) // 2  # the line the pieces stand on
                grid[middle][1] = grid[middle][right + 2] = str(rank)
        return BoardLayout(width, height, tuple("".join(line) for line in grid), tuple(cells))

    def cell_views(self, pos: OnitamaPosition, viewer: int | None = None) -> Mapping[str, CellView]:
        views = {}
        for sq, ch in enumerate(pos.board):
            if ch != EMPTY:
                glyph, ascii_glyph = GLYPHS[ch]
                side = RED if ch in OWN[RED] else BLUE
                views[SQUARES[sq]] = CellView(glyph, ascii_glyph, side, ch.isupper())
            elif sq in ARCH:
                views[SQUARES[sq]] = CellView("∩", "^", ARCH.index(sq))
            else:
                views[SQUARES[sq]] = CellView(" ", " ")
        return views

    def side_summary(self, pos: OnitamaPosition) -> tuple[str, ...]:
        out = []
        for side in (RED, BLUE):
            students = pos.board.count(STUDENT[side])
            if MASTER[side] not in pos.board:
                out.append("master captured")
            elif students == 0:
                out.append("master alone")
            else:
                out.append(f"master + {students} student{'s' if students != 1 else ''}")
        return tuple(out)

    def panel(self, pos: OnitamaPosition, viewer: int | None = None) -> Sequence[PanelSection]:
        """Blue's hand, the side card, Red's hand (top to bottom, as seen with Red at the
        bottom). Every card is drawn as its holder sees it; the side card as the side to move
        sees it, since it joins that hand next. Only the side card names its stamp: the
        stamp says who starts, read off the side card at the deal (and a hand's titles stay
        short enough to stand side by side in a small window)."""

        def card_item(name: str, owner: int | None) -> PanelItem:
            card = CARD_BY_NAME[name]
            title = name if owner is not None else f"{name} · {SIDE_NAMES[card.stamp]} stamp"
            return PanelItem(f"card:{name}", title, card_grid(card), owner)

        mover = SIDE_NAMES[pos.turn]
        over = self.outcome(pos) is not None  # then nobody takes it any more
        return (
            PanelSection("Blue's cards", tuple(card_item(n, BLUE) for n in pos.blue_hand)),
            PanelSection("Side card", (card_item(pos.side_card, None),),
                         note="" if over else f"{mover} takes it after this move"),
            PanelSection("Red's cards", tuple(card_item(n, RED) for n in pos.red_hand)),
        )

    def pick_paths(self, pos: OnitamaPosition, move: OnitamaMove) -> tuple[tuple[Pick, ...], ...]:
        """A move is entered as piece, target, card (the card is asked for only when both
        reach the target); a player may also pick the card first. A pass is the card alone."""
        card = item(f"card:{move.card}", move.card)
        if move.origin is None:
            return ((card,),)
        origin, target = cell(SQUARES[move.origin]), cell(SQUARES[move.target])
        return ((origin, target, card), (card, origin, target))

    def hint(self, pos: OnitamaPosition, picks: tuple[Pick, ...]) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        legal = self.moves(pos)
        if legal[0].origin is None:
            return "no move is possible: choose a card to pass to the side"
        if not picks:
            return "select one of your pieces"
        if picks[0].kind == "item":  # the card was chosen first
            card = picks[0].key.removeprefix("card:")
            if len(picks) == 1:
                return f"select one of your pieces to move with {card}"
            return f"select a target square for {card}"
        if len(picks) == 1:
            return "select a target square"
        cards = self.cards_to(pos, picks[0].key, picks[1].key)
        if len(cards) == 1:
            return f"choose {cards[0]} to make that move"
        if len(cards) == 2:
            return "both cards reach that square: choose the card (1/2 or click it)"
        return "choose one of your cards"

    def explain(self, pos: OnitamaPosition, picks: tuple[Pick, ...], pick: Pick) -> str:
        if self.outcome(pos) is not None:
            return "the game is over"
        passing = self.moves(pos)[0].origin is None
        side = pos.turn
        hand = pos.hand(side)
        card_first = bool(picks) and picks[0].kind == "item"
        chosen = card_name(picks[0].key.removeprefix("card:")) if card_first else None
        usable = (chosen,) if chosen in hand else hand
        squares = [SQUARE_INDEX.get(p.key) for p in picks if p.kind == "cell"]
        if None in squares:
            return "that is not a legal choice here"
        if pick.kind == "item":
            key = pick.key
            card = card_name(key.removeprefix("card:")) if key.startswith("card:") else None
            if card is None:
                return "that is not one of your cards"
            if card not in hand:
                return self._not_your_card(pos, card)
            if card_first:
                return f"you have already chosen {chosen}"
            if len(squares) == 1:
                return "select a target square first"
            if len(squares) == 2:
                return f"{card} does not move that piece there"
            if not passing:
                return f"{card} cannot move any of your pieces"
            return "that is not a legal choice here"
        sq = SQUARE_INDEX.get(pick.key)
        if sq is None:
            return "that is not a square of the board"
        if passing:
            return "no move is possible: choose a card to pass to the side"
        what = pos.board[sq]
        if not squares:  # choosing the piece to move
            if what == EMPTY:
                return "that square is empty: select one of your pieces"
            if what not in OWN[side]:
                return "that is not your piece"
            if any(m.origin == sq and m.card in usable for m in self.moves(pos)):
                return "that is not a legal choice here"
            who = "neither of your cards can" if len(usable) == 2 else f"{usable[0]} cannot"
            return (f"{who} move that piece: each of its targets is off the board or holds "
                    "one of your own pieces")
        if len(squares) >= 2:
            return "the move is complete: choose the card" if not card_first else (
                "that is not a legal choice here")
        origin = squares[0]
        if sq == origin:
            return "that piece is already selected: select a target square"
        if what in OWN[side]:
            return "you cannot capture your own piece"
        who = "neither of your cards moves" if len(usable) == 2 else f"{usable[0]} does not move"
        reason = f"{who} that piece there"
        if side == BLUE and any(t == sq for c in usable for t, _ in TARGETS[RED][c][origin]):
            reason += " (your cards are turned to face you: forward is towards Red)"
        return reason

    def policy(self) -> Policy:
        from .computer import policy  # the computer's knowledge, loaded when first asked

        return policy()


RULES = OnitamaRules()
