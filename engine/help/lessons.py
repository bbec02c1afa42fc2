"""A first game that teaches: a lesson is a prepared position and the steps played from it.

``data/tutorial_<side>.toml`` holds one lesson (``/game tutorial side:crew|alien``): a
scenario block (:mod:`engine.records.scenario`) where the game begins, and steps. Each
step explains one rule with its section, names what to press, and waits for one command
of the learner's side; it is judged on the engine's typed command (its canonical
notation, word by word), never on English. A step's ``then`` is the other side's moves
that follow it, in the command language, so the lesson is the same every time (the dice
come from the scenario's seed). The lesson ends with the game.

:func:`load_lesson` checks a lesson on load: the file's shape, every section known to the
rulebook's index, every pattern and example well formed, and a dry run from the scenario
playing each step's example and the moves after it, each in its side's turn, to the
game's end. A mistake raises :class:`engine.content.ContentError` naming the step.

A pattern is a command's words: ``*`` stands for any one word and ``a|b`` for either
word (``open okeke inner|2-F4/2-F5``: the same door by two names). A pattern with a
``*`` needs an ``example`` to play in the dry run.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, ValidationError

from engine.commands import Command, parse
from engine.content import DEFAULT_DATA_DIR, ContentError
from engine.content_models import Frozen, Text
from engine.errors import GameError
from engine.game import Game
from engine.help.rulebook import SectionId, load_rulebook
from engine.records.scenario import ScenarioError, scenario_game
from engine.state import Phase, Side

SIDES = ("crew", "alien")
STEP_TEXT_MAX = 600  # characters: a step shares a 2,000-character panel with the results
LONG_TEXT_MAX = 1200  # the introduction and the ending

Short = Annotated[str, Field(min_length=1, max_length=STEP_TEXT_MAX)]
Long = Annotated[str, Field(min_length=1, max_length=LONG_TEXT_MAX)]


def lesson_file(side: str) -> str:
    return f"tutorial_{side}.toml"


class Step(Frozen):
    """One rule, taught by doing it once."""

    section: SectionId
    title: Text
    text: Short
    press: tuple[Text, ...] = Field(min_length=1)  # what to tap, in order, as labelled
    command: Text  # the pattern the learner's command must match
    example: str = ""  # a command matching the pattern, for the dry run (needed with *)
    then: tuple[Text, ...] = ()  # the other side's moves after this step
    said: str = ""  # told after those moves: what the other side did meanwhile

    def matches(self, command: Command) -> bool:
        """Whether ``command`` (the engine's typed command) is what this step asks."""
        return matches(self.command, command.notation())

    def played(self) -> str:
        """The command the dry run plays for this step."""
        return self.example or " ".join(w.split("|")[0] for w in self.command.split())


class Lesson(Frozen):
    side: Literal["crew", "alien"]
    title: Text
    intro: Long
    ready: Long  # the last word: "you are ready"
    scenario: Text
    step: tuple[Step, ...] = Field(min_length=1)

    @property
    def steps(self) -> tuple[Step, ...]:
        return self.step

    @property
    def other(self) -> Side:
        return Side.ALIEN if self.side == "crew" else Side.CREW

    def opening(self) -> Game:
        """A fresh game at the lesson's prepared position."""
        return scenario_game(self.scenario)

    def step_at(self, length: int) -> int | None:
        """The index of the step waiting when the game's log holds ``length`` commands
        (each step is one command and the moves after it); None once every step is done."""
        played = 0
        for index, step in enumerate(self.step):
            if length <= played:
                return index
            played += 1 + len(step.then)
        return None


def matches(pattern: str, notation: str) -> bool:
    """``notation``'s words against ``pattern``'s: ``*`` any word, ``a|b`` either."""
    wanted, words = pattern.split(), notation.split()
    if len(wanted) != len(words):
        return False
    return all(w == "*" or word in w.split("|") for w, word in zip(wanted, words, strict=True))


def load_lesson(side: str, data_dir: Path | None = None) -> Lesson:
    """The lesson for ``side`` in ``data_dir`` (default: the project's ``data/``, read
    once), checked by a dry run."""
    if side not in SIDES:
        raise ContentError(lesson_file(side), f"there is no tutorial for '{side}'")
    return _default(side) if data_dir is None else _load(side, data_dir)


@lru_cache(maxsize=len(SIDES))
def _default(side: str) -> Lesson:
    return _load(side, DEFAULT_DATA_DIR)


def _load(side: str, data_dir: Path) -> Lesson:
    name = lesson_file(side)
    path = data_dir / name
    try:
        with path.open("rb") as handle:
            doc = tomllib.load(handle)
    except OSError as exc:
        raise ContentError(name, f"cannot read {path} ({exc.strerror})") from exc
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(name, f"not valid TOML: {exc}") from exc
    try:
        lesson = Lesson.model_validate(doc)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in exc.errors()
        )
        raise ContentError(name, problems) from exc
    if lesson.side != side:
        raise ContentError(name, f"the lesson is for the {lesson.side}, not the {side}")
    _check(lesson, name)
    return lesson


def _check(lesson: Lesson, name: str) -> None:
    """Sections known, patterns well formed, and the dry run to the game's end."""
    book = load_rulebook()
    for number, step in _numbered(lesson):
        if book.section(step.section) is None:
            raise ContentError(name, f"step {number}: no section {step.section} in the rulebook")
        if "*" in step.command.split() and not step.example:
            raise ContentError(name, f"step {number}: a pattern with * needs an example")
    try:
        game = lesson.opening()
    except ScenarioError as err:
        raise ContentError(name, f"scenario: {err.describe()}") from err
    mine = Side(lesson.side)
    for number, step in _numbered(lesson):
        _play_step(game, mine, lesson.other, step, f"step {number} ({step.title})", name)
    if game.state.phase is not Phase.OVER:
        raise ContentError(name, "the game must end with the last step (a lesson ends there)")


def _play_step(game: Game, mine: Side, other: Side, step: Step, label: str, name: str) -> None:
    if game.state.phase.value != mine.value:  # set-up and the game's end are nobody's turn
        raise ContentError(name, f"{label}: it is not the {mine.value}'s turn there")
    try:
        command = parse(step.played())
    except GameError as err:
        raise ContentError(name, f"{label}: '{step.played()}': {err.describe()}") from err
    if not step.matches(command):
        raise ContentError(name, f"{label}: '{command.notation()}' does not match its pattern")
    try:
        game.play(mine, command)
    except GameError as err:
        raise ContentError(name, f"{label}: '{step.played()}': {err.describe()}") from err
    for move in step.then:
        try:
            game.play(other, move)
        except GameError as err:
            raise ContentError(name, f"{label}, then '{move}': {err.describe()}") from err


def _numbered(lesson: Lesson) -> Iterator[tuple[int, Step]]:
    return enumerate(lesson.step, 1)
