"""A calmer channel: a phase's public events as a short digest, not a copy.

Every command already got its own public message; the map post at a phase's end
only needs counts and the few lines that matter (a tally or a surfacing, an injury, a
death, an attack and its rolls, a smashed door, a launch, energy stores gained or
burnt, something revealed, sabotage, the end), at most :data:`DIGEST_LINES` lines, the
full record on `/game log`. Leftover searches at a phase's end (C.8), one per human
in the engine's record, are folded into one line. It reads the events' fields, and
takes only public events: nothing here can know more than the channel already saw.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.present import catalogue
from bot.present.events import fold_leftover_searches, folded_line
from engine.equipment.events import Switched
from engine.escape.events import Launching, ShipDestroyed
from engine.events import AbilityRevealed, Effort, Event, GameOver, InjuredInBeds, Rolled
from engine.fighting.events import (
    AlienAttacked,
    Died,
    DoorSmashed,
    EnergySpent,
    Injured,
    NexusDamaged,
)
from engine.growing.events import Foraged, Mutated, RoyalMutated, Spawned, Surged
from engine.hiding.events import Declared, Giveaway, Searched, Sighted, Surfaced
from engine.moving.events import BlownOut, Moved

DIGEST_LINES = 9  # with the heading, ten lines

_ALWAYS = (
    Surfaced,  # a tally, a human walking into it, an attack from hiding, or by choice
    Injured,
    InjuredInBeds,
    Died,
    AlienAttacked,
    DoorSmashed,
    BlownOut,
    Launching,
    GameOver,
    EnergySpent,
    Foraged,
    Surged,
    Mutated,
    RoyalMutated,
    Spawned,
    AbilityRevealed,
    ShipDestroyed,
)
_ATTACKS = (Effort.ATTACK, Effort.ATTACK_DOOR, Effort.ATTACK_NEXUS, Effort.BAIT)


def matters(event: Event) -> bool:
    """Whether a digest keeps this line however long the phase was."""
    if isinstance(event, _ALWAYS):
        return True
    if isinstance(event, Searched):
        return event.found  # it spots the alien
    if isinstance(event, Rolled):
        return event.attempt.effort in _ATTACKS
    if isinstance(event, Switched):
        return event.on  # the Ultrasonics are revealed
    if isinstance(event, NexusDamaged):
        return event.critical
    if isinstance(event, Sighted):
        return event.cause is Giveaway.LAUNCHES  # a hidden alien launches a pod
    return False


def digest(events: Sequence[Event], limit: int = DIGEST_LINES) -> list[str]:
    """At most ``limit`` lines: all of them if they fit, else counts of the routine
    and the lines that matter."""
    searches = sum(1 for e in events if isinstance(e, Searched) and not e.found)
    moves = sum(1 for e in events if isinstance(e, Moved))
    declared = sum(1 for e in events if isinstance(e, Declared))
    items = fold_leftover_searches(events)
    if len(items) <= limit:
        return [folded_line(item) for item in items]
    notable = [catalogue.sentence(e) for e in items if isinstance(e, Event) and matters(e)]
    head = catalogue.digest_head(moves, searches, declared)
    room = limit - 1
    if len(notable) > room:
        shown = notable[: room - 1]
        return [head, *shown, catalogue.digest_more(len(notable) - len(shown))]
    return [head, *notable]
