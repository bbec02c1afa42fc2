"""The events of the current phase's commands, as they were played, so that a phase's
end does not replay the whole phase to tell it, nor a crew panel to show the phase so
far (:func:`phase_events`).

A command's events are noted against its log entry when the desk plays it. An entry
is made once, by the one play that produced those events, and stays in its game's log
(or a draft's copy of it) until the phase ends; a log rebuilt by an undo or a rollback,
or one loaded after a restart, has new entries. So an entry's noted events are exactly
what replaying the log up to it gives (:meth:`engine.game.Game.events` is tested to
give play's events); where any entry of the phase was not noted, or fell out of the
memo, the phase is replayed from its start, the ground truth
(:func:`bot.desk.loading.replay_phase`).
"""

from __future__ import annotations

from collections import OrderedDict

from bot.desk.loading import replay_phase
from engine.events import Event
from engine.game import Entry, Game

KEPT = 8192  # commands: every phase under way in a busy process, many times over

_noted: OrderedDict[int, tuple[Entry, list[Event]]] = OrderedDict()


def note(game: Game, events: list[Event]) -> None:
    """``events`` are what the command just played on ``game`` (its newest entry) gave."""
    entry = game.log[-1]
    _noted[id(entry)] = (entry, list(events))
    if len(_noted) > KEPT:
        _noted.popitem(last=False)


def phase_events(game: Game) -> list[tuple[int, Entry, list[Event]]]:
    """(seq, entry, events) of every command in the game's log since its phase began, as
    :func:`bot.desk.loading.replay_phase` gives them: from the memo when every entry
    was noted, else replayed."""
    found = []
    for seq, entry in enumerate(game.log, start=game.base):
        noted = _noted.get(id(entry))
        if noted is None or noted[0] is not entry:
            return replay_phase(game)
        found.append((seq, entry, noted[1]))
    return found
