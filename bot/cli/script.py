"""``quicksilver script FILE``: play a text file of commands and show what a viewer sees.

A script starts with ``seed N`` (set-up from B.1.1 follows as commands), a
``scenario … end`` block (see :mod:`engine.records.scenario`), or both (the block then may
leave out its seed). Then, one a line::

    crew: move hyun 1-F6      a command, as typed in play
    alien: piperun alien
    undo alien                the undo rule: take back that side's last command
    expect: vanishes          the previous line's visible events contain this text

Blank lines and ``#`` comments are skipped. Each command prints as ``N: side:
command`` and the events the viewer may see (``events_for``); the command's own text is
shown only to its side and the referee, since the other side learns only what the
events tell it (C.3, C.7). The final view closes the output. The run stops at the first
bad line with ``line N: <what is wrong>`` on stderr and exit code 1.
"""

from __future__ import annotations

import json
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.present.events import script_line, script_record
from engine.errors import GameError
from engine.events import Event
from engine.game import Game
from engine.records.scenario import ScenarioError, scenario_game
from engine.state import Side
from engine.views import View, Viewer, events_for, view

_PLAY = re.compile(r"^(crew|alien)\s*:\s*(.*)$", re.IGNORECASE)
_UNDO = re.compile(r"^undo\s+(crew|alien)$", re.IGNORECASE)
_EXPECT = re.compile(r"^expect\s*:\s*(.*)$", re.IGNORECASE)
_SEED = re.compile(r"^seed\s+(\d+)$", re.IGNORECASE)
_TRAILING_COMMENT = re.compile(r"\s+#.*$")  # event texts never hold " #"


class ScriptError(Exception):
    """A line that stops the run; its text starts with ``line N:``."""


def _fail(number: int, message: str) -> ScriptError:
    return ScriptError(f"line {number}: {message}")


def _words(raw: str) -> list[str]:
    """A line's words with any ``# comment`` dropped; [] for blank or comment lines.
    A line with unbalanced quotes is one word, for whoever reads it to report."""
    try:
        return shlex.split(raw, comments=True)
    except ValueError:
        return [raw.strip()]


@dataclass
class _Source:
    """The script's raw lines, numbered from 1; ``next`` skips blanks and comments."""

    raw: list[str]
    at: int = 0  # index of the next raw line

    def next(self) -> tuple[int, str] | None:
        while self.at < len(self.raw):
            self.at += 1
            text = self.raw[self.at - 1].strip()
            if text and not text.startswith("#"):
                return self.at, text
        return None

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
        raise _fail(start, "the scenario block has no line 'end'")


def _start(source: _Source) -> Game:
    """The game the header describes: ``seed N``, a scenario block, or both."""
    first = source.next()
    if first is None:
        raise _fail(1, "the script is empty: start it with 'seed N' or a scenario block")
    number, text = first
    seed: int | None = None
    if match := _SEED.match(" ".join(_words(text))):
        seed = int(match.group(1))
        if [w.lower() for w in source.peek()] != ["scenario"]:
            return Game.new(seed)
        number, text = source.next() or first
    if [w.lower() for w in _words(text)] != ["scenario"]:
        raise _fail(number, "a script starts with 'seed N' or a scenario block")
    block = source.block(number)
    try:
        return scenario_game(block, seed=seed, first_line=number)
    except ScenarioError as err:
        raise ScriptError(err.describe()) from None


class _Run:
    """Plays the lines after the header and prints what the viewer sees."""

    def __init__(self, game: Game, viewer: Viewer, as_json: bool) -> None:
        self.game = game
        self.viewer = viewer
        self.as_json = as_json
        self.last: list[Event] | None = None

    def line(self, number: int, text: str) -> None:
        """One line after the header: a command, an undo or an expectation."""
        if match := _EXPECT.match(text):
            self.expect(number, _TRAILING_COMMENT.sub("", match.group(1)))
        elif match := _PLAY.match(text):
            self.play(number, Side(match.group(1).lower()), match.group(2))
        elif match := _UNDO.match(" ".join(_words(text))):
            self.undo(number, Side(match.group(1).lower()))
        else:
            raise _fail(
                number, "expected 'crew: COMMAND', 'alien: COMMAND', 'undo SIDE' or 'expect: TEXT'"
            )

    def play(self, number: int, side: Side, command: str) -> None:
        try:
            events = self.game.play(side, _uncommented(command))
        except GameError as err:
            raise _fail(number, err.describe()) from None
        self.last = events_for(events, self.viewer)
        notation = self.notation(side, self.game.log[-1].command.notation())
        if self.as_json:
            record = {"line": number, "side": side.value, "command": notation}
            _print_json({**record, "events": [script_record(e) for e in self.last]})
            return
        print(f"{number}: {side.value}: {notation or '…'}")
        for event in self.last:
            print(f"  {script_line(event)}")

    def undo(self, number: int, side: Side) -> None:
        """The undo rule; the game replays from its own start (set-up or scenario)."""
        reason = self.game.can_undo(side)
        if reason is not None:
            raise _fail(number, f"cannot undo: {reason}")
        taken = self.game.undo(side)
        self.last = []
        notation = self.notation(side, taken.command.notation())
        if self.as_json:
            _print_json({"line": number, "undo": side.value, "command": notation})
        else:
            print(f"{number}: undo {side.value}\n  takes back: {notation or 'a command'}")

    def notation(self, side: Side, notation: str) -> str | None:
        """A command's text, for its own side and the referee only: the other side
        and spectators learn only what its events tell them (C.3, C.7)."""
        return notation if self.viewer in (Viewer.REFEREE, Viewer(side.value)) else None

    def expect(self, number: int, wanted: str) -> None:
        if self.last is None:
            raise _fail(number, "nothing to check: no command has been played yet")
        texts = [script_line(e) for e in self.last]
        if not any(wanted in text for text in texts):
            shown = " | ".join(texts) or "nothing"
            raise _fail(number, f"expected '{wanted}' in the previous line's events: {shown}")

    def final(self) -> None:
        shown = view(self.game.state, self.viewer, self.game.ship, self.game.content)
        if self.as_json:
            _print_json({"final": json.loads(shown.to_json())})
        else:
            print("\n".join(summary(shown)))


def _uncommented(command: str) -> str:
    """The command without a trailing ``# comment``, quoting kept."""
    try:
        return shlex.join(shlex.split(command, comments=True))
    except ValueError:
        return command  # the command parser reports the unbalanced quote


def _print_json(record: dict[str, Any]) -> None:
    print(json.dumps(record, ensure_ascii=False, sort_keys=True))


def summary(shown: View) -> list[str]:
    """The final position as one viewer may see it, a few lines of text."""
    lines = [f"== {shown.board.title} ({shown.viewer.value} view) =="]
    if shown.active_unit:
        lines.append(f"active: {shown.active_unit}")
    for crew in shown.crew:
        if not crew.grid and crew.fate == "aboard" and not crew.carried_by:
            continue  # not on the board: unplaced, or never in play
        carried = f"carried by {crew.carried_by}" if crew.carried_by else "-"
        words = [crew.id, crew.condition, crew.grid or carried]
        words += [f"{crew.actions} actions"] if crew.actions is not None else []
        words += [crew.fate] if crew.fate != "aboard" else []
        words += [f"role {crew.role}"] if crew.role else []
        words += [f"skills {', '.join(crew.skills)}"] if crew.skills else []
        words += [f"carrying {', '.join(crew.carrying)}"] if crew.carrying else []
        words += ["done"] if crew.done else []
        lines.append("  " + " · ".join(words))
    for alien in shown.aliens:
        where = "hidden" if alien.hidden and not alien.grid else alien.grid or "-"
        words = [alien.id, alien.stage, where, f"{alien.actions} actions"]
        words += ["dead"] if alien.dead else ["injured"] if alien.injured else []
        words += [f"carrying {', '.join(alien.carrying)}"] if alien.carrying else []
        words += ["pipe-running"] if alien.hidden and alien.grid else []
        words += [f"energy {alien.energy}"]  # the stores it carries (C.10.1)
        lines.append("  " + " · ".join(words))
    lines.append(f"abilities {', '.join(shown.abilities) or '-'}")
    if shown.declarations:
        lines.append(f"declarations: {', '.join(shown.declarations)}")
    if shown.result:
        lines.append(f"result: {shown.result}")
    return lines


def _read(path_or_text: str | Path) -> str:
    """A Path, or a one-line string naming a file, is read; any other string is the script."""
    if isinstance(path_or_text, str) and ("\n" in path_or_text or not Path(path_or_text).is_file()):
        return path_or_text
    return Path(path_or_text).read_text(encoding="utf-8")


def run_script(path_or_text: str | Path, viewer: str = "referee", as_json: bool = False) -> int:
    """Play a script, printing each line's events and the final view; 0, or 1 on a bad line."""
    try:
        source = _Source(_read(path_or_text).splitlines())
    except OSError as err:
        print(f"cannot read the script: {err}", file=sys.stderr)
        return 1
    try:
        game = _start(source)
        run = _Run(game, Viewer(viewer), as_json)
        while (row := source.next()) is not None:
            run.line(*row)
        run.final()
    except ScriptError as err:
        print(str(err), file=sys.stderr)
        return 1
    return 0
