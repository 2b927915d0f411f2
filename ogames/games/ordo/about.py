"""Ordo as the game picker shows it, read without the engine (``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order (White moves first)
SIDES = ("White", "Black")
#: the variants, by board size (files × ranks); the first is the default
VARIANTS = ("10x8", "8x8")

ABOUT = GameAbout(
    id="ordo",
    name="Ordo",
    description="Dieter Stein's race to the far row with a group that must never split",
    variants=VARIANTS,
    sides_by_variant=(SIDES, SIDES),
    order=4,  # where the picker lists it
)
