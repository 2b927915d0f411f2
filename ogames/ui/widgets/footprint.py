"""Which screen cells of a board drawing belong to which board cell, beyond its rectangle.

An engine gives every cell a small rectangle (where its glyph sits); the shape a player
sees is larger: the inside of a hexagon's outline, of a castle triangle between the lattice
lines. A click anywhere inside that shape must pick the cell, and a highlight must fill it,
or a target is a dot that is hard to find and hard to hit. The shape is read off the drawing
itself, knowing no game: the blank screen cells (and the letters of a label) that are
enclosed by drawn lines together with one cell's rectangle belong to that cell. Points of a
lattice lie on its lines, not inside a shape, so an area that touches points only belongs
to none of them; an area open to several cells (the rows of dots between Ochmir's bands)
belongs to none either.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

from ...core.board import BoardLayout, CellSpec

#: cells of this kind lie on the drawn lines, at the corners of shapes, never inside one
ON_LINES = frozenset({"point"})

Place = tuple[int, int]  # (row, column) on the canvas


def _rectangles(layout: BoardLayout) -> dict[Place, CellSpec]:
    return {(r, c): spec for spec in layout.cells
            for r in range(spec.row, spec.row + spec.height)
            for c in range(spec.col, spec.col + spec.width)}


def _open(layout: BoardLayout, taken: dict[Place, CellSpec], place: Place) -> bool:
    """Whether ``place`` is inside a shape's area: on the canvas, in no cell's rectangle,
    and blank or a letter or digit of a label (anything else is a drawn line)."""
    r, c = place
    if place in taken or not (0 <= r < layout.height and 0 <= c < layout.width):
        return False
    line = layout.background[r] if r < len(layout.background) else ""
    char = line[c] if c < len(line) else " "
    return char == " " or char.isalnum()


def _areas(layout: BoardLayout, taken: dict[Place, CellSpec]) -> Iterator[tuple[list[Place], set[str]]]:
    """Every connected open area (four neighbours), with the cells whose rectangles it
    touches (points left out)."""
    seen: set[Place] = set()
    for r in range(layout.height):
        for c in range(layout.width):
            if (r, c) in seen or not _open(layout, taken, (r, c)):
                continue
            area: list[Place] = []
            touched: set[str] = set()
            queue = deque([(r, c)])
            seen.add((r, c))
            while queue:
                y, x = queue.popleft()
                area.append((y, x))
                for near in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    spec = taken.get(near)
                    if spec is not None:
                        if spec.kind not in ON_LINES:
                            touched.add(spec.name)
                    elif near not in seen and _open(layout, taken, near):
                        seen.add(near)
                        queue.append(near)
            yield area, touched


def footprints(layout: BoardLayout) -> dict[str, tuple[Place, ...]]:
    """For each cell whose drawn shape is larger than its rectangle, the canvas places
    (row, column) of the rest of the shape: the open areas that touch its rectangle and no
    other cell's."""
    taken = _rectangles(layout)
    out: dict[str, list[Place]] = {}
    for area, touched in _areas(layout, taken):
        if len(touched) == 1:
            out.setdefault(touched.pop(), []).extend(area)
    return {name: tuple(sorted(places)) for name, places in out.items()}
