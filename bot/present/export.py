"""A stored game written out for people to keep (``/game export``; no discord here).

Two exports, for two moments:

- a **finished** game: the whole game as a script of the command language (its opening,
  then every command), which ``quicksilver script`` plays and ``quicksilver import`` or
  ``/mod import`` recreates; the bot adds the replay's GIF;
- a game **in play** (moderators only): its **public record**, what a spectator has seen
  and nothing more. It is rebuilt by replaying the stored log, but every word comes from
  :func:`engine.views.events_for` for a spectator and every picture from
  :func:`engine.views.view` for a spectator: no command's own text (a hidden command's
  is secret), no seed (it would give every die and face-down marker away), no secret.
  Twins (games that differ only in what the alien hides) have identical public records.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from bot.desk.replay_log import GameReplay
from bot.present.events import reveal_lines
from bot.store import CommandRow, GameRow
from engine.board.ship import Ship
from engine.board_view import BoardView
from engine.content import Content
from engine.records.scenario import opening_game, script_head
from engine.state import GameState, Phase, Side
from engine.views import Viewer, events_for, view


def script_name(row: GameRow) -> str:
    return f"game-{row.id}.qs"


def _title(turn: int, phase: Phase) -> str:
    if phase is Phase.SETUP:
        return "Set-up"
    if phase is Phase.OVER:
        return f"Game over after turn {turn}"
    return f"Turn {turn} · {phase.value.capitalize()} phase"


def game_script(replay: GameReplay) -> str:
    """A finished game as a script: a few ``#`` lines saying what it is, its opening
    (``seed N``, or the scenario block it began at), then one line a command."""
    row, game = replay.row, replay.game
    shown = view(game.state, Viewer.REFEREE, game.ship, game.content)
    where = f" in #{row.channel_name}" if row.channel_name else ""
    head = [
        f"# Quicksilver game {row.id}{where}: {_title(game.state.turn, game.state.phase)}"
        + (f", {shown.result}." if shown.result else "."),
        f"# `quicksilver script {script_name(row)}` replays it; `quicksilver import` or",
        "# `/mod import` recreates it as a new game (seeded: its dice are in this file).",
    ]
    opening = script_head(row.seed, row.opening)
    return "\n".join(head) + "\n" + opening + "".join(f"{e.line()}\n" for e in game.log)


@dataclass(frozen=True)
class PublicRecord:
    """What a spectator has seen of a game so far: the text, and one map a phase."""

    text: str
    boards: tuple[BoardView, ...]  # the spectator's map at the end of each phase so far
    title: str  # where the game stands now

    @property
    def filename(self) -> str:
        return "public-record.txt"


@dataclass
class _Phase:
    title: str
    lines: list[str] = field(default_factory=list)
    board: BoardView | None = None  # the spectator's map where the phase ended


def public_record(
    row: GameRow, commands: list[CommandRow], ship: Ship, content: Content
) -> PublicRecord:
    """The public record of ``row``'s game after ``commands`` (the whole stored log),
    replayed from its opening; slow for a long game: call it off the event loop."""
    game = opening_game(row.seed, row.opening, ship, content)
    phases: list[_Phase] = []
    for command in commands:
        mark = _title(game.state.turn, game.state.phase)
        if not phases or phases[-1].title != mark:
            if phases:
                phases[-1].board = _board(game.state, ship, content)
            phases.append(_Phase(mark))
        events = game.play(Side(command.side), command.command)
        phases[-1].lines += reveal_lines(events_for(events, Viewer.SPECTATOR))
    if phases:
        phases[-1].board = _board(game.state, ship, content)
    now = _title(game.state.turn, game.state.phase)
    where = f" in #{row.channel_name}" if row.channel_name else ""
    lines = [
        f"# Quicksilver game {row.id}{where}: the public record, up to {now}.",
        "# What a spectator has seen and nothing more: no command's own text, no secret.",
        "# It is not a script and cannot be replayed: the whole game is exported once it",
        "# is over.",
    ]
    for phase in phases:
        lines += ["", f"== {phase.title} ==", *(f"• {line}" for line in phase.lines)]
    if not phases:
        lines += ["", "Nothing has been played yet."]
    boards = tuple(
        replace(phase.board, title=f"Public record {number}/{len(phases)} · {phase.title}")
        for number, phase in enumerate(phases, 1)
        if phase.board is not None
    )
    return PublicRecord("\n".join(lines) + "\n", boards, now)


def _board(state: GameState, ship: Ship, content: Content) -> BoardView:
    return view(state, Viewer.SPECTATOR, ship, content).board
