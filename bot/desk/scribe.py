"""What the desk asks of the words: the few sentences it must keep or hand on.

The desk deals in typed events and never words them itself. Where it must store a
sentence (the public lines of a game's log, which ``/game log`` reads back), hand one on
(an actor's reply, a side's private notes, what a newcomer's side has heard) or say a
tutorial's lesson, it asks its :class:`Scribe`. :mod:`bot.present` implements it
(:class:`bot.present.scribe.CatalogueScribe`) and whoever builds a desk passes one in
(the bot's set-up, the command line, the tests), so the arrow runs from the words down
to the desk and never back up (the README's layout).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from engine.events import Event
from engine.help.lessons import Lesson, Step


class Scribe(Protocol):
    """The sentences the desk keeps or hands on, one method an output."""

    def log_lines(self, events: Iterable[Event], /) -> list[str]:
        """What everyone may read of ``events``, a line each (the stored public lines)."""
        ...

    def heard_lines(self, events: Iterable[Event], side: str, actor: str, /) -> list[str]:
        """What ``side`` ("crew" or "alien") hears by DM of a command ``actor``'s side
        played: its secret notes, and what it may know happened to the alien."""
        ...

    def script_line(self, event: Event, /) -> str:
        """One event as a script's ``expect:`` line reads it."""
        ...

    def lesson_intro(self, lesson: Lesson, /) -> str:
        """A tutorial's first words."""
        ...

    def lesson_summary(self, lesson: Lesson, /) -> str:
        """A tutorial's line in the phase summary."""
        ...

    def step_lines(self, lesson: Lesson, index: int, /, *, from_thread: bool = False) -> list[str]:
        """Step ``index`` of ``lesson`` as the learner reads it."""
        ...

    def step_said(self, step: Step, /) -> str:
        """What the other side did after ``step``."""
        ...

    def not_this_step(self, lesson: Lesson, index: int, /) -> str:
        """The refusal of a command that step ``index`` does not ask for."""
        ...

    def lesson_finished(self) -> str:
        """The refusal of any command once the lesson is over."""
        ...
