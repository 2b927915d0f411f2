"""How a game ended: a share of the win per side and the reason (Termination)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .errors import NotationError

#: the Termination of a game lost on time (a game clock, online play): the PGN keyword
TIME_FORFEIT = "time forfeit"
#: words for the Termination keywords every game may end with (CLARIFICATIONS §1.6); each
#: game names its own in ``Rules.endings``
GENERIC_ENDINGS = {
    "no moves": "no legal move left",
    "resigned": "resignation",
    "draw agreed": "draw by agreement",
    TIME_FORFEIT: "time ran out",
}


@dataclass(frozen=True)
class Outcome:
    """``shares`` in side order sum to 1 (1-0, ½-½, ⅓-⅓-⅓ …); ``reason`` is the
    Termination keyword of CLARIFICATIONS §1.6 (``goal``, ``trapped``, ``resigned`` …)."""

    shares: tuple[Fraction, ...]
    reason: str

    @staticmethod
    def win(winner: int, sides: int, reason: str) -> Outcome:
        return Outcome(
            tuple(Fraction(1) if i == winner else Fraction(0) for i in range(sides)), reason
        )

    @staticmethod
    def loss(loser: int, sides: int, reason: str) -> Outcome:
        """Two-sided games: ``loser`` loses, the other side wins."""
        if sides != 2:
            raise ValueError("Outcome.loss is for two-sided games")
        return Outcome.win(1 - loser, 2, reason)

    @staticmethod
    def shared(winners: tuple[int, ...] | list[int], sides: int, reason: str) -> Outcome:
        share = Fraction(1, len(winners))
        return Outcome(tuple(share if i in winners else Fraction(0) for i in range(sides)), reason)

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.shares)
        return tuple(i for i, s in enumerate(self.shares) if s == best and s > 0)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) == len(self.shares)

    @property
    def result_token(self) -> str:
        return result_token(self.shares)


def _share_text(share: Fraction) -> str:
    return str(share.numerator) if share.denominator == 1 else f"{share.numerator}/{share.denominator}"


def result_token(shares: tuple[Fraction, ...]) -> str:
    return "-".join(_share_text(s) for s in shares)


_ALLOWED_SHARES = {"1": Fraction(1), "0": Fraction(0), "1/2": Fraction(1, 2), "1/3": Fraction(1, 3)}


def parse_result_token(token: str, sides: int) -> tuple[Fraction, ...] | None:
    """``*`` → None; ``1-0``, ``1/2-1/2``, ``0-1-0`` … → shares. Raises NotationError."""
    if token == "*":
        return None
    parts = token.split("-")
    if len(parts) != sides or any(p not in _ALLOWED_SHARES for p in parts):
        raise NotationError(f"'{token}' is not a result for {sides} sides (e.g. "
                            + ("1-0, 0-1, 1/2-1/2 or *" if sides == 2 else "1-0-0, 1/3-1/3-1/3 or *")
                            + ")")
    shares = tuple(_ALLOWED_SHARES[p] for p in parts)
    if sum(shares) != 1:
        raise NotationError(f"the shares of '{token}' do not add up to 1")
    return shares
