"""What a moderator's rollback cannot take back: everything the commands it drops showed.

Rolling back to a phase start replays the game to there, but people remember: a hidden
alien tallied or sighted since, a face-down marker turned up, a crate one side looked at,
a crew move that told the crew where the alien is not (C.3, C.7.2, C.8). The moderator is
told this before confirming (README, "Secrets"). The dice, at least, are re-keyed at
every rollback (:class:`~engine.commands.Rekey`), so no roll comes out the same again.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.events import Audience, Event, Rolled
from engine.game import Game
from engine.state import Phase, Side


@dataclass
class Shown:
    """What the commands after a phase start showed, which a rollback cannot un-show."""

    public: list[Event] = field(default_factory=list)  # reveals everyone saw, in order
    rolls: int = 0  # dice rolled (they come out otherwise after the re-keying)
    private: Counter[Side] = field(default_factory=Counter)  # reveals one side alone saw
    consulted: Counter[Side] = field(default_factory=Counter)  # commands that read a secret

    def __bool__(self) -> bool:
        return bool(self.public or self.rolls or self.private or self.consulted)


def shown_since(game: Game, turn: int, phase: Phase) -> Shown:
    """What ``game``'s commands since the start of turn ``turn``'s ``phase`` phase showed;
    raises RuleError (naming no secret) when the log has no such phase start."""
    start = game.phase_start(turn, phase)
    shown = Shown()
    for entry, events in list(zip(game.log, game.events(), strict=True))[start:]:
        if entry.consulted is not None:
            shown.consulted[entry.side] += 1
        for event in events:
            if isinstance(event, Rolled):
                shown.rolls += 1
            elif event.irreversible and event.audience is Audience.PUBLIC:
                shown.public.append(event)
            elif event.irreversible and event.audience in (Audience.CREW, Audience.ALIEN):
                shown.private[Side(event.audience.value)] += 1
    return shown
