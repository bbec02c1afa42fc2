"""A finished game's replay, read from the store: its phases and their pictures (their
words are :mod:`bot.present.replay`'s).

Shared by the Discord replay (``bot.client.replay``) and ``quicksilver replay``. The game is
rebuilt by replaying its command log (engine.records.replay); a game that is not over is refused,
so nothing secret leaks. Pictures are drawn from the referee's replay view only.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass

from bot.store import CommandRow, GameRow, Store
from engine.errors import GameError
from engine.game import Game
from engine.records.replay import PhaseStep, replay_phases
from engine.records.scenario import opening_game
from render.animation import animate_gif
from render.board import render_png

FINISHED = ("over", "local-over")
_CACHE_SIZE = 8


class ReplayRefused(Exception):
    """No replay for this game (unknown, not over); ``str()`` is for the person."""


@dataclass(frozen=True)
class GameReplay:
    row: GameRow
    game: Game
    steps: tuple[PhaseStep, ...]

    def step(self, number: int) -> PhaseStep:
        """Phase ``number`` (1-based), clamped to the game's phases."""
        return self.steps[max(1, min(number, len(self.steps))) - 1]

    def png(self, number: int) -> bytes:
        return render_png(self.step(number).view.board, self.game.ship)

    def gif(self) -> bytes:
        return animate_gif([s.view.board for s in self.steps], self.game.ship)


_Key = tuple[int, int, tuple[tuple[str, str], ...]]  # game, seed, its whole log
_cache: OrderedDict[_Key, GameReplay] = OrderedDict()


async def load_replay(store: Store, game_id: int) -> GameReplay:
    """The replay of finished game ``game_id``, rebuilt from its log (kept for a while)."""
    row = await store.game(game_id)
    if row is None:
        raise ReplayRefused(f"There is no game {game_id}.")
    if row.status not in FINISHED:
        raise ReplayRefused(
            f"Game {game_id} is not over: its replay opens when the game ends, "
            "so nothing hidden is given away."
        )
    commands = await store.commands(game_id)
    key = (game_id, row.seed, tuple((c.side, c.command) for c in commands))
    if key in _cache:
        _cache.move_to_end(key)
        return _cache[key]
    try:
        replay = await asyncio.to_thread(_rebuild, row, commands)
    except GameError as err:
        raise ReplayRefused(f"Game {game_id} cannot be replayed: {err.describe()}.") from None
    if not replay.steps:  # an imported script that was over before any command
        raise ReplayRefused(f"Game {game_id} has no phase to replay: it ended as it began.")
    _cache[key] = replay
    while len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return replay


def _rebuild(row: GameRow, commands: list[CommandRow]) -> GameReplay:
    """Play the log again, off the event loop: a long game takes a moment."""
    game = opening_game(row.seed, row.opening)
    for command in commands:
        game.play(command.side, command.command)
    return GameReplay(row, game, tuple(replay_phases(game)))


def forget() -> None:
    """Drop the replays kept in memory (a restart does the same)."""
    _cache.clear()
