"""The ``seeded`` flag of schema 5, on both backends: a moderator's chosen
seed is stored as such and survives every write of the game's row."""

from __future__ import annotations

from bot import store as st
from bot.store import open_store


async def test_a_seeded_game_stays_seeded_through_its_writes(store_target):
    store = await open_store(store_target)
    chosen = await store.create_game(1, 2, "ship", 5, 3, 10.0, seeded=True)
    secret = await store.create_game(4, 2, "other", 2**63 - 1, 3, 10.0)
    assert (chosen.seeded, secret.seeded) == (True, False)
    await store.commit([st.update_game(chosen.with_(status="playing"))])
    again = await store.game(chosen.id)
    assert again is not None and again.seeded and again.status == "playing"
    other = await store.game(secret.id)
    assert other is not None and not other.seeded and other.seed == 2**63 - 1
    await store.close()
