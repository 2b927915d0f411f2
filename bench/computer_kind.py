"""Which search the computer runs in a game, in words: read by the engine figures
(``bench.run``) and by the search-depth comparison (``bench.search_depth``), which
compares alpha-beta games alone. Kept apart so that neither of them imports the other."""

from __future__ import annotations

from ogames.ai import dealt_world
from ogames.ai.player import uses_alphabeta
from ogames.core.registry import get_rules


def computer_kinds(game_id: str) -> dict[str, str]:
    """Per variant, which search the computer runs in its first position: "alpha-beta",
    "alpha-beta, one dealt world" (hidden hands, two sides: ``ogames.ai.dealt_world``) or
    "playouts" (Monte Carlo, the only search whose speed the playout figure sets)."""
    rules = get_rules(game_id)
    policy = rules.policy()
    kinds = {}
    for variant in rules.variants:
        pos = rules.start(variant, 0)
        kinds[variant] = ("alpha-beta" if uses_alphabeta(rules, pos, policy)
                          else "alpha-beta, one dealt world" if dealt_world.fits(rules, pos, policy)
                          else "playouts")
    return kinds


def computer_kind(game_id: str) -> str:
    """The search the computer runs, in words: one kind, or each variant's where they
    differ (Ochmir: two hands and three)."""
    kinds = computer_kinds(game_id)
    if len(set(kinds.values())) == 1:
        return next(iter(kinds.values()))
    return "; ".join(f"{kind} ({variant})" for variant, kind in kinds.items())
