"""Suggest on game-controlled positions: how often the advisor's reason is the generic
sentence, and how often its command can be played with one tap.

    .venv/bin/python benchmarks/bench_suggest.py [GAMES]

Plays ``GAMES`` games (default 6) between the `hard` players from their seeds, and every
few commands in play asks the advisor (the terminal table's ``hint``, the same
:func:`~engine.players.expert.advice.advise_at_table` the bot's Suggest wraps) for the
acting side. Prints ``suggest: N asked, G generic, T tappable``: G counts the reasons
that are the generic sentence (target: at most 1 in 10); T the suggestions whose
**Play this** button the panel can carry (its id within Discord's 100 characters) and
whose command would pass the button's check (its unit's, with legal commands now;
the command, by the engine's own ``is_legal``). CPU time beside wall time.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.panels.suggestion import ID_MAX, play_id
from bot.present.hints import GENERIC, why
from bot.present.locale import SOURCE, speaking
from engine.commands import parse
from engine.dice import Rng
from engine.game import Game
from engine.legal import is_legal, legal_commands
from engine.players.base import acting_side, decide, show
from engine.players.expert.advice import advise_at_table
from engine.players.levels import player_for
from engine.state import Phase, Side

EVERY = 5  # ask at every 5th command played
TURNS = 6  # turns played a game


def tappable(game: Game, side: Side, notation: str) -> bool:
    """The Play this button fits, and a press would pass its check
    (``bot.client.panels.press``): the unit has legal commands now and the command
    passes the engine's own check."""
    if len(play_id(10**6, 10**18, "99c", notation).text()) > ID_MAX:
        return False
    words = notation.split()
    unit = words[1] if len(words) > 1 else None
    if not legal_commands(game.state, side, game.ship, game.content, unit=unit):
        return False
    return is_legal(game.state, side, parse(notation), game.ship, game.content)


def main(games: int) -> None:
    asked = generic = taps = 0
    wall, cpu = time.perf_counter(), time.process_time()
    examples: list[str] = []
    for seed in range(1, games + 1):
        game = Game.new(seed)
        players = {s: player_for(s, "hard") for s in Side}
        rngs = {Side.CREW: Rng(seed * 7919 + 1), Side.ALIEN: Rng(seed * 104729 + 3)}
        played = 0
        while game.state.phase is not Phase.OVER and game.state.turn <= TURNS:
            side = acting_side(game.state)
            if game.state.phase is not Phase.SETUP and played % EVERY == 0:
                decision = advise_at_table(game, side, seed)
                if decision is not None:
                    asked += 1
                    with speaking(SOURCE):
                        said = why(decision)
                    generic += said == GENERIC
                    taps += tappable(game, side, decision.command.notation())
                    if len(examples) < 6:
                        examples.append(f"  {decision.command.notation()}: {said}")
            command = decide(game.state, side, players[side], game.ship, game.content, rngs[side])
            show(game, players.values(), game.play(side, command))
            played += 1
    print("\n".join(examples))
    print(f"suggest: {asked} asked, {generic} generic, {taps} tappable")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"time: {wall:.1f} s wall, {cpu:.1f} s CPU")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 6)
