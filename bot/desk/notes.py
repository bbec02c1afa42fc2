"""The desk's notes in an outcome, as data: a line of the desk's own (a catalogue
message id, marked ``N_``), a take-back, or a part of a tutorial's lesson (its
introduction, a step, what the other side did, its title).

The desk never words a lesson: it says which part of which lesson is due, and the edge
words it in the reader's language (:mod:`bot.present.notes`), where the language spoken
around the tutorial's thread is the learner's (README, "A first game: the tutorial").
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.help.lessons import Lesson, Step


@dataclass(frozen=True, slots=True)
class LessonIntro:
    """A tutorial's first words."""

    lesson: Lesson


@dataclass(frozen=True, slots=True)
class LessonStep:
    """Step ``index`` (0-based) of ``lesson`` as the learner reads it; ``from_thread``:
    read in the thread before any panel is open."""

    lesson: Lesson
    index: int
    from_thread: bool = False


@dataclass(frozen=True, slots=True)
class StepSaid:
    """What the other side did after ``step`` (a step that tells something)."""

    step: Step


@dataclass(frozen=True, slots=True)
class LessonTitle:
    """A tutorial's line in the phase summary."""

    lesson: Lesson


@dataclass(frozen=True, slots=True)
class Undone:
    """A side's last command taken back: the crew's named (it is public), the alien's
    not (how it split its moves is its secret)."""

    command: str | None


Note = str | Undone | LessonIntro | LessonStep | StepSaid | LessonTitle
