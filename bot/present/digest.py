"""A calmer channel: a phase's public events as a short digest, not a copy.

The channel gets one post a phase (README, "Playing on Discord"): the map with this
digest. The routine is summarised (the pipe-runner's declared actions counted, who moved
where, the searches that found nothing), then come the other lines, and when they are
too many, the ones that matter (a tally or a surfacing, an injury, a death, an attack
and its rolls, a smashed door, a launch, energy stores gained or burnt, something
revealed, sabotage, the end), at most :data:`DIGEST_LINES` lines, the full record on
`/game log`. Leftover searches at a phase's end (C.8), one per human in the engine's
record, are folded into one line. It reads the events' fields, and takes only public
events: nothing here can know more than the channel already saw."""

from __future__ import annotations

from collections.abc import Sequence

from bot.present import catalogue
from bot.present.events import fold_leftover_searches, folded_line
from engine.board.grid import Grid
from engine.equipment.events import Switched
from engine.escape.events import Launching, ShipDestroyed
from engine.events import (
    AbilityRevealed,
    Effort,
    Event,
    GameOver,
    InjuredInBeds,
    PhaseBegan,
    Rolled,
    UnitDone,
    Who,
)
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
    """A phase at a glance, at most ``limit`` lines: the routine summarised (the
    pipe-runner's declared actions counted, who moved where, the searches that found
    nothing), then the other lines, those that matter first."""
    summary = _summary(events)
    rest = [
        item
        for item in fold_leftover_searches(events)
        if not (isinstance(item, Event) and _routine(item))
    ]
    lines = [folded_line(item) for item in rest]
    if len(summary) + len(lines) <= limit:
        return [*summary, *lines]
    notable = [catalogue.sentence(e) for e in rest if isinstance(e, Event) and matters(e)]
    room = limit - len(summary)
    if len(notable) > room:
        shown = notable[: room - 1]
        return [*summary, *shown, catalogue.digest_more(len(rest) - len(shown))]
    left = len(rest) - len(notable)
    return [*summary, *notable, *([catalogue.digest_more(left)] if left else [])]


def _summary(events: Sequence[Event]) -> list[str]:
    calls = [e for e in events if isinstance(e, Declared)]
    last: dict[str, tuple[Who, Grid]] = {}
    for e in events:
        if isinstance(e, Moved):
            last.pop(e.who.id, None)  # in the order of their last moves
            last[e.who.id] = (e.who, e.grid)
    nothing = sum(1 for e in events if isinstance(e, Searched) and not e.found and not e.leftover)
    out = []
    if calls:
        out.append(catalogue.digest_unseen(calls))
    if last:
        out.append(catalogue.digest_moves(list(last.values())))
    if nothing:
        out.append(catalogue.digest_nothing(nothing))
    return out


def _routine(event: Event) -> bool:
    """Told by the summary, or needing no telling once the phase is over."""
    if isinstance(event, Searched):
        return not event.found and not event.leftover
    return isinstance(event, (Declared, Moved, UnitDone, PhaseBegan))
