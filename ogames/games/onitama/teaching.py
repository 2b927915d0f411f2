"""The words Onitama uses to teach and explain: how a game ends, what to pick next while
entering a move (the hint), and why a pick is refused (the explanation)."""

from __future__ import annotations

import re

from ogames.core.board import Pick, cell
from ogames.core.errors import IllegalMoveError, NotationError

from .notation import BLUE, EMPTY, OWN, RED, SQUARE_INDEX, Position, card_name
from .play import card_targets, cards_to, moves, not_your_card, outcome

#: this game's Termination keywords (CLARIFICATIONS §1.6) as the words players read
ENDINGS = {
    "stone": "the Master was captured",
    "stream": "the Master reached the temple arch",
}


def hint(pos: Position, picks: tuple[Pick, ...]) -> str:
    """What to pick next, given the picks made so far."""
    if outcome(pos) is not None:
        return "the game is over"
    legal = moves(pos)
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
    cards = cards_to(pos, picks[0].key, picks[1].key)
    if len(cards) == 1:
        return f"choose {cards[0]} to make that move"
    if len(cards) == 2:
        return "both cards reach that square: choose the card (1/2 or click it)"
    return "choose one of your cards"


def explain(pos: Position, picks: tuple[Pick, ...], pick: Pick) -> str:
    """Why ``pick`` cannot follow ``picks``: a card (``explain_card``) or a square
    (``explain_square``)."""
    if outcome(pos) is not None:
        return "the game is over"
    squares = [SQUARE_INDEX.get(p.key) for p in picks if p.kind == "cell"]
    if None in squares:
        return "that is not a legal choice here"
    if pick.kind == "item":
        return explain_card(pos, picks, pick, squares)
    return explain_square(pos, picks, pick, squares)


def _chosen_card(picks: tuple[Pick, ...]) -> str | None:
    """The card picked first, when the player began with a card, else None."""
    card_first = bool(picks) and picks[0].kind == "item"
    return card_name(picks[0].key.removeprefix("card:")) if card_first else None


def explain_card(pos: Position, picks: tuple[Pick, ...], pick: Pick,
                 squares: list[int | None]) -> str:
    """Why the card ``pick`` cannot be chosen after ``picks`` (whose squares are
    ``squares``)."""
    passing = moves(pos)[0].origin is None
    hand = pos.hand(pos.turn)
    card_first = bool(picks) and picks[0].kind == "item"
    key = pick.key
    card = card_name(key.removeprefix("card:")) if key.startswith("card:") else None
    if card is None:
        return "that is not one of your cards"
    if card not in hand:
        return not_your_card(pos, card)
    if card_first:
        return f"you have already chosen {_chosen_card(picks)}"
    if len(squares) == 1:
        return "select a target square first"
    if len(squares) == 2:
        return f"{card} does not move that piece there"
    if not passing:
        return f"{card} cannot move any of your pieces"
    return "that is not a legal choice here"


def explain_square(pos: Position, picks: tuple[Pick, ...], pick: Pick,
                   squares: list[int | None]) -> str:
    """Why the square ``pick`` cannot be chosen after ``picks`` (whose squares are
    ``squares``): as the piece to move, or as its target."""
    side = pos.turn
    hand = pos.hand(side)
    card_first = bool(picks) and picks[0].kind == "item"
    chosen = _chosen_card(picks)
    usable = (chosen,) if chosen in hand else hand
    sq = SQUARE_INDEX.get(pick.key)
    if sq is None:
        return "that is not a square of the board"
    if moves(pos)[0].origin is None:
        return "no move is possible: choose a card to pass to the side"
    what = pos.board[sq]
    if not squares:  # choosing the piece to move
        if what == EMPTY:
            return "that square is empty: select one of your pieces"
        if what not in OWN[side]:
            return "that is not your piece"
        if any(m.origin == sq and m.card in usable for m in moves(pos)):
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
    if side == BLUE and any(t == sq for c in usable for t, _ in card_targets(RED, c)[origin]):
        reason += " (your cards are turned to face you: forward is towards Red)"
    return reason


#: two squares without a card, as a chess player writes a move or a capture
#: (``c2-b3``, ``c2xb3``, ``c2 b3``)
_BARE = re.compile(r"\s*([a-e][1-5])\s*[-x:\s]\s*([a-e][1-5])\s*", re.IGNORECASE)


def card_missing(pos: Position, text: str) -> Exception | None:
    """Why ``text`` written as two squares without a card (``c2xb3``) is no move: the
    card it needs, named (a move always names it, and captures are not marked, §2.3.9),
    or, when no card takes the piece there, what a click there says. None when ``text``
    is not two squares."""
    bare = _BARE.fullmatch(text)
    if bare is None:
        return None
    origin, target = (sq.lower() for sq in bare.groups())
    cards = cards_to(pos, origin, target)
    if cards:
        written = " or ".join(f"{card} {origin}-{target}" for card in cards)
        return NotationError(f"a move names its card and marks no capture: {written}")
    if outcome(pos) is not None:
        return IllegalMoveError("the game is over")
    what = pos.board[SQUARE_INDEX[origin]]
    if what == EMPTY:
        return IllegalMoveError(f"{origin} is empty: there is no piece of yours to move")
    if what not in OWN[pos.turn]:
        return IllegalMoveError(f"the piece on {origin} is not yours")
    return IllegalMoveError(explain(pos, (cell(origin),), cell(target)))  # as a click says
