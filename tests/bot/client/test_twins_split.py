"""How the hidden alien split its moves, and which deck it hides on, never reach the crew
(C.7.3, C.7.1; README, "Secrets"): twins through the bot (:mod:`split_twins`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.bot.client.split_twins import SAME_SPLIT_OTHER_DECK, installed, watched
from tests.bot.twins import difference


async def test_c73_the_crew_receives_the_same_however_the_alien_split_its_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One two-grid move against two steps, in both of the alien's phases: one twin's
    alien played two commands more, with the same declarations."""
    tap = installed(monkeypatch)
    (moves, grid), (steps, other) = [await watched(tmp_path, tap, n) for n in ("moves", "steps")]
    assert grid == other  # the same secret position: only the split differs …
    assert len(moves) > 80 and any(".png" in line for line in moves)
    assert any("qs:undo:" in line for line in moves) and any("qp:undo:" in line for line in moves)
    assert difference(moves, steps) == ""  # … and nothing the crew receives shows it


async def test_c71_the_crew_receives_the_same_whichever_deck_the_hidden_alien_is_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Climbing through the hatch at 0-T9 against banging on it (C.7.1): the twins'
    hidden aliens end on other decks (1-T8 and 0-T9)."""
    tap = installed(monkeypatch)
    seen = [await watched(tmp_path, tap, name) for name in SAME_SPLIT_OTHER_DECK]
    (first, grid), (second, other) = seen
    assert grid is not None and other is not None and grid.deck != other.deck
    assert difference(first, second) == ""
