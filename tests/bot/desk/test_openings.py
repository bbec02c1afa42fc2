"""Games whose log begins at a scenario, not at set-up (a tutorial's prepared position, an
imported script): stored with their opening, they load, replay, verify, roll
back, replay as a finished game and copy exactly like a game from its seed."""

from __future__ import annotations

from pathlib import Path

from bot import store as st
from bot.desk import loading, replay_log
from bot.desk.service import Seat
from bot.store import PlayerRow, open_store
from bot.store.copy import copy_store, verify
from engine.records.scenario import opening_game
from engine.state import Phase
from tests.bot.stored_games import ALIEN, CREW, fresh_desk

# The crew hunts a hidden Larva on Deck 02 and blows it out of the Air Lock (E.2.5).
OPENING = """\
scenario
seed 7
turn 2 crew
crew hyun 2-L6 role=Captain skill=Tactical carries=handgun1
crew okeke 2-F5 role="Chief Engineer" skill=Engineer
alien alien1 Larva 2-J5 piperun=2-J5
alien-side abilities=Venom
end
"""
CREW_TURN = ["move hyun 2-K6", "search hyun 2", "attack hyun alien1", "open okeke inner", "pass"]
ALIEN_TURN = ["move alien1 2-F4", "pass"]
BLOW_OUT = ["close okeke inner", "open okeke outer"]


async def _opened(path: Path) -> int:
    """A game stored at the opening above, both seats taken, nothing played yet."""
    store = await open_store(path)
    row = await store.create_game(
        5, 1, "lesson", 7, CREW, 1.0, status="playing", opening=OPENING, kind="imported"
    )
    await store.commit(
        [
            st.put_player(row.id, PlayerRow(CREW, Seat.CREW.value, ("hyun", "okeke"))),
            st.put_player(row.id, PlayerRow(ALIEN, Seat.ALIEN.value)),
            st.update_game(row.with_(phase_key="2c")),
        ]
    )
    await store.close()
    return row.id


async def _play(desk, table, side_user, commands):
    for command in commands:
        await desk.play(table, side_user, command, in_dm=True)


async def test_a_game_opened_at_a_scenario_plays_loads_and_verifies_like_any(tmp_path):
    path = tmp_path / "g.sqlite3"
    game_id = await _opened(path)
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[game_id])
    assert table.game.state.turn == 2 and table.game.state.phase is Phase.CREW
    await _play(desk, table, CREW, CREW_TURN)
    await _play(desk, table, ALIEN, ALIEN_TURN)
    state = table.game.state.clone()
    await store.close()

    store, desk = await fresh_desk(path)  # a restart: from the newest phase snapshot
    table = await desk.loaded(desk.tables[game_id])
    assert table.game.state == state and not table.verified
    assert await loading.verify(store, table, desk.ship, desk.content)  # against the opening
    truth = opening_game(7, OPENING)
    for row in await store.commands(game_id):
        truth.play(row.side, row.command)
    assert truth.state == state

    outcome = await desk.rollback(table, 2, Phase.CREW, 99)  # back to the opening itself
    opening = opening_game(7, OPENING).state
    rekeyed = table.game.state
    assert outcome.new_phase and rekeyed.rng != opening.rng  # the dice re-keyed (README) …
    opening.rng = rekeyed.rng
    assert rekeyed == opening  # … and all else as the opening stood
    assert [r.command.split()[0] for r in await store.commands(game_id)] == ["rekey"]
    await store.close()


async def test_a_finished_game_opened_at_a_scenario_replays_and_copies(tmp_path):
    path = tmp_path / "g.sqlite3"
    game_id = await _opened(path)
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[game_id])
    await _play(desk, table, CREW, CREW_TURN)
    await _play(desk, table, ALIEN, ALIEN_TURN)
    await _play(desk, table, CREW, BLOW_OUT)
    assert table.status == "over"

    replay_log.forget()
    replay = await replay_log.load_replay(store, game_id)
    assert [s.title for s in replay.steps] == [
        "Turn 2 · Crew phase",
        "Turn 3 · Alien phase",
        "Turn 3 · Crew phase",
    ]
    copy = await open_store(tmp_path / "copy.sqlite3")
    report = await copy_store(store, copy)
    assert report.problems == [] and report.counts["games"] == 1
    assert (await copy.game(game_id)).opening == OPENING
    await store.close()
    await copy.close()


async def test_the_copy_check_replays_a_scenario_game_from_its_opening(tmp_path):
    """Replayed from its seed, this game would not replay on either side and the check
    would see nothing; from its opening, a changed command shows."""
    path = tmp_path / "g.sqlite3"
    game_id = await _opened(path)
    store, desk = await fresh_desk(path)
    table = await desk.loaded(desk.tables[game_id])
    await _play(desk, table, CREW, CREW_TURN[:2])
    copy = await open_store(tmp_path / "copy.sqlite3")
    await copy_store(store, copy)
    await copy.commit([("UPDATE commands SET command = 'move hyun 2-K5' WHERE seq = 0", ())])
    problems = (await verify(store, copy)).problems
    assert f"game {game_id} replays differently after the copy" in problems
    await store.close()
    await copy.close()
