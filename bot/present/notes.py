"""The desk's notes and a tutorial's refusals in words (:mod:`bot.desk.notes`), worded
in the language spoken around them: the reader's (a tutorial's thread speaks the
learner's). A line of the desk's own is read as it is."""

from __future__ import annotations

from collections.abc import Iterable

from bot.desk.notes import LessonIntro, LessonStep, LessonTitle, Note, StepSaid, Undone
from bot.desk.tables import Refusal
from bot.desk.tutorial import LessonOver, NotThisStep
from bot.present import lessons
from bot.present.locale import _
from bot.present.take_backs import no_undo_text
from engine.take_backs import NoUndo


def note_lines(notes: Iterable[Note]) -> list[str]:
    """``notes`` in words, in order (a step is several lines)."""
    lines: list[str] = []
    for note in notes:
        lines += _lines(note)
    return lines


def _lines(note: Note) -> list[str]:
    match note:
        case LessonIntro(lesson):
            return [lessons.intro(lesson)]
        case LessonStep(lesson, index, from_thread):
            return lessons.step_lines(lesson, index, from_thread=from_thread)
        case StepSaid(step):
            return [lessons.said(step)]
        case LessonTitle(lesson):
            return [lessons.summary(lesson)]
        case Undone(None):
            return [_("Undone: your last command.")]
        case Undone(command):
            return [_("Undone: `{command}`.").format(command=command)]
        case str():
            return [_(note)]


def _field(value: object) -> object:
    """A refusal's field in words: the reasons the engine gives as data are worded here."""
    return no_undo_text(value) if isinstance(value, NoUndo) else value


def refusal_text(refusal: Exception) -> str | None:
    """A refusal in the spoken language: a tutorial's worded for its step, one with
    fields translated and then filled; None for the rest (the caller translates their
    whole text, a message marked for the catalogue)."""
    if isinstance(refusal, NotThisStep):
        return lessons.not_this(refusal.lesson, refusal.index)
    if isinstance(refusal, LessonOver):
        return lessons.finished()
    if isinstance(refusal, Refusal) and refusal.fields:
        return _(refusal.message).format(**{k: _field(v) for k, v in refusal.fields.items()})
    return None
