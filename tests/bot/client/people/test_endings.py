"""An honest way to end (README, "Ratings and deadlines"; docs/rules-decisions.md,
"Resigning and claiming a stale game"): `/game resign` with its confirm, and a claim for
the side left waiting, the silent side pinged first and given a window."""

from __future__ import annotations

import discord

from bot.desk import endings
from bot.store import ratings as rs
from engine.state import Phase
from tests.bot.client.people.people_helpers import pinged, rows
from tests.bot.helpers import make_world, phase_of, seat_and_start
from tests.bot.panel_driver import button_labelled

DAY = 86400.0


def said(result) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def last_message(result):
    return result.followups[-1] if result.followups else result.response


def result_row(world):
    return rows(world, "SELECT band, winner, how, conceded FROM game_results")


async def test_resign_asks_then_ends_the_game_as_a_rated_loss_with_the_reveal(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew, alien = world.crew[0], world.alien
    asked = await crew.slash(world.channel, "game resign")
    question = last_message(asked)
    assert question.flags.ephemeral and "Resign this game for the crew?" in question.content
    assert world.table().status == "playing"  # asking changes nothing
    confirm = button_labelled(question, "Yes, resign")
    assert confirm is not None
    view = discord.ui.View(timeout=None)  # the question is ephemeral: a leaked copy of it
    view.add_item(discord.ui.Button(label="Yes, resign", custom_id=confirm["custom_id"]))
    copy = await world.bot.get_channel(world.channel.id).send("a copy", view=view)
    for other in (alien, world.spectator):
        refused = await other.click(copy, custom_id=confirm["custom_id"])
        assert "Only a player of that side can resign for it" in said(refused)
    assert world.table().status == "playing"

    done = await crew.click(question, custom_id=confirm["custom_id"])
    assert "You resigned" in said(done)
    assert world.table().status == "over"
    assert result_row(world) == [("decisive-alien", "alien", "resigned", "crew")]
    texts = world.texts()
    assert f"🏳️ {crew.mention} resigned for the crew: the alien wins." in texts
    assert any("**The reveal**" in t for t in texts)  # as at any game's end
    rated = await rs.ratings_of(world.bot.desk.store, [crew.id, alien.id])
    assert rated[(crew.id, "crew")].lost == 1 and rated[(alien.id, "alien")].won == 1
    late = await crew.click(question, custom_id=confirm["custom_id"])
    assert "nothing was done" in said(late) or "not being played" in said(late)
    assert "over" in said(await alien.user.slash("alien pass")).lower()


async def test_the_last_crew_player_cannot_walk_out_of_a_running_game(simcord_env):
    """Leaving is resigning: the side's last player is pointed to resign or a substitute."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    refused = await world.crew[0].slash(world.channel, "game leave")
    assert "`/game resign`" in said(refused)
    assert world.table().seat_of(world.crew[0].id) is not None


async def test_a_claim_without_deadlines_waits_for_silence_pings_then_is_granted(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew, alien = world.crew[0], world.alien
    await alien.user.slash("alien pass")
    assert phase_of(world) is Phase.CREW
    early = await alien.slash(world.channel, "game claim")
    assert "not been silent for 7 days" in said(early)
    refused = await crew.slash(world.channel, "game claim")  # the side waited on
    assert "the game is not waiting on your opponent alone" in said(refused)

    clock.at(clock.now + endings.SILENT_DAYS * DAY + 60)
    opened = await alien.slash(world.channel, "game claim")
    assert "Your claim stands" in said(opened)
    ping = next(m for m in world.messages() if m.content.startswith("⚖️"))
    assert crew.mention in ping.content and crew.id in pinged(world, ping)
    again = await alien.slash(world.channel, "game claim")
    assert "Your claim stands" in said(again) and world.table().status == "playing"
    assert len([m for m in world.messages() if m.content.startswith("⚖️")]) == 1  # pinged once

    clock.at(clock.now + endings.WINDOW_HOURS * 3600 + 1)
    granted = await alien.slash(world.channel, "game claim")
    assert "Claim granted" in said(granted)
    assert world.table().status == "over"
    assert result_row(world) == [("decisive-alien", "alien", "claimed", "crew")]
    assert any(t.startswith("⚖️ **Claim granted**") for t in world.texts())
    assert any("**The reveal**" in t for t in world.texts())


async def test_a_claim_lapses_when_the_silent_side_plays_its_phase(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew, alien = world.crew[0], world.alien
    await alien.user.slash("alien pass")
    clock.at(clock.now + endings.SILENT_DAYS * DAY + 60)
    await alien.slash(world.channel, "game claim")
    clock.at(clock.now + 3600)
    await crew.slash(world.channel, "game pass")
    await alien.user.slash("alien pass")
    clock.at(clock.now + endings.WINDOW_HOURS * 3600 + 1)
    lapsed = await alien.slash(world.channel, "game claim")
    assert "not been silent for 7 days" in said(lapsed)
    assert world.table().status == "playing"
    assert rows(world, "SELECT * FROM game_claims") == []


async def test_c73_a_claim_reads_only_public_time_not_the_commands_inside_a_phase(
    simcord_env, clock
):
    """The crew claims against the alien: when the alien last gave a command inside its
    phase is its secret, so the answer is the same whether it gave one or none."""
    said_to_crew = []
    for moves in (0, 1):
        world = make_world(simcord_env, crew=1)
        await seat_and_start(world)
        crew, alien = world.crew[0], world.alien
        await alien.user.slash("alien pass")
        await crew.slash(world.channel, "game pass")
        start = clock.now
        clock.at(start + 3 * DAY)
        for _ in range(moves):
            await alien.user.slash("game do", command="wait alien1")
        clock.at(start + 4 * DAY)
        said_to_crew.append(said(await crew.slash(world.channel, "game claim")))
        clock.at(start + endings.SILENT_DAYS * DAY + 60)
        said_to_crew.append(said(await crew.slash(world.channel, "game claim")))
        clock.at(start)
    assert "not been silent for 7 days" in said_to_crew[0]
    assert "Your claim stands" in said_to_crew[1]
    assert said_to_crew[:2] == said_to_crew[2:]


async def test_with_deadlines_a_claim_opens_once_the_deadline_and_graces_are_missed(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew, alien = world.crew[0], world.alien
    await world.mod.slash(world.channel, "game deadline", hours=12.0)
    await alien.user.slash("alien pass")
    early = await alien.slash(world.channel, "game claim")
    assert "has not missed a deadline" in said(early)
    await world.bot.tick(clock.at(world.table().row.deadline_at + 1))  # the crew missed it
    await world.bot.desk.loaded(world.table())
    assert phase_of(world) is Phase.ALIEN
    await alien.user.slash("alien pass")
    opened = await alien.slash(world.channel, "game claim")
    assert "Your claim stands" in said(opened)
    ping = next(m for m in world.messages() if m.content.startswith("⚖️"))
    assert crew.id in pinged(world, ping)


async def test_a_declared_absence_adds_the_away_cap_to_the_silence_a_claim_needs(
    simcord_env, clock
):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew, alien = world.crew[0], world.alien
    await alien.user.slash("alien pass")
    await crew.user.slash("me away", until="14d", meanwhile="wait")
    cap = world.table().row.away_cap_hours * 3600
    clock.at(clock.now + endings.SILENT_DAYS * DAY + 60)
    refused = await alien.slash(world.channel, "game claim")
    assert "the game's away cap" in said(refused)
    clock.at(clock.now + cap)
    opened = await alien.slash(world.channel, "game claim")
    assert "Your claim stands" in said(opened)
