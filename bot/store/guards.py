"""The guard on a game's commit: a commit made on a game as its writer last saw it
(its version) happens only if nobody changed the game since, which serialises each
game across processes; a guard that finds the game changed refuses the whole commit
(:class:`StaleGame`)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.store.statements import Statement

GUARD_SQL = "UPDATE games SET version = version + 1 WHERE id = ? AND version = ?"


@dataclass(frozen=True, slots=True)
class Guard:
    """Commit only if game ``game_id`` is still at ``version``; the commit bumps it."""

    game_id: int
    version: int

    def statement(self) -> Statement:
        return (GUARD_SQL, (self.game_id, self.version))


class StaleGame(Exception):
    """A guarded commit found the game changed (or gone) since its writer loaded it:
    another process wrote to it. Nothing of the refused commit was written."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} was changed by another process")
        self.game_id = game_id
