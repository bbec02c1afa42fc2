"""Leaks planted on purpose, and the secrecy test that must catch each (README, "Secrets").

Each of these once passed every secrecy test, or is the kind of leak the audit exists
for: the advisor narrowing the crew's belief to the true grid, the advisor's sampler
weighting the true grid five times, a phase heading naming only the hidden alien's deck,
the game's command count in an id, and the game's alien keeping time per command. A plant
wraps one real function so that it gives the secret away; its check plays the secrecy
test that should see it, and says whether it did. ``test_secrecy_mutations.py`` fails
unless every one is caught; ``benchmarks/secrecy_audit.py`` prints how many were.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.client import deck_maps, pacing
from bot.present import texts
from engine.board.grid import Grid
from engine.game import Game
from engine.players.expert import advice, audit, sampling
from engine.state import Side
from tests.bot.client import split_twins
from tests.bot.client.test_pace import phase_lengths
from tests.bot.twins import difference

TRUTH: dict[str, Grid] = {}  # where the hidden aliens truly are, as the advisor is asked
AUDIT_SEED = 1  # a game whose narrow positions show both advisor plants


def _peeking(monkeypatch: pytest.MonkeyPatch) -> None:
    """The advisor is handed the true position: note where the hidden aliens are."""
    original = advice.advise

    def advise(player: Any, side: Side, game: Game, legal: Any, rng: Any) -> Any:
        TRUTH.clear()
        TRUTH.update({a.id: a.grid for a in game.state.pipe_runners() if a.grid})
        return original(player, side, game, legal, rng)

    monkeypatch.setattr(advice, "advise", advise)


def narrowed_belief(monkeypatch: pytest.MonkeyPatch) -> None:
    _peeking(monkeypatch)
    original = sampling.Hidden.__init__

    def init(self: Any, view: Any, possible: Mapping[str, frozenset[Grid]], *rest: Any) -> None:
        narrowed = {
            alien: frozenset({TRUTH[alien]}) if TRUTH.get(alien) in grids else grids
            for alien, grids in possible.items()
        }
        original(self, view, narrowed, *rest)

    monkeypatch.setattr(sampling.Hidden, "__init__", init)


def weighted_truth(monkeypatch: pytest.MonkeyPatch) -> None:
    _peeking(monkeypatch)
    original = sampling._weight

    def weight(grid: Grid, *rest: Any) -> int:
        found: int = original(grid, *rest)
        return found * 5 if grid in TRUTH.values() else found

    monkeypatch.setattr(sampling, "_weight", weight)


def deck_heading(monkeypatch: pytest.MonkeyPatch) -> None:
    """The phase's title in the channel's posts, ``texts.phase_title``. Modules that
    import the name itself (``deck_maps``, imported above) keep the real one, so the
    plant cannot outlive its test."""
    assert deck_maps.phase_title is texts.phase_title
    original = texts.phase_title

    def title(view: Any) -> str:
        game = split_twins.PLAYING[-1].table().game if split_twins.PLAYING else None
        hidden = [a for a in game.state.pipe_runners() if a.grid] if game else []
        told: str = original(view)
        return f"{told} · Deck {hidden[0].grid.deck:02d}" if hidden else told

    monkeypatch.setattr(texts, "phase_title", title)


def counted_ids(monkeypatch: pytest.MonkeyPatch) -> None:
    """Undo ids stamped with the game's length, as they were (``n7`` against ``n8``)."""
    monkeypatch.setattr(Game, "side_moves", lambda self, side: self.length)


def paced_per_command(monkeypatch: pytest.MonkeyPatch) -> None:
    async def said_lines(self: pacing.Pacer, lines: int) -> None:
        await pacing.SLEEP(self.pace)

    monkeypatch.setattr(pacing.Pacer, "said_lines", said_lines)


# --- the checks: does the secrecy test see it? -----------------------------------------
Check = Callable[[Path, pytest.MonkeyPatch], Awaitable[bool]]


async def advisor_twins_differ(_tmp: Path, _monkeypatch: pytest.MonkeyPatch) -> bool:
    return any(pair.differs for pair in audit.pairs(AUDIT_SEED, positions=2, twins=2))


def bot_twins_differ(first: str, second: str) -> Check:
    async def check(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bool:
        tap = split_twins.installed(monkeypatch)
        one, _ = await split_twins.watched(tmp_path, tap, first)
        other, _ = await split_twins.watched(tmp_path, tap, second)
        return difference(one, other) != ""

    return check


async def pace_differs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> bool:
    (lasted, _), (other, _) = (await phase_lengths(tmp_path, monkeypatch)).values()
    return lasted != other


@dataclass(frozen=True)
class Plant:
    name: str
    plant: Callable[[pytest.MonkeyPatch], None]
    caught: Check


PLANTS = (
    Plant(
        "the advisor narrowing the crew's belief to the true grid",
        narrowed_belief,
        advisor_twins_differ,
    ),
    Plant("the advisor's sampler weighting the true grid ×5", weighted_truth, advisor_twins_differ),
    Plant(
        "a phase heading naming only the hidden alien's deck",
        deck_heading,
        bot_twins_differ(*split_twins.SAME_SPLIT_OTHER_DECK),
    ),
    Plant(
        "the game's command count in the Undo ids", counted_ids, bot_twins_differ("moves", "steps")
    ),
    Plant("the game's alien paced per command", paced_per_command, pace_differs),
)


async def caught(plant: Plant, tmp_path: Path) -> bool:
    """Plant the leak, play its secrecy test, take the leak out again."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        plant.plant(monkeypatch)
        split_twins.PLAYING.clear()
        try:
            return await plant.caught(tmp_path, monkeypatch)
        finally:
            split_twins.PLAYING.clear()
            TRUTH.clear()
