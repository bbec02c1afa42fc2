"""What a side may do is a function of what it knows (C.3, C.7, C.8).

The legal list feeds autocomplete, refusal hints and panels, so any dependence on the
other side's secrets is a leak. These tests pin the cases found, and audit many
positions of random and game-controlled play (``engine.secrecy``).
"""

from __future__ import annotations

import pytest

from engine.board.ship import Ship
from engine.commands import parse
from engine.content import Content
from engine.dice import Rng
from engine.equipment.events import TooHeavy
from engine.errors import RuleError
from engine.events import OrderLapsed
from engine.game import Game
from engine.hiding.events import Searched
from engine.legal import legal_commands, refusal
from engine.records.scenario import scenario_game
from engine.secrecy import (
    alien_twins,
    audit_playout,
    compare,
    crew_twins,
    describe,
    same_view,
)
from engine.state import Phase, Side
from engine.views import events_for

LEFT_BEHIND = """
scenario
seed 3
turn 2 crew active=hyun
crew hyun 0-L5 role=Cook skill=Athlete actions=3
crew ortiz 2-L5 role=Captain skill=Powerful
alien alien1 Larva {grid} piperun={grid}
end
"""
# Hyun's leftover search (3 grids from 0-L5) reaches 0-N5 but not 0-T5.
WITHIN_REACH, OUT_OF_REACH = "0-N5", "0-T5"


def _left_behind(grid: str) -> Game:
    return scenario_game(LEFT_BEHIND.format(grid=grid))


def _crew_notations(game: Game, unit: str) -> list[str]:
    legal = legal_commands(game.state, Side.CREW, game.ship, game.content, unit=unit)
    return [cmd.notation() for cmd in legal]


def test_c8_orders_to_the_next_unit_do_not_depend_on_the_leftover_search() -> None:
    near, far = _left_behind(WITHIN_REACH), _left_behind(OUT_OF_REACH)
    assert _crew_notations(near, "ortiz") == _crew_notations(far, "ortiz")
    assert "search ortiz 2" in _crew_notations(near, "ortiz")
    hints = []
    for game in (near, far):
        with pytest.raises(RuleError) as refused:
            game.play("crew", "lift ortiz up")
        hints.append(refused.value.describe())
    assert hints[0] == hints[1]


def test_c8_an_order_overtaken_by_the_leftover_search_lapses_and_says_why() -> None:
    game = _left_behind(WITHIN_REACH)
    events = events_for(game.play("crew", "search ortiz 2"), "crew")
    searched = [e for e in events if isinstance(e, Searched)]
    assert [(e.who.id, e.leftover, e.found) for e in searched] == [
        ("hyun", True, True)
    ]  # the unit replaced
    [lapsed] = [e for e in events if isinstance(e, OrderLapsed)]
    assert lapsed.who.id == "ortiz" and lapsed.command == "search ortiz 2" and lapsed.reason
    ortiz = game.state.human("ortiz")
    assert game.state.active_unit == "ortiz" and ortiz.actions > 0  # nothing was spent
    assert not game.state.pipe_runners()


def test_c8_the_same_order_searches_when_the_alien_is_out_of_reach() -> None:
    game = _left_behind(OUT_OF_REACH)
    events = game.play("crew", "search ortiz 2")
    searched = [(e.who.id, e.reach) for e in events if isinstance(e, Searched)]
    assert ("ortiz", 2) in searched
    assert game.state.pipe_runners()


GEAR_ON_THE_FLOOR = """
scenario
seed 5
turn 3 alien
crew hyun 1-B5 role=Cook
alien alien1 Larva 0-M2
item {item} {kind} 0-M2
end
"""


def _floor_game(kind: str) -> Game:
    return scenario_game(GEAR_ON_THE_FLOOR.format(item="gear4", kind=kind))


def test_e31_the_alien_may_try_to_lift_any_face_down_marker() -> None:
    light, heavy = _floor_game("Dunsel"), _floor_game("ToolKit")
    for game in (light, heavy):
        legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content, unit="alien1")
        assert "pickup alien1 gear4" in [c.notation() for c in legal]
    light.play("alien", "pickup alien1 gear4")
    assert light.state.items["gear4"].holder == "alien1"


def test_e31_a_marker_too_heavy_for_the_alien_costs_the_action_and_stays() -> None:
    game = _floor_game("ToolKit")  # two dots; a Larva carries one (G.5)
    before = game.state.alien("alien1").actions
    events = game.play("alien", "pickup alien1 gear4")
    assert game.state.items["gear4"].holder is None
    assert game.state.alien("alien1").actions == before - 1
    mine = events_for(events, "alien")
    [heavy] = [e for e in mine if isinstance(e, TooHeavy)]
    assert [m.id for m in heavy.items] == ["gear4"]
    assert all(m.kind is None for m in heavy.items)  # the kind stays face-down (C.3)
    assert "ToolKit" not in repr(mine)
    assert game.can_undo(Side.ALIEN) is not None  # it learned something: no undo


def test_c3_the_alien_names_face_down_gear_by_id_not_by_kind() -> None:
    texts = []
    for kind in ("Carbine", "Dunsel"):
        game = _floor_game(kind)
        error = refusal(game.state, Side.ALIEN, parse("pickup alien1 carbine"), *_rules(game))
        assert error is not None
        texts.append(error.describe())
    assert texts[0] == texts[1]


def _rules(game: Game) -> tuple[Ship, Content]:
    return game.ship, game.content


def test_c7_twins_of_a_hidden_alien_look_the_same_to_the_crew() -> None:
    game = Game.new(11)
    game.play("crew", "quick")
    game.play("alien", "quick")
    game.play("alien", "piperun alien")
    alien = game.state.alien("alien1")
    start = alien.grid
    assert start is not None
    game.play("alien", f"move alien {_a_step(game)}")
    if game.state.phase is Phase.ALIEN:
        game.play("alien", "pass")
    twins = alien_twins(game.state, game.ship, Rng(1), 4)
    assert twins
    for twin in twins:
        assert same_view(game.state, twin, Side.CREW, game.ship, game.content)
        assert compare(game.state, twin, Side.CREW, game.ship, game.content, Rng(2)) == []


def _a_step(game: Game) -> str:
    legal = legal_commands(game.state, Side.ALIEN, game.ship, game.content, unit="alien1")
    moves = [c.notation() for c in legal if c.verb == "move"]
    return moves[0].split()[-1]


def test_c3_the_aliens_options_ignore_how_the_crews_markers_are_dealt() -> None:
    game = scenario_game(
        GEAR_ON_THE_FLOOR.format(item="gear4", kind="Carbine")
        .replace("end", "item gear5 ToolKit 0-M2\nitem gear6 Dunsel 0-M3\nend")
        .replace(
            "crew hyun 1-B5 role=Cook", "crew hyun 1-B5 role=Cook\ncrew ortiz 1-B6 role=Captain"
        )
    )
    for twin in crew_twins(game.state, Rng(3), 4):
        differences = compare(game.state, twin, Side.ALIEN, game.ship, game.content, Rng(4))
        assert differences == [], [describe(d) for d in differences]


# (pairs, differences) of each audited game, printed at the end of the run (conftest)
AUDITED: list[tuple[int, int]] = []


@pytest.mark.parametrize("seed", range(1, 9))
def test_c3_c7_legal_lists_and_refusals_ignore_the_other_sides_secrets(seed: int) -> None:
    """Random play for odd seeds, the game-controlled players for even ones."""
    pairs, found = audit_playout(seed, ai=seed % 2 == 0, every=4, last_turn=20)
    AUDITED.append((pairs, len(found)))
    assert found == [], "\n".join(describe(d) for d in found)
