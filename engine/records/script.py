"""A game written as a script: the command language, one line at a time.

A script starts with ``seed N`` (set-up from B.1.1 follows as commands), a
``scenario … end`` block (see :mod:`engine.records.scenario`), or both (the block then may
leave out its seed). Then, one a line::

    crew: move hyun 1-F6      a command, as typed in play
    alien: piperun alien
    undo alien                the undo rule: take back that side's last command
    expect: vanishes          the previous line's visible events contain this text

Blank lines and ``#`` comments are skipped. A line that does not apply stops the reading
with :class:`ScriptError`, whose text starts with ``line N:``. ``quicksilver script``
(:mod:`bot.cli.script`) prints what a viewer sees line by line; :func:`read_script` only
builds the game (an import, a tutorial's check). A game's log (``Game.script()``) is a
script, and so is a stored game's export (:mod:`bot.desk.export`).

The engine writes no sentences (events are records): ``expect`` lines are checked
against the words a reader is given (``say``, the scripts' presenter
``bot.present.events.script_line``); read without words, they are only read.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from engine.errors import GameError
from engine.events import Event
from engine.game import Game
from engine.records.scenario import ScenarioError, scenario_game, setup_opening
from engine.records.scenario_writer import write_scenario
from engine.state import Side
from engine.variants import HEADER, VariantError, known
from engine.views import Viewer, events_for

_PLAY = re.compile(r"^(crew|alien)\s*:\s*(.*)$", re.IGNORECASE)
_UNDO = re.compile(r"^undo\s+(crew|alien)$", re.IGNORECASE)
_EXPECT = re.compile(r"^expect\s*:\s*(.*)$", re.IGNORECASE)
_SEED = re.compile(r"^seed\s+([0-9]{1,20})$", re.IGNORECASE | re.ASCII)
LINE_LIMIT = 2000  # characters a script's line may hold: every real line is far shorter
_TRAILING_COMMENT = re.compile(r"\s+#.*$")  # event texts never hold " #"


Say = Callable[[Event], str]  # an event in words, for the ``expect`` lines


class ScriptError(Exception):
    """A line that stops the reading; its text starts with ``line N:``."""


def fail(number: int, message: str) -> ScriptError:
    return ScriptError(f"line {number}: {message}")


def _words(raw: str) -> list[str]:
    """A line's words with any ``# comment`` dropped; [] for blank or comment lines.
    A line with unbalanced quotes is one word, for whoever reads it to report."""
    try:
        return shlex.split(raw, comments=True)
    except ValueError:
        return [raw.strip()]


@dataclass
class Source:
    """The script's raw lines, numbered from 1; ``next`` skips blanks and comments."""

    raw: list[str]
    at: int = 0  # index of the next raw line

    @classmethod
    def of(cls, text: str) -> Source:
        return cls(text.splitlines())

    def next(self) -> tuple[int, str] | None:
        while self.at < len(self.raw):
            self.at += 1
            text = self.raw[self.at - 1].strip()
            if len(text) > LINE_LIMIT:
                raise fail(self.at, f"a line is at most {LINE_LIMIT} characters ({len(text)})")
            if text and not text.startswith("#"):
                return self.at, text
        return None

    def rows(self) -> Iterator[tuple[int, str]]:
        """The meaningful lines left, numbered."""
        while (row := self.next()) is not None:
            yield row

    def peek(self) -> list[str]:
        """The words of the next meaningful line, without taking it."""
        at = self.at
        row = self.next()
        self.at = at
        return _words(row[1]) if row else []

    def block(self, start: int) -> str:
        """The ``scenario … end`` block opened at line ``start``, lines as in the file,
        so the scenario's errors name file lines."""
        while self.at < len(self.raw):
            self.at += 1
            if [w.lower() for w in _words(self.raw[self.at - 1])] == ["end"]:
                return "\n".join(self.raw[start - 1 : self.at])
        raise fail(start, "the scenario block has no line 'end'")


@dataclass(frozen=True)
class Opening:
    """Where a script's game begins: its game, and its opening as a store keeps it
    (:func:`engine.records.scenario.opening_game`): '' when it begins at set-up from its
    seed, the ``variants …`` line when it begins there with variants, else the scenario
    it began at, written canonically (``write_scenario``)."""

    game: Game
    scenario: str


def opening(source: Source) -> Opening:
    """The game the header describes: ``seed N`` (then perhaps ``variants …``), a
    scenario block, or both."""
    first = source.next()
    if first is None:
        raise fail(1, "the script is empty: start it with 'seed N' or a scenario block")
    number, text = first
    seed: int | None = None
    chosen: frozenset[str] = frozenset()
    if match := _SEED.match(" ".join(_words(text))):
        seed = int(match.group(1))
        chosen = _variants_line(source)
        if [w.lower() for w in source.peek()] != ["scenario"]:
            return Opening(Game.new(seed, variants=chosen), setup_opening(chosen))
        number, text = source.next() or first
    if [w.lower() for w in _words(text)] != ["scenario"]:
        raise fail(number, "a script starts with 'seed N' or a scenario block")
    block = source.block(number)
    try:
        game = scenario_game(block, seed=seed, variants=chosen, first_line=number)
    except ScenarioError as err:
        raise ScriptError(err.describe()) from None
    return Opening(game, write_scenario(game.state, game.ship, game.content))


def _variants_line(source: Source) -> frozenset[str]:
    """The ``variants …`` line after ``seed N``, taken if there is one."""
    words = source.peek()
    if not words or words[0].lower() != HEADER:
        return frozenset()
    number, _ = source.next() or (0, "")
    if len(words) == 1:
        raise fail(number, "name the variants: 'variants ID …'")
    try:
        return known(words[1:])
    except VariantError as err:
        raise fail(number, err.describe()) from None


@dataclass(frozen=True)
class Played:
    """A command line: the side, the command as the game wrote it, what the viewer saw."""

    number: int
    side: Side
    notation: str
    events: tuple[Event, ...]


@dataclass(frozen=True)
class Undone:
    """An ``undo SIDE`` line and the command it took back."""

    number: int
    side: Side
    notation: str


@dataclass(frozen=True)
class Checked:
    """An ``expect:`` line that held (or was only read: no words were given)."""

    number: int
    wanted: str


Line = Played | Undone | Checked


class Player:
    """Plays the lines after the header for one viewer (whose events ``expect`` checks)."""

    def __init__(self, game: Game, viewer: Viewer = Viewer.REFEREE, say: Say | None = None) -> None:
        self.game = game
        self.viewer = viewer
        self.say = say
        self.last: tuple[Event, ...] | None = None

    def line(self, number: int, text: str) -> Line:
        """One line after the header: a command, an undo or an expectation."""
        if match := _EXPECT.match(text):
            return self.expect(number, _TRAILING_COMMENT.sub("", match.group(1)))
        if match := _PLAY.match(text):
            return self.play(number, Side(match.group(1).lower()), match.group(2))
        if match := _UNDO.match(" ".join(_words(text))):
            return self.undo(number, Side(match.group(1).lower()))
        raise fail(
            number, "expected 'crew: COMMAND', 'alien: COMMAND', 'undo SIDE' or 'expect: TEXT'"
        )

    def play(self, number: int, side: Side, command: str) -> Played:
        try:
            events = self.game.play(side, _uncommented(command))
        except GameError as err:
            raise fail(number, err.describe()) from None
        self.last = tuple(events_for(events, self.viewer))
        return Played(number, side, self.game.log[-1].command.notation(), self.last)

    def undo(self, number: int, side: Side) -> Undone:
        """The undo rule; the game replays from its own start (set-up or scenario)."""
        reason = self.game.can_undo(side)
        if reason is not None:
            raise fail(number, f"cannot undo: {reason}")
        taken = self.game.undo(side)
        self.last = ()
        return Undone(number, side, taken.command.notation())

    def expect(self, number: int, wanted: str) -> Checked:
        if self.last is None:
            raise fail(number, "nothing to check: no command has been played yet")
        if self.say is None:
            return Checked(number, wanted)
        texts = [self.say(e) for e in self.last]
        if not any(wanted in text for text in texts):
            shown = " | ".join(texts) or "nothing"
            raise fail(number, f"expected '{wanted}' in the previous line's events: {shown}")
        return Checked(number, wanted)


def _uncommented(command: str) -> str:
    """The command without a trailing ``# comment``, quoting kept."""
    try:
        return shlex.join(shlex.split(command, comments=True))
    except ValueError:
        return command  # the command parser reports the unbalanced quote


def read_script(text: str, say: Say | None = None) -> Opening:
    """The game a whole script plays, every line applied (``expect`` lines checked as the
    referee sees the events, in the words ``say`` gives them); :class:`ScriptError` at the
    first line that does not apply."""
    source = Source.of(text)
    start = opening(source)
    player = Player(start.game, say=say)
    for number, line in source.rows():
        player.line(number, line)
    return start
