"""Leaving for good (README, "Ratings and deadlines"): `/me forget`, after its confirm,
removes a person's settings, absences and notes and puts an anonymous player in their
place in every record, the games still replaying; `/me settings stats:hidden` keeps a
person off the leaderboards."""

from __future__ import annotations

from typing import Any

from bot.desk import ratings
from tests.bot.client.people.people_helpers import rows
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import make_world, seat_and_start, stored_commands
from tests.bot.rated_games import Games, Played

NAMED = (
    "SELECT user_id FROM players UNION ALL SELECT user_id FROM seatings "
    "UNION ALL SELECT user_id FROM phase_marks UNION ALL SELECT user_id FROM commands "
    "UNION ALL SELECT created_by FROM games"
)


def said(result: Any) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def last(result: Any) -> Any:
    return result.followups[-1] if result.followups else result.response


async def test_forget_removes_settings_and_anonymises_records_and_the_game_still_replays(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    crew = world.crew[0]
    await crew.slash(world.channel, "me settings", notify="dm", quiet="23:00-07:00")
    await seat_and_start(world)
    await play_to_the_end(world)
    commands = stored_commands(world)
    mentioned = rows(world, "SELECT COUNT(*) FROM public_lines WHERE user_id = ?", crew.id)
    named_before = [r[0] for r in rows(world, NAMED)]
    assert crew.id in named_before

    asked = await crew.slash(world.channel, "me forget")
    assert "cannot be undone" in said(asked) and rows(world, "SELECT * FROM forgotten") == []
    # (Someone else's press of a copy is refused: tests/bot/client/test_every_family.py.)
    done = await crew.click(last(asked), label="Yes, forget me")
    assert "forgotten you" in said(done)

    assert rows(world, "SELECT * FROM user_settings WHERE user_id = ?", crew.id) == []
    named_after = [r[0] for r in rows(world, NAMED)]
    assert crew.id not in named_after and -1 in named_after
    assert len(named_after) == len(named_before)  # replaced, not removed
    assert world.alien.id in named_after  # the others keep their names
    assert rows(world, "SELECT COUNT(*) FROM public_lines WHERE user_id = ?", crew.id) == [(0,)]
    assert rows(world, "SELECT COUNT(*) FROM public_lines WHERE user_id = -1") == mentioned
    record = await crew.slash(world.channel, "me record")
    assert "• Games: 0 (alien 0, crew 0)" in said(record)

    # The stored game still replays whole: the same commands, checked against replay.
    assert [c[:2] for c in stored_commands(world)] == [c[:2] for c in commands]
    table = world.table()
    world.bot.desk.evict_idle(10**12)
    await world.bot.desk.loaded(table)
    assert table.game is not None and table.status == "over"


async def test_forget_is_refused_while_one_sits_at_a_game_and_nothing_changes(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    asked = await world.alien.slash(world.channel, "me forget")
    refused = await world.alien.click(last(asked), label="Yes, forget me")
    assert "still sit at a game" in said(refused) and f"#{world.channel.name}" in said(refused)
    assert rows(world, "SELECT * FROM forgotten") == []
    assert world.alien.id in [r[0] for r in rows(world, NAMED)]


async def test_stats_hidden_leaves_a_person_off_the_leaderboard(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    store = world.bot.desk.store
    games = Games(store)
    shy, bold = world.crew[0], world.spectator
    for _ in range(3):
        for who in (shy, bold):
            await games.finish(
                Played([who.id], [world.alien.id], "decisive-human", guild=world.guild.id)
            )
    await ratings.catch_up(store)
    board = said(await world.stranger.slash(world.channel, "stats server"))
    assert shy.mention in board and bold.mention in board
    await shy.slash(world.channel, "me settings", stats="hidden")
    board = said(await world.stranger.slash(world.channel, "stats server"))
    assert shy.mention not in board and bold.mention in board and "1 listed" in board
    mine = said(await shy.slash(world.channel, "stats me"))
    assert "crew" in mine.lower()  # their own ratings are still theirs to read
