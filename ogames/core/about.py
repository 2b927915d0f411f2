"""What the game picker shows of a game, readable without importing its engine: the
picker lists every game in its first frame, and importing five engines for their names
took a sixth of that frame. Each game's ``about`` module holds its ``GameAbout``; its
``Rules`` class takes the same attributes from there (``Rules.about``), so they are
written once; the game's package hands out its engine only when first asked
(``lazy_exports``)."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameAbout:
    """A game's id (CLARIFICATIONS §1.1), the name players read, other names the registry
    accepts, one line for the picker, its variants (the first is the default), the side
    names of each variant (in the variants' order), whether its start is dealt or drawn
    from a seed, and where the picker lists it (``order``: lower first; a game without
    one after those with one, by id)."""

    id: str
    name: str
    description: str
    variants: tuple[str, ...]
    sides_by_variant: tuple[tuple[str, ...], ...]
    aliases: tuple[str, ...] = ()
    uses_seed: bool = False
    #: what the picker calls each variant, in the variants' order ("2 players"); none:
    #: the variants' own names
    variant_names: tuple[str, ...] = ()
    order: int | None = None

    def __post_init__(self) -> None:
        if len(self.sides_by_variant) != len(self.variants):
            raise ValueError(f"{self.id}: one tuple of side names per variant")
        if self.variant_names and len(self.variant_names) != len(self.variants):
            raise ValueError(f"{self.id}: one name per variant, or none")

    def variant_name(self, variant: str) -> str:
        """What the picker calls ``variant`` (its own name unless the game says more)."""
        if not self.variant_names:
            return variant
        return self.variant_names[self.variants.index(variant)]

    def sides(self, variant: str) -> tuple[str, ...]:
        """Side names in side order (``("White", "Black")``) of a variant of this game."""
        return self.sides_by_variant[self.variants.index(variant)]


def lazy_exports(package: str, **modules: tuple[str, ...]) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) for a game's package: each name listed under a
    submodule (``rules=("RULES",)``) is imported from it on first use, so that importing
    the package (for its ``ABOUT``) does not import the engine."""
    where = {name: sub for sub, names in modules.items() for name in names}

    def __getattr__(name: str) -> Any:
        sub = where.get(name)
        if sub is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{sub}"), name)

    return __getattr__
