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


@dataclass(slots=True)
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

    def copy(self) -> Human:
        new = _new(Human)
        new.id = self.id
        new.name = self.name
        new.role = self.role
        new.skill_marker = self.skill_marker
        new.condition = self.condition
        new.fate = self.fate
        new.grid = self.grid
        new.holder = self.holder
        new.actions = self.actions
        new.revealed = set(self.revealed)
        new.killed_by_alien = self.killed_by_alien
        return new

    @property
    def on_board(self) -> bool:
        return self.fate is Fate.ABOARD and (self.grid is not None or self.holder is not None)


@dataclass(slots=True)
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

    def copy(self) -> Alien:
        new = _new(Alien)
        new.id = self.id
        new.stage = self.stage
        new.grid = self.grid
        new.injured = self.injured
        new.fate = self.fate
        new.dead = self.dead
        new.actions = self.actions
        new.path = list(self.path)
        new.run_start = self.run_start
        new.repelled_from = self.repelled_from
        new.injured_when_hidden = self.injured_when_hidden
        new.abilities = list(self.abilities)
        new.energy = self.energy
        return new

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


@dataclass(slots=True)
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

    def copy(self) -> Item:
        new = _new(Item)
        new.id = self.id
        new.kind = self.kind
        new.grid = self.grid
        new.holder = self.holder
        new.in_locker = self.in_locker
        new.supply = self.supply
        new.examined_by = set(self.examined_by)
        new.active = self.active
        return new


@dataclass(slots=True)
class SideSecrets:
    """What a side knows that the other must not (C.3)."""

    # The alien player's ability markers not yet with a unit: the secret first choice
    # until the Larva is placed (B.1.3). Each alien holds its own (``Alien.abilities``).
    abilities: list[str] = field(default_factory=list)
    revealed_abilities: set[str] = field(default_factory=set)
    blueprints: list[str] = field(default_factory=list)  # crew's improvised-device blueprints
    fabricated: list[str] = field(default_factory=list)  # devices built: their markers are used

    def copy(self) -> SideSecrets:
        new = _new(SideSecrets)
        new.abilities = list(self.abilities)
        new.revealed_abilities = set(self.revealed_abilities)
        new.blueprints = list(self.blueprints)
        new.fabricated = list(self.fabricated)
        return new


@dataclass(slots=True)
class Standing:
    """Orders the side that is not acting sets beforehand (D.5 energy on an exact 7)."""

    spend_energy_on_seven: bool = True
    ambush: bool = True  # the noise variant: a hidden alien answers an encounter's call

    def copy(self) -> Standing:
        new = _new(Standing)
        new.spend_energy_on_seven = self.spend_energy_on_seven
        new.ambush = self.ambush
        return new


@dataclass(slots=True)
class NoiseState:
    """The ``noise`` variant's table (README, "Variants"): noise markers on doors and the
    intruder bag, whose contents everyone may count (a draw is at random); and the doors
    the hidden alien crossed noisily this phase, its own until the phase ends."""

    markers: set[str] = field(default_factory=set)  # ids of the doors with a marker
    bag: list[str] = field(default_factory=list)  # "Blank" or a number, sorted
    aside: list[str] = field(default_factory=list)  # drawn numbers, back at a pipe-run
    reserve: list[str] = field(default_factory=list)  # tokens to add after a last Blank
    heard: set[str] = field(default_factory=set)  # the alien's: doors it crossed noisily

    def copy(self) -> NoiseState:
        new = _new(NoiseState)
        new.markers = set(self.markers)
        new.bag = list(self.bag)
        new.aside = list(self.aside)
        new.reserve = list(self.reserve)
        new.heard = set(self.heard)
        return new


@dataclass(slots=True)
class Emergency:
    """One card of the ``emergencies`` panel in its field (README, "Variants"): face down
    (level 0) until the next start of round turns it up, then level 1-3, then critical:
    its room compromised for good. ``tried``: the humans who counteracted it (E.4)."""

    card: int  # its index in data/variants.toml's cards, hidden while face down
    room: str  # the region key of its room: the card's, or the damaged nexus's (E.2a)
    cause: str  # nexus, wall, compromised or decay (E.2)
    level: int = 0  # 0 face down; 1-3 active
    critical: bool = False  # its room compromised for good (E.3.1)
    points: int = 0  # repair points so far (E.4)
    nexus: Grid | None = None  # the damaged critical nexus that made it (E.5)
    tried: set[str] = field(default_factory=set)

    def copy(self) -> Emergency:
        new = _new(Emergency)
        new.card = self.card
        new.room = self.room
        new.cause = self.cause
        new.level = self.level
        new.critical = self.critical
        new.points = self.points
        new.nexus = self.nexus
        new.tried = set(self.tried)
        return new


@dataclass(slots=True)
class EmergencyState:
    """The ``emergencies`` panel (README, "Variants"): the deck, shuffled as set-up ends
    and hidden from everyone; the fields, each empty or holding one emergency; the
    discards; and whether the ship broke up (E.7)."""

    deck: list[int] = field(default_factory=list)  # card indexes, the next draw first
    fields: list[Emergency | None] = field(default_factory=list)
    discard: list[int] = field(default_factory=list)
    collapsed: bool = False

    def copy(self) -> EmergencyState:
        new = _new(EmergencyState)
        new.deck = list(self.deck)
        new.fields = [None if e is None else e.copy() for e in self.fields]
        new.discard = list(self.discard)
        new.collapsed = self.collapsed
        return new


@dataclass(slots=True)
class RaidsState:
    """The ``raids`` variant's table (docs/rules-decisions.md, "Variants: raids"): the
    raid deck (top first; its order nobody sees), the repulse value, the results, and each
    side's standing orders, its own alone. Cards are written as read: "3", "-1", "M+3"."""

    deck: list[str] = field(default_factory=list)
    early: int = 0  # the deck's top cards from waves 1 and 2: they leave once played
    discard: list[str] = field(default_factory=list)  # wave-3 cards played (R.3(h))
    repulse: int = 0  # R
    defeats: int = 0  # raid steps both sides failed (R.3(g))
    awards: dict[str, int] = field(default_factory=dict)  # by side: defence awards (R.3(e))
    chips: dict[str, int] = field(default_factory=dict)  # by side: war chips (R.8)
    rooms: list[str] = field(default_factory=list)  # damaged rooms, by name (R.4)
    abilities: dict[str, list[str]] = field(default_factory=dict)  # damaged, by alien (R.5)
    tie_top: str = "alien"  # the side on top of the tie order (R.3(c))
    ended: str = ""  # "" while the raids run; "repulse" or "defeat" (R.3(b), R.7)
    admiral: str = ""  # R.9: "crew", "alien" or "both", once decided
    volley: str = ""  # R.7: the system the parting volley damaged
    crew_damage: list[str] = field(default_factory=list)  # the crew's order (R.5)
    alien_damage: list[str] = field(default_factory=list)  # the alien's order (R.5)
    crew_bunker: bool = False  # the crew's ``order bunker`` (R.3(d))
    alien_bunker: bool = False  # the alien's

    def copy(self) -> RaidsState:
        new = _new(RaidsState)
        new.deck = list(self.deck)
        new.early = self.early
        new.discard = list(self.discard)
        new.repulse = self.repulse
        new.defeats = self.defeats
        new.awards = dict(self.awards)
        new.chips = dict(self.chips)
        new.rooms = list(self.rooms)
        new.abilities = {k: list(v) for k, v in self.abilities.items()}
        new.tie_top = self.tie_top
        new.ended = self.ended
        new.admiral = self.admiral
        new.volley = self.volley
        new.crew_damage = list(self.crew_damage)
        new.alien_damage = list(self.alien_damage)
        new.crew_bunker = self.crew_bunker
        new.alien_bunker = self.alien_bunker
        return new


@dataclass(slots=True)
class ReactionsState:
    """The ``reactions`` variant's table (docs/rules-decisions.md, "Variants: reactions"):
    the deck (top first; its order nobody sees), the discards, the active card (public)
    and what it left on the aliens (its Regeneration tokens join the alien side's one
    pool, ``GameState.regeneration``). ``pending``: the injuries not yet answered by a
    card, (alien id, the unit that injured it or ""), in the order they happened."""

    deck: list[str] = field(default_factory=list)  # card ids
    discard: list[str] = field(default_factory=list)
    active: str = ""  # the active card's id ("" before the first draw)
    active_alien: str = ""  # the alien whose injury drew it
    rage: set[str] = field(default_factory=set)  # aliens whose next attack has Rage! (W.3.3)
    fear: set[str] = field(default_factory=set)  # aliens with Fear's resilience (W.3.4)
    slay_spent: bool = False  # W.3.8: the active Engineered To Slay has killed
    ferocious: dict[str, int] = field(default_factory=dict)  # by alien: Ferocious cards
    critical: dict[str, int] = field(default_factory=dict)  # by alien: Critical Hit! cards
    pending: list[tuple[str, str]] = field(default_factory=list)

    def copy(self) -> ReactionsState:
        new = _new(ReactionsState)
        new.deck = list(self.deck)
        new.discard = list(self.discard)
        new.active = self.active
        new.active_alien = self.active_alien
        new.rage = set(self.rage)
        new.fear = set(self.fear)
        new.slay_spent = self.slay_spent
        new.ferocious = dict(self.ferocious)
        new.critical = dict(self.critical)
        new.pending = list(self.pending)
        return new


@dataclass(slots=True)
class HalonState:
    """The ``halon`` variant's suppression panel (docs/rules-decisions.md, "Variants:
    halon"): charged or not, and the purges made so far (H.1). The tanks are gear markers
    (H.3). Everything here is public."""

    charged: bool = True  # charged at the start (H)
    purges: int = 0

    def copy(self) -> HalonState:
        new = _new(HalonState)
        new.charged = self.charged
        new.purges = self.purges
        return new


@dataclass(slots=True)
class PhysiologyState:
    """The ``physiology`` variant's cards (docs/rules-decisions.md, "Variants: physiology"):
    one face down for each damage type, hidden from both sides until a crew attack of that
    type turns it up (P.2); the other cards set aside unseen (P.1); the types the crew
    studied after an autopsy (P.4: the crew's alone while face down)."""

    cards: dict[str, str] = field(default_factory=dict)  # damage type -> card name
    aside: list[str] = field(default_factory=list)  # the cards not dealt, seen at the end
    up: set[str] = field(default_factory=set)  # types whose card is face up for all (P.2)
    studied: set[str] = field(default_factory=set)  # types the crew looked at (P.4)

    def copy(self) -> PhysiologyState:
        new = _new(PhysiologyState)
        new.cards = dict(self.cards)
        new.aside = list(self.aside)
        new.up = set(self.up)
        new.studied = set(self.studied)
        return new


@dataclass(slots=True)
class GameState:
    seed: int
    rng: Rng
    variants: frozenset[str] = frozenset()  # chosen at creation, public (engine/variants.py)
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
    noise: NoiseState | None = None  # the ``noise`` variant's markers and bag
    emergencies: EmergencyState | None = None  # the ``emergencies`` variant's panel
    raids: RaidsState | None = None  # the ``raids`` variant's deck, results and orders
    reactions: ReactionsState | None = None  # the ``reactions`` variant's deck and marks
    halon: HalonState | None = None  # the ``halon`` variant's suppression panel
    physiology: PhysiologyState | None = None  # the ``physiology`` variant's cards
    # Regeneration tokens: one public pool for the alien side, shared by the variants that
    # give them (``physiology``'s Regenerative, ``reactions``' Regeneration); each absorbs
    # one injury of an alien (engine.fighting.regeneration)
    regeneration: int = 0

    def clone(self) -> GameState:
        """A deep copy, written out by hand field by field (the state and its parts have
        ``__slots__``): every command copies the state once, and this is many times
        faster than ``copy.deepcopy``. A field added to the state or a part must be added
        to its copy too; tests/engine/test_state.py fails until it is."""
        new = _new(GameState)
        new.seed = self.seed
        new.rng = Rng(self.rng.state)
        new.variants = self.variants
        new.turn = self.turn
        new.phase = self.phase
        new.setup = self.setup
        new.humans = {k: v.copy() for k, v in self.humans.items()}
        new.aliens = {k: v.copy() for k, v in self.aliens.items()}
        new.items = {k: v.copy() for k, v in self.items.items()}
        new.doors = self.doors.copy()
        new.launched_pods = {k: list(v) for k, v in self.launched_pods.items()}
        new.nexus = self.nexus.copy()
        new.nexus_revealed = set(self.nexus_revealed)
        new.countdown = self.countdown.copy()
        new.alien_secrets = self.alien_secrets.copy()
        new.crew_secrets = self.crew_secrets.copy()
        new.standing = self.standing.copy()
        new.drive_to = self.drive_to
        new.autopsies = self.autopsies
        new.royal_mutations = self.royal_mutations
        new.active_unit = self.active_unit
        new.done_units = set(self.done_units)
        new.declarations = list(self.declarations)
        new.sightings = list(self.sightings)
        new.searched = set(self.searched)
        new.surge_used = self.surge_used
        new.ship_destroyed = list(self.ship_destroyed)
        new.result = self.result
        new.noise = None if self.noise is None else self.noise.copy()
        new.emergencies = None if self.emergencies is None else self.emergencies.copy()
        new.raids = None if self.raids is None else self.raids.copy()
        new.reactions = None if self.reactions is None else self.reactions.copy()
        new.halon = None if self.halon is None else self.halon.copy()
        new.physiology = None if self.physiology is None else self.physiology.copy()
        new.regeneration = self.regeneration
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
        """The crew's units in play: alive, aboard and given a role (B.1.2)."""
        # Run many times a command: the test of _in_play spelt out, no call per human.
        return [
            h
            for h in self.humans.values()
            if h.condition is not Condition.DECEASED and h.fate is Fate.ABOARD and h.role
        ]

    def is_live_human(self, unit_id: str) -> bool:
        """Is ``unit_id`` one of :meth:`live_humans` (without building the list)?"""
        human = self.humans.get(unit_id)
        return human is not None and _in_play(human)

    def any_live_human(self) -> bool:
        return any(_in_play(h) for h in self.humans.values())

    def all_live_humans_done(self) -> bool:
        """Has every one of :meth:`live_humans` finished this phase (``done_units``)?"""
        done = self.done_units
        return all(h.id in done for h in self.humans.values() if _in_play(h))

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
        """The live aliens aboard that are pipe-running (asked several times a command)."""
        return [
            a
            for a in self.aliens.values()
            if a.run_start is not None and not a.dead and a.fate is Fate.ABOARD
        ]

    def door_state(self, door_id: str) -> DoorState:
        return self.doors.get(door_id, DoorState.OPEN)


def _in_play(human: Human) -> bool:
    """Alive, aboard and given a role; run for every human many times a command, so the
    ``alive`` property is spelt out."""
    return (
        human.condition is not Condition.DECEASED and human.fate is Fate.ABOARD and bool(human.role)
    )


def _new(cls: type[_T]) -> _T:
    """An instance with no field set yet, for a copy to fill in (no ``__init__``)."""
    return object.__new__(cls)
