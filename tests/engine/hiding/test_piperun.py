"""Pipe-running (C.7) and searching (C.8): secret movement, declarations, tallies."""

from __future__ import annotations

import pytest

from engine.board.grid import Grid
from engine.errors import RuleError
from engine.events import Event
from engine.hiding.events import Call, Declared, HiddenAt, Searched, Sighted, Surfaced, Surfacing
from engine.state import Phase
from engine.views import events_for, view
from tests.games import staged

G = Grid.parse


def _calls(events: list[Event]) -> list[tuple[Call, str]]:
    """What the crew hears of a pipe-runner (C.7.3): each call, with the human's name or
    the lift or hatch called ("B1")."""
    heard = [e for e in events_for(events, "crew") if isinstance(e, Declared)]
    return [(e.call, e.human.name if e.human else f"{e.letter}{e.deck or ''}") for e in heard]


def _crew(events: list[Event]) -> list[Event]:
    return events_for(events, "crew")


def test_c7_a_larva_starts_a_pipe_run_for_one_action() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-F5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    alien = game.state.alien("alien1")
    assert alien.pipe_running and alien.actions == 5


def test_c7_secret_moves_reach_only_the_alien() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-F5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    events = game.play("alien", "move alien 1-H5")
    assert _crew(events) == [e for e in events if isinstance(e, Declared)]
    assert _calls(events) == [(Call.MOVE, ""), (Call.MOVE, "")]
    secret = [e for e in events_for(events, "alien") if isinstance(e, HiddenAt)]
    assert secret and secret[-1].grid == G("1-H5")
    assert G("1-H5") not in {getattr(e, "grid", None) for e in events_for(events, "spectator")}
    crew_view = view(game.state, "crew", game.ship, game.content)
    assert crew_view.aliens[0].grid == "" and crew_view.board.path == ()
    assert not any(u.side == "alien" for u in crew_view.board.units)
    alien_view = view(game.state, "alien", game.ship, game.content)
    assert alien_view.board.path == (G("1-F5"), G("1-G5"), G("1-H5"))


def test_c73_lift_use_is_declared_by_lift_and_deck() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-P5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    game.play("alien", "move alien 1-Q5")
    events = game.play("alien", "lift alien up")
    assert _calls(events) == [(Call.LIFT, "B1")]
    assert game.state.alien("alien1").grid == G("2-Q5")


def test_c71_a_feint_is_declared_exactly_like_a_real_lift_ride() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-Q5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    events = game.play("alien", "feint alien")
    assert _calls(events) == [(Call.LIFT, "B1")]
    assert game.state.alien("alien1").grid == G("1-Q5")


def test_c71_only_a_pipe_runner_feints() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-Q5", phase=Phase.ALIEN)
    with pytest.raises(RuleError, match="only a pipe-running alien feints"):
        game.play("alien", "feint alien")


def test_c71_passing_a_human_declares_the_name_and_gives_the_grid_away() -> None:
    game = staged(crew={"okeke": "2-O5"}, alien="2-N5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    events = game.play("alien", "move alien 2-O5 2-P5")
    assert _calls(events)[0] == (Call.HUMAN, "Okeke")
    assert [e.grid for e in _crew(events) if isinstance(e, Sighted)] == [G("2-O5")]
    assert game.state.alien("alien1").pipe_running  # the run goes on (C.7.1)


def test_c74_example_move_okeke_move_move_lift_b2_move() -> None:
    """C.7.4's second example on our ship: past Okeke to Lift B2, bang it, hide in the Head."""
    game = staged(crew={"okeke": "2-O5"}, alien="2-M5", phase=Phase.ALIEN, pipe_running=True)
    game.play("alien", "move alien 2-N5 2-O5 2-P5 2-Q5")
    game.play("alien", "feint alien")
    game.play("alien", "move alien 2-Q4")
    assert game.state.declarations == ["Move", "Okeke", "Move", "Move", "Lift B2", "Move"]
    assert game.ship.region_of(game.state.alien("alien1").grid).name == "Head"  # type: ignore[arg-type]


def test_c72_a_human_walking_into_the_hidden_alien_tallies_it_and_stops() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-D5", phase=Phase.CREW, pipe_running=True)
    events = game.play("crew", "move hyun 1-F5")
    assert game.state.human("hyun").grid == G("1-D5")
    assert not game.state.alien("alien1").pipe_running
    [surfaced] = [e for e in _crew(events) if isinstance(e, Surfaced)]
    assert surfaced.how is Surfacing.WALKED_INTO and surfaced.by and surfaced.by.id == "hyun"


def test_c72_the_alien_may_stop_its_pipe_run() -> None:
    game = staged(crew={"hyun": "2-B5"}, alien="1-F5", phase=Phase.ALIEN, pipe_running=True)
    events = game.play("alien", "surface alien")
    assert not game.state.alien("alien1").pipe_running
    [surfaced] = [e for e in _crew(events) if isinstance(e, Surfaced)]
    assert surfaced.how is Surfacing.STOPS and surfaced.grid == G("1-F5")


def test_c8_a_search_tallies_a_hidden_alien_in_range_and_sight() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-E5", phase=Phase.CREW, pipe_running=True)
    events = game.play("crew", "search hyun 3")
    assert not game.state.alien("alien1").pipe_running
    assert [e.found for e in _crew(events) if isinstance(e, Searched)] == [True]


def test_c8_a_search_too_short_finds_nothing() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-F5", phase=Phase.CREW, pipe_running=True)
    events = game.play("crew", "search hyun 3")
    assert game.state.alien("alien1").pipe_running
    assert [e.found for e in _crew(events) if isinstance(e, Searched)] == [False]


def test_d4_a_search_needs_line_of_sight() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-B3", phase=Phase.CREW, pipe_running=True)
    door = game.ship.door_between(G("1-D4"), G("1-D5"))
    assert door is not None
    events = game.play("crew", "search hyun 2")  # the Galley is behind a wall, in range 2
    assert game.state.alien("alien1").pipe_running
    [search] = [e for e in _crew(events) if isinstance(e, Searched)]
    assert not search.found and G("1-B3") not in search.grids


def test_c8_searching_needs_a_pipe_running_alien() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-F5", phase=Phase.CREW)
    with pytest.raises(RuleError, match="no alien is pipe-running"):
        game.play("crew", "search hyun 2")


def test_c8_leftover_actions_search_automatically_when_a_unit_ends() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-E5", phase=Phase.CREW, pipe_running=True)
    game.play("crew", "move hyun 1-C5")
    events = game.play("crew", "end hyun")
    assert [e.leftover for e in _crew(events) if isinstance(e, Searched)] == [True]
    assert not game.state.alien("alien1").pipe_running


def test_c8_searched_grids_are_shown_on_the_public_map() -> None:
    game = staged(crew={"hyun": "1-B5"}, alien="1-W5", phase=Phase.CREW, pipe_running=True)
    game.play("crew", "search hyun 1")
    board = view(game.state, "spectator", game.ship, game.content).board
    searched = {m.grid for m in board.markers if m.kind == "searched"}
    assert searched == {G("1-B5"), G("1-C5"), G("1-B6")}


@pytest.mark.parametrize(
    ("order", "rule"), [("piperun", "C.7, G.1"), ("surface", "C.7.2"), ("feint", "C.7.1")]
)
def test_c7_pipe_running_orders_naming_a_human_are_refused(order: str, rule: str) -> None:
    """Found by fuzzing: the crew naming a human for an alien-only order got a KeyError."""
    game = staged(crew={"hyun": "2-B5"}, alien="1-F5", phase=Phase.CREW)
    before, played = game.state, len(game.log)
    with pytest.raises(RuleError) as refused:
        game.play("crew", f"{order} hyun")
    assert "only an alien can" in str(refused.value) and "Hyun is a human" in str(refused.value)
    assert f"({rule})" in str(refused.value)
    assert game.state is before and len(game.log) == played
