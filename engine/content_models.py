"""The game's content as typed, frozen records: the vocabulary the engine codes against.

The enums name the things the rules act on (a skill, a gear kind, an ability …); the
numbers and words about them live in ``data/*.toml`` and are read by
:mod:`engine.content`. A model checks its own entry; checks across entries are the
loader's.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, model_validator

Text = Annotated[str, Field(min_length=1)]
Count = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]
RuleRef = Annotated[str, Field(pattern=r"^[A-H](\.\d+)+$")]
Pronouns = Literal["she/her", "he/him", "they/them"]


class Skill(StrEnum):
    """G.3. The last four are traits, drawn only as skill markers."""

    COMMAND = "Command"
    COOKING = "Cooking"
    ENGINEER = "Engineer"
    MEDICAL = "Medical"
    OPERATIONS = "Operations"
    SCIENCE = "Science"
    TACTICAL = "Tactical"
    HUMOID = "Humoid"
    ATHLETE = "Athlete"
    AGENT = "Agent"
    POWERFUL = "Powerful"


class SupplyKind(StrEnum):
    """E.4.2."""

    FOOD = "food"
    ELECTRONICS = "electronics"
    CHEMICALS = "chemicals"


class Ability(StrEnum):
    """G.4."""

    ACID_SPIT = "Acid Spit"
    AGILE = "Agile"
    CARAPACE = "Carapace"
    CLEVER = "Clever"
    IMMUNITY = "Immunity"
    QUEEN = "Queen"
    SURGE = "Surge"
    VENOM = "Venom"


class LifeStage(StrEnum):
    """G.5, smallest first."""

    LARVA = "Larva"
    HUNTER = "Hunter"
    GUARD = "Guard"
    ROYAL = "Royal"


class GearKind(StrEnum):
    """Gear markers (E.3) and improvised devices (G.2). Kit spellings match the
    floorplan's ``locker=`` lists."""

    AIDKIT = "AidKit"
    SCIKIT = "SciKit"
    TOOLKIT = "ToolKit"
    TACKIT = "TacKit"
    DUNSEL = "Dunsel"
    BODY_ARMOUR = "BodyArmour"
    CARBINE = "Carbine"
    HANDGUN = "Handgun"
    FLAME_CASTER = "FlameCaster"
    POISON_BAIT = "PoisonBait"
    SCANNER = "Scanner"
    TOXIC_AMMO = "ToxicAmmo"
    ULTRASONICS = "Ultrasonics"
    HALON_TANK = "HalonTank"  # the halon variant's tanks (H.3), placed as set-up ends

    @property
    def is_device(self) -> bool:
        """An improvised device (G.2), built from a blueprint rather than found."""
        return self in _DEVICES


_DEVICES = frozenset(
    {
        GearKind.FLAME_CASTER,
        GearKind.POISON_BAIT,
        GearKind.SCANNER,
        GearKind.TOXIC_AMMO,
        GearKind.ULTRASONICS,
    }
)


class Workroom(StrEnum):
    """Rooms where devices are fabricated; the values are floorplan region tags."""

    WORKSHOP = "workshop"
    GALLEY = "galley"
    LAB = "lab"
    INFIRMARY = "infirmary"


class ShipSystem(StrEnum):
    """C.9: the six system nexus markers."""

    G_CORE_DRIVE = "G-Core Drive"
    REACTOR_COOLANT = "Reactor Coolant"
    LIFE_SUPPORT = "Life Support"
    HOLO_DISPLAY = "Holo Display"
    TREADMILL = "Treadmill"
    COFFEE_MAKER = "Coffee Maker"


class Activity(StrEnum):
    """The rows of the action-cost table (G.1)."""

    PICK_UP = "pick-up"
    DROP = "drop"
    BOOST = "boost"
    MOVE_OPEN = "move-open"
    MOVE_OBSTRUCTED = "move-obstructed"
    DOOR_ADJACENT = "door-adjacent"
    DOOR_REMOTE = "door-remote"
    POD_ADJACENT = "pod-adjacent"
    POD_REMOTE = "pod-remote"
    LIFT = "lift"
    HATCH_UP = "hatch-up"
    HATCH_DOWN = "hatch-down"
    PIPE_RUN = "pipe-run"
    SEARCH = "search"
    HEAL = "heal"
    ATTACK = "attack"
    ATTACK_NEXUS = "attack-nexus"
    ATTACK_DOOR = "attack-door"
    REPAIR = "repair"
    AUTOPSY = "autopsy"
    MUTATE = "mutate"
    FABRICATE = "fabricate"
    SPAWN = "spawn"


class ScoreItem(StrEnum):
    """The lines of the victory schedule (F.1)."""

    HUMAN_ABOARD = "human-aboard"
    HUMAN_IN_POD = "human-in-pod"
    AUTOPSY = "autopsy"
    ROYAL_MUTATION = "royal-mutation"
    AGENT_SURVIVES = "agent-survives"


class Outcome(StrEnum):
    """The victory bands (F.1)."""

    DECISIVE_HUMAN = "decisive-human"
    MARGINAL_HUMAN = "marginal-human"
    DRAW = "draw"
    MARGINAL_ALIEN = "marginal-alien"
    DECISIVE_ALIEN = "decisive-alien"


def _dash_is_none(value: object) -> object:
    return None if value == "-" else value


# G.1 cost: actions, "X" (chosen, or set by the note), or None ("-": not allowed).
Cost = Annotated[Count | Literal["X"] | None, BeforeValidator(_dash_is_none)]


class Frozen(BaseModel):
    """Immutable, and strict about field names so a typo in the TOML is an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Human(Frozen):
    name: Text
    pronouns: Pronouns
    description: Text


class Role(Frozen):
    name: Text
    skill: Skill
    gear: tuple[GearKind, ...] = ()
    description: Text


class SkillInfo(Frozen):
    skill: Skill
    markers: Count
    summary: Text
    ferocity: Count = 0
    melee_ferocity: Count = 0
    resilience: Count = 0
    actions: Count = 0


class Gear(Frozen):
    id: GearKind
    name: Text
    count: Positive
    portable: bool = True
    totage: Annotated[int, Field(ge=0, le=2)] | None = None
    worn: bool = False
    ferocity: Count = 0
    resilience: Count = 0
    range_step: Positive | None = None
    area: bool = False
    firearm: bool = False
    firearm_ferocity: Count = 0
    search_range: Count = 0
    reach: Count = 0  # grids within which a dropped or carried device works (G.2.2, G.2.5)
    effect_ferocity: Count = 0  # the ferocity of an attack the device itself makes (G.2.2)
    contents: tuple[GearKind, ...] = ()
    rule: RuleRef
    summary: Text

    @model_validator(mode="after")
    def _consistent(self) -> Gear:
        if self.portable and self.totage is None:
            raise ValueError("portable gear needs a totage of 0, 1 or 2 dots (E.3.1)")
        if not self.portable and self.totage is not None:
            raise ValueError("gear that cannot be carried has no totage")
        if self.worn and self.totage != 0:
            raise ValueError("worn gear costs no totage (E.3.7)")
        if self.firearm and self.range_step is None:
            raise ValueError("a firearm attacks at range, so it needs a range_step (E.3.8)")
        return self

    @property
    def ranged(self) -> bool:
        return self.range_step is not None

    def range_penalty(self, distance: int) -> int:
        """Resilience the target adds at ``distance`` grids: +1 per *full* ``range_step``
        grids (E.3.8, gap 9: a carbine adds nothing at range 1 or 2)."""
        if self.range_step is None:
            raise ValueError(f"{self.name} is not a ranged weapon")
        return distance // self.range_step


class Blueprint(Frozen):
    device: GearKind
    skill: Skill
    supplies: SupplyKind
    room: Workroom
    rule: RuleRef


class SystemInfo(Frozen):
    system: ShipSystem
    critical: bool
    kills_humans: bool = False
    kills_aliens: bool = False
    rule: RuleRef
    effect: Text

    @model_validator(mode="after")
    def _only_critical_systems_kill(self) -> SystemInfo:
        if self.critical and not self.kills_humans:
            raise ValueError("a critical system endangers the crew (C.9): set kills_humans")
        if not self.critical and (self.kills_humans or self.kills_aliens):
            raise ValueError("a non-critical system has no effect on the game (C.9.4)")
        return self


class AbilityInfo(Frozen):
    ability: Ability
    summary: Text
    resilience: Count = 0
    attack_range: Count = 0
    pipe_run_discount: Count = 0
    surge_actions: Count = 0


class Supplies(Frozen):
    totage: Annotated[int, Field(ge=0, le=2)]
    markers: Mapping[SupplyKind, Count]

    @property
    def total(self) -> int:
        return sum(self.markers.values())


class LifeStageInfo(Frozen):
    stage: LifeStage
    ferocity: Count
    resilience: Count
    pipe_run: Count
    abilities: Positive
    carry_items: Count
    carry_totage: Count


class ActionCost(Frozen):
    activity: Activity
    label: Text
    human: Cost
    alien: Cost
    human_skill: Skill | None = None
    alien_ability: Ability | None = None
    note: str = ""

    @model_validator(mode="after")
    def _needs_only_what_is_allowed(self) -> ActionCost:
        if self.human is None and self.human_skill is not None:
            raise ValueError("human_skill given for an activity humans cannot do")
        if self.alien is None and self.alien_ability is not None:
            raise ValueError("alien_ability given for an activity the alien cannot do")
        return self


class ScoreRule(Frozen):
    item: ScoreItem
    points: int
    label: Text


class VictoryBand(Frozen):
    """Scores from ``min`` to ``max`` inclusive; ``None`` leaves that end open."""

    outcome: Outcome
    label: Text
    min: int | None = None
    max: int | None = None

    def contains(self, score: int) -> bool:
        return (self.min is None or score >= self.min) and (self.max is None or score <= self.max)


class Victory(Frozen):
    schedule: Mapping[ScoreItem, ScoreRule]
    bands: tuple[VictoryBand, ...]  # best for the crew first

    def band_for(self, score: int) -> VictoryBand:
        return next(band for band in self.bands if band.contains(score))


class Setup(Frozen):
    humans: Positive
    deceased: Count
    injured: Count
    skill_markers_drawn: Count
    supplies_in_cargo_hold: Count
    supplies_in_store: Count
    units_per_deck: Positive
    humans_per_room: Positive

    @property
    def survivors(self) -> int:
        return self.humans - self.deceased


class Dice(Frozen):
    sides: Positive
    target: Positive


class HumanStats(Frozen):
    actions: Count
    ferocity: Count
    resilience: Count
    injured_action_loss: Count
    carry_items: Count
    carry_totage: Count
    body_totage: Count
    per_grid: Positive


class AlienStats(Frozen):
    actions: Count
    start_energy: Count
    mutate_energy: Positive
    spawn_energy: Positive
    forage_actions: Positive


class ShipNumbers(Frozen):
    nexus_resilience: Count
    closed_door_resilience: Count
    critical_countdown_turns: Positive
    pod_capacity: Positive
