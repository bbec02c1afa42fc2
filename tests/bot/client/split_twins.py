"""Twins of the hidden alien's phases through the bot: the same declarations, split into
commands otherwise, or ending on another deck (C.7.3; README, "Secrets").

A pipe-runner declares "Move" for each grid it moves and for a wait, and "Hatch D0"
whether it climbs through the hatch or only bangs on it (C.7.1). So one two-grid move and
two steps, or a climb and a feint, must reach the crew and a spectator byte for byte the
same. Each variant plays two alien phases from the same set-up (the Larva on the Loading
Bay's 0-Q11, towards the Machinery Space's hatch at 0-T9); between the alien's commands
the crew gives its drive order, asks to undo it and opens its panel, and in its own
phases it presses Suggest, gives and takes back an order through the reply's and the
panel's Undo buttons, and reads maps, decks, status, log and autocomplete: every id it
is shown is recorded (:func:`tests.bot.twins.receipts`).

Used by ``test_twins_split.py``, the planted leaks of ``test_secrecy_mutations.py`` and
``benchmarks/secrecy_audit.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.bot.client.test_twins import lobby, ok
from tests.bot.helpers import SEED, World
from tests.bot.panel_driver import ask_advice, button_labelled, last_with_button
from tests.bot.twins import Wiretap, receipts, twin

LARVA = "0-Q11"
Phase = list[list[str]]  # the alien's commands, in chunks: the crew acts between chunks
SPLITS: dict[str, tuple[Phase, Phase]] = {
    "moves": (
        [["piperun alien1", "move alien1 0-P11 0-R11"], ["wait alien1", "pass"]],
        [["move alien1 0-S10 0-T9"], ["hatch alien1", "pass"]],
    ),
    "steps": (
        [["piperun alien1", "move alien1 0-P11"], ["move alien1 0-R11", "wait alien1", "pass"]],
        [["move alien1 0-S10"], ["move alien1 0-T9", "hatch alien1", "pass"]],
    ),
    "mixed": (
        [["piperun alien1", "move alien1 0-P11 0-R11"], ["wait alien1", "pass"]],
        [["move alien1 0-S10"], ["move alien1 0-T9", "hatch alien1", "pass"]],
    ),
    # Another deck: a feint at the hatch (C.7.1) where the others climb through it.
    "feint": (
        [["piperun alien1", "move alien1 0-P11"], ["move alien1 0-R11", "wait alien1", "pass"]],
        [["move alien1 0-S10 0-T9"], ["feint alien1", "pass"]],
    ),
}
SAME_SPLIT_OTHER_DECK = ("moves", "feint")
PLAYING: list[World] = []  # the twin being played (planted leaks read its secrets)


async def alien_plays(world: World, commands: list[str]) -> None:
    for command in commands:
        await ok(await world.alien.user.slash("game do", command=command))


async def crew_meanwhile(world: World, order: str) -> None:
    """While the alien plays: the crew's standing order, its undo, its panel."""
    crew = world.crew[0]
    given = await ok(await crew.slash(world.channel, "crew drive", grid=order))
    assert button_labelled(given, "Undo") is None  # given in the alien's phase: final
    await crew.slash(world.channel, "game undo")
    await crew.click(last_with_button(world.messages(), "Play"), label="Play")


async def crew_phase(world: World, last: bool) -> None:
    """The crew's own phase: Suggest, an order taken back by each Undo button, reading."""
    crew, spectator = world.crew[0], world.spectator
    panel = await ok(await crew.click(last_with_button(world.messages(), "Play"), label="Play"))
    panel = await ok(await ask_advice(crew, panel))
    given = await ok(await crew.slash(world.channel, "crew drive", grid="2-K6"))
    undo = button_labelled(given, "Undo")
    assert undo is not None
    await ok(await crew.click(given, custom_id=undo["custom_id"]))
    await ok(await crew.slash(world.channel, "game do", command="drive 2-K6"))
    panel = await ok(await crew.click(panel, label="Refresh"))
    undo = button_labelled(panel, "Undo")
    assert undo is not None
    await ok(await crew.click(panel, custom_id=undo["custom_id"]))
    await crew.autocomplete(world.channel, "game do", "command", "")
    await crew.autocomplete(world.channel, "crew drive", "grid", "")
    mapped = await ok(await crew.slash(world.channel, "game map"))
    for label in ("Deck 00", "Deck 01", "Close-up"):
        await crew.click(mapped, label=label)
    for command, options in (("game status", {}), ("game log", {"count": 100})):
        await crew.slash(world.channel, command, **options)
        await spectator.slash(world.channel, command, **options)
    public_map = next(m for m in reversed(world.messages()) if m.attachments)
    await spectator.click(public_map, label="Deck 01")
    if not last:
        await ok(await crew.slash(world.channel, "game do", command="pass"))


async def crew_watches_split(world: World, name: str) -> None:
    await lobby(world)
    await world.alien.user.slash("alien ability", name="Clever")
    await world.crew[0].slash(world.channel, "game setup")
    await world.alien.user.slash("alien larva", grid=LARVA)
    for number, phase in enumerate(SPLITS[name]):
        first, rest = phase
        await alien_plays(world, first)
        await crew_meanwhile(world, "1-F6" if number == 0 else "off")
        await alien_plays(world, rest)
        await crew_phase(world, last=number == len(SPLITS[name]) - 1)


async def watched(tmp_path: Path, tap: Wiretap, name: str) -> tuple[list[str], Any]:
    """What the crew and a spectator receive in the named variant, and where its hidden
    alien ends (the secret the twins differ in)."""
    async with twin(tmp_path, name, SEED) as (env, world):
        PLAYING.append(world)
        await crew_watches_split(world, name)
        game = world.table().game
        assert game is not None
        alien = game.state.alien("alien1")
        assert alien.pipe_running  # still hidden: nothing gave it away
        watchers = (world.crew[0].id, world.spectator.id)
        return receipts(env, tap.of(env), watchers, world.channel.id), alien.grid


def installed(monkeypatch: pytest.MonkeyPatch) -> Wiretap:
    tap = Wiretap()
    tap.install(monkeypatch)
    return tap
