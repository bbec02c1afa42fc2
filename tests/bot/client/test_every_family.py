"""Every button and menu family of ours goes through one wrapper: whatever a
press meets, it is answered, and a press from a foreign channel is refused.

The families are read from the bot's own registry (``bot.client.app.DYNAMIC_ITEMS``),
so a new one without a case here fails. For each, a real message of the bot carries the
button (the map's, a turn panel, a seat call, a leaderboard, a replay, the tutorial's
Open a lobby), and:

- the store fails at each await of the press in turn (a real SQLite store, its
  connection failing as a lost one does; the game out of memory, so the press reads it)
  and every press is still answered: acknowledged, with words, nothing escaping to
  discord.py;
- a copy of it pressed in another server's channel is refused, the store unchanged.
"""

from __future__ import annotations

import pytest

from bot.client import app, failures
from tests.bot import families
from tests.bot.families import CASES, Case, copy_to, press, rows
from tests.bot.helpers import make_world
from tests.faults import Faults


def test_every_family_goes_through_the_one_wrapper():
    """Each registered dynamic item is an Answered, and says where it may be pressed."""
    names = {item.__name__ for item in app.DYNAMIC_ITEMS}
    assert names == set(CASES), "a family without a case here"
    for item in app.DYNAMIC_ITEMS:
        assert issubclass(item, failures.Answered), item.__name__
        assert item.reached is not failures.Answered.reached, item.__name__
        assert item.act is not failures.Answered.act, item.__name__
        assert item.callback is failures.Answered.callback, item.__name__


@pytest.mark.parametrize("family", sorted(CASES))
async def test_every_press_is_answered_when_the_store_fails_at_any_await(simcord_env, family):
    world = make_world(simcord_env, crew=1)
    case = await CASES[family](world)
    faults = Faults(world.bot.desk.store)
    for at in range(1, 60):
        world.bot.desk.evict_idle(10**12)  # out of memory: the press reads the store
        faults.arm(at)
        result = await press(case)
        fired = faults.fired
        faults.arm(None)
        said = families.said(result)
        assert result.acknowledged and said.strip(), f"{family}: silent at await {at}"
        if fired and "Reference: " not in said:
            assert said.startswith(("⚠️", "⌛")) or "not taken" in said, (family, at, said)
        if not fired:
            break
    else:
        raise AssertionError(f"{family}: still failing after 60 awaits")
    assert at > 1, f"{family}: the press never reached the store"
    assert simcord_env.errors == []  # nothing escaped the wrapper to discord.py


@pytest.mark.parametrize("family", sorted(CASES))
async def test_every_family_refuses_a_press_from_another_servers_channel(simcord_env, family):
    """Refused, the store unchanged, and with the very answer an id naming nothing gets
    (a game, a call, a channel or a server that does not exist): no id tells whether
    what it names exists."""
    world = make_world(simcord_env, crew=1)
    case = await CASES[family](world)
    other = simcord_env.create_guild()
    elsewhere = other.create_text_channel("elsewhere")
    outsider = other.add_member(simcord_env.create_user("outsider"))
    custom_id = case.custom_id
    if custom_id.startswith("qp:"):  # a panel made out to the outsider: their own id
        custom_id = _with_field(custom_id, 3, outsider.id)
    answers = []
    for forged_id in (custom_id, _with_field(custom_id, NAMED_FIELD[family], 987_654)):
        copy = await copy_to(world, case, elsewhere.id, forged_id)
        before = rows(world)
        result = await press(Case(copy, forged_id, outsider, case.value))
        said = (result.followups[-1] if result.followups else result.response).content
        assert said.startswith("⚠️"), (family, said)
        assert "Reference" not in said, (family, said)  # refused, not failed
        assert rows(world) == before
        answers.append(said)
    assert answers[0] == answers[1], (family, answers)


# Which field of each family's custom id names what it acts on (a game, a call, …).
NAMED_FIELD = {
    "GameButton": 2,  # qs:<action>:<game>:…
    "PanelButton": 2,  # qp:<kind>:<game>:<user>:…
    "PanelSelect": 2,
    "ReplayButton": 1,  # qsr:<game>:…
    "SeatCallButton": 2,  # qsc:<action>:<call>
    "BoardButton": 1,  # qst:<guild>:…
    "LobbyButton": 2,  # qt:lobby:<channel>
    "ForgetButton": 2,  # qf:forget:<user>
}


def _with_field(custom_id: str, index: int, value: int) -> str:
    fields = custom_id.split(":")
    fields[index] = str(value)
    return ":".join(fields)
