"""The Ochmir board: a hexagon of side 6 cut into 216 unit triangles (CLARIFICATIONS §2.5.1–3).

Cells are numbered 0 … 215 in **index order** (row-major: ``a6`` = 0, ``l18`` = 215); every
table below is indexed by that number, so the rules never touch names or coordinates.

* Rows ``a`` … ``l`` (r = 0 … 11); row r spans columns ``12 − w(r)`` … ``12 + w(r)`` with
  ``w(r) = 6 + min(r, 11 − r)``. Columns step by half a triangle, so a column is vertical.
* Cell (r, c) points **up** iff r + c is even.
* A **minor hexagon** is the six triangles around an interior lattice vertex; it is named
  after the ▼ cell at the middle of its top half. Hexagons overlap (91 of them).
"""

from __future__ import annotations

ROWS = 12
ROW_LETTERS = "abcdefghijkl"
CENTRE = 12  # the column of the board's vertical axis


def half_width(r: int) -> int:
    """w(r): row r holds 2·w(r)+1 cells, columns 12−w(r) … 12+w(r)."""
    return 6 + min(r, ROWS - 1 - r)


def _build_cells() -> tuple[tuple[tuple[int, int], ...], dict[tuple[int, int], int]]:
    coords = tuple(
        (r, c)
        for r in range(ROWS)
        for c in range(CENTRE - half_width(r), CENTRE + half_width(r) + 1)
    )
    return coords, {rc: i for i, rc in enumerate(coords)}


#: (row, column) of each cell, in index order
COORDS, _INDEX = _build_cells()
CELLS = len(COORDS)  # 216
#: the cell names (``a6`` …) in index order, and the reverse map
NAMES: tuple[str, ...] = tuple(f"{ROW_LETTERS[r]}{c}" for r, c in COORDS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAMES)}
#: True for ▲ cells
UP: tuple[bool, ...] = tuple((r + c) % 2 == 0 for r, c in COORDS)


def cell_at(r: int, c: int) -> int | None:
    """The index of the cell at (row, column), or None off the board."""
    return _INDEX.get((r, c))


def _existing(pairs: list[tuple[int, int]]) -> tuple[int, ...]:
    found = (cell_at(r, c) for r, c in pairs)
    return tuple(sorted(i for i in found if i is not None))


def _edge_neighbours(i: int) -> tuple[int, ...]:
    """Cells sharing a side: left, right, and the one below a ▲ / above a ▼."""
    r, c = COORDS[i]
    return _existing([(r, c - 1), (r, c + 1), (r + 1, c) if UP[i] else (r - 1, c)])


def _all_neighbours(i: int) -> tuple[int, ...]:
    """Cells sharing a side or a corner (at most 12): three on the apex side, four in the
    row, five on the base side."""
    r, c = COORDS[i]
    apex, base = (r - 1, r + 1) if UP[i] else (r + 1, r - 1)
    return _existing([(apex, c - 1), (apex, c), (apex, c + 1),
                      (r, c - 2), (r, c - 1), (r, c + 1), (r, c + 2),
                      *((base, c + d) for d in range(-2, 3))])


#: neighbours across a side (a thurin's steps), sorted by index
EDGE: tuple[tuple[int, ...], ...] = tuple(_edge_neighbours(i) for i in range(CELLS))
#: neighbours across a side or a corner (a leremoc's steps), sorted by index
ALL: tuple[tuple[int, ...], ...] = tuple(_all_neighbours(i) for i in range(CELLS))
#: neighbours across a corner only
VERTEX: tuple[tuple[int, ...], ...] = tuple(
    tuple(j for j in ALL[i] if j not in EDGE[i]) for i in range(CELLS)
)


def _build_hexagons() -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """One hexagon per ▼ cell (r, c) whose five partners exist: (r, c±1) and
    (r+1, c−1 … c+1). Returns the naming ▼ cells and the six cells of each hexagon."""
    names, members = [], []
    for i, (r, c) in enumerate(COORDS):
        if UP[i]:
            continue
        six = [cell_at(r, c - 1), i, cell_at(r, c + 1),
               cell_at(r + 1, c - 1), cell_at(r + 1, c), cell_at(r + 1, c + 1)]
        if all(j is not None for j in six):
            names.append(i)
            members.append(tuple(sorted(j for j in six if j is not None)))
    return tuple(names), tuple(members)


#: HEX_NAME[h] = the ▼ cell a hexagon is named after; HEX_CELLS[h] = its six cells
HEX_NAME, HEX_CELLS = _build_hexagons()
HEXES = len(HEX_CELLS)  # 91


def _hexes_of() -> tuple[tuple[int, ...], ...]:
    """Per cell, the hexagons it lies in, in hexagon order: one pass over the hexagons
    (asking every cell of every hexagon took a millisecond of the engine's import)."""
    found: list[list[int]] = [[] for _ in range(CELLS)]
    for h, cells in enumerate(HEX_CELLS):
        for c in cells:
            found[c].append(h)
    return tuple(map(tuple, found))


#: the hexagons each cell lies in (1 for rim cells, 2 or 3 otherwise)
HEXES_OF: tuple[tuple[int, ...], ...] = _hexes_of()


def lattice_vertices() -> frozenset[tuple[int, int]]:
    """Every corner of every triangle, as (line j, x): the lattice of §2.5.1 (127)."""
    found = set()
    for i, (r, c) in enumerate(COORDS):
        x = c - CENTRE
        if UP[i]:
            found |= {(r, x), (r + 1, x - 1), (r + 1, x + 1)}
        else:
            found |= {(r, x - 1), (r, x + 1), (r + 1, x)}
    return frozenset(found)


def row_columns(r: int) -> range:
    """The columns of row r."""
    return range(CENTRE - half_width(r), CENTRE + half_width(r) + 1)
