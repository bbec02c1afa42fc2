"""The English catalogue: escape (E.2.4, C.9)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, actions, content, name
from bot.present.locale import _, ngettext
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
    said = _("{who} launches {pod} ({key}) ({cost}) (E.2.4)")
    return said.format(who=Name(e.who), pod=e.pod, key=e.key, cost=actions(e.cost))


def _hiding_aboard(e: HidingAboard) -> str:
    return _("{who} was hiding aboard {pod}! (C.7.1)").format(who=Name(e.who), pod=e.pod)


def _pod_fight(e: PodFight) -> str:
    return _("Fight aboard the pod, turn {turn} (E.2.4)").format(turn=e.turn)


def _launched(e: Launched) -> str:
    aboard = ", ".join(name(w) for w in e.aboard) or _("nobody alive")
    return _("{pod} is away with {aboard} aboard; its door seals (E.2.4)").format(
        pod=e.pod, aboard=aboard
    )


def _countdown(e: Countdown) -> str:
    left = ngettext("{n} more crew phase", "{n} more crew phases", e.left).format(n=e.left)
    said = _("The {system} marker at {grid} turns to {degrees}°: {left} to repair it (C.9)")
    return said.format(system=e.system, grid=e.grid, degrees=e.quarters * 90, left=left)


def _ship_destroyed(e: ShipDestroyed) -> str:
    effect = content().systems[ShipSystem(e.system)].effect
    said = _("The {system} marker completes its rotation: {effect} ({rule})")
    return said.format(system=e.system, effect=effect, rule=e.rule)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Launching: _launching,
    HidingAboard: _hiding_aboard,
    PodFight: _pod_fight,
    Launched: _launched,
    Countdown: _countdown,
    ShipDestroyed: _ship_destroyed,
}
