"""An experiment: hard's alpha-beta on every core as "lazy SMP" (one transposition table
shared by all the processes) instead of the root split of :mod:`ogames.ai.parallel_alphabeta`.

The root split looks at more nodes but gains no ply (docs/performance.md, ``bench/search_depth.py``):
the part holding the best move does nearly all the work of the single search, and the
other parts search their moves without the bound that move would have given them. In a
lazy SMP search every process searches the whole tree, all of them reading and writing
one table, so what one finds cuts the others' work; the helper searches a ply ahead of
the main process, so the main process finds deeper answers in the table than it asked for.

**The table** is a fixed array of slots in memory shared by the processes (no lock: a
slot is three words, the key xor-ed with the two others, so a slot torn by two writers
reads as empty). A position's key is its Python hash, the same in every process because
they are all started with one ``PYTHONHASHSEED``; a move is kept as its hash and found
again among the position's moves.

**What it found** (2026-11-27, the 2-core machine idle, the positions of
``bench/search_depth.py``): to finish one ply more than the single search finishes in
1.7 s, lazy SMP took 1.01 times the single search's time in Opprimo (6 positions), 1.02
in Ordo (3) and 0.78 in Onitama (2); the root split 1.15, 1.40 and 0.72; a helper one
ply ahead at every depth instead of every other depth did no better (1.12 in Opprimo).
The processes' start (0.13-0.3 s of every move) is in those times. So neither buys a
ply on two cores: a shared table saves the main process too little of its work, and
the next thing to try is cheaper processes (a pool kept between moves), not another
way of dividing the tree.

Kept out of ``ogames/ai`` until it proves itself (changing that package sends every
game's strength log back to zero): ``python -m bench.lazy_smp --game opprimo`` prints
the time each search takes to finish one ply more than the single search finishes in
hard's time, on the positions of ``bench/search_depth.py``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import struct
import time
from collections.abc import Hashable, Sequence
from dataclasses import replace

from ogames.ai import alphabeta, parallel_alphabeta, processes
from ogames.ai.alphabeta import (
    _EXACT,
    _LOWER,
    _UPPER,
    LEVELS,
    PROVEN,
    START_SHARE,
    Level,
    Result,
    Searcher,
    _from_table,
    _Stopped,
    _to_table,
)
from ogames.ai.parallel_alphabeta import Part, ShouldStop
from ogames.core.policy import Policy
from ogames.core.registry import get_rules
from ogames.core.rules import Move, Position, Rules

#: slots in the shared table (three 8-byte words each: 24 MB)
SLOTS = 1 << 20
#: the hash seed every search process is started with (positions hash alike in all)
HASH_SEED = "20261127"
#: how a helper deepens: "skip" (every other depth) or "ahead" (every depth, one ahead);
#: read in the worker processes from the environment (``--helper``)
HELPER = os.environ.get("OGAMES_LAZY_HELPER", "skip")
MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
_BITS = struct.Struct("<Q")
_FLOAT = struct.Struct("<d")


class SharedTable:
    """The transposition table over a shared array of ``3 * slots`` unsigned words."""

    def __init__(self, words) -> None:
        raw = memoryview(words).cast("B")
        self.words = raw.cast("Q")
        self.slots = len(self.words) // 3

    def get(self, key: int) -> tuple[int, float, int, int] | None:
        """(depth, value, flag, move hash + 1, 0 for none) stored for ``key``, or None."""
        words = self.words
        i = 3 * (key % self.slots)
        check, data, bits = words[i], words[i + 1], words[i + 2]
        if check ^ data ^ bits != key:
            return None
        return data & 0xFF, _FLOAT.unpack(_BITS.pack(bits))[0], (data >> 8) & 0x3, data >> 16

    def put(self, key: int, depth: int, value: float, flag: int, move: int) -> None:
        """Store, unless the slot holds the same position searched deeper."""
        words = self.words
        i = 3 * (key % self.slots)
        data, bits = words[i + 1], words[i + 2]
        if words[i] ^ data ^ bits == key and data & 0xFF > depth:
            return
        data = (move << 16) | (flag << 8) | min(depth, 0xFF)
        bits = _BITS.unpack(_FLOAT.pack(value))[0]
        words[i + 1] = data
        words[i + 2] = bits
        words[i] = key ^ data ^ bits


class SharedSearcher(Searcher):
    """:class:`alphabeta.Searcher` whose table is the shared one."""

    def __init__(self, shared: SharedTable, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.shared = shared

    def probe(self, key: Hashable, depth: int, alpha: float, beta: float,
              ply: int) -> tuple[float | None, Move | None]:
        entry = self.shared.get(hash(key) & MASK64)
        if entry is None:
            return None, None
        e_depth, value, flag, move = entry
        first = move or None  # an int: resolved among the moves by ``ordered``
        if e_depth >= depth:
            value = _from_table(value, ply)
            if (flag == _EXACT or (flag == _LOWER and value >= beta)
                    or (flag == _UPPER and value <= alpha)):
                return value, first  # type: ignore[return-value]
        return None, first  # type: ignore[return-value]

    def store(self, key: Hashable, depth: int, value: float, flag: int, move: Move | None,
              ply: int) -> None:
        code = 0 if move is None else (hash(move) & MASK32) + 1
        self.shared.put(hash(key) & MASK64, depth, _to_table(value, ply), flag, code)

    def ordered(self, pos: Position, moves: list[Move], first,
                ply: int | None = None) -> list[Move]:
        if isinstance(first, int):
            first = next((m for m in moves if (hash(m) & MASK32) + 1 == first), None)
        return super().ordered(pos, moves, first, ply)


def deepen(searcher: Searcher, pos: Position, moves: list[Move], most: int, started: float,
           deadline: float | None, ahead: int) -> tuple[tuple[int, Move, float], ...]:
    """Iterative deepening as :func:`alphabeta.deepen`; a helper (``ahead`` 1) starts a
    ply deeper, and with ``HELPER`` "skip" searches every other depth (2, 4, 6, …), so it
    runs ahead of the main process and leaves it deeper entries in the table. Until the
    clock or a proven value; each finished depth's (depth, best move, value)."""
    depths: list[tuple[int, Move, float]] = []
    step = 1 + ahead if HELPER == "skip" else 1
    for depth in range(1 + ahead, most + 1, step):
        found: list[tuple[Move, float]] = []
        try:
            searcher.root(pos, moves, depth, found)
        except _Stopped:
            break
        best, value = found[-1]
        depths.append((depth, best, value))
        moves.remove(best)
        moves.insert(0, best)
        if abs(value) > PROVEN:
            break
        if deadline is not None and time.perf_counter() > started + START_SHARE * (
                deadline - started):
            break
    return tuple(depths)


def _worker(game_id: str, pos: Position, moves: list[Move], level: Level, deadline: float,
            index: int, words, should_stop: ShouldStop) -> Part:
    """One process: the main one (``index`` 0) or a helper a ply ahead."""
    rules = get_rules(game_id)
    started = time.perf_counter()
    local = started + max(0.01, deadline - time.monotonic())
    searcher = SharedSearcher(SharedTable(words), rules, rules.policy(), deadline=local,
                              should_stop=should_stop, quiescence_depth=level.quiescence,
                              reductions=level.reductions)
    depths = deepen(searcher, pos, list(moves), level.depth, started, local, index % 2)
    depth, move, value = depths[-1] if depths else (0, moves[0], 0.0)
    return Part(index, move, value, depth, searcher.nodes, True, depths)


def search(rules: Rules, pos: Position, legal: Sequence[Move], policy: Policy, level: Level,
           rng: random.Random | None = None, should_stop: ShouldStop | None = None,
           workers: int | None = None) -> Result:
    """Lazy SMP over ``workers`` processes: the deepest depth any process finished gives
    the move (the main process's on ties)."""
    started = time.monotonic()
    count = workers or processes.cores()
    moves = list(legal)
    if rng is not None:
        rng.shuffle(moves)
    moves = Searcher(rules, policy).ordered(pos, moves, None)
    deadline = started + (level.time_limit or 1.7)
    from multiprocessing import get_context

    words = get_context("spawn").RawArray("Q", 3 * SLOTS)
    jobs = [(rules.id, pos, moves, level, deadline, i, words) for i in range(count)]
    before = os.environ.get("PYTHONHASHSEED")
    os.environ["PYTHONHASHSEED"] = HASH_SEED  # read by each process as it starts
    try:
        answers = processes.run(_worker, jobs, deadline, should_stop)
    finally:
        if before is None:
            del os.environ["PYTHONHASHSEED"]
        else:
            os.environ["PYTHONHASHSEED"] = before
    parts = sorted(answers.values(), key=lambda p: (-p.depth, p.index))
    if not parts:
        return Result(moves[0], 0.0, 0, 0, True, None)
    best = parts[0]
    return Result(best.move, best.value, best.depth, sum(p.nodes for p in parts), True, None)


def compare(game_id: str) -> None:
    """Time to depth: in mid-game positions, the depth the single search finishes in hard's
    time, plus one; then the seconds the single search, the root split and lazy SMP each
    take to finish that depth (the processes' start included), and the median ratios."""
    from .search_depth import positions

    rules = get_rules(game_id)
    policy = rules.policy()
    hard = LEVELS["hard"]
    ratios: dict[str, list[float]] = {"root split": [], "lazy SMP": []}
    for pos in positions(game_id):
        legal = rules.legal_moves(pos)
        depth = alphabeta.search(rules, pos, legal, policy, hard, random.Random(1)).depth + 1
        level = replace(hard, depth=depth, time_limit=60.0)
        seconds = []
        for searched in (alphabeta.search, parallel_alphabeta.search, search):
            started = time.perf_counter()
            searched(rules, pos, legal, policy, level, random.Random(1))
            seconds.append(time.perf_counter() - started)
        ratios["root split"].append(seconds[1] / seconds[0])
        ratios["lazy SMP"].append(seconds[2] / seconds[0])
        print(f"depth {depth}: one core {seconds[0]:.2f} s, root split {seconds[1]:.2f} s, "
              f"lazy SMP {seconds[2]:.2f} s", flush=True)
    for name, found in ratios.items():
        print(f"{name}: {statistics.median(found):.2f} times the single search's time")


def choose_move(game, side: int, level: str | Level = "hard", seed: int = 0, *,
                should_stop: ShouldStop | None = None, policy: Policy | None = None) -> Move:
    """:func:`alphabeta.choose_move` with the lazy SMP search."""
    return alphabeta.choose_move(game, side, level, seed, should_stop=should_stop,
                                 policy=policy, root_search=search)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="opprimo")
    parser.add_argument("--helper", choices=("skip", "ahead"), default="skip",
                        help="how the helper deepens (see HELPER)")
    args = parser.parse_args()
    os.environ["OGAMES_LAZY_HELPER"] = args.helper
    compare(args.game)
