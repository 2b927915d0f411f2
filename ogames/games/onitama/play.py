"""How Onitama is played: the deal, the legal moves, a turn, how the game ends, and why
a move is refused (CLARIFICATIONS §2.3 is the specification).

The rules in brief:

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

Each move object is built once, with the targets of each card for each side and square
(when the card is first used), so move generation is a few table look-ups.
"""

from __future__ import annotations

from ogames.core.errors import IllegalMoveError, NotationError
from ogames.core.notation import split_fields
from ogames.core.outcome import Outcome
from ogames.core.rng import shuffled

from .notation import (
    ARCH,
    BLUE,
    CARD_BY_NAME,
    CARDS,
    EMPTY,
    MASTER,
    OWN,
    RED,
    SIDE_NAMES,
    SIZE,
    SQUARE_INDEX,
    SQUARES,
    Card,
    Move,
    Position,
    format_move,
    sorted_pair,
)

START_BOARD = "rrRrr" + EMPTY * 15 + "bbBbb"

#: per origin square: ((target, move), …)
Steps = tuple[tuple[tuple[int, Move], ...], ...]


# ----- geometry -----------------------------------------------------------------------------


def square_of(file: int, rank: int) -> int | None:
    """The index of (file 0–4, rank 1–5), or None off the board."""
    if 0 <= file < SIZE and 1 <= rank <= SIZE:
        return (rank - 1) * SIZE + file
    return None


def _orient(side: int, dx: int, dy: int) -> tuple[int, int]:
    """A card offset as a board step for ``side``: Blue sits opposite, so the card is turned
    through 180° and both components change sign."""
    return (dx, dy) if side == RED else (-dx, -dy)


#: every move object, built once (``_build_targets``): (card, origin, target) → move;
#: card → pass
MOVES: dict[tuple[str, int, int], Move] = {}
PASSES: dict[str, Move] = {c.name: Move(c.name) for c in CARDS}


def _build_targets(side: int, card: Card) -> Steps:
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
                                        Move(card.name, origin, target))
                steps.append((target, move))
        table.append(tuple(steps))
    return tuple(table)


#: per side, card name → its targets (``card_targets``), made when the card is first used
_TARGETS: tuple[dict[str, Steps], dict[str, Steps]] = ({}, {})


def card_targets(side: int, card: str) -> Steps:
    """``card_targets(side, card)[origin]`` → ((target, move), …): made when first asked
    for (all 32 cards' tables for both sides, made at import, delayed every start by
    some 5 ms, though a game deals five cards)."""
    table = _TARGETS[side].get(card)
    if table is None:
        table = _TARGETS[side][card] = _build_targets(side, CARD_BY_NAME[card])
    return table
#: the same for a whole hand, both cards' steps joined per origin (filled on first use)
_HAND_TARGETS: dict[tuple[int, str, str], Steps] = {}


def hand_targets(side: int, hand: tuple[str, str]) -> Steps:
    """Per origin square: the on-board targets of both cards of ``hand`` for ``side``,
    each with its move (own pieces not left out: what the side's pieces guard)."""
    key = (side, hand[0], hand[1])
    table = _HAND_TARGETS.get(key)
    if table is None:
        first, second = card_targets(side, hand[0]), card_targets(side, hand[1])
        table = tuple(first[sq] + second[sq] for sq in range(SIZE * SIZE))
        _HAND_TARGETS[key] = table
    return table


# ----- the deal -----------------------------------------------------------------------------


def deal(seed: int) -> Position:
    """The seeded start (§2.3.4): shuffle the deck in canonical order; Red takes the first
    two cards, Blue the next two, the fifth goes to the side and its stamp starts."""
    deck = shuffled([c.name for c in CARDS], seed)
    return Position(START_BOARD, CARD_BY_NAME[deck[4]].stamp,
                    sorted_pair(deck[0], deck[1]), sorted_pair(deck[2], deck[3]), deck[4])


# ----- moves and a turn ---------------------------------------------------------------------


#: each side's pieces as its own letter, every other square as ``.``: the only part of the
#: board that the list of moves depends on (any target not holding an own piece is legal)
_OWN_MASKS = (str.maketrans("rRbB", "rr.."), str.maketrans("rRbB", "..bb"))
#: (own-piece mask, hand) → the moves, filled by ``moves``; cleared when it reaches
#: ``_MOVE_LISTS_LIMIT`` entries so that it cannot grow without bound
_MOVE_LISTS: dict[tuple[str, tuple[str, str]], tuple[Move, ...]] = {}
_MOVE_LISTS_LIMIT = 1 << 16


def _own_moves(b: str, side: int, hand: tuple[str, str]) -> tuple[Move, ...]:
    """The moves of ``side`` holding ``hand`` on board ``b``: by origin square, then the
    first card's steps and the second's, skipping targets that hold an own piece."""
    own = OWN[side]
    table = hand_targets(side, hand)
    out = tuple(m for sq, ch in enumerate(b) if ch in own
                for t, m in table[sq] if b[t] not in own)
    if not out:  # the forced pass: only when no piece can move with either card
        return (PASSES[hand[0]], PASSES[hand[1]])
    return out


def side_moves(b: str, side: int, hand: tuple[str, str]) -> tuple[Move, ...]:
    """The moves ``side`` holding ``hand`` would have on board ``b`` were it to move
    (whoever is to move; the computer weighs the threats of the side that is not),
    from the same store as ``moves``."""
    key = (b.translate(_OWN_MASKS[side]), hand)
    found = _MOVE_LISTS.get(key)
    if found is None:
        found = _own_moves(b, side, hand)
        if len(_MOVE_LISTS) >= _MOVE_LISTS_LIMIT:
            _MOVE_LISTS.clear()
        _MOVE_LISTS[key] = found
    return found


def moves(pos: Position) -> list[Move]:
    """The legal moves of ``pos`` (none once the game is won).

    Which moves are legal depends only on where the mover's own pieces stand and on its
    hand (nothing blocks, and every other target is free or a capture), so the list is
    kept per (own-piece mask, hand): in a search most positions share such a mask with one
    seen before, and the mask is one ``str.translate`` away."""
    b = pos.board
    if "R" not in b or "B" not in b or b[22] == "R" or b[2] == "B":
        return []  # someone has won (§2.3.6; 22 = c5, 2 = c1): a finished game has no moves
    side = pos.turn
    return list(side_moves(b, side, pos.red_hand if side == RED else pos.blue_hand))


class _Unfrozen:
    """A twin of ``Position`` with the very same slots but no frozen ``__setattr__``:
    ``apply`` fills one with plain attribute stores and then gives it the class
    ``Position`` (CPython allows ``__class__`` assignment between classes of one layout).
    A frozen dataclass sets each field through ``object.__setattr__``, several times
    slower, and perft builds hundreds of thousands of positions."""

    __slots__ = Position.__slots__


def apply(pos: Position, move: Move) -> Position:
    """The position after ``move``: the piece moves (capturing what stands on the target),
    the used card goes to the side and the old side card joins the mover's hand."""
    side = pos.turn
    hand = pos.red_hand if side == RED else pos.blue_hand
    card = move.card
    if card == hand[0]:
        kept = hand[1]
    elif card == hand[1]:
        kept = hand[0]
    else:
        raise IllegalMoveError(f"{SIDE_NAMES[side]} does not hold {card}")
    new_hand = sorted_pair(kept, pos.side_card)  # the old side card joins the hand
    b = pos.board
    origin, target = move.origin, move.target
    if origin is not None:
        piece = b[origin]
        if origin < target:
            b = b[:origin] + EMPTY + b[origin + 1:target] + piece + b[target + 1:]
        else:
            b = b[:target] + piece + b[target + 1:origin] + EMPTY + b[origin + 1:]
    new = _Unfrozen()
    new.board = b
    new.side_card = card
    if side == RED:
        new.turn, new.red_hand, new.blue_hand = BLUE, new_hand, pos.blue_hand
    else:
        new.turn, new.red_hand, new.blue_hand = RED, pos.red_hand, new_hand
    new.__class__ = Position  # type: ignore[assignment]
    return new  # type: ignore[return-value]


def cards_to(pos: Position, from_sq: str, to_sq: str) -> tuple[str, ...]:
    """The side to move's cards (alphabetical) that legally move the piece on ``from_sq``
    to ``to_sq`` (square names); empty when none does."""
    origin, target = SQUARE_INDEX.get(from_sq), SQUARE_INDEX.get(to_sq)
    if origin is None or target is None:
        return ()
    return tuple(m.card for m in moves(pos) if m.origin == origin and m.target == target)


# ----- how the game ends --------------------------------------------------------------------


def winner(board: str) -> tuple[int, str] | None:
    """The static win test of §2.3.6: (winning side, Termination), or None.

    The game ends when a side has won, in one of two ways:

    * **Way of the Stone** (``stone``): the enemy Master was captured, so it is missing
      from the board.
    * **Way of the Stream** (``stream``): a side's Master stands on the enemy temple arch
      (it can only have got there by moving).

    Stone is tested first, so a Master that captures the enemy Master on the enemy arch
    wins once, by ``stone``. For valid positions at most one side has won. A side with no
    move does not lose: it passes (see ``moves``), so there is no other ending."""
    if MASTER[BLUE] not in board:
        return RED, "stone"
    if MASTER[RED] not in board:
        return BLUE, "stone"
    if board[ARCH[BLUE]] == MASTER[RED]:
        return RED, "stream"
    if board[ARCH[RED]] == MASTER[BLUE]:
        return BLUE, "stream"
    return None


def outcome(pos: Position) -> Outcome | None:
    """None while the game goes on; a win for one side once it has taken the enemy Master
    or reached the enemy arch (``winner``)."""
    won = winner(pos.board)
    return None if won is None else Outcome.win(won[0], 2, won[1])


def has_won(board: str, side: int) -> str | None:
    """Why ``side`` has already won on this board (a phrase), or None."""
    enemy = 1 - side
    if MASTER[enemy] not in board:
        return f"{SIDE_NAMES[enemy]}'s master is gone"
    if board[ARCH[enemy]] == MASTER[side]:
        return f"{SIDE_NAMES[side]}'s master stands on {SQUARES[ARCH[enemy]]}"
    return None


def check_can_arise(pos: Position, text: str) -> None:
    """Refuse (NotationError) a position read from ``text`` that no game can reach: both
    sides have won, or the side to move has already won (the game ended on that side's own
    move, so the other side would be to move)."""
    pcol, tcol = (f.column for f in split_fields(text)[:2])
    red_won, blue_won = has_won(pos.board, RED), has_won(pos.board, BLUE)
    if red_won and blue_won:
        raise NotationError(f"both sides have already won ({red_won}; {blue_won}); "
                            "such a position cannot arise", field="placement", column=pcol)
    turn = pos.turn
    won = red_won if turn == RED else blue_won
    if won:
        raise NotationError(
            f"{SIDE_NAMES[turn]} is to move but has already won ({won}); the game ended "
            f"on {SIDE_NAMES[turn]}'s own move, so it would be {SIDE_NAMES[1 - turn]} to move",
            field="side to move", column=tcol)


# ----- why a move is refused ----------------------------------------------------------------


def refusal(pos: Position, move: Move, legal: list[Move]) -> str:
    """Why a well-formed move is not legal, in the player's terms."""
    if outcome(pos) is not None:
        return "the game is over"
    side = pos.turn
    me = SIDE_NAMES[side]
    hand = pos.hand(side)
    if move.card not in hand:
        return not_your_card(pos, move.card)
    if move.origin is None:
        example = format_move(min(legal, key=format_move))
        return f"you may pass only when no move is possible, and you can play e.g. {example}"
    piece = pos.board[move.origin]
    origin, target = SQUARES[move.origin], SQUARES[move.target]
    if piece == EMPTY:
        return f"there is no piece on {origin}"
    if piece not in OWN[side]:
        return f"the piece on {origin} is {SIDE_NAMES[1 - side]}'s, not yours ({me})"
    if move.target not in (t for t, _ in card_targets(side, move.card)[move.origin]):
        return f"{move.card} does not move a piece from {origin} to {target}" + (
            " (Blue's cards are turned to face Blue)" if side == BLUE else "")
    return f"{target} holds your own piece; you cannot capture your own piece"


def not_your_card(pos: Position, card: str) -> str:
    """Why the side to move cannot play ``card`` (a card not in its hand)."""
    side = pos.turn
    if card == pos.side_card:
        return (f"{card} is the side card; it joins your hand after you play one of your "
                f"cards ({', '.join(pos.hand(side))})")
    if card in pos.hand(1 - side):
        return f"{card} is {SIDE_NAMES[1 - side]}'s card; yours are {', '.join(pos.hand(side))}"
    return f"{card} is not in this game; your cards are {', '.join(pos.hand(side))}"
