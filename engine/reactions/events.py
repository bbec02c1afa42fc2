"""What the ``reactions`` variant's rules tell, as records: all public (W.3, "Who learns
what"). A Flee!'s route is told as any pipe-run's is: "Move" to all, the grid to the alien
(engine.hiding.events). The dice behind a card make its command final (engine.game)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import Grid
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionDrawn(Event):
    """W.2: the wound of ``who`` draws ``card`` (an id of data/variants.toml's cards), the
    active card now; ``shuffled``: the discards were shuffled into a new deck first (W.1)."""

    kind = "reaction-drawn"
    who: Who
    card: str
    shuffled: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Regenerating(Event):
    """W.3.1: the Regeneration die; ``gained`` on ``need`` or more, and the pool after."""

    kind = "regenerating"
    who: Who
    die: int
    need: int
    gained: bool
    tokens: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Bloodlust(Event):
    """W.3.5: two dice of steps toward ``target`` (None: no human to reach)."""

    kind = "bloodlust"
    who: Who
    dice: tuple[int, int]
    target: Who | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Transformed(Event):
    """W.3.7: the alien's ability markers, turned face up and removed."""

    kind = "transformed"
    who: Who
    abilities: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Slain(Event):
    """W.3.8: Engineered To Slay: a well human hit is killed outright."""

    kind = "slain"
    who: Who  # the human
    by: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Hissed(Event):
    """W.3.12: the attacker steps back from the alien (``grid`` None: it cannot)."""

    kind = "hissed"
    who: Who
    grid: Grid | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Retreats(Event):
    """W.4 (and the Flee!'s start, W.3.9): the bot moves the alien away, up to ``steps``."""

    kind = "retreats"
    who: Who
    steps: int
    hidden: bool = False  # a Flee!: a pipe-run at no cost
