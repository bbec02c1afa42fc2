"""A map's alt text names who shares a grid: the map itself draws a shared
grid (C.6) as a count and small counters with no names, so a screen reader or a long
press on a phone must say who is there."""

from __future__ import annotations

from dataclasses import replace

from bot.present.texts import ALT_LIMIT, map_alt, shared_grids
from engine.board_view import UnitView
from engine.views import Viewer, view
from tests.games import quick_game


def _crowded(unit_count: int):  # type: ignore[no-untyped-def]
    """A real spectator view with ``unit_count`` of its units moved into one grid."""
    game = quick_game()
    seen = view(game.state, Viewer.SPECTATOR, game.ship, game.content)
    units = list(seen.board.units)
    here = units[0].grid
    units[1:unit_count] = [replace(u, grid=here) for u in units[1:unit_count]]
    units[1] = replace(units[1], injured=True)
    return replace(seen, board=replace(seen.board, units=tuple(units))), here


def test_c6_the_alt_text_names_every_unit_sharing_a_grid() -> None:
    seen, here = _crowded(3)
    names = [u.label for u in seen.board.units if u.grid == here]
    assert len(names) == 3
    (line,) = shared_grids(seen.board)
    assert line.startswith(f"{here} (3): ")
    assert all(name in line for name in names) and "(injured)" in line
    alt = map_alt(seen, "spectator", ["🗺️ **Turn 1 · Crew phase**"])
    assert f"Sharing a grid: {line}." in alt and len(alt) <= ALT_LIMIT
    # before the digest, so that a long digest cut at the limit never drops it
    assert alt.index("Sharing a grid") < alt.index("🗺️ Turn 1 · Crew phase")


def test_a_map_with_no_shared_grid_says_nothing_of_sharing() -> None:
    game = quick_game()
    seen = view(game.state, Viewer.SPECTATOR, game.ship, game.content)
    assert len({u.grid for u in seen.board.units}) == len(seen.board.units)
    assert shared_grids(seen.board) == []
    assert "Sharing" not in map_alt(seen, "spectator")


def test_the_aliens_own_map_names_it_pipe_running_where_it_shares_a_grid() -> None:
    seen, here = _crowded(2)
    hidden = UnitView("alien1", "Larva", seen.board.units[0].side, here, hidden=True)
    with_alien = replace(seen, board=replace(seen.board, units=(*seen.board.units, hidden)))
    assert f"{here} (3): " in map_alt(with_alien, "alien")
    assert "Larva (pipe-running)" in map_alt(with_alien, "alien")
