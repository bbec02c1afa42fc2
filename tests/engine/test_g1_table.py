"""G.1, the Action Costs table, walked row by row for both sides against the rules.

The rows come from ``data/tables.toml`` (the content G.1 is loaded into), not from a
copy here: for every activity and each side the test sets up a position where that
side's unit could do it if the table allowed it, then checks the engine's own
legality (:func:`engine.legal.refusal`, :func:`engine.rules.apply`):

* a "-" is refused, citing G.1, and leaves the position as it was;
* a number is played and spends exactly that many actions ("X": what the row's note
  says decides it);
* a skill or ability the row names (Operations, Clever, Queen …) is needed: without
  it the same position is refused.

A row added to the table with no position here fails, so does an act one side may
play although G.1 says "-" (as the alien's search once was).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pytest

from engine.actions import actions_left
from engine.board.ship import DoorState
from engine.commands import parse
from engine.content_models import ActionCost, Activity, LifeStage
from engine.context import Ctx
from engine.legal import refusal
from engine.setup import add_item
from engine.state import Condition, GameState, Phase, Side
from tests.positions import (
    CONTENT,
    PLAIN_ROLE,
    SHIP,
    Beast,
    Crew,
    door_id,
    g,
    play,
    position,
    put,
    refused,
)

ELSEWHERE = "2-H6"  # the Upper Corridor: out of every position's way
CORRIDOR = "0-H5"  # the Lower Corridor
INFIRMARY_DOOR = door_id("1-H4", "1-H5")  # its corridor doorway grid is 1-H5
OPS = "2-X5"  # an obstructed Command Deck grid (G.3 Operations)
POD3_ENTRANCE = "1-W5"
LIFT_A = "0-J5"
HATCH_C = ("0-D8", "1-D8")  # deck 00 below, deck 01 above
WORKSHOP = ("0-G1", "0-H1")  # an open Workshop grid and the obstructed one beside it
OPERATIONS = "Operations Officer"
SURGEON = "Ship's Surgeon"
ENGINEER = "Chief Engineer"
COOK = "Cook"


@dataclass(frozen=True)
class Case:
    """``command`` for ``unit`` in ``state``; it spends the row's cost plus ``extra``
    (another row's cost it includes), or ``x`` for an "X" row. ``lacking`` is the same
    position without the skill or ability the row asks of that side."""

    state: GameState
    command: str
    extra: int = 0
    x: int | None = None
    lacking: GameState | None = None

    @property
    def unit(self) -> str:
        return self.command.split()[1]


Build = Callable[[Side], Case]


def _at(
    side: Side, grid: str, *, doors: dict[str, DoorState] | None = None, **spec: object
) -> GameState:
    """The acting unit of ``side`` (hyun, or alien1) on ``grid`` in its own phase;
    ``spec`` are its Crew or Beast fields; the other side stays out of the way."""
    if side is Side.CREW:
        return position({"hyun": Crew(grid, **spec)}, Beast(), doors=doors)  # type: ignore[arg-type]
    return position(
        {"hyun": Crew(ELSEWHERE)},
        Beast(grid, **spec),  # type: ignore[arg-type]
        phase=Phase.ALIEN,
        doors=doors,
    )


def _me(side: Side) -> str:
    return "hyun" if side is Side.CREW else "alien1"


def _cost(activity: Activity, side: Side) -> int:
    cost = _row(activity).human if side is Side.CREW else _row(activity).alien
    assert isinstance(cost, int)
    return cost


def _row(activity: Activity) -> ActionCost:
    return CONTENT.actions[activity]


# --- one position per row ------------------------------------------------------------
def _pick_up(side: Side) -> Case:
    state = _at(side, CORRIDOR)
    return Case(state, f"pickup {_me(side)} {put(state, 'Dunsel', CORRIDOR)}")


def _drop(side: Side) -> Case:
    state = _at(side, CORRIDOR)
    item = add_item(state, "Dunsel", holder=_me(side))
    return Case(state, f"drop {_me(side)} {item.id}")


def _boost(side: Side) -> Case:
    """One attack with one action committed: the attack's cost and one boost."""
    state = _with_both_in(CORRIDOR, side)
    target = "alien1" if side is Side.CREW else CORRIDOR
    return Case(state, f"attack {_me(side)} {target} +1", extra=_cost(Activity.ATTACK, side))


def _with_both_in(grid: str, side: Side) -> GameState:
    phase = Phase.CREW if side is Side.CREW else Phase.ALIEN
    return position({"hyun": Crew(grid)}, Beast(grid), phase=phase, dice=(1,))


def _move_open(side: Side) -> Case:
    return Case(_at(side, CORRIDOR), f"move {_me(side)} 0-I5")


def _move_obstructed(side: Side) -> Case:
    return Case(_at(side, WORKSHOP[0]), f"move {_me(side)} {WORKSHOP[1]}")


def _door_adjacent(side: Side) -> Case:
    command = f"close {_me(side)} n"
    if side is Side.CREW:
        return Case(_at(side, "1-H5"), command)
    return Case(_at(side, "1-H5", abilities=("Clever",)), command, lacking=_at(side, "1-H5"))


def _door_remote(side: Side) -> Case:
    return _from_ops(side, f"close {_me(side)} {INFIRMARY_DOOR}")


def _from_ops(side: Side, command: str) -> Case:
    if side is Side.CREW:
        return Case(_at(side, OPS, role=OPERATIONS), command, lacking=_at(side, OPS))
    return Case(_at(side, OPS, abilities=("Clever",)), command)


def _pod_adjacent(side: Side) -> Case:
    command = f"launch {_me(side)} 3"
    if side is Side.CREW:
        return Case(_at(side, POD3_ENTRANCE), command)
    clever = _at(side, POD3_ENTRANCE, abilities=("Clever",))
    return Case(clever, command, lacking=_at(side, POD3_ENTRANCE))


def _pod_remote(side: Side) -> Case:
    return _from_ops(side, f"launch {_me(side)} 3")


def _lift(side: Side) -> Case:
    return Case(_at(side, LIFT_A), f"lift {_me(side)} up")


def _hatch_up(side: Side) -> Case:
    return Case(_at(side, HATCH_C[0]), f"hatch {_me(side)}")


def _hatch_down(side: Side) -> Case:
    return Case(_at(side, HATCH_C[1]), f"hatch {_me(side)}")


def _pipe_run(side: Side) -> Case:
    """X: the life stage's pipe-run cost (G.5), here a Larva's."""
    larva = CONTENT.life_stages[LifeStage.LARVA].pipe_run
    return Case(_at(side, CORRIDOR), f"piperun {_me(side)}", x=larva)


def _search(side: Side) -> Case:
    """X: the actions spent, with an alien pipe-running (C.8): for the crew, the alien
    out of sight; for the alien, itself, as a Hunter was found to search."""
    if side is Side.CREW:
        state = position({"hyun": Crew(CORRIDOR)}, Beast("0-J11", pipe_running=True))
    else:
        state = _at(side, "0-I5", stage="Hunter", pipe_running=True)
    return Case(state, f"search {_me(side)} 2", x=2)


def _heal(side: Side) -> Case:
    if side is Side.ALIEN:
        return Case(_at(side, CORRIDOR, injured=True), "heal alien1")

    def ward(role: str) -> GameState:
        patient = Crew(CORRIDOR, condition=Condition.INJURED)
        medic = Crew(CORRIDOR, role=role, items=("AidKit",))
        return position({"hyun": medic, "ortiz": patient}, Beast(), dice=(1,))

    return Case(ward(SURGEON), "heal hyun ortiz", lacking=ward(PLAIN_ROLE))


def _attack(side: Side) -> Case:
    target = "alien1" if side is Side.CREW else CORRIDOR
    return Case(_with_both_in(CORRIDOR, side), f"attack {_me(side)} {target}")


def _nexus_grid() -> str:
    return str(sorted(position({}).nexus)[0])


def _attack_nexus(side: Side) -> Case:
    return Case(_at(side, _nexus_grid()), f"attack {_me(side)} nexus")


def _attack_door(side: Side) -> Case:
    shut = {INFIRMARY_DOOR: DoorState.CLOSED}
    return Case(_at(side, "1-H5", doors=shut), f"attack {_me(side)} door n")


def _repair(side: Side) -> Case:
    grid = _nexus_grid()

    def damaged(**spec: object) -> GameState:
        state = _at(side, grid, **spec)
        state.nexus_revealed.add(g(grid))  # damaged: face-up (C.9)
        return state

    command = f"repair {_me(side)} nexus"
    if side is Side.ALIEN:
        return Case(damaged(), command)
    engineer = damaged(role=ENGINEER, items=("ToolKit",))
    return Case(engineer, command, lacking=damaged(role=PLAIN_ROLE, items=("ToolKit",)))


def _autopsy(side: Side) -> Case:
    def lab(**spec: object) -> GameState:
        state = _at(side, CORRIDOR, **spec)
        body = state.humans["ortiz"]
        body.grid, body.condition, body.role = g(CORRIDOR), Condition.DECEASED, COOK
        return state

    command = f"autopsy {_me(side)} ortiz"
    if side is Side.ALIEN:
        return Case(lab(), command)
    return Case(lab(items=("SciKit",)), command, lacking=lab(role=COOK, items=("SciKit",)))


def _mutate(side: Side) -> Case:
    state = _at(side, CORRIDOR)
    state.aliens["alien1"].energy = CONTENT.alien_stats.mutate_energy
    return Case(state, f"mutate {_me(side)}")


def _fabricate(side: Side) -> Case:
    state = _at(side, WORKSHOP[1], **({"role": ENGINEER} if side is Side.CREW else {}))
    state.crew_secrets.blueprints = ["Ultrasonics"]
    add_item(state, "Supplies", holder=_me(side), supply="electronics", examined_by={"crew"})
    return Case(state, f"fabricate {_me(side)} ultrasonics")


def _spawn(side: Side) -> Case:
    def nest(abilities: tuple[str, ...]) -> GameState:
        spec = {"abilities": abilities} if side is Side.ALIEN else {}
        state = _at(side, CORRIDOR, **spec)
        state.aliens["alien1"].energy = CONTENT.alien_stats.spawn_energy
        body = state.humans["ortiz"]
        body.grid, body.condition, body.role = g(CORRIDOR), Condition.DECEASED, COOK
        return state

    command = f"spawn {_me(side)}"
    if side is Side.CREW:
        return Case(nest(()), command)
    return Case(nest(("Queen",)), command, lacking=nest(()))


CASES: dict[Activity, Build] = {
    Activity.PICK_UP: _pick_up,
    Activity.DROP: _drop,
    Activity.BOOST: _boost,
    Activity.MOVE_OPEN: _move_open,
    Activity.MOVE_OBSTRUCTED: _move_obstructed,
    Activity.DOOR_ADJACENT: _door_adjacent,
    Activity.DOOR_REMOTE: _door_remote,
    Activity.POD_ADJACENT: _pod_adjacent,
    Activity.POD_REMOTE: _pod_remote,
    Activity.LIFT: _lift,
    Activity.HATCH_UP: _hatch_up,
    Activity.HATCH_DOWN: _hatch_down,
    Activity.PIPE_RUN: _pipe_run,
    Activity.SEARCH: _search,
    Activity.HEAL: _heal,
    Activity.ATTACK: _attack,
    Activity.ATTACK_NEXUS: _attack_nexus,
    Activity.ATTACK_DOOR: _attack_door,
    Activity.REPAIR: _repair,
    Activity.AUTOPSY: _autopsy,
    Activity.MUTATE: _mutate,
    Activity.FABRICATE: _fabricate,
    Activity.SPAWN: _spawn,
}

ROWS = [(a, side) for a in CONTENT.actions for side in (Side.CREW, Side.ALIEN)]


def _spent(before: GameState, after: GameState, unit: str) -> int:
    return _left(before, unit) - _left(after, unit)


def _left(state: GameState, unit: str) -> int:
    return actions_left(Ctx(state, SHIP, CONTENT), unit)


@pytest.mark.parametrize(("activity", "side"), ROWS, ids=[f"{a}-{s}" for a, s in ROWS])
def test_g1_every_row_of_the_table_for_both_sides(activity: Activity, side: Side) -> None:
    assert activity in CASES, f"G.1 row {activity} has no position in this test"
    row = _row(activity)
    case = CASES[activity](side)
    cost = row.human if side is Side.CREW else row.alien
    need = row.human_skill if side is Side.CREW else row.alien_ability
    command = parse(case.command)
    why = refusal(case.state, side, command, SHIP, CONTENT)
    if cost is None:
        assert why is not None, f"G.1 gives the {side} no {row.label!r}, yet it is played"
        assert "G.1" in why.rule, why
        refused(case.state, side.value, case.command)  # and nothing changed
        return
    assert why is None, f"{side}: {case.command}: {why}"
    after, _ = play(case.state, side.value, case.command)
    if cost == "X":  # the row's note says what decides it; the position gives it
        assert case.x is not None, f"{activity}: how many actions for X?"
        cost = case.x
    expected = cost + case.extra
    assert _spent(case.state, after, case.unit) == expected
    assert (case.lacking is not None) == (need is not None), f"{activity} needs {need}"
    if case.lacking is not None:
        assert refusal(case.lacking, side, command, SHIP, CONTENT) is not None, need
