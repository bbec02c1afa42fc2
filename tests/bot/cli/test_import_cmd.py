"""``quicksilver import FILE --channel ID``: a script becomes a channel's game,
seeded; a finished one replays, any other is a lobby that continues where its script
stopped; a line that does not apply refuses the file with its number, storing nothing."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

from bot.cli.main import main
from bot.desk import replay_log
from bot.desk.service import Seat
from bot.store import IMPORTED
from engine.records.script import read_script
from engine.state import Phase
from engine.views import view
from tests.bot.desk.test_openings import ALIEN_TURN, BLOW_OUT, CREW_TURN, OPENING
from tests.bot.stored_games import ALIEN, CREW, fresh_desk

MID_GAME = "seed 42\ncrew: quick\nalien: quick\nalien: piperun alien1\nalien: pass\n"
LESSON = (
    OPENING
    + "".join(f"crew: {c}\n" for c in CREW_TURN)
    + "".join(f"alien: {c}\n" for c in ALIEN_TURN)
)
FINISHED = LESSON + "".join(f"crew: {c}\n" for c in BLOW_OUT)


def _import(tmp_path: Path, text: str, channel: int = 7, name: str = "") -> tuple[int, Path]:
    script, db = tmp_path / "game.qs", tmp_path / "bot.sqlite3"
    script.write_text(text)
    args = ["import", str(script), "--channel", str(channel), "--db", str(db), "--guild", "1"]
    return main([*args, *(["--name", name] if name else [])]), db


def _games(db: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT id, channel_id, channel_name, status, seeded, kind FROM games ORDER BY id"
        ).fetchall()


def test_a_finished_script_becomes_a_finished_seeded_game_that_replays(tmp_path, capsys):
    code, db = _import(tmp_path, FINISHED, name="lessons")
    out = capsys.readouterr().out
    assert code == 0, capsys.readouterr().err
    assert "imported game 1 into channel 7: 9 commands, game over after turn 3" in out
    assert "Seeded" in out
    assert _games(db) == [(1, 7, "lessons", "over", 1, IMPORTED)]

    async def replayed() -> int:
        store, _ = await fresh_desk(db)
        replay_log.forget()
        replay = await replay_log.load_replay(store, 1)
        await store.close()
        assert replay.game.state == read_script(FINISHED).game.state
        return len(replay.steps)

    assert asyncio.run(replayed()) == 3


def test_an_unfinished_script_becomes_a_lobby_that_continues_where_it_stopped(tmp_path, capsys):
    code, db = _import(tmp_path, MID_GAME)
    assert code == 0 and "a lobby: seat and start it" in capsys.readouterr().out
    assert _games(db) == [(1, 7, "7", "lobby", 1, IMPORTED)]
    truth = read_script(MID_GAME).game

    async def started() -> None:
        store, desk = await fresh_desk(db)
        table = desk.table_in(7)
        assert table is not None and table.game is None  # a lobby has no game in memory
        await desk.join(table, ALIEN, Seat.ALIEN)
        await desk.join(table, CREW, Seat.CREW)
        outcome = await desk.start(table, CREW, False)
        assert table.game.state == truth.state and table.game.state.phase is Phase.CREW
        assert outcome.new_phase and outcome.send_hands
        assert "continues at turn 1, crew phase" in outcome.public[0]
        crew = view(truth.state, "crew", truth.ship, truth.content).crew
        living = {c.id for c in crew if c.fate == "aboard" and c.condition != "deceased"}
        assert len(living) >= 4 and set(table.players[CREW].units) == living  # all dealt
        await desk.play(table, CREW, "pass")
        assert table.game.state.phase is Phase.ALIEN and table.game.state.turn == 2
        await store.close()

        store, desk = await fresh_desk(db)  # a restart: the game loads from the store
        table = await desk.loaded(desk.table_in(7))
        assert table.game.state.turn == 2 and table.status == "playing"
        await store.close()

    asyncio.run(started())


def test_a_scenario_script_imports_with_its_opening_and_starts_there(tmp_path):
    code, db = _import(tmp_path, LESSON)
    assert code == 0

    async def started() -> None:
        store, desk = await fresh_desk(db)
        table = desk.table_in(7)
        await desk.join(table, ALIEN, Seat.ALIEN)
        await desk.join(table, CREW, Seat.CREW)
        await desk.start(table, CREW, False)
        assert table.game.state.turn == 3 and table.game.state.phase is Phase.CREW
        for command in BLOW_OUT:
            await desk.play(table, CREW, command)
        assert table.status == "over"
        assert table.game.state == read_script(FINISHED).game.state
        await store.close()

    asyncio.run(started())


def test_a_line_that_does_not_apply_refuses_the_file_with_its_number(tmp_path, capsys):
    bad = MID_GAME.replace("alien: pass", "alien: move alien1 2-X12")
    code, db = _import(tmp_path, bad)
    assert code == 1
    err = capsys.readouterr().err
    assert err.startswith("error: line 5: ") and "2-X12" in err
    assert _games(db) == []  # nothing stored


def test_a_channel_whose_game_is_on_refuses_an_import(tmp_path, capsys):
    assert _import(tmp_path, MID_GAME)[0] == 0
    code, db = _import(tmp_path, FINISHED)
    assert code == 1 and "already has a game (lobby)" in capsys.readouterr().err
    assert len(_games(db)) == 1


def test_what_is_no_script_is_refused(tmp_path, capsys):
    script = tmp_path / "game.qs"
    script.write_bytes(b"\xff\xfe\x00binary")
    db = tmp_path / "bot.sqlite3"
    assert main(["import", str(script), "--channel", "7", "--db", str(db)]) == 1
    assert "not text" in capsys.readouterr().err
    assert main(["import", str(tmp_path / "none.qs"), "--channel", "7", "--db", str(db)]) == 1
    assert "cannot read the script" in capsys.readouterr().err


def test_odd_numbers_in_a_script_get_a_friendly_error_and_store_nothing(tmp_path, capsys):
    """Other scripts' digits (``²``) used to crash the scenario reader into a traceback."""
    for script in (
        "seed 42\ncrew: search hyun ²\n",
        "scenario\nseed 7\nturn ² crew\nend\n",
        "scenario\nseed 7\ncrew-side autopsies=٣\nend\n",
    ):
        code, db = _import(tmp_path, script)
        err = capsys.readouterr().err
        assert code == 1 and err.startswith("error: ") and "Traceback" not in err, err
        assert _games(db) == []


def test_a_seed_or_turn_the_store_cannot_keep_is_refused_and_leaves_no_row(tmp_path, capsys):
    """The store keeps seeds and turns as signed 64-bit integers: 2**63 is one too many."""
    big = 2**63
    for script in (f"seed {big}\ncrew: quick\n", f"scenario\nseed 7\nturn {big} crew\nend\n"):
        code, db = _import(tmp_path, script)
        err = capsys.readouterr().err
        assert code == 1 and "more than a game can keep" in err, err
        assert _games(db) == []
    code, db = _import(tmp_path, f"seed {big - 1}\ncrew: quick\n")
    assert code == 0, capsys.readouterr().err
    assert [row[0] for row in _games(db)] == [1]


def test_an_import_whose_log_the_store_refuses_leaves_no_game_row(tmp_path, capsys):
    """The game's row and its log are one transaction: no orphan row left 'importing'."""
    code, db = _import(tmp_path, MID_GAME, channel=8)  # creates the store
    assert code == 0
    with sqlite3.connect(db) as conn:
        conn.execute(
            "CREATE TRIGGER refuse BEFORE INSERT ON commands BEGIN SELECT RAISE(ABORT, 'no'); END"
        )
    capsys.readouterr()
    code, _ = _import(tmp_path, MID_GAME, channel=9)
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err and "not taken" in err, err
    assert [row[1] for row in _games(db)] == [8]
