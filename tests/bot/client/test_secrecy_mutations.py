"""The secrecy tests catch every planted leak (:mod:`planted_leaks`; README, "Secrets").

A plant that passed would mean the audit is blind to that leak: the advisor or its
sampler peeking at the true grid (the advisor twins at the play budget), a phase heading
naming the hidden alien's deck (twins on two decks, through the bot), the game's command
count in an Undo id (twins that split the same declarations otherwise), and the game's
alien keeping time per command (the virtual clock).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.client.planted_leaks import PLANTS, caught

NAMES = {plant.name: plant for plant in PLANTS}


@pytest.mark.parametrize("leak", list(NAMES))
async def test_the_secrecy_tests_catch_a_planted_leak(leak: str, tmp_path: Path) -> None:
    assert await caught(NAMES[leak], tmp_path), f"no secrecy test saw {leak}"
