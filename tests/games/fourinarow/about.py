"""Four in a Row as the game picker shows it, read without the engine
(``ogames.core.about``)."""

from ogames.core.about import GameAbout

#: the sides in side order (Red drops first)
SIDES = ("Red", "Yellow")
#: the variants, by board size (columns × rows); the first is the default
VARIANTS = ("7x6", "8x7")

ABOUT = GameAbout(
    id="fourinarow",
    name="Four in a Row",
    aliases=("four in a row", "connect four"),
    description="Drop discs into the columns; four of yours in a line wins",
    variants=VARIANTS,
    sides_by_variant=(SIDES, SIDES),
)
