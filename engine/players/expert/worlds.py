"""Determinisation: one whole game state the searching side cannot tell from the truth.

The expert searches over *worlds*: full :class:`~engine.state.GameState` positions built
from its side's :class:`~engine.views.View` alone, with every secret of the other side
(and every future die) filled in by a sample. Nothing here reads a real state, so a
world is a function of the view, the samples and the generator's seed only.

What a world fills in, and from where:

- the board, units, doors, markers, declarations, sightings and searches: the view;
- the hidden alien's grid: a :class:`~engine.players.expert.sampling.Hidden` sample (the
  crew's belief, weighted); its face-down abilities: drawn from those it does not show;
- the crew's face-down roles and skill markers and the face-down gear (for the alien):
  drawn from the roles, skill markers and locker kits nobody has seen yet (B.1.1, B.1.2);
- face-down nexus systems and supplies crates: the shuffle of a fresh set-up (B.1.1);
- a critical countdown (C.9): from the deadline its side read when the marker turned;
- the dice: a new generator.

Item ids are the world's own (the view names markers, not ids), so a command naming an
item is never searched: the expert searches only commands about units and grids.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.board_view import MarkerKind
from engine.content import Content
from engine.content_models import LifeStage
from engine.dice import Rng
from engine.setup import add_item, new_game
from engine.state import (
    Alien,
    Condition,
    Fate,
    GameState,
    Human,
    Phase,
    SetupStep,
)
from engine.units import SUPPLIES
from engine.views import AlienLine, CrewLine, View

FACE_DOWN_GEAR = "Gear"  # the label of gear the viewer has not examined (C.3)
DEFAULT_COUNTDOWN = 1  # quarter turns taken as rotated when the deadline was not read


@dataclass(frozen=True, slots=True)
class Secrets:
    """The samples one world is built on: where each hidden alien is."""

    hidden: Mapping[str, Grid]  # hidden alien id: its grid in this world


def build_world(
    view: View,
    secrets: Secrets,
    ship: Ship,
    content: Content,
    rng: Rng,
    deadlines: Mapping[Grid, int] | None = None,
) -> GameState:
    """A full state consistent with ``view`` (see the module's docstring)."""
    state = new_game(rng.below(1 << 62), ship, content)
    state.rng = Rng(rng.below(1 << 62))
    state.turn, state.phase, state.setup = view.turn, Phase(view.phase), SetupStep.DONE
    state.active_unit = view.active_unit or None
    state.declarations = list(view.declarations)
    state.doors = dict(view.board.doors)
    _humans(state, view, content, rng)
    _aliens(state, view, secrets, content, rng)
    _items(state, view, ship, content, rng)
    _board(state, view, ship, deadlines or {}, content)
    units: tuple[CrewLine | AlienLine, ...] = (*view.crew, *view.aliens)
    state.done_units = {u.id for u in units if u.done}
    if view.viewer.value == "crew":
        state.crew_secrets.blueprints = list(view.blueprints)
        state.alien_secrets.revealed_abilities = set(view.abilities)
    return state


def _humans(state: GameState, view: View, content: Content, rng: Rng) -> None:
    crew_view = view.viewer.value == "crew"
    known = {line.role for line in view.crew if line.role}
    roles = rng.shuffled([r.name for r in content.roles if r.name not in known])
    markers = [s.value for s in content.skill_marker_pool]
    for line in view.crew:
        for skill in line.skills[1:] if crew_view else ():
            if skill in markers:
                markers.remove(skill)
    markers = rng.shuffled(markers)
    for line in view.crew:
        human = Human(id=line.id, name=line.name)
        human.condition, human.fate = Condition(line.condition), Fate(line.fate)
        human.grid = Grid.parse(line.grid) if line.grid and not line.carried_by else None
        human.holder = line.carried_by or None
        human.actions = line.actions or 0
        human.role = line.role or (roles.pop() if roles else None)
        if crew_view:
            human.skill_marker = line.skills[1] if len(line.skills) > 1 else None
        else:
            human.skill_marker, human.revealed = _turned_up(line, markers)
        state.humans[line.id] = human


def _turned_up(line: CrewLine, pool: list[str]) -> tuple[str | None, set[str]]:
    """What the alien has seen of a human's markers (its role's skill comes first), and
    a skill marker dealt from those nobody has seen for the one it has not."""
    shown = list(line.skills[1:] if line.role else line.skills)
    revealed = {"role"} if line.role else set()
    if shown:
        return shown[0], revealed | {"skill"}
    return (pool.pop() if pool else None), revealed


def _aliens(state: GameState, view: View, secrets: Secrets, content: Content, rng: Rng) -> None:
    shown = set(view.abilities)
    unseen = rng.shuffled([a.value for a in content.abilities if a.value not in shown])
    for line in view.aliens:
        alien = Alien(id=line.id, stage=line.stage, injured=line.injured)
        alien.actions, alien.energy, alien.dead = line.actions, line.energy, line.dead
        alien.abilities = list(line.abilities)
        if view.viewer.value == "crew":
            alien.abilities += _dealt(line, content, unseen)
        if line.dead:
            alien.fate = Fate.LOST
        else:
            grid = secrets.hidden.get(line.id) if line.hidden else None
            grid = grid or (Grid.parse(line.grid) if line.grid else None)
            alien.grid = grid
            alien.path = [grid] if grid is not None else []
            if line.hidden and grid is not None:
                alien.hide()
        state.aliens[line.id] = alien


def _dealt(line: AlienLine, content: Content, unseen: list[str]) -> list[str]:
    """The face-down abilities of an alien the crew sees: as many as its stage holds
    (G.5), drawn from the markers nobody has turned up."""
    held = content.life_stages[LifeStage(line.stage)].abilities
    return [unseen.pop() for _ in range(max(0, held - len(line.abilities))) if unseen]


def _items(state: GameState, view: View, ship: Ship, content: Content, rng: Rng) -> None:
    """Closed lockers keep their set-up kits (B.1.1); everything else is rebuilt from
    the markers on the floor and what each unit carries."""
    closed = {m.grid for m in view.board.markers if m.kind is MarkerKind.LOCKER}
    state.items = {k: i for k, i in state.items.items() if i.grid in closed}
    kits = [k for r in ship.regions.values() for k in r.locker]
    supplies = rng.shuffled([s.value for s in content.supply_pool])
    side = view.viewer.value

    def place(label: str, **where: object) -> None:
        kind, supply, examined = _read_label(label, side, kits, supplies, rng)
        item = add_item(state, kind, **where)
        item.supply, item.examined_by = supply, examined

    for marker in view.board.markers:
        if marker.kind in (MarkerKind.GEAR, MarkerKind.SUPPLIES):
            place(marker.label, grid=marker.grid)
    names = {line.name for line in view.crew}
    units: tuple[CrewLine | AlienLine, ...] = (*view.crew, *view.aliens)
    for unit in units:
        for label in unit.carrying:
            if label not in names:
                place(label, holder=unit.id)


def _read_label(
    label: str, side: str, kits: list[str], supplies: list[str], rng: Rng
) -> tuple[str, str | None, set[str]]:
    """A marker's kind, crate contents and who examined it, as its label tells them."""
    if label.startswith(SUPPLIES):
        if "(" in label:
            return SUPPLIES, label[label.index("(") + 1 : -1], {side}
        return SUPPLIES, supplies.pop() if supplies else "food", set()
    if label == FACE_DOWN_GEAR:
        return rng.choice(kits), None, set()
    return label, None, {side} if side == "alien" else set()


def _board(
    state: GameState, view: View, ship: Ship, deadlines: Mapping[Grid, int], content: Content
) -> None:
    markers = view.board.markers
    damaged = {m.grid: m.label for m in markers if m.kind is MarkerKind.NEXUS_DAMAGED}
    down = {m.grid for m in markers if m.kind is MarkerKind.NEXUS}
    for grid, system in damaged.items():  # pin the turned-up systems where they lie
        other = next((g for g, s in state.nexus.items() if s == system), None)
        if other is not None and other != grid:
            state.nexus[other] = state.nexus[grid]
        state.nexus[grid] = system
    state.nexus = {g: s for g, s in state.nexus.items() if g in damaged or g in down}
    state.nexus_revealed = set(damaged)
    full = content.ship.critical_countdown_turns
    critical = {s.value for s, info in content.systems.items() if info.critical}
    for grid, system in damaged.items():
        if system in critical:
            due = deadlines.get(grid)
            turned = DEFAULT_COUNTDOWN if due is None else full - (due + 1 - view.turn)
            state.countdown[grid] = min(max(turned, 0), full - 1)
    for marker in markers:
        if marker.kind is MarkerKind.POD_LAUNCHED:
            region = ship.region_of(marker.grid)
            if region is not None:
                state.launched_pods[region.key] = []
        elif marker.kind is MarkerKind.ALIEN_SIGHTING:
            state.sightings.append(marker.grid)
        elif marker.kind is MarkerKind.SEARCHED:
            state.searched.add(marker.grid)
