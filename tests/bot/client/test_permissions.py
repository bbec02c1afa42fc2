"""Who may do what: player, other side, spectator, stranger, moderator, for every command."""

from __future__ import annotations

import pytest

from tests.bot.helpers import make_world, mirror, seat_and_start

REFUSED = "⚠️"

# (command, options, who may) — crew phase of turn 1; "crew" is the first crew player.
MATRIX = [
    ("game status", {}, {"crew", "alien", "spectator", "stranger", "mod"}),
    ("game log", {}, {"crew", "alien", "spectator", "stranger", "mod"}),
    ("game map", {}, {"crew", "alien", "spectator", "stranger", "mod"}),
    ("game hand", {}, {"crew", "alien", "spectator", "stranger", "mod"}),
    ("game do", {"command": "{move}"}, {"crew"}),
    ("crew end", {"unit": "{unit}"}, {"crew"}),
    ("game undo", {}, set()),
    ("game reminders", {"hours": 4.0}, {"crew", "alien", "spectator", "mod"}),
    ("game deadline", {"hours": 24.0}, {"mod"}),
    ("game assign", {"unit": "{unit}", "member": "{crew}"}, {"crew", "mod"}),
    ("mod rollback", {"turn": 1, "phase": "alien"}, {"mod"}),
    ("mod abort", {}, {"mod"}),
    ("mod reset", {}, {"mod"}),
    ("mod pause", {}, {"mod"}),
    ("game sub", {}, {"crew", "alien"}),
    ("game players", {}, {"crew", "alien", "spectator", "stranger", "mod"}),
    ("game create", {}, set()),
    ("game start", {}, set()),
]


def _fill(options, values):
    out = {}
    for key, value in options.items():
        out[key] = (
            values[value[1:-1]] if isinstance(value, str) and value.startswith("{") else value
        )
    return out


@pytest.mark.parametrize(("command", "options", "allowed"), MATRIX, ids=[m[0] for m in MATRIX])
@pytest.mark.parametrize("who", ["crew", "alien", "spectator", "stranger", "mod"])
async def test_permission_matrix(simcord_env, command, options, allowed, who):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    await world.alien.user.slash("alien pass")
    game = mirror(world)
    from tests.bot.helpers import any_move

    move = any_move(game)
    actors = {
        "crew": world.crew[0],
        "alien": world.alien,
        "spectator": world.spectator,
        "stranger": world.stranger,
        "mod": world.mod,
    }
    values = {"move": move.notation(), "unit": move.unit, "crew": world.crew[0]}
    if who == "spectator" and "spectator" not in allowed and command == "game reminders":
        allowed = allowed | {"spectator"}
    before = world.table().length
    result = await actors[who].slash(world.channel, command, **_fill(options, values))
    assert result.acknowledged
    text = "\n".join(
        [result.response.content if result.response else ""] + [f.content for f in result.followups]
    )
    if who in allowed:
        assert REFUSED not in text, text
    else:
        assert REFUSED in text, text
        assert world.table().length == before


async def test_alien_orders_are_refused_in_the_channel_and_crew_orders_from_the_alien(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    before = world.table().length
    in_channel = await world.alien.slash(world.channel, "alien pass")
    assert "DM" in in_channel.response.content
    crew_order = await world.alien.slash(world.channel, "crew pass")
    assert REFUSED in crew_order.response.content
    spectator = await world.spectator.slash(world.channel, "crew pass")
    assert "spectator" in spectator.response.content
    stranger = await world.stranger.user.slash("alien pass")
    assert REFUSED in stranger.response.content
    assert world.table().length == before


async def test_moderator_role_configured_per_server(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    refs = world.guild.create_role("Referees")
    referee = world.guild.add_member(simcord_env.create_user("ref"), roles=[refs])
    denied = await referee.slash(world.channel, "game deadline", hours=2.0)
    assert REFUSED in denied.response.content
    await world.mod.slash(world.channel, "mod role", role=refs)
    allowed = await referee.slash(world.channel, "game deadline", hours=2.0)
    assert REFUSED not in allowed.response.content
    assert any("Moderator" in t and "deadline" in t for t in world.texts())
