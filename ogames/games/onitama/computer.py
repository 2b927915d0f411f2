"""What the computer knows of Onitama: the students left, where each piece stands (one
value a square for a student and one for the Master, the same on both wings), how many
moves each side's two cards give it, the students of the side to move that the other
side's cards attack, and the threats of the other side to end the game next move (its
cards attack the Master, its Master is one move from the arch). Captures (of the Master
first) are tried first, and captures and a Master's step onto the enemy arch are what the
alpha-beta search follows past its horizon; where the horizon falls on a side that could
lose next move, it looks a ply further (``threatened``). Hard does not search quiet moves
late in the order a ply shallower here (``Policy.reductions``): most moves are quiet,
and the Masters' walks that decide a game are made of them. Against an outside engine
held at eight plies, hard's search at 150,000 nodes a move won 4 of 12 games without
those reductions, 2 of 11 with them.

The weights are fitted to results (Texel tuning, ``bench/texel.py``): self-play games of
the search at a small node budget, each quiet position's ``features`` and its side to
move's result, a regularised logistic regression, the weights then scaled so that a
student weighs one. ``WEIGHTS`` says which games and how well it predicts.

Read by the game-blind search through ``Rules.policy``; the functions read engine
internals (board strings, move squares) because they run thousands of times per move.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache

from ogames.core.policy import Judging, Policy, logistic, two_sided
from ogames.core.rules import Rules

from .notation import ARCH, BLUE, MASTER, OWN, RED, SIZE, STUDENT, Move, Position
from .play import card_targets, side_moves

#: how the judge (the hard level's search, which gives the hints and the review) reads
#: this game: its offline budget, about what hard searches in its time on two cores, and
#: the chance curve of its values, fitted to results (``python -m bench.judge --fit``: the
#: even-numbered of 40 self-play games at a twentieth of the budget, played again on
#: 2026-12-07 after the killer moves; on the odd ones, which the fit never saw, the side
#: given 50-60, 60-70, 80-90 and 90-100 % won 56, 75, 90 and 97 %, and 70-80 % won 87 %;
#: ``--report`` prints the table)
JUDGING = Judging(nodes=300_000, scale=0.316)

#: a square from its side's own seat: rank 0 its home row, file folded onto the near wing
#: (0 the edge, 2 the middle file), as one of 15 classes (``rank * 3 + folded file``)
CLASSES = 15
CLASS_NAMES = tuple(f"rank {c // 3 + 1} {('edge', 'wing', 'middle')[c % 3]}"
                    for c in range(CLASSES))
#: the terms of the score, in the order of ``features`` and ``WEIGHTS``
TERMS = ("students", *(f"student on {n}" for n in CLASS_NAMES),
         *(f"Master on {n}, with many pieces" for n in CLASS_NAMES),
         *(f"Master on {n}, with few pieces" for n in CLASS_NAMES), "moves", "their moves",
         "students they attack", "students they attack that no piece guards",
         "they attack the Master", "their Master one move from the arch")
STUDENTS_AT, MASTER_AT, LATE_MASTER_AT = 1, 1 + CLASSES, 1 + 2 * CLASSES
MOVES_AT = 1 + 3 * CLASSES
#: the pieces on the board at which the Master's squares count as in the opening (its
#: first table alone); with fewer, its second table weighs more, and alone with two
#: pieces on the board
FULL_BOARD = 10
#: the weights of the terms (Texel tuning, ``python -m bench.texel --game onitama --fit``,
#: ridge 10): fitted on the quiet positions of the even-numbered games of
#: ``bench/texel-onitama.jsonl`` (13,795 positions of about 680 self-play games of the
#: search at 8,000 and 1,500 nodes a move, four random plies first); on the odd-numbered
#: games' 13,914 positions, which the fit never saw, a logistic of the score predicts the
#: results with a log-likelihood of -0.631 a position, where the score before (students
#: and the Master's distance to the arch) did -0.627 at its best scale and chance -0.693.
#: Squares are rows of rank 1 to 5 from the own seat, columns the edge, the wing and the
#: middle file. Against an outside engine held at five plies, the search at 30,000 nodes
#: a move won 9 and 10 of 20 games with weights fitted so on part of these games, 3 of 17
#: with the old score.
WEIGHTS: tuple[float, ...] = (
    1.0,  # a student
    -0.0728, 0.0276, -0.0493,
    0.1461, 0.1901, 0.2058,
    0.2204, 0.1583, 0.1021,
    -0.1256, 0.1052, 0.5511,
    -0.6850, 0.2511, -0.0250,  # where a student stands
    0.1784, 0.0967, 0.0725,
    0.0208, -0.0269, -0.0364,
    -0.2204, -0.2108, 0.0100,
    -0.2832, 0.3654, 0.1427,
    -0.3059, 0.1971, 0.0000,  # where the Master stands, all pieces on the board
    -1.0383, -0.6769, -0.2014,
    -0.7426, -0.3775, -0.0593,
    -0.0200, 0.4832, 0.3406,
    0.7037, 0.6847, 0.3062,
    0.1708, 0.4269, 0.0000,  # where the Master stands, its two pieces left
    0.0179, -0.0285,  # the mover's moves, the other side's
    0.0457, -0.0739,  # the mover's students attacked, and attacked but unguarded
    -0.3610, -1.8063,  # the Master attacked, the other Master one move from the arch
)


def phase(board: str) -> float:
    """How far the game is from its end, by the pieces on the board: 1 with all ten, 0
    with the two Masters alone (the share of the Master's middle-game table)."""
    pieces = SIZE * SIZE - board.count(".")
    return max(0.0, min(1.0, (pieces - 2) / (FULL_BOARD - 2)))


def square_class(square: int, side: int) -> int:
    """The class of ``square`` seen from ``side``'s seat (see ``CLASSES``)."""
    relative = square if side == RED else SIZE * SIZE - 1 - square
    rank, file = divmod(relative, SIZE)
    return rank * 3 + min(file, SIZE - 1 - file)


def features(rules: Rules, pos: Position) -> list[float]:
    """The score's terms (``TERMS``) from the side to move's view: each piece-and-square
    count and the students as the mover's less the other side's."""
    b, me = pos.board, pos.turn
    out = [0.0] * len(TERMS)
    early = phase(b)
    for square, ch in enumerate(b):
        if ch == ".":
            continue
        side = RED if ch in OWN[RED] else BLUE
        sign = 1.0 if side == me else -1.0
        if ch == STUDENT[side]:
            out[0] += sign
            out[STUDENTS_AT + square_class(square, side)] += sign
        else:
            out[MASTER_AT + square_class(square, side)] += sign * early
            out[LATE_MASTER_AT + square_class(square, side)] += sign * (1.0 - early)
    out[MOVES_AT:] = _threats(pos)
    return out


def _threats(pos: Position) -> tuple[int, int, int, int, int, int]:
    """The terms that read the cards (``card_terms``) of ``pos``."""
    if pos.turn == RED:
        return card_terms(pos.board, RED, pos.red_hand, pos.blue_hand)
    return card_terms(pos.board, BLUE, pos.blue_hand, pos.red_hand)


#: per side: ``board.translate`` of it gives "1" on that side's pieces (or students) and
#: "0" elsewhere (read backwards as a binary number: a bit a square, ``_mask``)
_PIECE_BITS = tuple(str.maketrans("rRbB.", "".join("1" if ch in OWN[s] else "0"
                                                   for ch in "rRbB.")) for s in (RED, BLUE))
_STUDENT_BITS = tuple(str.maketrans("rRbB.", "".join("1" if ch == STUDENT[s] else "0"
                                                     for ch in "rRbB.")) for s in (RED, BLUE))
#: (the side's pieces as ``_PIECE_BITS`` marks them, side, hand) → ``side_reach``; cleared
#: when it reaches ``_REACH_LIMIT`` entries, so that it cannot grow without bound
_REACH: dict[tuple[str, int, tuple[str, str]], tuple[int, int, int, int]] = {}
_REACH_LIMIT = 1 << 16


def _mask(board: str, bits: dict[int, int]) -> int:
    """The squares of ``board`` that ``bits`` (a ``str.translate`` table) marks "1", as a
    bit a square (bit ``i`` for square ``i``)."""
    return int(board.translate(bits)[::-1], 2)


@cache
def reach(side: int, card: str) -> tuple[int, ...]:
    """Per origin square: the squares ``card`` takes ``side``'s piece there to, as a bit
    a square (own pieces not left out)."""
    return tuple(sum(1 << t for t, _ in steps) for steps in card_targets(side, card))


def side_reach(marked: str, side: int, hand: tuple[str, str]) -> tuple[int, int, int, int]:
    """What ``side``'s pieces (the squares ``marked`` "1") do with ``hand``, as bits: the
    side's squares, its moves (a square two cards reach counts twice, once a card, as in
    the list of moves), the squares its moves land on, and the squares its pieces reach
    (its own included: those it guards). Kept per pieces and hand: a side's pieces and
    hand come back far more often than whole positions."""
    key = (marked, side, hand)
    found = _REACH.get(key)
    if found is None:
        at = int(marked[::-1], 2)
        first, second = reach(side, hand[0]), reach(side, hand[1])
        free = ~at
        moves = lands = reached = 0
        for square, ch in enumerate(marked):
            if ch == "1":
                a, c = first[square], second[square]
                moves += (a & free).bit_count() + (c & free).bit_count()
                reached |= a | c
        lands = reached & free
        if len(_REACH) >= _REACH_LIMIT:
            _REACH.clear()
        found = _REACH[key] = (at, moves, lands, reached)
    return found


@lru_cache(maxsize=1 << 15)
def card_terms(b: str, me: int, hand: tuple[str, str], their_hand: tuple[str, str]
               ) -> tuple[int, int, int, int, int, int]:
    """The side to move's moves and the other side's (passes not counted), the mover's
    students the other side's cards attack and those of them no piece of the mover
    guards, whether they attack the mover's Master, and whether the other side's Master
    is one move from the mover's arch. Kept per board and hands: the search asks at the
    horizon (``threatened``) and again for the score of the same position.

    Counted on bits (``side_reach``), not on lists of moves: this runs at most of the
    search's nodes, and building the two sides' moves here was a quarter of its time."""
    them = 1 - me
    mine_at, moves, _, guarded = side_reach(b.translate(_PIECE_BITS[me]), me, hand)
    theirs_at, their_moves, lands, _ = side_reach(b.translate(_PIECE_BITS[them]), them,
                                                  their_hand)
    attacked = lands & mine_at
    students = attacked & _mask(b, _STUDENT_BITS[me])
    master = 1 if attacked != students else 0
    hanging = (students & ~guarded).bit_count()
    their_master = b.find(MASTER[them])
    near = 0
    if their_master >= 0:
        near = ((reach(them, their_hand[0])[their_master]
                 | reach(them, their_hand[1])[their_master]) & ~theirs_at) >> ARCH[me] & 1
    return moves, their_moves, students.bit_count(), hanging, master, near


def _piece_values(weights: Sequence[float]) -> dict[str, tuple[tuple[float, float], ...]]:
    """Per piece letter, per square: its value for Red (a Blue piece's negated) with all
    pieces on the board and with its two pieces left (a student's is the same), from
    ``weights``: ``placement`` reads them at every leaf."""
    out = {}
    for ch in "rRbB":
        side = RED if ch in OWN[RED] else BLUE
        sign = 1.0 if side == RED else -1.0
        row = []
        for square in range(SIZE * SIZE):
            c = square_class(square, side)
            if ch == STUDENT[side]:
                value = weights[0] + weights[STUDENTS_AT + c]
                row.append((sign * value, sign * value))
            else:
                row.append((sign * weights[MASTER_AT + c], sign * weights[LATE_MASTER_AT + c]))
        out[ch] = tuple(row)
    return out


PIECE_VALUES = _piece_values(WEIGHTS)


@lru_cache(maxsize=1 << 16)
def placement(board: str) -> float:
    """Red's advantage from the pieces and their squares alone (the weights' first
    ``MOVES_AT`` terms), kept per board: the same boards come back all through a search."""
    early = phase(board)
    late = 1.0 - early
    values = PIECE_VALUES
    total = 0.0
    for square, ch in enumerate(board):
        if ch != ".":
            full, few = values[ch][square]
            total += early * full + late * few
    return total


def threatened(rules: Rules, pos: Position) -> bool:
    """The other side could end the game with its next move (``Policy.threatened``): its
    cards attack the mover's Master, or bring its own Master onto the mover's arch. The
    search then looks a ply further instead of standing pat on a lost position."""
    terms = _threats(pos)
    return bool(terms[4] or terms[5])


def score(rules: Rules, pos: Position) -> float:
    """The side to move's score: ``WEIGHTS`` times ``features``, the placement kept per
    board."""
    at = placement(pos.board)
    mine, theirs, attacked, hanging, master, near = _threats(pos)
    w = WEIGHTS
    return ((at if pos.turn == RED else -at) + w[MOVES_AT] * mine + w[MOVES_AT + 1] * theirs
            + w[MOVES_AT + 2] * attacked + w[MOVES_AT + 3] * hanging
            + w[MOVES_AT + 4] * master + w[MOVES_AT + 5] * near)


@cache
def policy() -> Policy:
    """The policy the search asks the Rules for (built once)."""
    arch, master, own = ARCH, MASTER, OWN

    def evaluate(rules: Rules, pos: Position) -> tuple[float, float]:
        red = score(rules, pos) if pos.turn == RED else -score(rules, pos)
        return two_sided(logistic(red, 1.5))

    def material(rules: Rules, pos: Position) -> float:
        diff = pos.board.count(STUDENT[0]) - pos.board.count(STUDENT[1])
        return -diff if pos.turn else diff

    def noisy(rules: Rules, pos: Position, m: Move) -> bool:
        """A capture, or the Master onto the enemy arch."""
        if m.target is None:
            return False
        b = pos.board
        return b[m.target] in own[1 - pos.turn] or (
            m.target == arch[1 - pos.turn] and b[m.origin] == master[pos.turn])

    def noisy_moves(rules: Rules, pos: Position) -> list[Move]:
        """The captures and the Master's steps onto the enemy arch, in generation order."""
        b, side = pos.board, pos.turn
        enemy, goal, mine = own[1 - side], arch[1 - side], master[side]
        return [m for m in side_moves(b, side, pos.hand(side)) if m.target is not None
                and (b[m.target] in enemy or (m.target == goal and b[m.origin] == mine))]

    def priority(rules: Rules, pos: Position, moves: Sequence[Move]) -> list[float]:
        b, enemy = pos.board, own[1 - pos.turn]
        out = []
        for m in moves:
            target = b[m.target] if m.target is not None else "."
            out.append(10.0 if target == enemy[1] else 1.0 if target in enemy else 0.0)
        return out

    return Policy(evaluate, priority, playout_depth=24, greedy=0.5, score=score, noisy=noisy,
                  material=material, noisy_moves=noisy_moves, threatened=threatened,
                  judging=JUDGING, reductions=False)
