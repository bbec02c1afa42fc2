"""Two games side by side; one person plays in both and names the game in DMs."""

from __future__ import annotations

from engine.state import Phase
from tests.bot.helpers import make_world, seat_and_start


async def test_two_games_one_alien_in_both(simcord_env):
    first = make_world(simcord_env, "ship-a", crew=1)
    second = make_world(simcord_env, "ship-b", crew=1, guild=first.guild)
    second.alien = first.alien  # the same person is the alien in both
    await seat_and_start(first, seed=54)
    await seat_and_start(second, seed=7, quick=False)
    await second.crew[0].slash(second.channel, "game setup")
    ambiguous = await first.alien.user.slash("alien quick")
    assert "several games" in ambiguous.response.content
    choices = await first.alien.user.autocomplete("alien quick", "game", "")
    assert {c["value"] for c in choices} == {str(first.table().id), str(second.table().id)}
    await first.alien.user.slash("alien quick", game=str(second.table().id))
    assert second.table().game.state.phase is Phase.ALIEN
    await first.alien.user.slash("alien pass", game=str(first.table().id))
    assert first.table().game.state.phase is Phase.CREW
    assert second.table().game.state.phase is Phase.ALIEN
    assert first.table().game.seed != second.table().game.seed
