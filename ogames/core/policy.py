"""What a game may tell the computer player, behind one generic hook (``Rules.policy``).

The searches in :mod:`ogames.ai` know no game: each engine's package hands them a
``Policy`` (OpenSpiel passes an evaluator into a game-blind search the same way): an
evaluation of cut-off playouts, a priority for trying moves, and, for hidden-information
games, a way to sample a full position consistent with a player's view. A game that also
gives a ``score`` (with ``noisy`` and ``material``) is played by the alpha-beta search of
:mod:`ogames.ai.alphabeta` instead of Monte Carlo. Every field is optional; a game without
a policy is still played, only less well.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

#: the game's ``Rules`` object, passed back to its own hooks (typed loosely here: the Rules
#: interface returns a Policy, so this module may not import it back)
RulesObject = Any
Position = Any
Move = Any

#: shares per side in [0, 1] (they need not sum to 1): how good ``pos`` looks to each side
Evaluate = Callable[[RulesObject, Position], Sequence[float]]
#: one number per move, higher = try earlier (tree expansion and greedy playouts)
Priority = Callable[[RulesObject, Position, Sequence[Move]], Sequence[float]]
#: a full playable position consistent with ``view`` as ``side`` knows it
Determinize = Callable[[RulesObject, Position, int, random.Random], Position]
#: how good ``pos`` is for the side to move, in material units (a piece is about 1);
#: positive is good for it. Alpha-beta's leaf evaluation and ``material`` both have it
Score = Callable[[RulesObject, Position], float]
#: True for a move that changes the material or ends the game (a capture, a conversion,
#: a winning step): the moves the quiescence search goes on with at the horizon
Noisy = Callable[[RulesObject, Position, Move], bool]
#: the legal moves of ``pos`` that ``noisy`` accepts, in generation order, found without
#: listing the others (a game whose quiet moves are most of its moves and cost the most)
NoisyMoves = Callable[[RulesObject, Position], Sequence[Move]]
#: True when the side to move faces a threat that would end the game with the opponent's
#: next move (an Ordo piece that can reach its goal row)
Threatened = Callable[[RulesObject, Position], bool]
#: the moves worth weighing among ``moves`` (the legal moves of ``pos``, or a subsequence of
#: them), each one of them: all of them, or where a game can have too many to list (an
#: Ochmir capture leaving n tiles loose is 2^n moves) a few per action
Candidates = Callable[[RulesObject, Position, Sequence[Move]], Sequence[Move]]
#: a playout of up to n moves from a position, played by the game on its own state changed
#: in place, each move drawn without listing the moves (where listing them and building a
#: position per move is most of a playout's time): (the position reached, the moves
#: played), or None where the search plays the playout itself
PlayOut = Callable[[RulesObject, Position, random.Random, int], Any]


@dataclass(frozen=True)
class Policy:
    """What a game may tell the search. ``greedy`` is the chance that a playout move is
    the highest-priority one rather than a uniformly random one (needs ``priority``).

    Alpha-beta (chosen when ``score`` is given; two sides, nothing hidden) reads
    ``score`` at its leaves, ``noisy`` to pick the moves its quiescence step plays on,
    ``priority`` to order moves (captures and wins first: cheap, no lookahead), and
    ``material``, the bare material balance from the side to move's view, to make sure a
    capture that wins material at once is never missed (the pre-check before the search).
    ``noisy_moves``, when given, lists the noisy moves at once for the quiescence step
    (only for a game whose ``outcome`` already ends every position without a legal move:
    the step then never lists all moves). ``threatened``, when given, makes the search look
    one ply further where its horizon falls on a side facing such a threat, instead of
    standing pat there: the defence (a capture, a block) is then seen, as a chess engine
    extends its search on a check. ``level_depths`` gives, by level name, the depth in
    plies at which this game's alpha-beta levels search where it differs from the
    search's own (a game whose tactics take more plies needs them to make a level the
    same step above the one below it). ``candidates``, when given, is what the Monte Carlo
    search weighs in place of all the legal moves, at its root and in its tree and
    playouts: the moves are then never listed one by one (three-handed Ochmir, where one
    capture may leave twenty or thirty tiles loose, each with a face to choose).
    ``playout``, when given, plays the playouts instead (its own ``greedy`` included),
    where it can: asked once at each playout's start, the search plays the playout itself
    where it returns None. ``search_weighs``, when given, marks the captures the pre-check
    leaves to the search however much material they win at once: a capture that gives
    up something the game's ``score`` counts above its gain and the one-ply pre-check
    cannot see (an Opprimo man that anchors its own King from the back edge).
    ``search_overrules`` names the levels at which the searched move stands against the
    pre-check's capture when the search values it above the capture by more than all the
    material the capture surely wins: the search has then seen something worth more than
    that material (Ordo's hard, whose one-ply captures cost it won games: the searched
    step that won by force in nine plies was given up for a piece); the other levels keep
    the pre-check's word. ``level_scores`` gives, by level name, a
    leaf score that level's search reads in place of ``score``: a lower level may know
    less of the game than the one above it (Opprimo's easy knows no anchored King).
    ``judging``, when given, is how the judge (hard's search, which gives the hints and
    the review) reads the game: its offline budget and its fitted chance curve.
    """

    evaluate: Evaluate | None = None
    priority: Priority | None = None
    determinize: Determinize | None = None
    playout_depth: int | None = None
    greedy: float = 0.0
    score: Score | None = None
    noisy: Noisy | None = None
    material: Score | None = None
    noisy_moves: NoisyMoves | None = None
    threatened: Threatened | None = None
    level_depths: tuple[tuple[str, int], ...] = ()
    candidates: Candidates | None = None
    playout: PlayOut | None = None
    search_weighs: Noisy | None = None
    search_overrules: tuple[str, ...] = ()
    level_scores: tuple[tuple[str, Score], ...] = ()
    #: how the review and the hints' judge reads this game's ``score`` (``Judging``)
    judging: Judging | None = None
    #: late move reductions fit this game (``alphabeta.Level.reductions``, hard's): False
    #: where a quiet move late in the order decides as often as any other (Onitama, whose
    #: Masters reach the arch and each other by quiet moves)
    reductions: bool = True


@dataclass(frozen=True)
class Judging:
    """How the judge (:mod:`ogames.ai.judge`: hard's search, which gives the hints, the
    review and every chance shown) reads a game: ``nodes``, the alpha-beta nodes it
    searches each position with offline (no clock, so the same file gives the same review
    on any machine; at least what hard searches in its time on two cores), and the curve
    from a search's value to the side to move's chance of winning, a logistic
    ``1 / (1 + exp(-(value + edge) / scale))`` fitted to the outcomes of logged games
    (each game's ``computer.py`` says how and on what)."""

    nodes: int
    scale: float
    edge: float = 0.0

    def chance(self, value: float) -> float:
        """The side to move's chance of winning at a (not proven) search value."""
        x = (value + self.edge) / self.scale
        if x < -60:
            return 0.0
        return 1.0 / (1.0 + math.exp(-x)) if x < 60 else 1.0


#: the knowledge-free policy: plain random playouts to the end
DEFAULT = Policy()


def logistic(diff: float, scale: float) -> float:
    """Map an advantage to a win expectation in (0, 1)."""
    return 1.0 / (1.0 + math.exp(-diff / scale))


def two_sided(first: float) -> tuple[float, float]:
    """Shares of a two-sided game from the first side's expectation."""
    return first, 1.0 - first
