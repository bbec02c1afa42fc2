"""The game's own alien keeps time by its declarations, not its commands (C.7.3).

Twins: the game plays the alien, which hides and makes the same three "Move"
declarations with one two-grid move and a wait, or with two steps and a wait. At the
real pace (2 s), its phase must last the same in both: the pace for each public line,
whatever the number of commands (README, "Secrets"). Time here is virtual: the pacing
module's clock stands still unless it waits, and every wait is counted, so the test
measures what the bot waits for, never the machine's speed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bot.client import pacing
from bot.desk import play
from engine import commands as c
from engine.state import Phase
from tests.bot.helpers import SEED, stored_commands
from tests.bot.twins import twin

PACE = 2.0
SPLITS = {  # the same declarations (Move, Move, Move), split into commands otherwise
    "one two-grid move": ["piperun alien1", "move alien1 0-N12", "wait alien1", "pass"],
    "two steps": [
        *("piperun alien1", "move alien1 0-O12", "move alien1 0-N12"),
        *("wait alien1", "pass"),
    ],
}
SET_UP = [c.ChooseAbility("Clever"), c.PlaceLarva(c.Grid.parse("0-P12"))]


@dataclass
class VirtualTime:
    """A clock that moves only when the bot waits; every wait is kept."""

    now: float = 0.0
    waits: list[float] = field(default_factory=list)

    def clock(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.waits.append(seconds)
        self.now += seconds


def scripted_alien(monkeypatch: pytest.MonkeyPatch, script: list[str]) -> None:
    """The game's alien plays ``script`` (its set-up: Clever, the Loading Bay)."""
    moves: Iterator[c.Command] = iter(c.parse(line) for line in script)

    async def command(*_args: Any) -> c.Command:
        return next(moves)

    monkeypatch.setattr(play, "computer_command", command)
    monkeypatch.setattr(play, "setup_commands", lambda *_args: list(SET_UP))


async def phase_lengths(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> dict[str, tuple[float, int]]:
    """For each split: how long (virtual seconds) the game's alien phase lasted at the
    real pace, and how many commands the alien played in all."""
    monkeypatch.setenv("QUICKSILVER_AI_PACE", str(PACE))
    found = {}
    for name, script in SPLITS.items():
        time = VirtualTime()
        monkeypatch.setattr(pacing, "CLOCK", time.clock)
        monkeypatch.setattr(pacing, "SLEEP", time.sleep)
        scripted_alien(monkeypatch, script)
        async with twin(tmp_path, name.replace(" ", "-"), SEED) as (_env, world):
            crew = world.crew[0]
            await crew.slash(world.channel, "game create")
            await crew.slash(world.channel, "game computer", seat="alien")
            await crew.slash(world.channel, "game join", seat="crew")
            await crew.slash(world.channel, "game start")
            began = time.now
            await crew.slash(world.channel, "game setup")  # the alien's phase follows
            assert world.table().phase() is Phase.CREW
            count = sum(1 for side, _, _ in stored_commands(world) if side == "alien")
            found[name] = (time.now - began, count)
    return found


async def test_c73_the_games_alien_phase_lasts_as_its_declarations_say(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (lasted, one), (other, two) = (await phase_lengths(tmp_path, monkeypatch)).values()
    assert one != two  # the twins' alien took a different number of commands …
    said = 6  # vanishes, Move ×3, done, the crew's phase begins
    assert lasted == other == PACE * said  # … and took the same time
