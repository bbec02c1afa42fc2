"""Game positions built directly, for rule tests on the real ship.

``position(crew={"hyun": Crew("1-H5", role="Captain", items=("Carbine",))},
alien=Beast("1-J5", stage="Hunter"), dice=(6, 2))`` is a game in the crew phase of
turn 1 with those units placed and the die fixed to roll 6 then 2. ``play`` runs a
command through ``engine.rules.apply``; ``refused`` checks a command is refused and
leaves the position exactly as it was.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TypeVar

import pytest

from bot.present.catalogue import sentence
from bot.present.events import log_lines
from engine.board.floorplan import default_ship
from engine.board.grid import Grid
from engine.board.ship import DoorState
from engine.commands import parse
from engine.content import load_content
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Audience, Event, Rolled
from engine.setup import add_item, new_game
from engine.state import Alien, Condition, GameState, Phase, SetupStep, Side
from engine.units import human_actions

SHIP = default_ship()
CONTENT = load_content()
PLAIN_ROLE = "Science Officer"  # Science plays no part in combat, gear, doors or pods


def g(text: str) -> Grid:
    return Grid.parse(text)


@dataclass(frozen=True)
class Crew:
    grid: str
    role: str = PLAIN_ROLE
    skill: str | None = None  # the skill marker
    condition: Condition = Condition.WELL
    items: tuple[str, ...] = ()  # gear kinds carried: "Carbine", "AidKit" …
    actions: int | None = None  # default: what the human earns (C.2)


@dataclass(frozen=True)
class Beast:
    grid: str = "0-J11"  # the Loading Bay
    stage: str = "Larva"
    abilities: tuple[str, ...] = ()
    injured: bool = False
    pipe_running: bool = False
    actions: int = 6


@cache
def seed_for(dice: tuple[int, ...]) -> int:
    """The first seed whose die rolls begin with ``dice``."""
    seed = 0
    while True:
        rng = Rng(seed)
        if all(rng.d6() == value for value in dice):
            return seed
        seed += 1


def position(
    crew: dict[str, Crew],
    alien: Beast | None = None,
    *,
    phase: Phase = Phase.CREW,
    energy: int = 0,
    dice: tuple[int, ...] = (),
    doors: dict[str, DoorState] | None = None,
) -> GameState:
    state = new_game(1, SHIP, CONTENT)
    state.phase, state.setup, state.turn = phase, SetupStep.DONE, 1
    for human_id, spec in crew.items():
        _place_human(state, human_id, spec)
    _place_alien(state, alien or Beast())
    state.aliens["alien1"].energy = energy  # the stores alien1 carries (C.10.1)
    for door, now in (doors or {}).items():
        state.doors[door] = now
        if now is DoorState.OPEN:
            del state.doors[door]  # an open door has no marker
    state.rng = Rng(seed_for(dice))
    return state


def _place_human(state: GameState, human_id: str, spec: Crew) -> None:
    human = state.humans[human_id]
    human.role, human.skill_marker = spec.role, spec.skill
    human.grid, human.condition = g(spec.grid), spec.condition
    actions = human_actions(CONTENT, human) if spec.actions is None else spec.actions
    human.actions = actions if state.phase is Phase.CREW else 0
    for kind in spec.items:
        add_item(state, kind, holder=human_id)


def _place_alien(state: GameState, spec: Beast, alien_id: str = "alien1") -> Alien:
    grid = g(spec.grid)
    alien = Alien(id=alien_id, stage=spec.stage, grid=grid, injured=spec.injured, path=[grid])
    alien.actions = spec.actions if state.phase is Phase.ALIEN else 0
    if spec.pipe_running:
        alien.hide()
    alien.abilities = list(spec.abilities)
    state.aliens[alien.id] = alien
    return alien


def add_alien(state: GameState, spec: Beast, *, energy: int = 0) -> str:
    """Another alien unit (a Queen's spawn: alien2, alien3 …) carrying ``energy``
    stores of its own (C.10.1); returns its id."""
    alien = _place_alien(state, spec, f"alien{len(state.aliens) + 1}")
    alien.energy = energy
    return alien.id


def put(state: GameState, kind: str, grid: str, **extra: object) -> str:
    """Lay a new marker on the floor; returns its id."""
    return add_item(state, kind, grid=g(grid), **extra).id


def play(state: GameState, side: str, text: str) -> tuple[GameState, list[Event]]:
    from engine.rules import apply

    return apply(state, Side(side), parse(text), SHIP, CONTENT)


def refused(state: GameState, side: str, text: str) -> GameError:
    """The command is refused, and the position is exactly as it was."""
    before = state.clone()
    with pytest.raises(GameError) as caught:
        play(state, side, text)
    assert state == before
    return caught.value


def rolls(events: list[Event]) -> list[str]:
    """Each roll as the channel words it (bot.present): what is tried, the die and
    every modifier (C.1)."""
    return [sentence(e) for e in events if isinstance(e, Rolled)]


def public(events: list[Event]) -> str:
    """Every public event as the channel words it (bot.present), a line each."""
    return "\n".join(log_lines(events))


E = TypeVar("E", bound=Event)


def told(events: list[Event], kind: type[E]) -> list[E]:
    """The public events of one record class."""
    return [e for e in events if isinstance(e, kind) and e.audience is Audience.PUBLIC]


def door_id(a: str, b: str) -> str:
    door = SHIP.door_between(g(a), g(b))
    assert door is not None
    return door.id
