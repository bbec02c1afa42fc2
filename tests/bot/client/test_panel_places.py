""" "Go to…" by places: doorways, rooms, lifts and hatches, search spots
first, then the grids of the unit's room as a second step; every option a legal
move, every page within Discord's 25 options, every legal move a few taps away."""

from __future__ import annotations

import copy
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.client.panels.choices import SELECT_MAX, Choice, choices_for
from bot.client.panels.places import MovePages, move_pages
from engine import commands as c
from engine.board.geometry import Mover, reachable, visible_grids
from engine.board.grid import Grid
from engine.content_models import GearKind
from engine.game import Game
from engine.legal import legal_commands, ready_units
from engine.state import Item, Phase, Side
from engine.views import view
from tests.bot.client.test_panel_choices import _wander
from tests.games import staged

TOKEN = "page:m"


def pages_of(game: Game, side: Side, unit: str) -> MovePages:
    legal = legal_commands(game.state, side, game.ship, game.content, unit=unit)
    v = view(game.state, side.value, game.ship, game.content)
    found = choices_for(v, unit, legal, game.ship, lambda _: None)
    return move_pages(v, unit, found.destinations, game.ship, game.content)


def every_page(pages: MovePages) -> list[list[Choice]]:
    """Each page reached by following the page tokens from the first."""
    seen: dict[int, list[Choice]] = {}
    todo = [0]
    while todo:
        number = todo.pop()
        if number in seen:
            continue
        shown, number = pages.page(number, TOKEN)
        seen[number] = shown
        todo += [int(o.command.rsplit(":", 1)[1]) for o in shown if o.command.startswith(TOKEN)]
    return [seen[n] for n in sorted(seen)]


def legal_moves(game: Game, side: Side, unit: str) -> set[str]:
    legal = legal_commands(game.state, side, game.ship, game.content, unit=unit)
    return {m.notation() for m in legal if isinstance(m, c.Move)}


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 30))
def test_every_go_to_option_is_a_legal_move_and_every_legal_move_is_reached(
    seed: int, steps: int
) -> None:
    game = _wander(seed, steps)
    if game.state.phase is Phase.OVER:
        return
    side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
    for unit in ready_units(game.state, side):
        moves = legal_moves(game, side, unit)
        if not moves:
            continue
        shown = every_page(pages_of(game, side, unit))
        offered = {o.command for page in shown for o in page if not o.command.startswith(TOKEN)}
        assert offered == moves  # nothing else, nothing left out
        for page in shown:
            assert 0 < len(page) <= SELECT_MAX
            assert len({o.command for o in page}) == len(page)  # Discord: values unique
            assert all(0 < len(o.label) <= 100 for o in page)
        first = shown[0][0]
        assert not first.command.startswith(TOKEN)  # one tap to a destination


def _cost(label: str) -> int:
    found = re.search(r"(\d+) actions?$", label)
    assert found, label
    return int(found[1])


def test_places_come_first_with_their_costs_then_this_rooms_grids() -> None:
    game = staged(3, crew={"hyun": "1-K6"}, alien="0-H10", phase=Phase.CREW, pipe_running=True)
    pages = pages_of(game, Side.CREW, "hyun")
    first, _ = pages.page(0, TOKEN)
    labels = [o.label for o in first]
    assert labels[0].startswith("Door to ")  # the room's exits first
    assert any(label.startswith("→ Lab ") for label in labels)  # a neighbouring room
    assert any(label.startswith("Lift A ") for label in labels)
    assert any(label.startswith("Hatch ") and "to Deck 02" in label for label in labels)
    assert labels[-2].startswith("A grid in the Middle Corridor…")
    assert labels[-1].startswith("Another grid…")
    costs = reachable(game.ship, Grid.parse("1-K6"), 4, Mover.HUMAN, game.state.doors)
    for option in first:
        if option.command.startswith("move "):  # costs shown as for grids
            assert (
                _cost(option.label.split(" · ")[0]) == costs[Grid.parse(option.command.split()[-1])]
            )
    here, _ = pages.page(int(first[-2].command.rsplit(":", 1)[1]), TOKEN)
    grids = [Grid.parse(o.command.split()[-1]) for o in here if o.command.startswith("move ")]
    assert grids and all(game.ship.region_of(g).name == "Middle Corridor" for g in grids)
    assert here[-2].command == f"{TOKEN}:0"  # back to the places


def test_c8_search_spots_are_the_grids_a_search_covers_best_from() -> None:
    game = staged(3, crew={"hyun": "1-K6"}, alien="0-H10", phase=Phase.CREW, pipe_running=True)
    first, _ = pages_of(game, Side.CREW, "hyun").page(0, TOKEN)
    spots = [o for o in first if "a search covers" in o.label]
    assert len(spots) == 2
    start = Grid.parse("1-K6")
    costs = reachable(game.ship, start, 4, Mover.HUMAN, game.state.doors)

    def covered(grid: Grid) -> int:
        reach = 4 - costs[grid]
        seen = visible_grids(game.ship, grid, game.state.doors)
        near = [g for g in seen if g.deck == grid.deck]
        return sum(1 for g in near if abs(g.col - grid.col) + abs(g.row - grid.row) <= reach)

    best = max(covered(g) for g in costs if g != start)
    shown = [int(re.search(r"covers (\d+) grid", o.label)[1]) for o in spots]  # type: ignore[index]
    assert shown[0] == best
    for spot, count in zip(spots, shown, strict=True):
        assert covered(Grid.parse(spot.command.split()[-1])) == count


def test_g23_a_scanner_widens_the_search_spots_as_the_search_itself_does() -> None:
    """Each spot's count is what moving there and searching with the actions left
    would really cover, the carried Scanner's +2 included (C.8, G.2.3)."""
    game = staged(3, crew={"hyun": "1-K6"}, alien="0-H10", phase=Phase.CREW, pipe_running=True)
    plain = pages_of(game, Side.CREW, "hyun").page(0, TOKEN)[0]
    game.state.items["scanner"] = Item("scanner", GearKind.SCANNER.value, holder="hyun")
    first, _ = pages_of(game, Side.CREW, "hyun").page(0, TOKEN)
    spots = [o for o in first if "a search covers" in o.label]
    assert len(spots) == 2

    def searched(move: str) -> int:
        trial = copy.deepcopy(game)
        trial.play(Side.CREW, move)
        left = trial.state.humans["hyun"].actions
        before = set(trial.state.searched)
        trial.play(Side.CREW, c.Search("hyun", left))
        return len(trial.state.searched - before)

    for spot in spots:
        shown = int(re.search(r"covers (\d+) grid", spot.label)[1])  # type: ignore[index]
        assert shown == searched(spot.command)
    counts = [
        int(re.search(r"covers (\d+) grid", o.label)[1]) for o in plain if "covers" in o.label
    ]  # type: ignore[index]
    assert max(counts) < int(re.search(r"covers (\d+) grid", spots[0].label)[1])  # type: ignore[index]


def test_no_search_spots_when_no_alien_hides() -> None:
    game = staged(3, crew={"hyun": "1-K6"}, alien="0-H10", phase=Phase.CREW)
    first, _ = pages_of(game, Side.CREW, "hyun").page(0, TOKEN)
    assert not any("search" in o.label for o in first)


@settings(max_examples=10, deadline=None)
@given(
    first=st.sampled_from(["1-F5", "0-H10", "2-D4", "1-K8"]),
    second=st.sampled_from(["0-J11", "1-C5", "2-F9", "0-E3"]),
)
def test_c3_the_crews_places_are_the_same_wherever_the_hidden_alien_is(
    first: str, second: str
) -> None:
    crew = {"hyun": "1-K6", "mehta": "1-D6"}
    one = staged(5, crew=crew, alien=first, phase=Phase.CREW, pipe_running=True)
    two = staged(5, crew=crew, alien=second, phase=Phase.CREW, pipe_running=True)
    for unit in crew:
        assert every_page(pages_of(one, Side.CREW, unit)) == every_page(
            pages_of(two, Side.CREW, unit)
        )
