"""Each output's presenter of events, worded by the catalogue
(:mod:`bot.present.catalogue`): the channel (with its phase digest,
:mod:`bot.present.digest`), direct messages, the terminal table and scripts (whose
JSON carries the typed fields beside the sentence). Each speaks the language spoken
around it (:func:`bot.present.locale.speaking`): a reply or a DM its reader's."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from bot.present import catalogue
from bot.present.catalogue import sentence
from engine.board.grid import Grid
from engine.dice import Roll
from engine.events import Event, Who
from engine.hiding.events import Searched, Sighted
from engine.state import Side
from engine.views import Viewer, events_for


def fold_leftover_searches(events: Sequence[Event]) -> list[Event | tuple[Searched, ...]]:
    """Every leftover search of a phase's end that found nothing (C.8: one per human in
    the engine's record) becomes one item, where the first of them stood."""
    found = tuple(e for e in events if isinstance(e, Searched) and e.leftover and not e.found)
    if len(found) < 2:
        return list(events)
    out: list[Event | tuple[Searched, ...]] = []
    for event in events:
        if event is found[0]:
            out.append(found)
        elif event not in found:
            out.append(event)
    return out


def folded_line(item: Event | tuple[Searched, ...]) -> str:
    return sentence(item) if isinstance(item, Event) else catalogue.leftover_searches(item)


# --- the channel --------------------------------------------------------------------------
def log_lines(events: Iterable[Event]) -> list[str]:
    """What everyone may read of ``events``, a line each: the store's record of the
    game's public lines (``/game log``) and the actor's own reply."""
    return [sentence(e) for e in events_for(events, Viewer.SPECTATOR)]


def channel_lines(events: Iterable[Event]) -> list[str]:
    """Public events as posted in the game's channel: the leftover searches folded."""
    public = events_for(events, Viewer.SPECTATOR)
    return [folded_line(item) for item in fold_leftover_searches(public)]


def reveal_lines(events: Iterable[Event]) -> list[str]:
    """Every event given, whoever it was for: a finished game's replay, all secrets out,
    or what the caller already chose a viewer may see (``events_for``)."""
    return [sentence(e) for e in events]


# --- the reply to the person who acted ---------------------------------------------------
def reply_lines(events: Iterable[Event]) -> list[str]:
    """The reply to the person who acted, worded in the language spoken around (theirs):
    what everyone may read of their command and their side's own notes of it, a line
    each (the desk's notes follow)."""
    return [sentence(e) for e in events]


# --- the web companion ---------------------------------------------------------------------
def web_line(event: Event) -> str:
    """One line of the web companion's log (bot.web.pages): the events reach it already
    chosen for its viewer (``events_for``), every roll with its modifiers."""
    return sentence(event)


# --- direct messages ----------------------------------------------------------------------
def dm_lines(events: Iterable[Event], side: str) -> list[str]:
    """The events meant for ``side`` alone ("crew" or "alien"): its secret notes."""
    return [sentence(e) for e in events if e.audience.value == side]


def heard_lines(events: Iterable[Event], side: str, actor: str) -> list[str]:
    """What ``side`` hears by DM of a command ``actor``'s side played
    (:func:`heard_events`), a line each."""
    return [sentence(e) for e in heard_events(events, side, actor)]


def heard_events(events: Iterable[Event], side: str, actor: str) -> list[Event]:
    """What ``side`` hears by DM of a command ``actor``'s side played: its secret notes
    and, when the other side played it, what happened to the alien in it (spotted by a
    search, tallied, walked into, attacked, hurt, driven off, killed), which the channel
    tells only in the phase's digest. The alien may know every one of those (they are
    public: ``events_for``); the crew, whose channel the alien's own phase is told in
    only when it ends (C.7.3), hears its notes alone."""
    if side != Side.ALIEN.value or actor == side:
        return [e for e in events if e.audience.value == side]
    known = events_for(events, Viewer.ALIEN)
    return [e for e in known if e.audience.value == side or _befalls_alien(e)]


def _befalls_alien(event: Event) -> bool:
    """Whether ``event`` names an alien (its actor, target, victim …) or finds one."""
    if isinstance(event, Searched | Sighted):
        return event.found if isinstance(event, Searched) else True
    return any(_names_alien(getattr(event, f.name)) for f in fields(event))


def _names_alien(value: Any) -> bool:
    if isinstance(value, Who):
        return value.alien
    if isinstance(value, tuple):
        return any(_names_alien(v) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_names_alien(getattr(value, f.name)) for f in fields(value))
    return False


# --- the terminal table and scripts -------------------------------------------------------
def terminal_line(event: Event) -> str:
    """One event at the terminal table (``quicksilver play``)."""
    return sentence(event)


def script_line(event: Event) -> str:
    """One event in a script's output (``quicksilver script``), which ``expect:`` reads."""
    return sentence(event)


def script_record(event: Event) -> dict[str, Any]:
    """One event in a script's JSON output: its kind, audience and sentence, and its
    typed fields (``fields``: units as {id, name, alien}, grids as "1-F6", rolls with
    their modifiers, enums by value)."""
    return {
        "kind": event.kind,
        "audience": event.audience.value,
        "text": script_line(event),
        "fields": {
            f.name: _json(getattr(event, f.name)) for f in fields(event) if f.name != "audience"
        },
    }


def _json(value: Any) -> Any:
    if isinstance(value, Grid):
        return str(value)
    if isinstance(value, Roll):
        return _roll_json(value)
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_json(v) for v in value]
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _json(getattr(value, f.name)) for f in fields(value)}
    return value


def _roll_json(roll: Roll) -> dict[str, Any]:
    return {
        "die": roll.die,
        "modifiers": [
            {
                "source": catalogue.modifier_text(m),
                "term": m.term.value,
                "name": m.name,
                "value": m.value,
            }
            for m in roll.modifiers
        ],
        "total": roll.total,
        "target": roll.target,
        "success": roll.success,
        "text": catalogue.roll_text(roll),
    }
