"""Oferhlýp as the game picker shows it, read without the engine (``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order (Dark moves first)
SIDES = ("Dark", "Light")

ABOUT = GameAbout(
    id="oferhlyp",
    name="Oferhlýp",
    aliases=("oferhlýp",),
    description="Hex checkers: jump in six directions; a piece falls only on its second hit",
    variants=("v1",),
    sides_by_variant=(SIDES,),
    order=2,  # where the picker lists it
)
