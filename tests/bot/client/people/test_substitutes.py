"""Substitutes without a moderator: an open-seat call, refusals (the other
side's former player, a player of the game, the seat's own player, approving your own
substitution), approval by another player, the newcomer's private briefing (exactly what
the side heard, nothing more) and the leaver cut off from new secrets; seats opened by
missed phases and by an absence."""

from __future__ import annotations

import pytest

from bot.desk.service import Seat
from bot.present.events import dm_lines
from bot.present.locale import speaking
from engine.events import Audience
from engine.game import Game
from engine.state import Side
from tests.bot.client.people.people_helpers import pinged
from tests.bot.helpers import World, make_world, phase_of, seat_and_start, stored_commands

DEAD = "dead whitehorse ortiz tanaka kowalczyk"


def said(result) -> str:
    parts = [result.response] if result.response is not None else []
    return "\n".join(m.content for m in [*parts, *result.followups])


def crew_lines(texts: list[str], game_id: int = 1) -> list[str]:
    """The crew-only lines a player was sent by DM, in order."""
    head = f"*Game {game_id}, crew only:*"
    return [line for t in texts if t.startswith(head) for line in t.splitlines()[1:]]


def side_lines(world: World, audience: Audience) -> list[str]:
    """Every line of ``audience`` in the stored game, from the test's own replay."""
    game = Game.new(world.table().row.seed)
    lines: list[str] = []
    for side, command, _ in stored_commands(world):
        lines += dm_lines(game.play(Side(side), command), audience.value)
    return lines


def assert_heard_exactly(briefing: list[str], received: list[str], other_side: list[str]) -> None:
    """The substitute's briefing is what the side was told, and nothing of the other's."""
    assert briefing == received
    assert not set(briefing) & set(other_side)


def last(world: World, start: str):
    return [m for m in world.messages() if m.content.startswith(start)][-1]


async def test_a_substitute_takes_a_seat_end_to_end_and_hears_exactly_its_sides_secrets(
    simcord_env,
):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world, quick=False)
    leaver, mate = world.crew
    await mate.slash(world.channel, "game do", command=DEAD)  # crew secrets: the dead's roles
    received = crew_lines(world.dm_texts(leaver))
    assert len(received) == 4
    first_alien = world.alien
    alien = world.guild.add_member(simcord_env.create_user("second-alien"))
    await world.mod.slash(world.channel, "mod replace", player=first_alien, by=alien)
    await alien.user.slash("alien quick")  # an alien secret the crew must never hear

    asked = await leaver.slash(world.channel, "game sub")
    assert "offered" in said(asked)
    call = last(world, "🪑 **Open seat**")
    assert leaver.mention in call.content
    assert "already offered" in said(await leaver.slash(world.channel, "game sub"))
    for who, refusal in (
        (first_alien, f"{first_alien.mention} sat at the alien side of this game"),
        (alien, f"{alien.mention} already plays in this game"),
        (mate, f"{mate.mention} already plays in this game"),
        (leaver, "This is your own seat"),
    ):
        assert refusal in said(await who.click(call, label="Take this seat"))
    assert not any(t.startswith("🙋") for t in world.texts())

    newcomer = world.stranger
    assert "You offered" in said(await newcomer.click(call, label="Take this seat"))
    claim = last(world, "🙋")
    assert pinged(world, claim) == {mate.id}  # the seat's own side, not the leaver
    own = await newcomer.click(claim, label="Approve")
    assert "You cannot approve your own substitution" in said(own)
    # Who may approve (README, "Substitutes"): the seat's side's other players or a
    # moderator; not a spectator, not the other side (it would pick its opponent), not
    # the leaver (their seat is not theirs to give away).
    for who, refusal in (
        (world.spectator, "Only the crew's other players or a moderator"),
        (alien, "Only the crew's other players or a moderator"),
        (leaver, "You cannot approve who takes your own seat"),
    ):
        assert refusal in said(await who.click(claim, label="Approve"))
    assert world.table().seat_of(leaver.id) is Seat.CREW
    assert world.table().seat_of(newcomer.id) is None

    dms_before = len(world.dm_texts(newcomer))
    assert "Approved" in said(await mate.click(claim, label="Approve"))
    table = world.table()
    assert table.seat_of(newcomer.id) is Seat.CREW and table.seat_of(leaver.id) is None
    assert any("takes over" in t and leaver.mention in t for t in world.texts())
    briefing = world.dm_texts(newcomer)[dms_before:]
    assert briefing[0].startswith("🪑 You now hold the 🧑‍🚀 crew seat of game 1")
    assert "Your crew" in briefing[0]
    heard = next(t for t in briefing if t.startswith("📜 **What your side has heard so far**"))
    assert_heard_exactly(heard.splitlines()[1:], received, side_lines(world, Audience.ALIEN))
    assert heard.splitlines()[1:] == side_lines(world, Audience.CREW)
    maps = [m for m in newcomer.user.dm_channel.history() if m.attachments]
    assert maps  # their side's map

    leaver_dms = len(world.dm_texts(leaver))
    newcomer_dms = len(world.dm_texts(newcomer))
    await mate.slash(world.channel, "game setup")  # more crew secrets, after the change
    assert len(world.dm_texts(leaver)) == leaver_dms
    assert crew_lines(world.dm_texts(newcomer)[newcomer_dms:])
    gone = await leaver.slash(world.channel, "game hand")
    assert "no hand in this game" in said(gone)

    record = await newcomer.slash(world.channel, "me record")
    assert "took over 1 seat," in said(record)
    assert "handed over 1" in said(await leaver.slash(world.channel, "me record"))


async def test_a_substitutes_briefing_is_worded_in_their_own_language(simcord_env):
    """What the side heard is replayed from the stored commands and worded when it is
    sent, in the newcomer's language (``/me settings``: French), line for line the
    crew's secrets the side was told (README, "Languages")."""
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world, quick=False)
    leaver, mate = world.crew
    await mate.slash(world.channel, "game do", command=DEAD)  # crew secrets: the dead's roles
    newcomer = world.stranger
    await newcomer.slash(world.channel, "me settings", language="fr")
    await leaver.slash(world.channel, "game sub")
    await newcomer.click(last(world, "🪑 **Open seat**"), label="Take this seat")
    dms_before = len(world.dm_texts(newcomer))
    await mate.click(last(world, "🙋"), label="Approve")
    briefing = world.dm_texts(newcomer)[dms_before:]
    heard = next(t for t in briefing if t.startswith("📜 **Ce que votre camp"))
    with speaking("fr"):
        french = side_lines(world, Audience.CREW)
    assert heard.splitlines()[1:] == french
    assert french and french != side_lines(world, Audience.CREW)  # not the English lines


async def test_one_rule_seats_a_person_a_moderators_replace_refuses_the_other_sides_player(
    simcord_env,
):
    """C.3: the former alien player knows the alien's secrets, so no path seats them in
    the crew, a moderator's ``/mod replace`` included (and a former crew player never
    takes the alien's seat); the seat-call's rule, word for word."""
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    first_alien, (leaver, mate) = world.alien, world.crew
    alien = world.guild.add_member(simcord_env.create_user("second-alien"))
    await world.mod.slash(world.channel, "mod replace", player=first_alien, by=alien)
    assert world.table().seat_of(alien.id) is Seat.ALIEN
    stored = stored_commands(world)
    refused = said(
        await world.mod.slash(world.channel, "mod replace", player=leaver, by=first_alien)
    )
    assert f"{first_alien.mention} sat at the alien side of this game" in refused
    assert world.table().seat_of(first_alien.id) is None
    await world.mod.slash(world.channel, "mod replace", player=leaver, by=world.stranger)
    refused = said(await world.mod.slash(world.channel, "mod replace", player=alien, by=leaver))
    assert f"{leaver.mention} sat at the crew side of this game" in refused
    assert (
        world.table().seat_of(alien.id) is Seat.ALIEN and world.table().seat_of(leaver.id) is None
    )
    refused = said(await world.mod.slash(world.channel, "mod replace", player=alien, by=mate))
    assert f"{mate.mention} already plays in this game" in refused
    assert stored_commands(world) == stored


def test_a_planted_leak_is_caught():
    received = ["Ortiz held the role Pilot"]
    leak = "The alien's secret ability: Carapace (B.1.3)"
    with pytest.raises(AssertionError):
        assert_heard_exactly([*received, leak], received, [leak])


async def test_a_seat_opens_by_itself_after_missed_phases_in_a_row(simcord_env, clock):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew = world.crew[0]
    await world.alien.user.slash("alien pass")
    await world.mod.slash(world.channel, "game deadline", hours=1.0, sub_after=2)
    for missed in (1, 2):
        await world.bot.tick(clock.at(world.table().row.deadline_at + 1))
        await world.bot.desk.loaded(world.table())
        calls = [t for t in world.texts() if t.startswith("🪑 **Open seat**")]
        assert len(calls) == missed - 1
        await world.alien.user.slash("alien pass")
    assert "missed too many phases in a row" in calls[-1] and crew.mention in calls[-1]


async def test_an_absence_may_open_the_seat_and_coming_back_withdraws_it(simcord_env):
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    crew = world.crew[0]
    away = await crew.slash(world.channel, "me away", until="5d", meanwhile="sub")
    assert "opened 1 seat call" in said(away)
    call = last(world, "🪑 **Open seat**")
    assert "is away and asked for a substitute" in call.content
    await crew.slash(world.channel, "me back")
    assert any("is withdrawn" in t for t in world.texts())
    late = await world.stranger.click(call, label="Take this seat")
    assert "no longer open" in said(late)
    assert phase_of(world) is not None


async def test_a_moderator_may_not_approve_a_substitute_for_their_own_seat(simcord_env):
    """README, "Ratings and deadlines": a seat's player never picks who takes their
    result over, a moderator playing in the game included."""
    world = make_world(simcord_env, crew=2)
    world.crew = [world.mod, world.crew[1]]  # the moderator plays in the crew
    await seat_and_start(world)
    leaver, mate = world.crew
    assert "offered" in said(await leaver.slash(world.channel, "game sub"))
    call = last(world, "🪑 **Open seat**")
    assert "You offered" in said(await world.stranger.click(call, label="Take this seat"))
    claim = last(world, "🙋")
    refused = await leaver.click(claim, label="Approve")
    assert "You cannot approve who takes your own seat" in said(refused)
    assert world.table().seat_of(leaver.id) is Seat.CREW
    assert "Approved" in said(await mate.click(claim, label="Approve"))
