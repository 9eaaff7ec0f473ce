"""Personal boards (components.md §3-5): cells, neighbours and rotation in axial flat-top coordinates."""

from __future__ import annotations

import pytest

from harmonies.rules import DIRECTIONS, GameSetup, board_shape, rotate
from test_support import new_game, ref_cells, ref_neighbours, ref_offsets, ref_rotate

# components.md §4 and §5, copied by hand.
SIDE_A = [(0, 0), (0, 1), (0, 2), (0, 3), (0, 4), (1, 0), (1, 1), (1, 2), (1, 3), (2, -1), (2, 0), (2, 1),
          (2, 2), (2, 3), (3, -1), (3, 0), (3, 1), (3, 2), (4, -2), (4, -1), (4, 0), (4, 1), (4, 2)]
SIDE_B = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0), (1, 1), (1, 2), (2, -1), (2, 0), (2, 1), (2, 2), (3, -1),
          (3, 0), (3, 1), (4, -2), (4, -1), (4, 0), (4, 1), (5, -2), (5, -1), (5, 0), (6, -3), (6, -2), (6, -1),
          (6, 0)]


def test_side_a_has_the_23_cells_of_the_reference() -> None:
    shape = board_shape("A")
    assert len(shape.cells) == 23 == shape.size
    assert sorted(shape.cells) == sorted(SIDE_A) == sorted(ref_cells("A"))
    assert shape.water == "river"


def test_side_b_has_the_25_cells_of_the_reference() -> None:
    shape = board_shape("B")
    assert len(shape.cells) == 25 == shape.size
    assert sorted(shape.cells) == sorted(SIDE_B) == sorted(ref_cells("B"))
    assert shape.water == "islands"


@pytest.mark.parametrize("side, columns", [("A", [5, 4, 5, 4, 5]), ("B", [4, 3, 4, 3, 4, 3, 4])])
def test_columns_have_the_reference_lengths(side: str, columns: list[int]) -> None:
    cells = board_shape(side).cells
    assert [sum(1 for q, _ in cells if q == col) for col in range(len(columns))] == columns


@pytest.mark.parametrize("side", ["A", "B"])
def test_index_numbers_every_cell_once(side: str) -> None:
    shape = board_shape(side)
    assert shape.side == side
    assert sorted(shape.index.values()) == list(range(shape.size))
    assert all(shape.cells[i] == c for c, i in shape.index.items())
    assert all(c in shape for c in shape.cells)
    assert (9, 9) not in shape


def test_directions_are_the_six_reference_neighbour_offsets() -> None:
    assert sorted(DIRECTIONS) == sorted(ref_offsets())
    assert sorted(DIRECTIONS) == sorted([(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)])


@pytest.mark.parametrize("side", ["A", "B"])
def test_neighbours_are_the_on_board_cells_at_the_six_offsets(side: str) -> None:
    shape = board_shape(side)
    for i, cell in enumerate(shape.cells):
        mine = sorted(shape.cells[j] for j in shape.neighbours[i])
        assert mine == sorted(ref_neighbours(side, cell)), cell
        assert len(set(shape.neighbours[i])) == len(shape.neighbours[i])
        assert i not in shape.neighbours[i]
        for j in shape.neighbours[i]:  # adjacency is symmetric
            assert i in shape.neighbours[j]


def test_a_few_neighbourhoods_by_hand() -> None:
    a = board_shape("A")

    def around(cell: tuple[int, int]) -> set[tuple[int, int]]:
        return {a.cells[j] for j in a.neighbours[a.index[cell]]}

    # Corner of the left long column: below, and the short column to its right.
    assert around((0, 0)) == {(0, 1), (1, 0)}
    # An odd (lowered) column cell touches two cells in each long column beside it.
    assert around((1, 0)) == {(0, 0), (0, 1), (1, 1), (2, -1), (2, 0)}
    # Interior cell: all six.
    assert around((2, 1)) == {(1, 1), (1, 2), (2, 0), (2, 2), (3, 0), (3, 1)}
    assert around((4, 2)) == {(4, 1), (3, 2)}
    b = board_shape("B")
    assert {b.cells[j] for j in b.neighbours[b.index[(6, -3)]]} == {(6, -2), (5, -2)}
    assert {b.cells[j] for j in b.neighbours[b.index[(3, 0)]]} == {(3, -1), (3, 1), (2, 0), (2, 1), (4, -1), (4, 0)}


@pytest.mark.parametrize("side, edges", [("A", 18 + 4 * 8), ("B", 18 + 6 * 6)])
def test_edge_counts(side: str, edges: int) -> None:
    # Counted from the reference picture: edges inside the columns, plus two per cell of the
    # shorter column of each neighbouring pair. A second, coarse check of the neighbour table.
    shape = board_shape(side)
    assert sum(len(n) for n in shape.neighbours) == 2 * edges


def test_rotate_is_the_reference_60_degree_turn() -> None:
    for h in [(1, 0), (-1, 0), (0, 1), (-2, 0), (-1, 1), (3, -2)]:
        for t in range(-6, 13):
            assert rotate(h, t) == ref_rotate(h, t)
        assert rotate(h, 6) == h
        assert len({rotate(h, t) for t in range(6)}) == 6
    # Each turn maps each neighbour offset onto the next one clockwise on screen.
    assert rotate((0, -1)) == (1, -1)  # up -> up-right
    assert {rotate(d) for d in DIRECTIONS} == set(DIRECTIONS)


def test_unknown_side_is_refused() -> None:
    with pytest.raises(ValueError):
        board_shape("C")
    with pytest.raises(ValueError):
        GameSetup(players=2, side="C")


@pytest.mark.parametrize("side, size", [("A", 23), ("B", 25)])
def test_a_new_game_uses_the_chosen_side_for_every_player(side: str, size: int) -> None:
    game = new_game(players=3, side=side)
    assert game.shape.side == side
    for seat in range(3):
        view = game.player(seat)
        assert view.empty_cells == size and view.stacks == {} and view.cubes == {}
