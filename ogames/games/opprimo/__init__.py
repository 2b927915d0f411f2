"""Opprimo: everything that knows this game lives in this package. The rules engine is
:mod:`.rules`; the player's rules text is ``rules.md``; what the computer knows is
:mod:`.computer`; the words that teach and explain are :mod:`.teaching`."""

from .rules import RULES, OpprimoRules

__all__ = ["RULES", "OpprimoRules"]
