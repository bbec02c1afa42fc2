"""What the hidden-movement half of the game tells (C.7, C.8): the declarations, the
giveaways, the surfacing, the searches, and the alien's own secret position."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.board.grid import Grid
from engine.events import Audience, Event, Handling, Who


class Call(StrEnum):
    """C.7.3: how a pipe-running action is called out."""

    MOVE = "Move"  # a walking step, or waiting
    HUMAN = "human"  # a walking step into a human's grid: the human's name is called
    LIFT = "Lift"  # a ride, or a feint, on a lift: "Lift B2"
    HATCH = "Hatch"  # a climb, or a feint, through a hatch: "Hatch C1"
    FORAGE = "Forage"
    HEAL = "Heal"
    MUTATE = "Mutate"
    SPAWN = "Spawn"
    BONUS = "Bonus"  # an action committed to a roll
    REPAIR = "Repair"  # the raids variant: a damaged ability mended (R.6)
    CONTRIBUTE = "Contribute"  # the raids variant: a contribution to the war effort (R.8)


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """C.7.3: one action of a pipe-runner, as everyone hears it."""

    kind = "declared"
    who: Who  # the alien
    call: Call
    human: Who | None = None  # the human passed (HUMAN)
    letter: str = ""  # the lift's or hatch's letter (LIFT, HATCH)
    deck: int = 0  # the deck the lift or hatch is used from (LIFT, HATCH)


class Giveaway(StrEnum):
    """C.7.1: what gives a pipe-runner's grid away."""

    PASSES = "passes"  # it walks into a human's grid
    COMES_OUT = "comes-out"  # it rides or climbs out where a human is
    CONSUMES = "consumes"  # it eats a body (``human``) or a food crate (C.10.1)
    EXAMINES = "examines"  # it looks at a supplies marker (C.3)
    TOUCHES = "touches"  # it tries to take markers too heavy for it (E.3.1)
    MOVES = "moves"  # it moves markers (E.3.2)
    OPENS = "opens"  # it opens a door
    CLOSES = "closes"  # it closes a door
    LAUNCHES = "launches"  # it launches a life pod
    SPAWNS = "spawns"  # a new Larva appears where it hides (G.4)
    UNLOCKS = "unlocks"  # it opens a locker: the kits come out (E.2.6)


@dataclass(frozen=True, slots=True, kw_only=True)
class Sighted(Event):
    """C.7.1: a giveaway; everyone learns the grid and the pipe-run goes on."""

    kind = "sighted"
    irreversible = True
    grid: Grid
    cause: Giveaway
    human: Who | None = None  # the human passed, come out by, or eaten
    door: str = ""
    pod: str = ""  # the life pod's name
    handling: Handling | None = None  # how the markers were handled (TOUCHES, MOVES)


class Surfacing(StrEnum):
    """C.7.2: how a pipe-run ends."""

    STOPS = "stops"  # the alien surfaces
    TALLIED = "tallied"  # a search finds it (``by``)
    WALKED_INTO = "walked-into"  # a human walks into its grid (``by``)
    ATTACKS = "attacks"  # it attacks a grid
    ATTACKS_DOOR = "attacks-door"
    ATTACKS_NEXUS = "attacks-nexus"
    AMBUSHES = "ambushes"  # the noise variant: it answers an encounter's call (``by``)
    HALON = "halon"  # the halon variant: a purge floods its room (H.1(a); ``by``: who purged)


@dataclass(frozen=True, slots=True, kw_only=True)
class Surfaced(Event):
    kind = "surfaced"
    irreversible = True
    who: Who
    grid: Grid
    how: Surfacing
    by: Who | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class PipeRun(Event):
    """C.7: the alien vanishes behind the pipes at ``grid``."""

    kind = "pipe-run"
    who: Who
    grid: Grid
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Searched(Event):
    """C.8: a search of ``reach`` grids from ``origin``; ``grids`` are those it covered
    (range and sight), all of them empty unless ``found``."""

    kind = "searched"
    irreversible = True
    who: Who
    origin: Grid
    reach: int
    found: bool
    leftover: bool = False  # the unspent actions of a unit that is done (C.8)
    grids: tuple[Grid, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class HiddenAt(Event):
    """Where the pipe-runner is, for the alien only: after a secret move, or at the end
    of its phase (``phase_end``)."""

    kind = "secret-position"
    audience: Audience = Audience.ALIEN
    who: Who
    grid: Grid
    phase_end: bool = False
