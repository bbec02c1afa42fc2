"""A tutorial's words (the README's "A first game: the tutorial"): a step as the learner
reads it, in the thread and at the top of the turn panel, and the answer to a command
the step does not ask for.

A step names what to press as the panel labels it, in bold, in order, after 👉: the
scripted newcomer of the tests presses exactly those, and so can a person.

Every word of a lesson (``data/tutorial_*.toml``: its title, introduction, steps, what
to press, what the other side did, the last word) is a message id of the catalogues
(:mod:`bot.present.locale`), so a tutorial speaks the learner's language where a
catalogue translates it: :func:`lesson_words` lists them, and the locale test holds
every catalogue to them. A press is translated as the panel labels it in that language.
"""

from __future__ import annotations

from bot.present.locale import _
from engine.help.lessons import SIDES, Lesson, Step, load_lesson


def press_line(presses: tuple[str, ...] | list[str]) -> str:
    return "👉 " + " → ".join(f"**{p}**" for p in presses)


def step_lines(lesson: Lesson, index: int, *, from_thread: bool = False) -> list[str]:
    """Step ``index`` (0-based). ``from_thread``: read in the thread before any panel is
    open, so it starts with the Play button (the alien's panel opens in DMs)."""
    step = lesson.steps[index]
    presses = [_(p) for p in step.press]
    if from_thread:
        presses.insert(0, _("Play"))
    line = press_line(presses)
    if from_thread and lesson.side == "alien":
        play = f"**{_('Play')}**"
        line = line.replace(play, play + _(" (your panel opens in your DMs)"), 1)
    return [_heading(lesson, index, step), _(step.text), line]


def _heading(lesson: Lesson, index: int, step: Step) -> str:
    heading = _("📘 **Step {number} of {steps} · {title} ({section})**")
    return heading.format(
        number=index + 1, steps=len(lesson.steps), title=_(step.title), section=step.section
    )


def not_this(lesson: Lesson, index: int) -> str:
    """The refusal of a command the step does not ask for (nothing changed)."""
    step = lesson.steps[index]
    said = _("Not now: this step of the tutorial is **{title}** ({section}). {press}")
    return said.format(
        title=_(step.title), section=step.section, press=press_line([_(p) for p in step.press])
    )


def finished() -> str:
    return _("This tutorial is over: `/game tutorial` starts another, `/game create` a real game.")


def intro(lesson: Lesson) -> str:
    return _(lesson.intro)


def ready(lesson: Lesson) -> str:
    """The last word: "you are ready"."""
    return _(lesson.ready)


def said(step: Step) -> str:
    """What the other side did after ``step`` ("" if the step tells nothing)."""
    return _(step.said) if step.said else ""


def summary(lesson: Lesson) -> str:
    return _("Tutorial: {title}.").format(title=_(lesson.title))


def lesson_words() -> set[str]:
    """Every word of every lesson a catalogue translates (ids, as written in ``data/``)."""
    found: set[str] = set()
    for side in SIDES:
        lesson = load_lesson(side)
        found |= {lesson.title, lesson.intro, lesson.ready}
        for step in lesson.steps:
            found |= {step.title, step.text, *step.press}
            if step.said:
                found.add(step.said)
    return found
