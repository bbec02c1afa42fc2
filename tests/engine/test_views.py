"""The view function: each viewer sees exactly what the rules let it know (C.3)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.board.grid import Grid
from engine.content_models import Ability
from engine.game import Game
from engine.state import GameState, Phase
from engine.views import events_for, view
from tests.games import quick_game, staged

SHIP_GRIDS = sorted(quick_game(1).ship.cells)
ABILITY_NAMES = [a.value for a in Ability]


def _json(game: Game, state: GameState, viewer: str) -> str:
    return view(state, viewer, game.ship, game.content).to_json()


def _hidden_alien_game(seed: int) -> Game:
    game = staged(seed, crew={"hyun": "1-B5"}, alien="1-F5", phase=Phase.ALIEN)
    game.play("alien", "piperun alien")
    return game


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 50),
    grids=st.lists(st.sampled_from(SHIP_GRIDS), min_size=1, max_size=6),
    abilities=st.lists(st.sampled_from(ABILITY_NAMES), min_size=1, max_size=3, unique=True),
    energy_order=st.booleans(),
)
def test_c3_crew_and_spectator_views_ignore_the_aliens_secrets(
    seed: int, grids: list[Grid], abilities: list[str], energy_order: bool
) -> None:
    game = _hidden_alien_game(seed)
    other = game.state.clone()
    alien = other.alien("alien1")
    alien.grid = grids[-1]
    alien.path = alien.path[: (alien.run_start or 0) + 1] + grids
    revealed = other.alien_secrets.revealed_abilities
    shown = [a for a in alien.abilities if a in revealed]
    alien.abilities = shown + [a for a in abilities if a not in shown]
    other.standing.spend_energy_on_seven = energy_order
    for viewer in ("crew", "spectator"):
        assert _json(game, game.state, viewer) == _json(game, other, viewer)
    assert _json(game, game.state, "alien") != _json(game, other, "alien")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 50), shuffle=st.randoms())
def test_c3_the_alien_view_ignores_the_crews_secrets(seed: int, shuffle: object) -> None:
    game = quick_game(seed)
    other = game.state.clone()
    unrevealed = [h for h in other.humans.values() if h.role and "role" not in h.revealed]
    roles = [h.role for h in unrevealed]
    skills = [h.skill_marker for h in unrevealed]
    shuffle.shuffle(roles)  # type: ignore[attr-defined]
    shuffle.shuffle(skills)  # type: ignore[attr-defined]
    for human, role, skill in zip(unrevealed, roles, skills, strict=True):
        human.role, human.skill_marker = role, skill
    crates = [i for i in other.items.values() if i.kind == "Supplies"]
    kinds = [i.supply for i in crates]
    shuffle.shuffle(kinds)  # type: ignore[attr-defined]
    for crate, kind in zip(crates, kinds, strict=True):
        crate.supply = kind
    other.crew_secrets.blueprints = ["Scanner"]
    for viewer in ("alien", "spectator"):
        assert _json(game, game.state, viewer) == _json(game, other, viewer)


def test_c3_the_crew_sees_its_own_roles_and_skills() -> None:
    game = quick_game(2)
    crew = view(game.state, "crew", game.ship, game.content)
    alive = [line for line in crew.crew if line.condition != "deceased"]
    assert all(line.role and line.skills for line in alive)
    alien = view(game.state, "alien", game.ship, game.content)
    for line in alien.crew:
        human = game.state.human(line.id)
        assert bool(line.skills) == bool(human.revealed)  # only markers turned face up (E.1)


def test_c3_a_face_down_crate_reads_supplies_to_everybody() -> None:
    game = quick_game(2)
    labels = {
        m.label
        for m in view(game.state, "alien", game.ship, game.content).board.markers
        if m.kind == "supplies"
    }
    assert labels == {"Supplies"}


def test_at_the_end_everybody_sees_everything_including_the_whole_path() -> None:
    game = _hidden_alien_game(3)
    game.play("alien", "move alien 1-H5")
    game.state.phase = Phase.OVER
    crew = view(game.state, "crew", game.ship, game.content)
    assert crew.abilities == tuple(game.state.alien("alien1").abilities)
    assert Grid.parse("1-H5") in crew.board.path


def test_events_for_keeps_each_sides_messages_to_itself() -> None:
    game = _hidden_alien_game(3)
    events = game.play("alien", "move alien 1-G5")
    assert {e.audience.value for e in events_for(events, "crew")} == {"public"}
    assert "alien" in {e.audience.value for e in events_for(events, "alien")}
    assert len(events_for(events, "referee")) == len(events)


def test_g3_the_alien_cannot_count_an_athletes_actions() -> None:
    game = staged(3, crew={"hyun": "1-B5"}, alien="2-H8", phase=Phase.ALIEN)
    hyun = game.state.human("hyun")
    hyun.role, hyun.skill_marker = "Captain", "Athlete"
    game.play("alien", "pass")
    lines = {v: view(game.state, v, game.ship, game.content).crew for v in ("crew", "alien")}
    assert next(line.actions for line in lines["crew"] if line.id == "hyun") == 5
    assert next(line.actions for line in lines["alien"] if line.id == "hyun") is None
