"""Bad input for every command: a clear error, and nothing changed."""

from __future__ import annotations

import pytest

from tests.bot.helpers import make_world, seat_and_start

BAD = [
    ("game do", {"command": "fly hyun 9-Z99"}, "unknown command"),
    ("game do", {"command": "move"}, "takes"),
    ("game do", {"command": "move hyun Q-Q"}, ""),
    ("game do", {"command": "search hyun 0"}, "search range"),
    # these once raised KeyError, and nobody was answered
    ("game do", {"command": "surface {unit}"}, "only an alien can surface"),
    ("game do", {"command": "piperun {unit}"}, "only an alien can run the pipes"),
    ("game do", {"command": "feint {unit}"}, "only an alien can feint"),
    ("crew move", {"unit": "nobody", "grids": "1-F6"}, ""),
    ("crew search", {"unit": "{unit}", "actions": 6}, ""),
    ("crew attack", {"unit": "{unit}", "target": "alien1"}, ""),
    ("crew open", {"unit": "{unit}", "door": "zz"}, ""),
    ("crew lift", {"unit": "{unit}", "direction": "up"}, ""),
    ("crew end", {"unit": "ghost"}, ""),
    ("crew setup dead", {"first": "a", "second": "b", "third": "c", "fourth": "d"}, ""),
    ("crew examine", {"unit": "{unit}", "crate": "crate99"}, ""),
    ("crew autopsy", {"unit": "{unit}"}, ""),
    ("crew fabricate", {"unit": "{unit}", "device": "scanner"}, ""),
    ("crew switch", {"unit": "{unit}", "item": "gear99", "state": "on"}, ""),
    ("game join", {"seat": "alien"}, "started"),
    ("game start", {}, "already"),
    ("game create", {}, "already has a game"),
    ("game leave", {}, ""),
    ("game undo", {}, ""),
    ("game assign", {"unit": "nobody", "member": "{crew}"}, "no crew member"),
    ("game do", {"command": "pass", "game": "abc"}, "not a game number"),
]


def _fill(value, values):
    return value.format(**values) if isinstance(value, str) else value


@pytest.mark.parametrize(
    ("command", "options", "needle"), BAD, ids=[f"{b[0]}-{i}" for i, b in enumerate(BAD)]
)
async def test_bad_input_is_refused_and_changes_nothing(simcord_env, command, options, needle):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    table = world.table()
    unit = world.table().units_of(world.crew[0].id)[0]
    values = {"unit": unit, "crew": world.crew[0]}
    filled = {
        k: values[v[1:-1]] if isinstance(v, str) and v[1:-1] in values else _fill(v, values)
        for k, v in options.items()
    }
    before = (table.length, table.game.state, dict(table.players))
    actor = world.crew[0] if command != "game leave" else world.stranger
    result = await actor.slash(world.channel, command, **filled)
    text = (result.response.content if result.response else "") + "".join(
        f.content for f in result.followups
    )
    assert text.startswith("⚠️"), text
    assert needle.lower() in text.lower()
    assert (table.length, table.game.state, dict(table.players)) == before


async def test_bad_alien_orders_in_dm(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    before = world.table().length
    for command, options in [
        ("alien move", {"grids": "9-A1"}),
        ("alien attack", {"target": "hyun"}),
        ("alien ability", {"name": "Telepathy"}),
        ("alien larva", {"grid": "0-A1"}),
        ("alien forage", {"actions": 2}),
        ("alien examine", {}),
        ("alien mutate", {}),
        ("alien spawn", {"boost": 1}),
        ("alien surge", {}),
    ]:
        result = await world.alien.user.slash(command, **options)
        assert result.response.content.startswith("⚠️"), (command, result.response.content)
    assert world.table().length == before
