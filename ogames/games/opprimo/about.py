"""Opprimo as the game picker shows it, read without the engine (``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order (Yellow moves first)
SIDE_NAMES = ("Yellow", "Red")

ABOUT = GameAbout(
    id="opprimo",
    name="Opprimo",
    description="Soldiers step forward and convert enemies by jumping; trap the enemy King.",
    variants=("standard",),
    sides_by_variant=(SIDE_NAMES,),
    order=1,  # where the picker lists it
)
