"""C.7 secrecy: what a pipe-running alien carries or rolls stays out of the crew's sight.

The crew's whole output is compared across two secret courses of play: the view (as
JSON), the events the crew is sent, and the rendered map must be identical.
"""

from __future__ import annotations

from engine.board.geometry import Mover, StepKind, steps_from
from engine.events import Event
from engine.records.scenario import parse_scenario
from engine.records.scenario_writer import write_scenario
from engine.state import Condition, GameState, Phase
from engine.views import events_for, view
from render.board import render_png
from tests.positions import CONTENT, SHIP, Beast, Crew, play, position


def _crew_output(state: GameState, events: list[Event]) -> tuple[str, list[str], bytes]:
    seen = view(state, "crew", SHIP, CONTENT)
    told = [repr(e) for e in events_for(events, "crew")]  # every field of every record
    return seen.to_json(), told, render_png(seen.board, SHIP)


def _hunter_running_with_ortiz() -> GameState:
    """A Hunter picks up Ortiz's cadaver in the Loading Bay and starts a pipe-run."""
    crew = {"ortiz": Crew("0-O10", condition=Condition.DECEASED), "hyun": Crew("2-B5")}
    state = position(crew, Beast("0-O10", stage="Hunter"), phase=Phase.ALIEN)
    state = play(state, "alien", "pickup alien1 ortiz")[0]
    return play(state, "alien", "piperun alien1")[0]


def test_c7_a_body_carried_by_a_pipe_runner_has_no_grid_for_the_crew() -> None:
    after = play(_hunter_running_with_ortiz(), "alien", "move alien1 0-O11")[0]
    crew = view(after, "crew", SHIP, CONTENT)
    ortiz = next(line for line in crew.crew if line.id == "ortiz")
    assert ortiz.grid == "" and ortiz.carried_by == "alien1"
    assert not any(u.id == "ortiz" for u in crew.board.units)
    assert crew.aliens[0].carrying == ("Ortiz",)  # carried by the hidden alien, at no grid
    alien = view(after, "alien", SHIP, CONTENT)
    assert next(line.grid for line in alien.crew if line.id == "ortiz") == "0-O11"


def test_c7_crew_output_is_the_same_for_two_secret_routes_with_a_body() -> None:
    start = _hunter_running_with_ortiz()
    east, east_events = play(start, "alien", "move alien1 0-P10")
    west, west_events = play(start, "alien", "move alien1 0-N10")
    assert east.aliens["alien1"].grid != west.aliens["alien1"].grid
    assert _crew_output(east, east_events) == _crew_output(west, west_events)


def test_c7_a_body_shows_again_where_the_run_ends() -> None:
    moved = play(_hunter_running_with_ortiz(), "alien", "move alien1 0-O11")[0]
    surfaced = play(moved, "alien", "surface alien1")[0]
    crew = view(surfaced, "crew", SHIP, CONTENT)
    assert next(line.grid for line in crew.crew if line.id == "ortiz") == "0-O11"


def _injured_runner(die: int) -> GameState:
    hidden = Beast("0-H5", injured=True, pipe_running=True)
    return position({"hyun": Crew("1-H5")}, hidden, phase=Phase.ALIEN, dice=(die,))


def test_c73_a_hidden_heal_leaves_the_crew_seeing_the_alien_injured() -> None:
    healed = play(_injured_runner(6), "alien", "heal alien1 +1")[0]
    assert not healed.aliens["alien1"].injured
    assert view(healed, "crew", SHIP, CONTENT).aliens[0].injured
    assert not view(healed, "alien", SHIP, CONTENT).aliens[0].injured
    surfaced = play(healed, "alien", "surface alien1")[0]
    assert not view(surfaced, "crew", SHIP, CONTENT).aliens[0].injured  # C.7.2: shown again


def test_c73_crew_output_is_the_same_whether_a_hidden_heal_succeeds_or_fails() -> None:
    success, success_events = play(_injured_runner(6), "alien", "heal alien1 +1")
    failure, failure_events = play(_injured_runner(1), "alien", "heal alien1 +1")
    assert success.aliens["alien1"].injured != failure.aliens["alien1"].injured
    assert _crew_output(success, success_events) == _crew_output(failure, failure_events)


def test_c73_the_injury_last_seen_survives_the_scenario_round_trip() -> None:
    healed = play(_injured_runner(6), "alien", "heal alien1 +1")[0]
    text = write_scenario(healed, SHIP, CONTENT)
    assert "seen=injured" in text
    assert parse_scenario(text, SHIP, CONTENT) == healed


def test_c7_every_secret_walk_of_the_same_cost_with_a_body_looks_the_same_to_the_crew() -> None:
    """Every destination two plain steps away: one crew output for all of them."""
    start = _hunter_running_with_ortiz()
    here = start.aliens["alien1"].grid
    assert here is not None
    seen: dict[str, tuple[str, list[str]]] = {}
    for first in steps_from(SHIP, here, Mover.ALIEN, start.doors):
        for second in steps_from(SHIP, first.to, Mover.ALIEN, start.doors):
            plain = first.kind is second.kind is StepKind.WALK
            if plain and first.cost == second.cost == 1 and second.to != here:
                after, events = play(start, "alien", f"move alien1 {first.to} {second.to}")
                seen[str(second.to)] = _crew_text(after, events)
    assert len(seen) >= 3 and len(set(map(repr, seen.values()))) == 1


def _crew_text(state: GameState, events: list[Event]) -> tuple[str, list[str]]:
    """The crew's view and events, without the (slower) map picture."""
    shown = view(state, "crew", SHIP, CONTENT).to_json()
    return shown, [repr(e) for e in events_for(events, "crew")]
