"""The whole game at one moment: everything replay rebuilds, nothing else.

States are plain mutable dataclasses so a rule handler can update them in place
after it has checked everything (a refused command changes nothing), and two
states compare equal field by field (replay equals state).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import TypeVar

from engine.board.grid import Grid
from engine.board.ship import DoorState
from engine.dice import Rng

_T = TypeVar("_T")


class Side(StrEnum):
    CREW = "crew"
    ALIEN = "alien"

    @property
    def other(self) -> Side:
        return Side.ALIEN if self is Side.CREW else Side.CREW


class Phase(StrEnum):
    SETUP = "setup"
    ALIEN = "alien"  # C: each turn is an alien action phase …
    CREW = "crew"  # … followed by a crew action phase
    OVER = "over"


class SetupStep(StrEnum):
    """B.1.2: the crew's set-up choices in the rulebook's order. The alien's two
    choices (B.1.3) may be made at any time during set-up, in either order."""

    DEAD = "dead"  # choose the four humans killed on the planet
    INJURED = "injured"  # two survivors in the Infirmary beds
    ROLES = "roles"  # the eight remaining roles, as desired
    PLACE = "place"  # the six others anywhere (B.1.2 limits)
    SUPPLIES = "supplies"  # nine face-down crates: six in the Cargo Hold, three in the Store
    DONE = "done"


class Condition(StrEnum):
    WELL = "well"
    INJURED = "injured"
    UNCONSCIOUS = "unconscious"  # Venom (G.4)
    DECEASED = "deceased"


class Fate(StrEnum):
    ABOARD = "aboard"
    ESCAPED = "escaped"  # launched in a life pod: alive for victory (E.2.4)
    LOST = "lost"  # out of play: autopsied, consumed, blown out of the air lock


@dataclass
class Human:
    id: str  # lower-case name, as typed in commands
    name: str
    role: str | None = None
    skill_marker: str | None = None
    condition: Condition = Condition.WELL
    fate: Fate = Fate.ABOARD
    grid: Grid | None = None  # None while carried, unplaced, or out of play
    holder: str | None = None  # the unit carrying this body (E.3.1)
    actions: int = 0
    revealed: set[str] = field(default_factory=set)  # "role"/"skill" the alien has seen
    killed_by_alien: bool = False  # F.1's Agent line

    @property
    def alive(self) -> bool:
        return self.condition is not Condition.DECEASED

    @property
    def on_board(self) -> bool:
        return self.fate is Fate.ABOARD and (self.grid is not None or self.holder is not None)


@dataclass
class Alien:
    id: str  # "alien1"; a Queen's spawn is "alien2" …
    stage: str  # life stage name (G.5)
    grid: Grid | None = None
    injured: bool = False
    fate: Fate = Fate.ABOARD
    dead: bool = False
    actions: int = 0
    path: list[Grid] = field(default_factory=list)  # every grid it has entered, in order
    run_start: int | None = None  # index in ``path`` where the current pipe-run began
    repelled_from: Grid | None = None  # G.2.5: this phase it may not come closer to here
    # C.7.3: while it pipe-runs, the crew knows only whether it was injured when it
    # vanished (a hidden heal's roll is the alien's alone).
    injured_when_hidden: bool = False
    abilities: list[str] = field(default_factory=list)  # its own ability markers (G.4, G.5)
    energy: int = 0  # the energy store markers this unit carries (C.10.1)

    @property
    def pipe_running(self) -> bool:
        return self.run_start is not None

    def hide(self) -> None:
        """Start a pipe-run here (C.7): the pencil line begins at the current grid."""
        self.run_start = len(self.path) - 1
        self.injured_when_hidden = self.injured

    def stop_hiding(self) -> None:
        """The pipe-run is over (C.7.2), or the alien left play."""
        self.run_start = None
        self.injured_when_hidden = False

    @property
    def run_path(self) -> list[Grid]:
        """The secret route of the current pipe-run (C.7): the alien's pencil line."""
        return [] if self.run_start is None else self.path[self.run_start :]


@dataclass
class Item:
    """A gear or supplies marker (E.3). Exactly one of grid and holder is set
    while it is in play; ``in_locker`` items sit unseen in their locker's grid."""

    id: str
    kind: str  # gear kind, or "Supplies"
    grid: Grid | None = None
    holder: str | None = None
    in_locker: bool = False
    supply: str | None = None  # food / electronics / chemicals, for supplies crates
    examined_by: set[str] = field(default_factory=set)  # sides that looked (C.3)
    active: bool = False  # Ultrasonics switched on (G.2.5)


@dataclass
class SideSecrets:
    """What a side knows that the other must not (C.3)."""

    # The alien player's ability markers not yet with a unit: the secret first choice
    # until the Larva is placed (B.1.3). Each alien holds its own (``Alien.abilities``).
    abilities: list[str] = field(default_factory=list)
    revealed_abilities: set[str] = field(default_factory=set)
    blueprints: list[str] = field(default_factory=list)  # crew's improvised-device blueprints
    fabricated: list[str] = field(default_factory=list)  # devices built: their markers are used


@dataclass
class Standing:
    """Orders the side that is not acting sets beforehand (D.5 energy on an exact 7)."""

    spend_energy_on_seven: bool = True


@dataclass
class GameState:
    seed: int
    rng: Rng
    turn: int = 0
    phase: Phase = Phase.SETUP
    setup: SetupStep = SetupStep.DEAD
    humans: dict[str, Human] = field(default_factory=dict)
    aliens: dict[str, Alien] = field(default_factory=dict)
    items: dict[str, Item] = field(default_factory=dict)
    doors: dict[str, DoorState] = field(default_factory=dict)  # doors that are not open
    launched_pods: dict[str, list[str]] = field(default_factory=dict)  # pod key -> units
    nexus: dict[Grid, str] = field(default_factory=dict)  # face-down system markers
    nexus_revealed: set[Grid] = field(default_factory=set)
    countdown: dict[Grid, int] = field(default_factory=dict)  # C.9: quarter turns rotated
    alien_secrets: SideSecrets = field(default_factory=SideSecrets)
    crew_secrets: SideSecrets = field(default_factory=SideSecrets)
    standing: Standing = field(default_factory=Standing)
    drive_to: Grid | None = None  # the crew's standing order for Ultrasonics (G.2.5)
    autopsies: int = 0
    royal_mutations: int = 0
    active_unit: str | None = None  # the unit now spending actions (C.2)
    done_units: set[str] = field(default_factory=set)  # units finished this phase
    declarations: list[str] = field(default_factory=list)  # C.7.3 calls this phase
    sightings: list[Grid] = field(default_factory=list)  # C.7.1 reveals since the alien phase
    searched: set[Grid] = field(default_factory=set)  # grids searched this crew phase
    surge_used: bool = False
    # C.9: the critical systems whose rotation destroyed the ship, in grid order (several
    # when their markers complete together)
    ship_destroyed: list[str] = field(default_factory=list)
    result: str | None = None

    def clone(self) -> GameState:
        """A deep copy, written out by hand: every command copies the state once,
        and this is several times faster than ``copy.deepcopy``."""
        new = _shallow(self)
        new.rng = Rng(self.rng.state)
        new.humans = {k: _copy_human(v) for k, v in self.humans.items()}
        new.aliens = {k: _copy_alien(v) for k, v in self.aliens.items()}
        new.items = {k: _copy_item(v) for k, v in self.items.items()}
        new.doors = dict(self.doors)
        new.launched_pods = {k: list(v) for k, v in self.launched_pods.items()}
        new.nexus = dict(self.nexus)
        new.nexus_revealed = set(self.nexus_revealed)
        new.countdown = dict(self.countdown)
        new.alien_secrets = _copy_secrets(self.alien_secrets)
        new.crew_secrets = _copy_secrets(self.crew_secrets)
        new.standing = _shallow(self.standing)
        new.done_units = set(self.done_units)
        new.declarations = list(self.declarations)
        new.sightings = list(self.sightings)
        new.searched = set(self.searched)
        new.ship_destroyed = list(self.ship_destroyed)
        return new

    # --- lookups ---------------------------------------------------------------
    def human(self, unit_id: str) -> Human:
        return self.humans[unit_id]

    def alien(self, unit_id: str) -> Alien:
        return self.aliens[unit_id]

    def is_human(self, unit_id: str) -> bool:
        return unit_id in self.humans

    def side_of(self, unit_id: str) -> Side:
        return Side.CREW if unit_id in self.humans else Side.ALIEN

    def unit_grid(self, unit_id: str) -> Grid | None:
        """Where a unit is: its own grid, or its carrier's."""
        if unit_id in self.aliens:
            return self.aliens[unit_id].grid
        human = self.humans[unit_id]
        if human.holder is not None:
            return self.unit_grid(human.holder)
        return human.grid

    def item_grid(self, item: Item) -> Grid | None:
        return item.grid if item.holder is None else self.unit_grid(item.holder)

    def carried_by(self, unit_id: str) -> list[str]:
        """Items and bodies this unit carries, items first, in id order."""
        items = sorted(i.id for i in self.items.values() if i.holder == unit_id)
        bodies = sorted(h.id for h in self.humans.values() if h.holder == unit_id)
        return items + bodies

    def live_humans(self) -> list[Human]:
        return [h for h in self.humans.values() if h.alive and h.fate is Fate.ABOARD and h.role]

    def live_aliens(self) -> list[Alien]:
        return [a for a in self.aliens.values() if not a.dead and a.fate is Fate.ABOARD]

    def units_in(self, grid: Grid) -> list[str]:
        humans = [h.id for h in self.humans.values() if h.fate is Fate.ABOARD]
        units = [u for u in humans if self.unit_grid(u) == grid]
        units += [a.id for a in self.live_aliens() if a.grid == grid]
        return units

    def humans_in(self, grid: Grid, *, alive: bool = True) -> list[Human]:
        return [
            h
            for h in self.humans.values()
            if h.fate is Fate.ABOARD and self.unit_grid(h.id) == grid and (h.alive or not alive)
        ]

    def hidden_carrier(self, unit_id: str) -> Alien | None:
        """The pipe-running alien carrying this body, if any: it is out of sight (C.7)."""
        holder = self.humans[unit_id].holder if unit_id in self.humans else None
        alien = self.aliens.get(holder or "")
        return alien if alien is not None and alien.pipe_running else None

    def human_counters(self, grid: Grid) -> list[Human]:
        """The human counters standing or lying in a grid (C.6): a carried body is gear
        on its carrier (E.3.1), not a counter of its own."""
        return [h for h in self.humans.values() if h.fate is Fate.ABOARD and h.grid == grid]

    def pipe_runners(self) -> list[Alien]:
        return [a for a in self.live_aliens() if a.pipe_running]

    def door_state(self, door_id: str) -> DoorState:
        return self.doors.get(door_id, DoorState.OPEN)


def _shallow(obj: _T) -> _T:
    """A field-by-field copy without ``copy.copy``'s generic (and slow) protocol."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


def _copy_human(human: Human) -> Human:
    new = _shallow(human)
    new.revealed = set(human.revealed)
    return new


def _copy_alien(alien: Alien) -> Alien:
    new = _shallow(alien)
    new.path = list(alien.path)
    new.abilities = list(alien.abilities)
    return new


def _copy_item(item: Item) -> Item:
    new = _shallow(item)
    new.examined_by = set(item.examined_by)
    return new


def _copy_secrets(secrets: SideSecrets) -> SideSecrets:
    return SideSecrets(
        abilities=list(secrets.abilities),
        revealed_abilities=set(secrets.revealed_abilities),
        blueprints=list(secrets.blueprints),
        fabricated=list(secrets.fabricated),
    )
