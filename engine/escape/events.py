"""What life pods and sabotage tell (E.2.4, C.9)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.board.grid import Grid
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class Launching(Event):
    """E.2.4: a unit launches a life pod."""

    kind = "launch"
    who: Who
    pod: str  # its name
    key: str  # its number on the map ("01")
    grid: Grid
    cost: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HidingAboard(Event):
    """C.7.1: a pipe-runner was hiding in the pod launched."""

    kind = "sighted-aboard"
    irreversible = True
    who: Who
    pod: str
    grid: Grid


@dataclass(frozen=True, slots=True, kw_only=True)
class PodFight(Event):
    """E.2.4, gap 20: a turn of the fight aboard a pod launched with both sides in it."""

    kind = "pod-fight"
    grid: Grid
    turn: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Launched(Event):
    """E.2.4: the pod is away with ``aboard`` (the living); its door seals."""

    kind = "launched"
    irreversible = True
    pod: str
    grid: Grid
    aboard: tuple[Who, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class Countdown(Event):
    """C.9: a damaged critical system's marker turns a quarter; ``left`` crew phases
    remain to repair it."""

    kind = "countdown"
    grid: Grid
    system: str
    quarters: int  # turned so far
    left: int


@dataclass(frozen=True, slots=True, kw_only=True)
class ShipDestroyed(Event):
    """C.9.1-C.9.3: a critical marker completes its rotation."""

    kind = "ship-destroyed"
    system: str
    rule: str
