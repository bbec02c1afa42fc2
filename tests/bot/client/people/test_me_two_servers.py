"""/me across two servers: each person's own settings, private answers, their
games in every server (waiting on them first, jump links, a Next game button), and
quiet hours in their own time zone that hold pings and release them folded."""

from __future__ import annotations

from datetime import datetime

from bot.desk import when
from bot.present.people import jump
from bot.store import people as pp
from tests.bot.client.people.conftest import START
from tests.bot.client.people.people_helpers import pinged, rows, two_servers
from tests.bot.helpers import make_world, seat_and_start

BERLIN, TOKYO = when.zone("Europe/Berlin"), when.zone("Asia/Tokyo")


def at(zone, *fields: int) -> float:
    return datetime(*fields, tzinfo=zone).timestamp()


async def test_me_settings_are_private_kept_per_person_and_bad_input_changes_nothing(
    simcord_env,
):
    a, b = two_servers(simcord_env)
    person = a.alien
    shown = await person.slash(a.channel, "me settings")
    assert shown.response.ephemeral
    assert "Told by: a ping in the game's channel" in shown.response.content
    bad = await person.slash(a.channel, "me settings", timezone="Europe/Berln", notify="dm")
    assert bad.response.ephemeral and "Did you mean Europe/Berlin" in bad.response.content
    assert await a.bot.desk.my_settings(person.id) == pp.Settings(person.id)
    for wrong, why in (("quiet", "25:00-07:00"), ("reminders", "often")):
        refused = await person.slash(a.channel, "me settings", **{wrong: why})
        assert refused.response.ephemeral and refused.response.content.startswith("⚠️")
    assert await a.bot.desk.my_settings(person.id) == pp.Settings(person.id)

    in_dm = await person.user.slash(
        "me settings", notify="dm", timezone="europe/berlin", quiet="23:00-07:00", reminders="6h"
    )
    text = in_dm.response.content
    assert "Told by: a direct message" in text and "Europe/Berlin" in text
    assert "23:00–07:00 your time" in text and "every 6 h" in text
    elsewhere = await b.crew[0].slash(b.channel, "me settings")  # the same person, server B
    assert elsewhere.response.ephemeral and "Europe/Berlin" in elsewhere.response.content
    other = await b.alien.slash(b.channel, "me settings")
    assert "Time zone: UTC" in other.response.content


async def test_me_games_lists_every_server_waiting_on_me_first_with_links_and_next_game(
    simcord_env,
):
    a, b = two_servers(simcord_env)
    person = a.alien  # the alien of server A's game, a crew player in server B's
    await seat_and_start(a)
    await seat_and_start(b)
    await b.mod.slash(b.channel, "game deadline", hours=24.0)
    shown = await person.user.slash("me games")  # in DMs: every server
    assert shown.response.ephemeral
    lines = shown.response.content.splitlines()
    assert lines[0] == "🎮 **Your games** (2) — 1 waiting on you"
    assert lines[1].startswith("▶️ **Game 1** · #ship-a")
    assert "waits on **you** for your alien's plot (in DMs)" in lines[1]
    assert jump(a.guild.id, a.channel.id) in lines[1]
    assert lines[2].startswith("• **Game 2** · #ship-b")
    assert f"waits on the alien ({b.alien.mention})" in lines[2]
    assert f"deadline <t:{int(b.table().row.deadline_at)}:R>" in lines[2]
    button = shown.response.components[0]["components"][0]
    assert button["style"] == 5 and button["url"] == jump(a.guild.id, a.channel.id)

    await person.user.slash("alien pass", game="1")
    await b.alien.user.slash("alien pass")
    again = await b.crew[0].slash(b.channel, "me games")  # the same person, in server B
    lines = again.response.content.splitlines()
    assert lines[1].startswith("▶️ **Game 2**") and "your crew members' moves" in lines[1]
    assert f"waits on the crew ({a.crew[0].mention})" in lines[2]
    assert again.response.components[0]["components"][0]["url"] == jump(b.guild.id, b.channel.id)

    await b.mod.slash(b.channel, "mod pause")
    paused = await person.user.slash("me games")
    lines = paused.response.content.splitlines()
    assert lines[0].endswith("0 waiting on you")
    assert "**Game 2**" in lines[2] and "⏸️ paused by a moderator" in lines[2]
    assert not paused.response.components  # no game to jump to


async def test_quiet_hours_hold_pings_and_release_them_folded_into_one_dm(simcord_env, clock):
    a, b = two_servers(simcord_env)
    person = a.alien  # Berlin, DMs, quiet 22:00-08:00, reminders every hour
    await person.user.slash(
        "me settings", notify="dm", timezone="Europe/Berlin", quiet="22:00-08:00", reminders="1h"
    )
    await b.alien.user.slash("me settings", timezone="America/New_York", quiet="00:00-06:00")
    clock.at(at(BERLIN, 2026, 1, 5, 23, 0))  # 17:00 in New York
    await seat_and_start(a)
    await seat_and_start(b)
    b_ping = [m for m in b.messages() if "your move" in m.content][-1]
    assert b.alien.id in pinged(b, b_ping)  # not quiet in New York: pinged at once
    await b.alien.user.slash("alien pass")  # server B now waits on the person, as crew
    a_ping = [m for m in a.messages() if "your move" in m.content][-1]
    assert person.mention in a_ping.content and person.id not in pinged(a, a_ping)
    assert not any("your move" in t for t in a.dm_texts(person))
    assert len(rows(a, "SELECT * FROM held_pings WHERE user_id = ?", person.id)) >= 2

    before = len(a.dm_texts(person))
    for hour in (1, 3, 6):  # reminders come due in the night: held too
        await a.bot.tick(clock.at(at(BERLIN, 2026, 1, 6, hour, 30)))
    assert len(a.dm_texts(person)) == before
    assert not any("Reminder" in t for t in a.texts() + b.texts())

    await a.bot.tick(clock.at(at(BERLIN, 2026, 1, 6, 8, 0)))
    released = a.dm_texts(person)[before:]
    assert len(released) == 1  # folded: both games, every ping of the night
    text = released[0]
    assert text.startswith("🔔 **Your games** (held through your quiet hours):")
    assert jump(a.guild.id, a.channel.id) in text and jump(b.guild.id, b.channel.id) in text
    assert "Turn 1 · Alien phase in game 1" in text and "Turn 1 · Crew phase in game 2" in text
    assert rows(a, "SELECT * FROM held_pings") == []


async def test_a_channel_ping_held_through_quiet_hours_is_released_as_a_ping(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    crew = world.crew[0]
    await crew.slash(world.channel, "me settings", timezone="Asia/Tokyo", quiet="06:00-09:00")
    clock.at(at(TOKYO, 2026, 1, 6, 7, 0))
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")  # the crew phase begins in crew's quiet hours
    ping = [m for m in world.messages() if "your move" in m.content][-1]
    assert crew.mention in ping.content and crew.id not in pinged(world, ping)
    await world.bot.tick(clock.at(at(TOKYO, 2026, 1, 6, 8, 59)))
    assert not any("held through" in t for t in world.texts())
    await world.bot.tick(clock.at(at(TOKYO, 2026, 1, 6, 9, 0)))
    released = [m for m in world.messages() if "held through your quiet hours" in m.content]
    assert len(released) == 1 and crew.id in pinged(world, released[0])
    assert released[0].content.startswith(f"🔔 Your move — {crew.mention}")
    assert clock.now > START
