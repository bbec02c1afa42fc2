"""A remembering player kept in step with a game known only by its command list.

The `normal` and `hard` players keep the crew's belief from the whole public record
(C.7: where the alien vanished, every declaration since). A caller that holds only part
of the game in memory (the bot keeps the current phase) gives :class:`Memory` the full
ordered list of commands instead; the memory replays what it has not seen yet on its
own copy of the game, showing the player each command's events from its side only, and
reuses what it saw before when the list only grew.
"""

from __future__ import annotations

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.dice import Rng
from engine.errors import GameError
from engine.game import Game
from engine.players.base import Player, decide, show
from engine.players.expert import SearchParams
from engine.players.levels import player_for
from engine.state import GameState, Side

Line = tuple[Side, str]  # (side, command notation), as the store keeps it


class Memory:
    """One side's player at one level, and the command lines it has been shown."""

    def __init__(
        self,
        seed: int,
        side: Side,
        level: str,
        ship: Ship | None,
        content: Content | None,
        params: SearchParams | None = None,
    ) -> None:
        self.seed, self.side, self.level = seed, side, level
        self.player: Player = player_for(side, level, params)
        self.game = Game.new(seed, ship, content)
        self.lines: list[Line] = []

    def follow(self, lines: list[Line]) -> bool:
        """Catch up with ``lines`` (the game's commands since set-up). False when they
        do not extend what was seen (an undo rewrote the past) or one is refused: the
        caller then starts a fresh memory."""
        if lines[: len(self.lines)] != self.lines:
            return False
        for side, text in lines[len(self.lines) :]:
            try:
                events = self.game.play(side, c.parse(text))
            except (GameError, ValueError):
                return False
            show(self.game, [self.player], events)
            self.lines.append((side, text))
        self.game.rebase()  # only the state is needed from here: keep memory small
        return True

    def decide(self, state: GameState, rng: Rng) -> c.Command:
        """The player's choice in ``state`` (the caller's copy of the same position)."""
        return decide(state, self.side, self.player, self.game.ship, self.game.content, rng)


def remembered(
    game: Game,
    side: Side,
    level: str,
    lines: list[Line],
    old: Memory | None,
    params: SearchParams | None = None,
) -> Memory:
    """``old`` caught up with ``lines`` (the commands of ``game`` since set-up) when it
    can be, else a fresh memory of them all (an expert's searching with ``params``)."""
    same = old is not None and (old.seed, old.side, old.level) == (game.seed, side, level)
    if same and old is not None and old.follow(lines):
        return old
    fresh = Memory(game.seed, side, level, game.ship, game.content, params)
    if not fresh.follow(lines):
        raise GameError("the stored commands do not replay")
    return fresh
