"""Load the game's content (crew, roles, markers, tables) from ``data/*.toml``.

``load_content()`` reads ``roster.toml``, ``counters.toml`` and ``tables.toml``, checks
every entry and the rules that tie entries together, and returns a frozen
:class:`Content`. Any problem raises :class:`ContentError` naming the file, the entry
and what is wrong, so a mistake in the data is fixed where it was made.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Iterable, Mapping
from enum import StrEnum
from functools import cached_property, lru_cache
from itertools import pairwise
from pathlib import Path
from typing import Any, TypeVar

from pydantic import ValidationError
from pydantic_core import ErrorDetails

from engine.content_models import (
    Ability,
    AbilityInfo,
    ActionCost,
    Activity,
    AlienStats,
    Blueprint,
    Dice,
    Frozen,
    Gear,
    GearKind,
    Human,
    HumanStats,
    LifeStage,
    LifeStageInfo,
    Role,
    ScoreItem,
    ScoreRule,
    Setup,
    ShipNumbers,
    ShipSystem,
    Skill,
    SkillInfo,
    Supplies,
    SupplyKind,
    SystemInfo,
    Victory,
    VictoryBand,
)

DEFAULT_DATA_DIR = Path(__file__).resolve().parent.parent / "data"
ROSTER, COUNTERS, TABLES = "roster.toml", "counters.toml", "tables.toml"

RULEBOOK_HUMANS = ("Hyun", "Ortiz", "Okeke")  # named in C.7.4 and D.4.1
MCPO = "Master Chief Petty Officer"  # E.1, E.3.8

M = TypeVar("M", bound=Frozen)
K = TypeVar("K", bound=StrEnum)


class ContentError(ValueError):
    """Content data that breaks the rules; says which file and entry, and why."""

    def __init__(self, file: str, problem: str) -> None:
        self.file = file
        self.problem = problem
        super().__init__(f"{file}: {problem}")


class Content(Frozen):
    """Everything the rules need that is not the floorplan."""

    humans: tuple[Human, ...]
    roles: tuple[Role, ...]
    skills: Mapping[Skill, SkillInfo]
    gear: Mapping[GearKind, Gear]
    blueprints: Mapping[GearKind, Blueprint]  # by device
    supplies: Supplies
    systems: Mapping[ShipSystem, SystemInfo]
    abilities: Mapping[Ability, AbilityInfo]
    setup: Setup
    dice: Dice
    human_stats: HumanStats
    alien_stats: AlienStats
    ship: ShipNumbers
    life_stages: Mapping[LifeStage, LifeStageInfo]  # in G.5 order
    actions: Mapping[Activity, ActionCost]
    victory: Victory

    @cached_property
    def _humans_by_name(self) -> dict[str, Human]:
        return {human.name: human for human in self.humans}

    @cached_property
    def _roles_by_name(self) -> dict[str, Role]:
        return {role.name: role for role in self.roles}

    def human(self, name: str) -> Human:
        return self._humans_by_name[name]

    def role(self, name: str) -> Role:
        return self._roles_by_name[name]

    @property
    def mcpo(self) -> Role:
        return self.role(MCPO)

    def next_stage(self, stage: LifeStage) -> LifeStage | None:
        """The stage a mutation leads to; ``None`` for a Royal (C.10)."""
        order = list(self.life_stages)
        index = order.index(stage) + 1
        return order[index] if index < len(order) else None

    @property
    def skill_marker_pool(self) -> tuple[Skill, ...]:
        """One entry per skill marker, for the set-up draw (B.1.2)."""
        return tuple(s for s, info in self.skills.items() for _ in range(info.markers))

    @property
    def supply_pool(self) -> tuple[SupplyKind, ...]:
        """One entry per supplies marker (B.1.2)."""
        return tuple(k for k, n in self.supplies.markers.items() for _ in range(n))

    @property
    def device_pool(self) -> tuple[GearKind, ...]:
        """One entry per face-down ID marker an autopsy draws from (E.4.1)."""
        return tuple(d for d in self.blueprints for _ in range(self.gear[d].count))


def load_content(data_dir: Path | None = None) -> Content:
    """The content in ``data_dir`` (default: the project's ``data/``, read once)."""
    if data_dir is None:
        return _default_content()
    return _load(data_dir)


@lru_cache(maxsize=1)
def _default_content() -> Content:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> Content:
    roster = _read(data_dir, ROSTER, {"human", "role"})
    counters = _read(
        data_dir, COUNTERS, {"skill", "gear", "blueprint", "supplies", "system", "ability"}
    )
    tables = _read(
        data_dir,
        TABLES,
        {"setup", "dice", "human", "alien", "ship", "life_stage", "action", "victory"},
    )
    content = Content(
        humans=_entries(roster, ROSTER, "human", Human, "name"),
        roles=_entries(roster, ROSTER, "role", Role, "name"),
        skills=_by_kind(counters, COUNTERS, "skill", SkillInfo, "skill", Skill),
        gear=_by_kind(counters, COUNTERS, "gear", Gear, "id", GearKind),
        blueprints=_keyed(counters, COUNTERS, "blueprint", Blueprint, "device"),
        supplies=_table(counters, COUNTERS, "supplies", Supplies),
        systems=_by_kind(counters, COUNTERS, "system", SystemInfo, "system", ShipSystem),
        abilities=_by_kind(counters, COUNTERS, "ability", AbilityInfo, "ability", Ability),
        setup=_table(tables, TABLES, "setup", Setup),
        dice=_table(tables, TABLES, "dice", Dice),
        human_stats=_table(tables, TABLES, "human", HumanStats),
        alien_stats=_table(tables, TABLES, "alien", AlienStats),
        ship=_table(tables, TABLES, "ship", ShipNumbers),
        life_stages=_by_kind(tables, TABLES, "life_stage", LifeStageInfo, "stage", LifeStage),
        actions=_by_kind(tables, TABLES, "action", ActionCost, "activity", Activity),
        victory=_victory(tables),
    )
    for check in _CHECKS:
        check(content)
    return content


# --- reading entries ---------------------------------------------------------------


def _read(data_dir: Path, file: str, sections: set[str]) -> dict[str, Any]:
    try:
        with (data_dir / file).open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(file, f"cannot read {data_dir / file} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, f"not valid TOML: {exc}") from exc
    unknown = sorted(set(doc) - sections)
    if unknown:
        known = ", ".join(sorted(sections))
        raise ContentError(file, f"unknown section(s) {', '.join(unknown)} (known: {known})")
    return doc


def _validate(model: type[M], raw: object, file: str, label: str) -> M:
    try:
        return model.model_validate(raw)
    except ValidationError as exc:
        problems = "; ".join(describe_error(error) for error in exc.errors())
        raise ContentError(file, f"{label}: {problems}") from exc


def describe_error(error: ErrorDetails) -> str:
    """One pydantic error in the words of someone editing the TOML file."""
    field = ".".join(str(part) for part in error["loc"] if part != "[key]")
    kind = error["type"]
    if kind == "enum":
        expected = error.get("ctx", {}).get("expected", "")
        return f"unknown {field} {error['input']!r} (known: {expected})"
    if kind == "extra_forbidden":
        return f"unknown field {field!r}"
    if kind == "missing":
        return f"missing field {field!r}"
    message = error["msg"].removeprefix("Value error, ")
    return f"{field}: {message} (got {error['input']!r})" if field else message


def _table(doc: Mapping[str, Any], file: str, section: str, model: type[M]) -> M:
    if section not in doc:
        raise ContentError(file, f"missing section [{section}]")
    return _validate(model, doc[section], file, f"[{section}]")


def _entries(
    doc: Mapping[str, Any], file: str, header: str, model: type[M], key: str
) -> tuple[M, ...]:
    """The ``[[header]]`` array of tables, each entry validated and labelled by ``key``."""
    raw: object = doc
    for part in header.split("."):
        raw = raw.get(part) if isinstance(raw, dict) else None
    if not isinstance(raw, list) or not raw:
        raise ContentError(file, f"needs a [[{header}]] array of tables")
    kind = _kind(header)
    return tuple(
        _validate(model, entry, file, _label(kind, entry, key, number))
        for number, entry in enumerate(raw, start=1)
    )


def _kind(header: str) -> str:
    """How an entry of ``[[header]]`` is called in messages: ``life stage``, ``band``."""
    return header.rsplit(".", 1)[-1].replace("_", " ")


def _label(kind: str, entry: object, key: str, number: int) -> str:
    name = entry.get(key) if isinstance(entry, dict) else None
    return f"{kind} {name!r}" if isinstance(name, str) else f"{kind} #{number}"


def _unique(file: str, kind: str, pairs: Iterable[tuple[Any, M]]) -> dict[Any, M]:
    index: dict[Any, M] = {}
    for name, entry in pairs:
        if name in index:
            raise ContentError(file, f"{kind} {str(name)!r}: duplicate entry")
        index[name] = entry
    return index


def _keyed(
    doc: Mapping[str, Any], file: str, header: str, model: type[M], key: str
) -> dict[Any, M]:
    """Entries indexed by their ``key`` field, which must be unique."""
    entries = _entries(doc, file, header, model, key)
    return _unique(file, _kind(header), ((getattr(e, key), e) for e in entries))


def _by_kind(
    doc: Mapping[str, Any], file: str, header: str, model: type[M], key: str, enum: type[K]
) -> dict[K, M]:
    """Exactly one entry per member of ``enum``, in the file's order."""
    index: dict[K, M] = _keyed(doc, file, header, model, key)
    missing = [str(member) for member in enum if member not in index]
    if missing:
        raise ContentError(file, f"no {_kind(header)} entry for {', '.join(missing)}")
    return index


def _victory(doc: Mapping[str, Any]) -> Victory:
    return Victory(
        schedule=_by_kind(doc, TABLES, "victory.score", ScoreRule, "item", ScoreItem),
        bands=_entries(doc, TABLES, "victory.band", VictoryBand, "outcome"),
    )


# --- checks across entries ---------------------------------------------------------


def _check_setup(c: Content) -> None:
    s = c.setup
    if s.skill_markers_drawn != s.survivors:
        raise ContentError(
            TABLES,
            f"[setup]: {s.skill_markers_drawn} skill markers drawn for {s.survivors} "
            "survivors; each survivor gets one (B.1.2)",
        )
    if s.injured > s.survivors:
        raise ContentError(TABLES, f"[setup]: {s.injured} injured but {s.survivors} survivors")


def _check_humans(c: Content) -> None:
    if len(c.humans) != c.setup.humans:
        raise ContentError(ROSTER, f"{len(c.humans)} humans; the game has {c.setup.humans} (E.1)")
    _unique(ROSTER, "human", ((h.name, h) for h in c.humans))
    names = {h.name for h in c.humans}
    missing = [name for name in RULEBOOK_HUMANS if name not in names]
    if missing:
        raise ContentError(
            ROSTER, f"no human named {', '.join(missing)}; the rulebook names them (C.7.4, D.4.1)"
        )


def _check_roles(c: Content) -> None:
    if len(c.roles) != len(c.humans):
        raise ContentError(ROSTER, f"{len(c.roles)} roles for {len(c.humans)} humans (E.1)")
    roles = _unique(ROSTER, "role", ((r.name, r) for r in c.roles))
    if MCPO not in roles:
        raise ContentError(ROSTER, f"no role {MCPO!r} (E.1)")
    for role in c.roles:
        armed = GearKind.HANDGUN in role.gear
        if armed != (role.name == MCPO):
            problem = "must start with" if not armed else "may not start with"
            raise ContentError(
                ROSTER, f"role {role.name!r}: {problem} a Handgun; only the MCPO does (E.1, E.3.8)"
            )
        for kind in role.gear:
            if not c.gear[kind].portable or kind.is_device:
                raise ContentError(ROSTER, f"role {role.name!r}: cannot start with {kind}")


def _check_skill_markers(c: Content) -> None:
    total, drawn = len(c.skill_marker_pool), c.setup.skill_markers_drawn
    if total < drawn:
        raise ContentError(
            COUNTERS, f"skill markers: {total} in all, but set-up draws {drawn} (B.1.2)"
        )


def _check_gear(c: Content) -> None:
    """Firearms and armour exist exactly as the kits and roles hand them out (E.3.6, E.3.8)."""
    handed_out: Counter[GearKind] = Counter()
    for kit in c.gear.values():
        handed_out.update(kit.contents * kit.count)
    for role in c.roles:
        handed_out.update(role.gear)
    for kind, number in handed_out.items():
        gear = c.gear[kind]
        if not gear.portable:
            raise ContentError(
                COUNTERS, f"gear {kind.value!r}: cannot be carried, so no kit holds it"
            )
        if gear.count != number:
            raise ContentError(
                COUNTERS,
                f"gear {kind.value!r}: count {gear.count}, but kits and roles "
                f"({ROSTER}) hand out {number} (E.3.6, E.3.8)",
            )


def _check_blueprints(c: Content) -> None:
    devices = {kind for kind in GearKind if kind.is_device}
    missing = sorted(devices - set(c.blueprints))
    if missing:
        raise ContentError(COUNTERS, f"no blueprint for {', '.join(missing)} (G.2)")
    granted = {r.skill for r in c.roles} | set(c.skill_marker_pool)
    for device, blueprint in c.blueprints.items():
        if not device.is_device:
            raise ContentError(COUNTERS, f"blueprint {device.value!r}: not an improvised device")
        if blueprint.skill not in granted:
            raise ContentError(
                COUNTERS,
                f"blueprint {device.value!r}: no role or skill marker gives {blueprint.skill}",
            )
    pile = len(c.device_pool)
    if pile < c.setup.deceased:
        raise ContentError(
            COUNTERS, f"{pile} ID markers for {c.setup.deceased} cadavers to autopsy (E.4.1)"
        )


def _check_supplies(c: Content) -> None:
    setup, markers = c.setup, c.supplies.markers
    placed = setup.supplies_in_cargo_hold + setup.supplies_in_store
    if c.supplies.total != placed:
        raise ContentError(
            COUNTERS, f"[supplies]: {c.supplies.total} markers; set-up places {placed} (B.1.2)"
        )
    if markers.get(SupplyKind.FOOD, 0) < 1:
        raise ContentError(COUNTERS, "[supplies]: no food for the alien to forage (C.10.1)")
    needed = Counter(b.supplies for b in c.blueprints.values())
    for kind, number in needed.items():
        have = markers.get(kind, 0)
        if have < number:
            raise ContentError(
                COUNTERS,
                f"[supplies]: {have} {kind} cannot build the {number} blueprints needing it (G.2)",
            )


def _check_systems(c: Content) -> None:
    for system, info in c.systems.items():
        if info.critical != (system in C9_CRITICAL):
            should = "critical" if system in C9_CRITICAL else "not critical"
            raise ContentError(COUNTERS, f"system {system.value!r}: C.9 says it is {should}")


def _check_life_stages(c: Content) -> None:
    stages = list(c.life_stages.values())
    order = [s.stage for s in stages]
    for found, expected in zip(order, LifeStage, strict=False):
        if found != expected:
            raise ContentError(
                TABLES,
                f"life stage {found.value!r}: the {expected} belongs here; the stages run "
                f"{', '.join(LifeStage)} (G.5)",
            )
    for smaller, larger in pairwise(stages):
        for field in ("ferocity", "resilience", "pipe_run"):
            if getattr(larger, field) <= getattr(smaller, field):
                raise ContentError(
                    TABLES,
                    f"life stage {larger.stage.value!r}: {field} must exceed the "
                    f"{smaller.stage}'s (G.5)",
                )
    for number, stage in enumerate(stages, start=1):
        if stage.abilities != number:
            raise ContentError(
                TABLES,
                f"life stage {stage.stage.value!r}: holds {stage.abilities} abilities; one at "
                f"set-up and one per mutation make {number} (G.5)",
            )
    if stages[-1].abilities > len(c.abilities):
        raise ContentError(COUNTERS, f"{len(c.abilities)} ability markers; a Royal holds more")


def _check_bands(c: Content) -> None:
    """The bands, best for the crew first, hold every integer score once (F.1, gap 6)."""
    bands = c.victory.bands
    _unique(TABLES, "band", ((b.outcome, b) for b in bands))
    if bands[0].max is not None:
        raise ContentError(
            TABLES, f"band {bands[0].outcome.value!r}: the best band must have no max"
        )
    if bands[-1].min is not None:
        raise ContentError(
            TABLES, f"band {bands[-1].outcome.value!r}: the worst band must have no min"
        )
    for higher, lower in pairwise(bands):
        _check_band_pair(higher, lower)


def _check_band_pair(higher: VictoryBand, lower: VictoryBand) -> None:
    """``lower`` ends just below where ``higher`` starts."""
    where = f"band {higher.outcome.value!r}"
    if higher.min is None or lower.max is None:
        raise ContentError(TABLES, f"{where}: needs a min, and the band below it a max")
    if higher.max is not None and higher.min > higher.max:
        raise ContentError(TABLES, f"{where}: min {higher.min} above max {higher.max}")
    if higher.min > lower.max + 1:
        raise ContentError(
            TABLES, f"{where}: no band holds {_span(lower.max + 1, higher.min - 1)} (F.1)"
        )
    if higher.min <= lower.max:
        both = _span(higher.min, lower.max)
        raise ContentError(
            TABLES, f"{where}: overlaps band {lower.outcome.value!r} at {both} (F.1)"
        )


def _span(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}..{high}"


C9_CRITICAL = frozenset(
    {ShipSystem.G_CORE_DRIVE, ShipSystem.REACTOR_COOLANT, ShipSystem.LIFE_SUPPORT}
)

_CHECKS = (
    _check_setup,
    _check_humans,
    _check_roles,
    _check_skill_markers,
    _check_gear,
    _check_blueprints,
    _check_supplies,
    _check_systems,
    _check_life_stages,
    _check_bands,
)
