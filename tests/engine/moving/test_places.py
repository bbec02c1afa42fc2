"""Moving to a room by its name (C.4; the terminal's ``move tanaka workshop``, the
panels' "→ Workshop 1-F6"): the room's grid that costs the fewest actions from where
the unit stands, among its legal moves."""

from __future__ import annotations

import pytest

from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.errors import ParseError, RoomNamed, RuleError
from engine.game import Game
from engine.legal import is_legal, legal_commands
from engine.moving.places import move_to_room, nearest_in_each_room
from engine.state import Condition, Phase, Side
from tests.games import quick_game


def crew_phase(seed: int) -> Game:
    game = quick_game(seed)
    game.play(Side.ALIEN, c.parse("pass"))
    assert game.state.phase is Phase.CREW
    return game


def named(text: str) -> RoomNamed:
    with pytest.raises(RoomNamed) as raised:
        c.parse(text)
    return raised.value


def test_a_room_name_is_no_grid_so_parsing_alone_refuses_it_as_before():
    found = named("move tanaka workshop")
    assert (found.unit, found.room) == ("tanaka", "workshop")
    assert "'workshop' is not a grid" in str(found) and isinstance(found, ParseError)
    assert named("move tanaka Life Pod 1").room == "Life Pod 1"
    with pytest.raises(ParseError) as mixed:  # a route of grids and a name: a bad grid
        c.parse("move tanaka 1-F6 workshop")
    assert not isinstance(mixed.value, RoomNamed)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_c4_a_rooms_name_moves_the_unit_to_its_cheapest_grid_in_reach(seed):
    game = crew_phase(seed)
    state, ship = game.state, game.ship
    unit = next(h for h in state.humans.values() if h.condition is Condition.WELL and h.grid)
    assert unit.grid is not None
    costs = reachable(ship, unit.grid, unit.actions, Mover.HUMAN, state.doors)
    legal = legal_commands(state, Side.CREW, ship, game.content, unit.id)
    ends = [m.route[-1] for m in legal if isinstance(m, c.Move)]
    here = ship.cells[unit.grid].region
    rooms = {ship.cells[g].region for g in ends} - {here}
    assert rooms, "a unit at the start of its phase reaches another room"
    for key in rooms:
        name = ship.regions[key].name
        move = move_to_room(state, Side.CREW, ship, game.content, named(f"move {unit.id} {name}"))
        cheapest = min(costs[g] for g in ends if ship.cells[g].region == key)
        assert ship.cells[move.route[-1]].region == key
        assert costs[move.route[-1]] == cheapest
        assert is_legal(state, Side.CREW, move, ship, game.content)
        # the way the panels offer it: the first of the grids, cheapest first
        by_cost = sorted(ends, key=lambda g: (costs[g], g))
        assert nearest_in_each_room(ship, by_cost)[key] == move.route[-1]


def test_a_name_that_is_no_room_or_the_room_the_unit_is_in_is_refused_saying_why():
    game = crew_phase(1)
    state, ship = game.state, game.ship
    unit = next(h for h in state.humans.values() if h.condition is Condition.WELL and h.grid)
    assert unit.grid is not None
    with pytest.raises(RuleError) as nowhere:
        move_to_room(state, Side.CREW, ship, game.content, named(f"move {unit.id} bridge"))
    assert "'bridge' is neither a grid" in str(nowhere.value)
    assert "Workshop" in nowhere.value.legal
    room = ship.region_of(unit.grid).name
    with pytest.raises(RuleError) as already:
        move_to_room(state, Side.CREW, ship, game.content, named(f"move {unit.id} {room}"))
    assert f"already in the {room}" in str(already.value)
    with pytest.raises(RuleError) as nobody:
        move_to_room(state, Side.CREW, ship, game.content, named("move zed workshop"))
    assert "no unit 'zed'" in str(nobody.value)
