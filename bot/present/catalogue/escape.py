"""The English catalogue: escape (E.2.4, C.9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, actions, content, count, name
from engine.content_models import ShipSystem
from engine.escape.events import (
    Countdown,
    HidingAboard,
    Launched,
    Launching,
    PodFight,
    ShipDestroyed,
)
from engine.events import (
    Event,
)


def _launching(e: Launching) -> str:
    return f"{Name(e.who)} launches {e.pod} ({e.key}) ({actions(e.cost)}) (E.2.4)"


def _hiding_aboard(e: HidingAboard) -> str:
    return f"{Name(e.who)} was hiding aboard {e.pod}! (C.7.1)"


def _pod_fight(e: PodFight) -> str:
    return f"Fight aboard the pod, turn {e.turn} (E.2.4)"


def _launched(e: Launched) -> str:
    aboard = ", ".join(name(w) for w in e.aboard) or "nobody alive"
    return f"{e.pod} is away with {aboard} aboard; its door seals (E.2.4)"


def _countdown(e: Countdown) -> str:
    left = count(e.left, "more crew phase")
    return (
        f"The {e.system} marker at {e.grid} turns to {e.quarters * 90}°: {left} to repair it (C.9)"
    )


def _ship_destroyed(e: ShipDestroyed) -> str:
    effect = content().systems[ShipSystem(e.system)].effect
    return f"The {e.system} marker completes its rotation: {effect} ({e.rule})"


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Launching: _launching,
    HidingAboard: _hiding_aboard,
    PodFight: _pod_fight,
    Launched: _launched,
    Countdown: _countdown,
    ShipDestroyed: _ship_destroyed,
}
