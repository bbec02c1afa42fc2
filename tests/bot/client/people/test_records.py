"""A record that follows the player: after several games in several servers,
`/me record` and `/game players` count games by side, results by F.1 band, phases on
time and missed, with seeded games left out."""

from __future__ import annotations

from tests.bot.client.people.people_helpers import rows
from tests.bot.client.test_full_game import play_to_the_end
from tests.bot.helpers import make_world, seat_and_start


def said(result) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


async def test_the_record_after_several_games_leaves_seeded_games_out(simcord_env, clock):
    a = make_world(simcord_env, "ship-a", crew=1)
    person = a.crew[0]  # crew in server A, alien in server B, crew in a seeded game in C
    b = make_world(simcord_env, "ship-b", crew=1)
    b.alien = b.guild.add_member(person.user)
    c = make_world(simcord_env, "ship-c", crew=1)
    c.crew[0] = c.guild.add_member(person.user)

    await seat_and_start(a)
    await play_to_the_end(a)
    await seat_and_start(b)
    await b.mod.slash(b.channel, "game deadline", hours=1.0)
    await b.bot.tick(clock.at(b.table().row.deadline_at + 1))  # the person misses a phase
    await b.bot.desk.loaded(b.table())
    await play_to_the_end(b)
    await seat_and_start(c, seeded=True)
    assert c.table().row.seeded
    await c.alien.user.slash("alien pass")
    await c.crew[0].slash(c.channel, "crew pass")

    results = dict(rows(a, "SELECT game_id, winner FROM game_results"))
    assert set(results) == {a.table().id, b.table().id}
    marks = rows(
        a,
        "SELECT m.mark FROM phase_marks m JOIN games g ON g.id = m.game_id "
        "WHERE m.user_id = ? AND g.seeded = 0",
        person.id,
    )
    judged = len(marks)
    assert marks.count(("missed",)) == 1 and judged > 4

    record = said(await person.user.slash("me record"))
    assert "Games: 2 (alien 1, crew 1)" in record
    won = [results[a.table().id] == "crew", results[b.table().id] == "alien"].count(True)
    drawn = list(results.values()).count("draw")
    assert f"Finished at the seat: 2 — won {won}" in record
    assert f"drawn {drawn}, lost {2 - won - drawn} (F.1 band)" in record
    share = round(100 * (judged - 1) / judged)
    assert f"acted on time in {share}% of phases ({judged - 1} of {judged})" in record
    assert "1 missed" in record

    players = said(await c.crew[0].slash(c.channel, "game players"))
    assert f"<@{person.id}> — 2 games, won {won}" in players
    assert f"acted on time in {share}% of phases" in players
    other = said(await a.alien.slash(a.channel, "game players"))
    assert f"<@{a.alien.id}> — 1 game," in other
