"""Optional variants: the sister games' systems a game may be created with.

``data/variants.toml`` lists them (one table each, in the order every list of them is
written). A game's variants are chosen when it is created and never change: they are
``GameState.variants``, written in a script's ``variants …`` line and a scenario's, public
to every viewer. A variant whose rules are not all in yet (``built = false``) is known, so
its rules help answers, but cannot be chosen for a game (:func:`choose`). A built one
that failed its balance gate (``balanced = false``) can be chosen and is named
"unbalanced" wherever it is shown. See docs/rules-decisions.md, "Variants".
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field, ValidationError, model_validator

from engine.content import DEFAULT_DATA_DIR, ContentError, describe_error
from engine.content_models import Frozen, Text
from engine.errors import GameError

VARIANTS = "variants.toml"
HEADER = "variants"  # the script and scenario line: ``variants noise halon``
_ID = r"^[a-z][a-z0-9-]*$"
_SPLIT = re.compile(r"[\s,]+")


class VariantInfo(Frozen):
    """One variant's catalogue entry (``data/variants.toml``)."""

    title: Text
    source: Text  # the sister game it adapts
    rule: Text  # the rulebook section it changes most, cited by its rules-help topic
    summary: Annotated[str, Field(min_length=1, max_length=100)]  # the help list's line
    built: bool = False
    balanced: bool = False  # passed the balance gate (README, "Variants"); needs built
    text: tuple[Text, ...] = Field(min_length=1)  # its rules help, in our own words
    lesson: tuple[Text, ...] = ()  # its short lesson: how to play it, step by step

    @model_validator(mode="after")
    def _gated_once_built(self) -> VariantInfo:
        if self.balanced and not self.built:
            raise ValueError("a variant is balanced only once built: its gate plays it")
        return self

    @property
    def unbalanced(self) -> bool:
        """Playable, but it failed its balance gate: shown as such wherever it is named."""
        return self.built and not self.balanced


Token = Literal["Blank", 1, 2, 3, 4]  # an intruder-bag token of ``noise``
DieFace = Literal["1", "k", "silence"]


class NoiseInfo(VariantInfo):
    """``noise``: the intruder bag and the noise die (README, "Variants")."""

    bag: tuple[Token, ...] = Field(min_length=1)
    reserve: tuple[Token, ...]
    reach: int = Field(ge=0)
    alien_noisy: tuple[Annotated[int, Field(ge=1, le=6)], ...]
    room_die: tuple[DieFace, DieFace, DieFace, DieFace, DieFace, DieFace]

    @model_validator(mode="after")
    def _one_blank(self) -> NoiseInfo:
        if self.bag.count("Blank") != 1 or "Blank" in self.reserve:
            raise ValueError("the bag holds exactly one Blank, and the reserve none")
        return self


Function = Literal["lift-a", "lift-b", "doors", "pods", "sensors", "medbay"]
FUNCTIONS: tuple[Function, ...] = ("lift-a", "lift-b", "doors", "pods", "sensors", "medbay")


class EmergencyCard(Frozen):
    """One card of ``emergencies``: its printed room (a room's name, or its key where two
    rooms share a name), the ship function it disables, the points that resolve it."""

    room: Text
    function: Function
    points: int = Field(ge=1, le=6)

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, value: Any) -> Any:
        if isinstance(value, list | tuple) and len(value) == 3:
            return {"room": value[0], "function": value[1], "points": value[2]}
        return value


class EmergenciesInfo(VariantInfo):
    """``emergencies``: the panel's fields, the cards and the clocks (README, "Variants")."""

    fields: int = Field(ge=1, le=8)
    wall_resilience: int = Field(ge=0)
    decay_from_turn: int = Field(ge=1)
    compromised_ferocity: int = Field(ge=0)
    thresholds: tuple[int, int, int]
    cards: tuple[EmergencyCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _rising(self) -> EmergenciesInfo:
        if not self.thresholds[0] < self.thresholds[1] < self.thresholds[2]:
            raise ValueError("the thresholds for 1, 2 and 3 points rise")
        return self


Strength = int | Annotated[str, Field(pattern=r"^M\+[0-9]$")]  # a raid card: 3, or "M+3"
SCORE_KEYS = (
    "crew-awards",
    "alien-awards",
    "crew-chips",
    "alien-chips",
    "crew-admiral",
    "alien-admiral",
    "crew-contributor",
    "alien-contributor",
)


class RaidLine(Frozen):
    """One of ``raids``' F.1 lines (R.10): its points a time and its label."""

    points: int
    label: Text


class RaidsInfo(VariantInfo):
    """``raids``: the Opari raid deck and its constants (docs/rules-decisions.md,
    "Variants: raids")."""

    first_turn: int = Field(ge=1)
    repulse_start: int = Field(ge=0)
    gunner: int = Field(ge=0)
    helm: int = Field(ge=0)
    bunker: int = Field(ge=1)
    defeats_to_end: int = Field(ge=1)
    wave1: tuple[Strength, ...] = Field(min_length=1)
    wave2: tuple[Strength, ...] = Field(min_length=1)
    wave3: tuple[Strength, ...] = Field(min_length=2)
    kept: int = Field(ge=1)
    worlds: tuple[Text, ...] = Field(min_length=1)
    score: dict[str, RaidLine]

    @model_validator(mode="after")
    def _deck(self) -> RaidsInfo:
        if self.kept > min(len(self.wave1), len(self.wave2)):
            raise ValueError("'kept' is more cards than a wave holds")
        if tuple(self.score) != SCORE_KEYS:
            raise ValueError(f"the score lines are {', '.join(SCORE_KEYS)}, in that order")
        if len(set(self.worlds)) != len(self.worlds):
            raise ValueError("a world is listed twice")
        return self


CardId = Literal[
    "regeneration",
    "ferocious",
    "rage",
    "fear",
    "bloodlust",
    "adaptation",
    "transformation",
    "engineered",
    "flee",
    "critical",
    "good-aim",
    "hssssss",
]


class ReactionCard(Frozen):
    """One card of ``reactions`` (W.3): the engine's id and the seed's title."""

    id: CardId
    title: Text

    @model_validator(mode="before")
    @classmethod
    def _from_row(cls, value: Any) -> Any:
        if isinstance(value, list | tuple) and len(value) == 2:
            return {"id": value[0], "title": value[1]}
        return value


class ReactionsInfo(VariantInfo):
    """``reactions``: the reaction deck and its numbers (docs/rules-decisions.md,
    "Variants: reactions")."""

    regeneration_from: int = Field(ge=1, le=6)
    rage: int = Field(ge=0)
    fear: int = Field(ge=0)
    flee_steps: int = Field(ge=0)
    retreat_steps: int = Field(ge=0)
    cards: tuple[ReactionCard, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _each_once(self) -> ReactionsInfo:
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("a reaction card is listed twice")
        return self

    def card(self, card_id: str) -> ReactionCard:
        return next(c for c in self.cards if c.id == card_id)


class HalonInfo(VariantInfo):
    """``halon``: the tanks' grids and the purge's limits (docs/rules-decisions.md,
    "Variants: halon")."""

    tanks: tuple[Annotated[str, Field(pattern=r"^[0-9]-[A-Z]+[0-9]+$")], ...] = Field(min_length=1)
    max_purges: int = Field(ge=1)  # H: "at most 3 purges a game"
    purge_cost: int = Field(ge=0)  # H.1: actions a purge costs, before any committed
    recharge_cost: int = Field(ge=0)  # H.2
    belief_share: float = Field(gt=0, le=1)  # the hard crew purges a room holding this share


DamageType = Literal["Melee", "Ballistic", "Biochemical", "Fire"]
CardName = Literal[
    "Extremely Vulnerable",
    "Vulnerable",
    "Sensitivity",
    "No modifier",
    "Mutagenic",
    "Resistant",
    "Immune",
    "Regenerative",
]


class PhysiologyInfo(VariantInfo):
    """``physiology``: the damage-modifier cards, the damage types and which attack is of
    which type (docs/rules-decisions.md, "Variants: physiology")."""

    cards: tuple[CardName, ...] = Field(min_length=4)
    types: tuple[DamageType, DamageType, DamageType, DamageType]
    weapons: dict[str, DamageType]  # a gear kind (engine.content_models.GearKind) -> type
    unarmed: DamageType
    toxic: DamageType
    vulnerable: int = Field(ge=0)
    resistant: int = Field(ge=0)
    study_order: tuple[DamageType, DamageType, DamageType, DamageType]

    @model_validator(mode="after")
    def _four_types(self) -> PhysiologyInfo:
        if len(set(self.types)) != 4 or set(self.study_order) != set(self.types):
            raise ValueError("the four damage types, once each, in 'types' and 'study_order'")
        if len(set(self.cards)) != len(self.cards):
            raise ValueError("a card is listed twice")
        return self


class Catalogue(Frozen):
    """Every variant by id, in the file's order."""

    variants: dict[Annotated[str, Field(pattern=_ID)], VariantInfo]

    @classmethod
    def of(cls, tables: dict[str, Any]) -> Catalogue:
        """The catalogue of the file's tables, each built-in variant's read by its own
        model (its constants); ValidationError names the table."""
        read: dict[str, VariantInfo] = {}
        for key, table in tables.items():
            read[key] = MODELS.get(key, VariantInfo).model_validate(table)
        return cls(variants=read)

    @property
    def noise(self) -> NoiseInfo:
        info = self.variants["noise"]
        assert isinstance(info, NoiseInfo)
        return info

    @property
    def emergencies(self) -> EmergenciesInfo:
        info = self.variants["emergencies"]
        assert isinstance(info, EmergenciesInfo)
        return info

    @property
    def halon(self) -> HalonInfo:
        info = self.variants["halon"]
        assert isinstance(info, HalonInfo)
        return info

    @property
    def raids(self) -> RaidsInfo:
        info = self.variants["raids"]
        assert isinstance(info, RaidsInfo)
        return info

    @property
    def reactions(self) -> ReactionsInfo:
        info = self.variants["reactions"]
        assert isinstance(info, ReactionsInfo)
        return info

    @property
    def physiology(self) -> PhysiologyInfo:
        info = self.variants["physiology"]
        assert isinstance(info, PhysiologyInfo)
        return info

    def ids(self, *, built_only: bool = False) -> tuple[str, ...]:
        return tuple(k for k, v in self.variants.items() if v.built or not built_only)

    def ordered(self, ids: Iterable[str]) -> tuple[str, ...]:
        """``ids`` in the catalogue's order: how every list of a game's variants is written."""
        chosen = set(ids)
        return tuple(k for k in self.variants if k in chosen)


MODELS: dict[str, type[VariantInfo]] = {
    "noise": NoiseInfo,
    "emergencies": EmergenciesInfo,
    "raids": RaidsInfo,
    "reactions": ReactionsInfo,
    "halon": HalonInfo,
    "physiology": PhysiologyInfo,
}


class VariantError(GameError):
    """A variant name that is not one, or not one that can be chosen yet."""


def load_variants(data_dir: Path | None = None) -> Catalogue:
    """The catalogue in ``data_dir`` (default: the project's ``data/``, read once)."""
    return _default() if data_dir is None else _load(data_dir)


@lru_cache(maxsize=1)
def _default() -> Catalogue:
    return _load(DEFAULT_DATA_DIR)


def _load(data_dir: Path) -> Catalogue:
    path = data_dir / VARIANTS
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(VARIANTS, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(VARIANTS, f"not valid TOML: {exc}") from exc
    problems = []
    for key, table in doc.items():
        try:
            MODELS.get(key, VariantInfo).model_validate(table)
        except ValidationError as exc:
            problems += [f"[{key}] {describe_error(e)}" for e in exc.errors()]
    if problems:
        raise ContentError(VARIANTS, "; ".join(problems))
    try:
        return Catalogue.of(doc)
    except ValidationError as exc:
        raise ContentError(VARIANTS, "; ".join(map(describe_error, exc.errors()))) from exc


def words(text: str | Iterable[str]) -> list[str]:
    """The names in a list typed with spaces or commas (``"noise, halon"``)."""
    joined = text if isinstance(text, str) else " ".join(text)
    return [w for w in _SPLIT.split(joined.strip().lower()) if w]


def known(names: str | Iterable[str], catalogue: Catalogue | None = None) -> frozenset[str]:
    """The variants named, each one in the catalogue (a script's or scenario's line: the
    record of a game already made); :class:`VariantError` names any that is not."""
    return _checked(names, catalogue or load_variants(), built_only=False)


def choose(names: str | Iterable[str], catalogue: Catalogue | None = None) -> frozenset[str]:
    """The variants chosen for a new game, each one built; :class:`VariantError` names
    any that is unknown or not playable yet."""
    return _checked(names, catalogue or load_variants(), built_only=True)


def _checked(
    names: str | Iterable[str], catalogue: Catalogue, *, built_only: bool
) -> frozenset[str]:
    chosen = words(names)
    legal = catalogue.ids(built_only=built_only)
    for name in chosen:
        if name not in catalogue.variants:
            raise VariantError(f"no variant '{name}'", legal=legal)
        if name not in legal:
            raise VariantError(f"the variant '{name}' cannot be played yet", legal=legal)
    return frozenset(chosen)


def header(ids: Iterable[str], catalogue: Catalogue | None = None) -> str:
    """The script and scenario line for ``ids`` ('' for none): ``variants noise halon``."""
    ordered = (catalogue or load_variants()).ordered(ids)
    return " ".join((HEADER, *ordered)) if ordered else ""
