"""A command that could have turned out otherwise for a hidden secret cannot be undone.

C.7.2: a human entering the pipe-running alien's grid tallies it, so a move that does
not tally tells the crew "not on this route": negative information is information.
The principle (docs/rules-decisions.md, "Undo ends where a secret was consulted"): the
engine notes every secret of the other side a command consulted, and such a command
ends the undo window as a die roll does. The properties below check it over random
positions: every command still undoable gives its side the same events, the same view
and the same undo for every relocation of the hidden alien (crew) and every redeal of
the crew's face-down secrets (alien) that side cannot tell apart.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board.geometry import Mover, reachable
from engine.board.grid import Grid
from engine.content_models import Ability, GearKind
from engine.dice import Rng
from engine.errors import RuleError
from engine.game import Game
from engine.legal import legal_commands
from engine.records.scenario import scenario_game
from engine.secrecy import describe, redeals, relocations, undo_leaks
from engine.state import Condition, GameState, Phase, Side
from tests.positions import CONTENT, SHIP, Beast, Crew, position, put

ISSUE_19 = """
scenario
seed 3
turn 2 crew
crew hyun 0-L5 role=Cook skill=Athlete
crew ortiz 2-L5 role=Captain skill=Powerful
alien alien1 Larva 0-T9 piperun=0-T9
end
"""


@pytest.mark.parametrize("move", ["move hyun 0-M5 0-N5 0-O5", "move hyun 0-K5", "move hyun 0-L4"])
def test_c72_a_crew_move_that_could_have_tallied_cannot_be_undone(move: str) -> None:
    game = scenario_game(ISSUE_19)
    events = game.play("crew", move)
    assert not any(e.kind == "surfaced" for e in events)  # nothing tallied …
    reason = game.can_undo(Side.CREW)
    assert reason is not None and "hidden alien" in str(reason)  # … and that is information
    with pytest.raises(RuleError, match="cannot undo"):
        game.undo(Side.CREW)


def test_c72_a_crew_move_stays_undoable_while_no_alien_hides() -> None:
    game = scenario_game(ISSUE_19.replace(" piperun=0-T9", ""))
    game.play("crew", "move hyun 0-K5")
    assert game.can_undo(Side.CREW) is None
    assert game.undo(Side.CREW).command.notation() == "move hyun 0-K5"


def test_e31_an_alien_lifting_a_face_down_marker_cannot_undo_even_when_it_fits() -> None:
    state = position({"hyun": Crew("1-B5")}, Beast("0-M2", stage="Hunter"), phase=Phase.ALIEN)
    dunsel = put(state, "Dunsel", "0-M2")
    game = Game(1, SHIP, CONTENT, state)
    game.play("alien", f"pickup alien1 {dunsel}")
    assert game.state.items[dunsel].holder == "alien1"  # it fitted: light gear …
    assert game.can_undo(Side.ALIEN) is not None  # … which the alien did not know


# --- the property -----------------------------------------------------------------------
WALKABLE = sorted(g for g in SHIP.cells if not SHIP.is_obstructed(g))
CARRIED = [GearKind.CARBINE, GearKind.SCANNER, GearKind.ULTRASONICS, GearKind.TOOLKIT]
FLOOR = [
    GearKind.DUNSEL,
    GearKind.TOOLKIT,
    GearKind.CARBINE,
    GearKind.AIDKIT,
    GearKind.FLAME_CASTER,
]
HUMANS = ["hyun", "ortiz", "okeke"]


def _near(centre: Grid, reach: int) -> list[Grid]:
    costs = reachable(SHIP, centre, reach, Mover.HUMAN, {})
    return sorted(g for g in costs if not SHIP.is_obstructed(g))


@st.composite
def crew_positions(draw: st.DrawFn) -> GameState:
    """The crew to act near a pipe-running alien: a few humans with gear, the alien
    vanished somewhere close and moved on, markers and crates on the floor."""
    centre = draw(st.sampled_from(WALKABLE))
    near = _near(centre, 5)
    crew = {}
    for human in HUMANS[: draw(st.integers(1, 3))]:
        items = tuple(draw(st.lists(st.sampled_from(CARRIED), max_size=2, unique=True)))
        crew[human] = Crew(str(draw(st.sampled_from(near))), items=tuple(i.value for i in items))
    hideout = draw(st.sampled_from(near))
    stage = draw(st.sampled_from(["Larva", "Hunter"]))
    abilities = tuple(draw(st.lists(st.sampled_from([a.value for a in Ability]), max_size=2)))
    wounded = draw(st.booleans())
    beast = Beast(str(hideout), stage, abilities, wounded, pipe_running=True)
    state = position(crew, beast, dice=(draw(st.integers(1, 6)),))
    _scatter(draw, state, near)
    return state


@st.composite
def alien_positions(draw: st.DrawFn) -> GameState:
    """The alien to act among face-down markers and crates, humans and bodies nearby."""
    centre = draw(st.sampled_from(WALKABLE))
    near = _near(centre, 3)
    conditions = [Condition.WELL, Condition.INJURED, Condition.UNCONSCIOUS, Condition.DECEASED]
    crew = {
        human: Crew(
            str(draw(st.sampled_from(near))),
            role=draw(st.sampled_from([r.name for r in CONTENT.roles])),
            skill=draw(st.sampled_from([s.value for s in CONTENT.skill_marker_pool])),
            condition=draw(st.sampled_from(conditions)),
        )
        for human in HUMANS[: draw(st.integers(1, 3))]
    }
    stage = draw(st.sampled_from(["Larva", "Hunter", "Guard"]))
    abilities = tuple(draw(st.lists(st.sampled_from([a.value for a in Ability]), max_size=2)))
    beast = Beast(str(centre), stage, abilities, pipe_running=draw(st.booleans()))
    state = position(
        crew,
        beast,
        phase=Phase.ALIEN,
        energy=draw(st.integers(0, 6)),
        dice=(draw(st.integers(1, 6)),),
    )
    for human in state.humans.values():  # the crew's secrets as dealt, none yet seen
        human.revealed = set()
    for kind in draw(st.lists(st.sampled_from(FLOOR), min_size=1, max_size=3)):
        put(state, kind.value, str(centre))
    _scatter(draw, state, near)
    return state


def _scatter(draw: st.DrawFn, state: GameState, near: list[Grid]) -> None:
    for kind in draw(st.lists(st.sampled_from(FLOOR), max_size=3)):
        put(state, kind.value, str(draw(st.sampled_from(near))))
    for supply in draw(st.lists(st.sampled_from(["food", "electronics", "chemicals"]), max_size=3)):
        put(state, "Supplies", str(draw(st.sampled_from(near))), supply=supply)


def _commands(state: GameState, side: Side, pick: int) -> list:  # type: ignore[type-arg]
    """Every legal command of ``side``; moves thinned to a few, so a run stays short."""
    legal = legal_commands(state, side, SHIP, CONTENT)
    moves = [c for c in legal if c.verb == "move"]
    rest = [c for c in legal if c.verb != "move"]
    return rest + moves[pick % max(len(moves), 1) :: max(len(moves) // 6, 1)]


PROPERTY = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@PROPERTY
@given(crew_positions(), st.integers(0, 99))
def test_c3_c72_c8_an_undoable_crew_command_is_blind_to_the_hidden_alien(
    state: GameState, pick: int
) -> None:
    around = [h.grid for h in state.live_humans() if h.grid is not None]
    twins = list(relocations(state, SHIP, around, Rng(pick)))
    leaks = undo_leaks(state, Side.CREW, _commands(state, Side.CREW, pick), twins, SHIP, CONTENT)
    assert not leaks, "\n".join(describe(d) for d in leaks)


@PROPERTY
@given(alien_positions(), st.integers(0, 99))
def test_c3_e31_an_undoable_alien_command_is_blind_to_the_crews_face_down_secrets(
    state: GameState, pick: int
) -> None:
    twins = redeals(state, Rng(pick), 6)
    leaks = undo_leaks(state, Side.ALIEN, _commands(state, Side.ALIEN, pick), twins, SHIP, CONTENT)
    assert not leaks, "\n".join(describe(d) for d in leaks)
