"""Onitama as the game picker shows it, read without the engine (``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order
SIDE_NAMES = ("Red", "Blue")

ABOUT = GameAbout(
    id="onitama",
    name="Onitama",
    description="Two masters, five shared move cards: take the enemy master or its temple.",
    variants=("base",),
    sides_by_variant=(SIDE_NAMES,),
    order=3,  # where the picker lists it
    uses_seed=True,  # the five cards are dealt from the seed
)
