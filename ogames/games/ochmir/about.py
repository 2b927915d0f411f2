"""Ochmir as the game picker shows it, read without the engine (``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order; the two-handed game has the first two
SIDES = ("White", "Blue", "Brown")

ABOUT = GameAbout(
    id="ochmir",
    name="Ochmir",
    description=("Mary Gentle's tile game: place double-faced tiles on 216 triangles and "
                 "turn hexagons to your colour (2 or 3 players)"),
    variants=("2", "3"),
    variant_names=("2 players", "3 players"),
    sides_by_variant=(SIDES[:2], SIDES),
    order=5,  # where the picker lists it
    uses_seed=True,  # the bag is shuffled from the seed
)
