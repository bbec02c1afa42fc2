"""The desk's scribe (:class:`bot.desk.scribe.Scribe`): the sentences the desk keeps or
hands on, made here from the catalogue (:mod:`bot.present.events`) and the lessons'
words (:mod:`bot.present.lessons`). Whoever builds a desk passes one in."""

from __future__ import annotations

from collections.abc import Iterable

from bot.present import events, lessons
from engine.events import Event
from engine.help.lessons import Lesson, Step


class CatalogueScribe:
    """The desk's words, in the language being spoken (English outside
    :func:`bot.present.locale.speaking`)."""

    def log_lines(self, said: Iterable[Event], /) -> list[str]:
        return events.log_lines(said)

    def heard_lines(self, said: Iterable[Event], side: str, actor: str, /) -> list[str]:
        return events.heard_lines(said, side, actor)

    def script_line(self, event: Event, /) -> str:
        return events.script_line(event)

    def lesson_intro(self, lesson: Lesson, /) -> str:
        return lessons.intro(lesson)

    def lesson_summary(self, lesson: Lesson, /) -> str:
        return lessons.summary(lesson)

    def step_lines(self, lesson: Lesson, index: int, /, *, from_thread: bool = False) -> list[str]:
        return lessons.step_lines(lesson, index, from_thread=from_thread)

    def step_said(self, step: Step, /) -> str:
        return lessons.said(step)

    def not_this_step(self, lesson: Lesson, index: int, /) -> str:
        return lessons.not_this(lesson, index)

    def lesson_finished(self) -> str:
        return lessons.finished()
