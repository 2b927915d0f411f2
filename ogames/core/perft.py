"""perft and divide (CLARIFICATIONS §1.3): count legal move sequences of a given length.

The leaves are counted in bulk (the number of moves at depth 1), so perft measures move
generation and ``apply``. History rules are ignored, as the specification says.
"""

from __future__ import annotations

from .rules import Position, Rules


def perft(rules: Rules, pos: Position, depth: int, *, terminal_leaf: bool = False) -> int:
    """Strict perft by default: a finished position has no moves, so it adds 0 at depth ≥ 1.

    With ``terminal_leaf`` a finished position counts as one leaf at any remaining depth
    (the convention of the Onitama community's published tables).
    """
    if depth == 0:
        return 1
    if terminal_leaf and rules.outcome(pos) is not None:
        return 1
    if depth == 1:  # every child is a leaf, finished or not
        return rules.count_moves(pos)
    moves = rules.moves(pos)
    apply = rules.apply
    if depth == 2 and not terminal_leaf:  # the children's moves counted in one loop
        count = rules.count_moves
        total = 0
        for m in moves:
            total += count(apply(pos, m))
        return total
    return sum(perft(rules, apply(pos, m), depth - 1, terminal_leaf=terminal_leaf) for m in moves)


def divide(rules: Rules, pos: Position, depth: int, *,
           terminal_leaf: bool = False) -> list[tuple[str, int]]:
    """``(canonical move text, perft of the child at depth − 1)`` per legal move, in
    canonical order."""
    if depth < 1:
        raise ValueError("divide needs a depth of at least 1")
    return [
        (rules.move_text(pos, m),
         perft(rules, rules.apply(pos, m), depth - 1, terminal_leaf=terminal_leaf))
        for m in rules.legal_moves(pos)
    ]
