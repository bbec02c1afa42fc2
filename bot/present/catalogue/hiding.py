"""The English catalogue: hiding (C.7, C.8)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.present.catalogue.words import Name, actions, grids, tried, verb
from bot.present.locale import _
from engine.events import (
    Event,
    GearAction,
    Handling,
)
from engine.hiding.events import (
    Call,
    Declared,
    Giveaway,
    HiddenAt,
    PipeRun,
    Searched,
    Sighted,
    Surfaced,
    Surfacing,
)


def call_text(e: Declared) -> str:
    """The word called out (C.7.3): "Move", "Hyun", "Lift B2", "Forage" …"""
    if e.call is Call.HUMAN and e.human is not None:
        return e.human.name
    if e.call in (Call.LIFT, Call.HATCH):
        return f"{e.call.value} {e.letter}{e.deck}"
    return e.call.value


def _declared(e: Declared) -> str:
    return _("Alien: {call}").format(call=call_text(e))


def _giveaway(e: Sighted) -> str:
    human = e.human.name if e.human else ""
    handled = e.handling or Handling(GearAction.PICK_UP)
    match e.cause:
        case Giveaway.PASSES:
            return _("it passes {human}").format(human=human)
        case Giveaway.COMES_OUT:
            return _("it comes out where {human} is").format(human=human)
        case Giveaway.CONSUMES:
            if e.human:
                return _("it consumes {human}'s body").format(human=human)
            return _("it consumes a food supplies crate")
        case Giveaway.EXAMINES:
            return _("it examines a supplies marker")
        case Giveaway.TOUCHES:
            return _("markers are touched where it hides ({do})").format(do=tried(handled))
        case Giveaway.MOVES:
            return _("markers move where it hides ({does})").format(does=verb(handled))
        case Giveaway.OPENS:
            return _("it opens {door}").format(door=e.door)
        case Giveaway.CLOSES:
            return _("it closes {door}").format(door=e.door)
        case Giveaway.LAUNCHES:
            return _("it launches {pod}").format(pod=e.pod)
        case Giveaway.SPAWNS:
            return _("a new Larva appears where it hides")
        case Giveaway.UNLOCKS:
            return _("it opens a locker")


def _sighted(e: Sighted) -> str:
    said = _("The alien gives itself away at {grid}: {how} (C.7.1)")
    return said.format(grid=e.grid, how=_giveaway(e))


def _surfaced(e: Surfaced) -> str:
    by = e.by.name if e.by else ""
    how = {
        Surfacing.STOPS: _("the alien stops its pipe-run"),
        Surfacing.TALLIED: _("tallied by {by}'s search").format(by=by),
        Surfacing.WALKED_INTO: _("{by} walks right into it").format(by=by),
        Surfacing.ATTACKS: _("it attacks"),
        Surfacing.ATTACKS_DOOR: _("it attacks a door"),
        Surfacing.ATTACKS_NEXUS: _("it attacks a nexus"),
        Surfacing.AMBUSHES: _("it ambushes {by}").format(by=by),
        Surfacing.HALON: _("tallied by {by}'s halon").format(by=by),
    }[e.how]
    return _("{who} is at {grid}: {how} (C.7.2)").format(who=Name(e.who), grid=e.grid, how=how)


def _pipe_run(e: PipeRun) -> str:
    said = _("{who} vanishes behind the pipes at {grid} ({cost}) (C.7)")
    return said.format(who=Name(e.who), grid=e.grid, cost=actions(e.cost))


def _searched(e: Searched) -> str:
    if e.found and e.leftover:
        said = _("{who} searches with leftover actions {reach} from {origin} and spots the alien!")
    elif e.found:
        said = _("{who} searches {reach} from {origin} and spots the alien!")
    elif e.leftover:
        said = _("{who} searches with leftover actions {grids} from {origin}: nothing found (C.8)")
    else:
        said = _("{who} searches {grids} from {origin}: nothing found (C.8)")
    return said.format(who=Name(e.who), reach=e.reach, grids=grids(e.reach), origin=e.origin)


def _hidden_at(e: HiddenAt) -> str:
    if e.phase_end:
        return _("{who} ends the phase hidden at {grid}").format(who=Name(e.who), grid=e.grid)
    return _("{who} is at {grid} (secret)").format(who=Name(e.who), grid=e.grid)


SENTENCES: dict[type[Event], Callable[[Any], str]] = {
    Declared: _declared,
    Sighted: _sighted,
    Surfaced: _surfaced,
    PipeRun: _pipe_run,
    Searched: _searched,
    HiddenAt: _hidden_at,
}
