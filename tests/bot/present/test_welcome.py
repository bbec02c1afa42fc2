"""The welcome a lobby opens with: what the game is, how to join, where the
rules help is, and how long a phase takes on this server, measured."""

from __future__ import annotations

import pytest

from bot import store as st
from bot.present import welcome
from bot.store import SnapshotRow, open_store
from tests.bot.helpers import make_world

HOUR = 3600.0


async def _server_with_phases(path, spans_by_game, kind=""):
    store = await open_store(path)
    for number, spans in enumerate(spans_by_game):
        row = await store.create_game(number, 1, f"c{number}", 1, 5, 0.0, kind=kind)
        at, statements = 1000.0 * number, []
        for seq, span in enumerate([0.0, *spans], 1):
            at += span
            statements += st.put_snapshot(row.id, SnapshotRow(seq, 1, "alien", at))
        await store.commit(statements)
    return store


async def test_the_pace_is_the_middle_of_the_servers_recent_phases(tmp_path):
    store = await _server_with_phases(tmp_path / "s.db", [[2 * HOUR, 3 * HOUR], [5 * HOUR]])
    line = await welcome.pace_line(store, 1)
    assert line == "Here a phase usually takes about 3 hours (the middle of the last 3 phases)."
    assert "No games" in await welcome.pace_line(store, 2)  # another server: nothing yet
    await store.close()


async def test_tutorials_and_imports_say_nothing_about_the_pace(tmp_path):
    store = await _server_with_phases(tmp_path / "s.db", [[1.0, 1.0, 1.0]], kind="imported")
    assert "No games have been played here yet" in await welcome.pace_line(store, 1)
    await store.close()


@pytest.mark.parametrize(
    ("seconds", "said"),
    [
        (50, "about a minute"),
        (600, "about 10 minutes"),
        (5 * HOUR, "about 5 hours"),
        (35 * HOUR, "about 35 hours"),
        (50 * HOUR, "about 2 days"),
    ],
)
def test_durations_read_as_people_say_them(seconds, said):
    assert welcome.duration(seconds) == said


async def test_a_new_lobby_opens_with_the_welcome_in_one_message_with_its_buttons(simcord_env):
    world = make_world(simcord_env)
    created = await world.crew[0].slash(world.channel, "game create")
    message = created.response
    assert not message.ephemeral and len(message.content) <= 2000
    text = message.content
    assert "*Invasive Species*" in text and "only I know where the alien is" in text
    assert "`/game join`" in text and "`/rules`" in text and "`/game tutorial`" in text
    assert "**Pace**" in text and "No games have been played here yet" in text
    assert "game 1 (lobby)" in text  # the seats follow
    labels = [c["label"] for row in message.components for c in row["components"]]
    assert "Join alien" in labels and "Start" in labels
