"""What happened, as data, addressed to whoever may know it.

Every event is a small frozen record of one kind (a class below or in a rule family's
``events`` module: ``engine.moving.events``, ``engine.hiding.events`` …) with the fields
it carries: who (:class:`Who`), where (when its audience may know it), the roll, the
items, the numbers. The engine writes no sentences: the words for people come from the
records in one place (``bot.present``), so the game-controlled players read fields,
never English, and a second language is a catalogue.

Rules emit events with an audience; :func:`engine.views.events_for` is the only way
out, so an event meant for the alien never reaches the crew's channel. A record holds
nothing its audience may not know.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar

from engine.board.grid import Grid
from engine.dice import Roll
from engine.state import Phase


class Audience(StrEnum):
    PUBLIC = "public"  # both sides and spectators
    CREW = "crew"  # the crew player(s) only
    ALIEN = "alien"  # the alien player only
    REFEREE = "referee"  # nobody during play; shown in the final reveal

    def reaches(self, viewer: str) -> bool:
        if viewer == "referee" or self is Audience.PUBLIC:
            return True
        return self.value == viewer


@dataclass(frozen=True, slots=True)
class Who:
    """A unit as an event names it: its id and what it is called then, a human by name
    ("Hyun"), an alien by its life stage at that moment ("Larva")."""

    id: str
    name: str
    alien: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """One thing that happened. ``kind`` names the record's class (unique, stable: the
    scripts' JSON carries it); ``irreversible`` events reveal something hidden or come
    from the dice, so no undo reaches past them (the undo rule, engine.game)."""

    kind: ClassVar[str]
    irreversible: ClassVar[bool] = False
    audience: Audience = Audience.PUBLIC


# --- the parts several records share ------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Marker:
    """A gear or supplies marker as a side reads it: its id, whether it is a supplies
    crate (the two kinds of marker look different, C.3), and its kind (a gear kind, or
    a crate's supplies) only where that side knows it."""

    id: str
    kind: str | None = None
    crate: bool = False


@dataclass(frozen=True, slots=True)
class Load:
    """What the other side sees move: markers face-down, counted; bodies by name (C.3)."""

    gear: int = 0
    crates: int = 0
    bodies: tuple[Who, ...] = ()


class GearAction(StrEnum):
    PICK_UP = "pick-up"
    DROP = "drop"
    GIVE = "give"  # hand to a unit of the same side
    EXCHANGE = "exchange"  # hand over and take back (E.3.2)


@dataclass(frozen=True, slots=True)
class Handling:
    """How a unit moves things (E.3.2): to whom, and what it takes back in exchange."""

    action: GearAction
    to: Who | None = None
    back: Load = Load()


# --- set-up (B.1) -------------------------------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class DiedOnThePlanet(Event):
    """B.1.2: the four dead; their cadavers lie in quarantine."""

    kind = "setup-dead"
    dead: tuple[Who, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class DeadRole(Event):
    """B.1.2: the role one of the dead held (the crew's secret)."""

    kind = "setup-dead-role"
    irreversible = True
    audience: Audience = Audience.CREW
    who: Who
    role: str


@dataclass(frozen=True, slots=True, kw_only=True)
class InjuredInBeds(Event):
    """B.1.2: the two injured survivors in the Infirmary beds."""

    kind = "setup-injured"
    injured: tuple[Who, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class RoleTaken(Event):
    """B.1.2: a survivor takes a role (the crew's secret)."""

    kind = "setup-role"
    irreversible = True
    audience: Audience = Audience.CREW
    who: Who
    role: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillDrawn(Event):
    """B.1.2: a survivor's skill marker, drawn at random (the crew's secret)."""

    kind = "setup-skill"
    irreversible = True
    audience: Audience = Audience.CREW
    who: Who
    skill: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoleGear(Event):
    """E.1: a role that starts with gear shows itself by it (the MCPO's Handgun)."""

    kind = "setup-gear"
    who: Who
    gear: str  # the gear kind
    role: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Placed(Event):
    """B.1.2: a survivor takes position."""

    kind = "setup-placed"
    who: Who
    grid: Grid


@dataclass(frozen=True, slots=True, kw_only=True)
class SuppliesStowed(Event):
    """B.1.2: the nine face-down supplies crates are placed."""

    kind = "setup-supplies"


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityChosen(Event):
    """B.1.3: the alien's secret first ability (the alien's secret)."""

    kind = "setup-ability"
    irreversible = True
    audience: Audience = Audience.ALIEN
    ability: str


@dataclass(frozen=True, slots=True, kw_only=True)
class LarvaPlaced(Event):
    """B.1.3: where the Larva starts."""

    kind = "setup-larva"
    who: Who
    grid: Grid


# --- turns, orders and the end (C, C.2, F) ------------------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseBegan(Event):
    kind = "phase"
    turn: int
    phase: Phase


@dataclass(frozen=True, slots=True, kw_only=True)
class UnitDone(Event):
    """C.2: the unit is done for the phase."""

    kind = "unit-done"
    who: Who


class Ending(StrEnum):
    SHIP_DESTROYED = "ship-destroyed"  # C.9.1-C.9.3
    NO_HUMANS = "no-humans"  # no living human is left aboard
    NO_ALIENS = "no-aliens"  # no living alien is left aboard
    COLLAPSE = "collapse"  # the emergencies variant: a fifth emergency breaks the ship up


@dataclass(frozen=True, slots=True, kw_only=True)
class GameOver(Event):
    """C, F: one side dead or gone, or the ship destroyed."""

    kind = "game-over"
    irreversible = True  # the final reveal shows everything (F)
    ending: Ending
    system: str = ""  # the systems whose failure destroyed the ship, "A, B" (C.9)


@dataclass(frozen=True, slots=True, kw_only=True)
class EnergyOrder(Event):
    """D.5: the alien's standing order, to burn an energy store on an exact 7."""

    kind = "order-energy"
    audience: Audience = Audience.ALIEN
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class OrderLapsed(Event):
    """C.2, C.8: an order to the next unit, overtaken by the leftover search of the unit
    it replaced, lapses; ``reason`` is the refusal it would now meet."""

    kind = "order-lapsed"
    who: Who
    command: str  # the order as typed (the command language)
    reason: str


# --- efforts: rolls and what they show (C.1, C.3, E.1) ------------------------------------
class Effort(StrEnum):
    """What a roll is for."""

    ATTACK = "attack"  # a unit attacks another (D.1, D.2)
    ATTACK_DOOR = "attack-door"  # the alien attacks a closed door (D.2)
    ATTACK_NEXUS = "attack-nexus"  # the alien attacks a nexus marker (C.9)
    BAIT = "bait"  # the Poison Bait attacks the alien that eats it (G.2.2)
    HEAL = "heal"  # a Medical human heals another (D.5, E.2.1)
    HEAL_SELF = "heal-self"  # the alien heals itself (D.5)
    AUTOPSY = "autopsy"  # E.2.2
    FABRICATE = "fabricate"  # E.4.2
    REPAIR_DOOR = "repair-door"  # D.2
    REPAIR_SYSTEM = "repair-system"  # C.9
    REPAIR_HUMOID = "repair-humoid"  # G.3
    REPAIR_ROOM = "repair-room"  # the raids variant: a room the Opari damaged (R.6)
    MUTATE = "mutate"  # C.10
    SPAWN = "spawn"  # G.4 Queen
    ATTACK_WALL = "attack-wall"  # the emergencies variant: the alien smashes a wall (E.2b)
    COMPROMISED = "compromised"  # the emergencies variant: a compromised room's attack (E.3.6)
    PURGE = "purge"  # the halon variant: flooding a sealed room (H.1); system: the room


class Means(StrEnum):
    """Where a crew effort's equipment comes from (E.2.1, E.2.2, E.3.3, E.3.5)."""

    AIDKIT = "aidkit"  # with the AidKit
    INFIRMARY = "infirmary"  # in the Infirmary
    SCIKIT = "scikit"  # with the SciKit
    LAB = "lab"  # in the Lab


@dataclass(frozen=True, slots=True, kw_only=True)
class Attempt:
    """What is tried on a roll, by whom, on what."""

    effort: Effort
    who: Who | None = None  # who rolls (none for the Poison Bait)
    target: Who | None = None  # the unit attacked, healed, autopsied or repaired
    weapon: str = ""  # the gear kind a human attacks with; "" bare-handed
    door: str = ""  # the door attacked or repaired
    grid: Grid | None = None  # the nexus attacked or the system repaired
    system: str = ""  # the system repaired
    means: Means | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Rolled(Event):
    """C.1: a die rolled for an effort, with every modifier."""

    kind = "rolled"
    irreversible = True
    attempt: Attempt
    roll: Roll


@dataclass(frozen=True, slots=True, kw_only=True)
class GearRevealed(Event):
    """C.3: gear used turns face up, for good."""

    kind = "revealed-gear"
    irreversible = True
    who: Who
    item: str
    gear: str  # its kind


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillRevealed(Event):
    """C.3, E.1: using a skill turns face-up the role marker that gives it (``role``,
    "" if it was up already) and the skill marker (``marker``)."""

    kind = "revealed-skill"
    irreversible = True
    who: Who
    skill: str
    role: str = ""
    marker: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class AbilityRevealed(Event):
    """C.3: the alien reveals an ability marker when it uses it."""

    kind = "revealed-ability"
    irreversible = True
    ability: str
