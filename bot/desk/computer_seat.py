"""The game's own seat: which side it plays, at what level, and its next command.

The games table's ``computer`` column holds the side, then the level after a colon
(``alien:hard``): no migration, the side still comes first (``GameRow.computer_may_move``
reads its first letter), and a row written before levels (``alien``) reads as ``easy``,
the player it had then.

The `normal` and `hard` players keep the crew's belief from the whole public record,
while the bot keeps only the current phase in memory: their memory
(:class:`~engine.players.memory.Memory`) follows the stored commands, kept between moves
and rebuilt from the store after a restart or an undo. Should the store and the game in
memory ever disagree, the move is decided from the phase in memory (a wider belief, still
a legal move) rather than not at all.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
from collections import OrderedDict

from bot.store import Store
from engine.commands import Command, QuickSetup
from engine.dice import Rng
from engine.errors import GameError
from engine.game import Game
from engine.players.base import decide
from engine.players.expert import PLAY, SearchParams
from engine.players.levels import LEVELS, decide_at_level, player_for
from engine.players.memory import Memory, remembered
from engine.rules import apply
from engine.setup import waiting_on
from engine.state import SetupStep, Side
from engine.units import held_abilities

log = logging.getLogger(__name__)

DEFAULT_LEVEL = "normal"  # what `/game computer` and the lobby buttons give when not told
# How the `expert` searches when the game plays a seat or stands in for an away player:
# the play budget (iterations, and a time limit so a person never waits long). Tests
# give it a small budget (tests/bot/conftest.py).
EXPERT = SearchParams(budget=PLAY)
_MEMORIES: OrderedDict[int, Memory] = OrderedDict()  # by game id, most recent last
_KEPT = 32  # memories kept at most (each is one game state and its player's belief)


def computer_seed(seed: int, moment: str) -> int:
    """The game-played side's dice for its decision at ``moment`` (:meth:`Game.moment`:
    the turn, the phase and the commands that side has played in it), hashed with the
    game's secret seed: a restart (or the same seed and moves) decides the same, and no
    player can work them out (nor the game's dice from them). Never the log's length:
    that counts the other side's commands, and what the side does is seen by the other
    side and by spectators; its own count is its own business (README, "Secrets")."""
    digest = hashlib.blake2b(f"{seed}:{moment}".encode(), digest_size=8, person=b"qs-computer")
    return int.from_bytes(digest.digest(), "big")


def seat_text(side: Side, level: str = DEFAULT_LEVEL) -> str:
    """The column's text for ``side`` played at ``level``."""
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}: choose one of {', '.join(LEVELS)}")
    return f"{side.value}:{level}"


def seat_side(text: str) -> Side | None:
    """The side the game plays, from the column (None: no seat)."""
    return Side(text.partition(":")[0]) if text else None


def seat_level(text: str) -> str:
    """The level the game plays at, from the column (a row without one: ``easy``)."""
    level = text.partition(":")[2]
    return level if level in LEVELS else "easy"


def setup_commands(game: Game, side: Side, level: str, rng: Rng) -> list[Command]:
    """The seat's set-up, played in one go: ``quick``, or for a level that plans it
    (`expert`, :mod:`engine.players.setup_plan`) its choices one by one, worked out on a
    copy. That alien waits for the crew's set-up to place its Larva (B.1.3 lets it choose
    at any time): until then only its ability, then nothing (an empty list)."""
    player = player_for(side, level)
    if not getattr(player, "plans_setup", False):
        return [QuickSetup()]
    state, commands = game.state, []
    while side in waiting_on(state):
        if side is Side.ALIEN and state.setup is not SetupStep.DONE and held_abilities(state):
            break
        command = decide(state, side, player, game.ship, game.content, rng)
        commands.append(command)
        state, _ = apply(state, side, command, game.ship, game.content)
    return commands


async def computer_command(
    store: Store, game_id: int, game: Game, level: str, side: Side, rng: Rng
) -> Command:
    """The game's next command for ``side`` at ``level``, from that side's view, the
    legal commands and (above `easy`) the belief built from game ``game_id``'s stored
    commands."""
    if level == "easy":
        return decide(game.state, side, player_for(side, level), game.ship, game.content, rng)
    rows = await store.commands(game_id)
    lines = [(Side(r.side), r.command) for r in rows]
    old = _MEMORIES.pop(game_id, None)
    try:
        memory = await asyncio.to_thread(remembered, game, side, level, lines, old, EXPERT)
    except GameError as err:  # its text may quote a hidden command: log only the rule
        rule = err.rule or "no rule"
        log.warning("game %d: the %s's memory not rebuilt (%s)", game_id, side.value, rule)
        return await asyncio.to_thread(decide_at_level, game, side, level, rng, EXPERT)
    if len(lines) != game.length or memory.game.state != game.state:
        log.warning("game %d: stored commands and the game differ; phase-only belief", game_id)
        return await asyncio.to_thread(decide_at_level, game, side, level, rng, EXPERT)
    _MEMORIES[game_id] = memory
    while len(_MEMORIES) > _KEPT:
        _MEMORIES.popitem(last=False)
    return await asyncio.to_thread(memory.decide, game.state, rng)
