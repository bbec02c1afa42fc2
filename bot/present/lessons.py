"""A tutorial's words (issue 25): a step as the learner reads it, in the thread and at the
top of the turn panel, and the answer to a command the step does not ask for.

A step names what to press as the panel labels it, in bold, in order, after 👉: the
scripted newcomer of the tests presses exactly those, and so can a person.
"""

from __future__ import annotations

from engine.help.lessons import Lesson, Step


def press_line(presses: tuple[str, ...] | list[str]) -> str:
    return "👉 " + " → ".join(f"**{p}**" for p in presses)


def step_lines(lesson: Lesson, index: int, *, from_thread: bool = False) -> list[str]:
    """Step ``index`` (0-based). ``from_thread``: read in the thread before any panel is
    open, so it starts with the Play button (the alien's panel opens in DMs)."""
    step = lesson.steps[index]
    presses = list(step.press)
    if from_thread:
        where = " (your panel opens in your DMs)" if lesson.side == "alien" else ""
        presses.insert(0, "Play")
        line = press_line(presses)
        if where:
            line = line.replace("**Play**", f"**Play**{where}", 1)
    else:
        line = press_line(presses)
    return [_heading(lesson, index, step), step.text, line]


def _heading(lesson: Lesson, index: int, step: Step) -> str:
    return f"📘 **Step {index + 1} of {len(lesson.steps)} · {step.title} ({step.section})**"


def not_this(lesson: Lesson, index: int) -> str:
    """The refusal of a command the step does not ask for (nothing changed)."""
    step = lesson.steps[index]
    return (
        f"Not now: this step of the tutorial is **{step.title}** ({step.section}). "
        f"{press_line(step.press)}"
    )


def finished() -> str:
    return "This tutorial is over: `/game tutorial` starts another, `/game create` a real game."
