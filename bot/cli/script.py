"""``quicksilver script FILE``: play a text file of commands and show what a viewer sees.

The script's language (a ``seed N`` or scenario header, then ``crew:``/``alien:``
commands, ``undo SIDE`` and ``expect: TEXT`` lines) is read by
:mod:`engine.records.script`; this module prints. Each command prints as ``N: side:
command`` and the events the viewer may see (``events_for``); the command's own text is
shown only to its side and the referee, since the other side learns only what the
events tell it (C.3, C.7). The final view closes the output. The run stops at the first
bad line with ``line N: <what is wrong>`` on stderr and exit code 1.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from bot.present.catalogue.reactions import reaction_lines
from bot.present.events import script_line, script_record
from bot.present.texts import (
    emergency_lines,
    halon_lines,
    own_raid_lines,
    physiology_lines,
    raid_lines,
)
from engine.records.script import (
    Checked,
    Played,
    Player,
    ScriptError,
    Source,
    Undone,
    opening,
)
from engine.state import Side
from engine.views import View, Viewer, view


class _Run:
    """Plays the lines after the header and prints what the viewer sees."""

    def __init__(self, player: Player, as_json: bool) -> None:
        self.player = player
        self.viewer = player.viewer
        self.as_json = as_json

    def line(self, number: int, text: str) -> None:
        done = self.player.line(number, text)
        if isinstance(done, Played):
            self.played(done)
        elif isinstance(done, Undone):
            self.undone(done)
        elif not isinstance(done, Checked):  # pragma: no cover - every kind is above
            raise AssertionError(done)

    def played(self, done: Played) -> None:
        notation = self.notation(done.side, done.notation)
        if self.as_json:
            record = {"line": done.number, "side": done.side.value, "command": notation}
            _print_json({**record, "events": [script_record(e) for e in done.events]})
            return
        print(f"{done.number}: {done.side.value}: {notation or '…'}")
        for event in done.events:
            print(f"  {script_line(event)}")

    def undone(self, done: Undone) -> None:
        notation = self.notation(done.side, done.notation)
        if self.as_json:
            _print_json({"line": done.number, "undo": done.side.value, "command": notation})
        else:
            print(f"{done.number}: undo {done.side.value}\n  takes back: {notation or 'a command'}")

    def notation(self, side: Side, notation: str) -> str | None:
        """A command's text, for its own side and the referee only: the other side
        and spectators learn only what its events tell them (C.3, C.7)."""
        return notation if self.viewer in (Viewer.REFEREE, Viewer(side.value)) else None

    def final(self) -> None:
        game = self.player.game
        shown = view(game.state, self.viewer, game.ship, game.content)
        if self.as_json:
            _print_json({"final": json.loads(shown.to_json())})
        else:
            print("\n".join(summary(shown)))


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
    lines += _noise(shown)
    if shown.declarations:
        lines.append(f"declarations: {', '.join(shown.declarations)}")
    lines += emergency_lines(shown)  # the emergencies variant's panel, if on
    lines += halon_lines(shown)  # the halon variant's panel, if on
    lines += raid_lines(shown) + own_raid_lines(shown)  # the raids variant's panel
    lines += reaction_lines(shown)  # the reactions variant's table
    lines += physiology_lines(shown)  # the physiology variant's cards
    if shown.result:
        lines.append(f"result: {shown.result}")
    return lines


def _noise(shown: View) -> list[str]:
    """The noise variant's table, as the viewer may see it (README, "Variants"): the
    markers and the tokens for everyone; the doors crossed noisily this phase and the
    ambush order for the alien alone."""
    noise = shown.noise
    if noise is None:
        return []
    words = [f"noise markers {', '.join(noise.markers) or '-'}", f"bag {', '.join(noise.bag)}"]
    words += [f"set aside {', '.join(noise.aside)}"] if noise.aside else []
    words += [f"heard as the phase ends {', '.join(noise.heard)}"] if noise.heard else []
    if noise.ambush is not None:
        words.append(f"order ambush {'on' if noise.ambush else 'off'}")
    return [" · ".join(words)]


def _read(path_or_text: str | Path) -> str:
    """A Path, or a one-line string naming a file, is read; any other string is the script."""
    if isinstance(path_or_text, str) and ("\n" in path_or_text or not Path(path_or_text).is_file()):
        return path_or_text
    return Path(path_or_text).read_text(encoding="utf-8")


def run_script(path_or_text: str | Path, viewer: str = "referee", as_json: bool = False) -> int:
    """Play a script, printing each line's events and the final view; 0, or 1 on a bad line."""
    try:
        source = Source.of(_read(path_or_text))
    except OSError as err:
        print(f"cannot read the script: {err}", file=sys.stderr)
        return 1
    try:
        run = _Run(Player(opening(source).game, Viewer(viewer), say=script_line), as_json)
        for row in source.rows():
            run.line(*row)
        run.final()
    except ScriptError as err:
        print(str(err), file=sys.stderr)
        return 1
    return 0
