"""``quicksilver play``: scripted sessions at the local table (bot/cli/local_table.py)."""

from __future__ import annotations

import asyncio
import io
import re
from pathlib import Path

import pytest

from bot.cli import local_table
from bot.cli.local_table import LOCAL_STATUS, play_local
from bot.cli.main import main
from bot.store import CommandRow, open_store
from engine import variants as variants_module
from engine.commands import Command, Move, parse
from engine.game import Game
from engine.legal import legal_commands
from engine.state import Side
from engine.variants import Catalogue, load_variants
from engine.views import Viewer, view

HANDOVER = "Pass the keyboard to the "


def fake_program(folder: Path) -> Path:
    """An executable called ``quicksilver`` in ``folder`` (as pip writes one)."""
    folder.mkdir(parents=True, exist_ok=True)
    program = folder / "quicksilver"
    program.write_text("#!/bin/sh\n", encoding="utf-8")
    program.chmod(0o755)
    return program


@pytest.fixture(autouse=True)
def installed(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """These sessions run as ``quicksilver`` on the PATH, as after an activated venv or
    a user-wide install; the tests below that need otherwise say so."""
    program = fake_program(tmp_path_factory.mktemp("path"))
    monkeypatch.setenv("PATH", str(program.parent))
    monkeypatch.setattr("sys.argv", [str(program)])


def session(tmp_path: Path, lines: list[str], **options: object) -> tuple[int, str]:
    out = io.StringIO()
    code = play_local(
        inp=io.StringIO("".join(f"{line}\n" for line in lines)),
        out=out,
        db=tmp_path / "local.sqlite3",
        png=tmp_path / "map.png",
        player_seed=7,
        **options,  # type: ignore[arg-type]
    )
    return code, out.getvalue()


def saved(tmp_path: Path, game_id: int = 1) -> tuple[str, list[CommandRow]]:
    async def read() -> tuple[str, list[CommandRow]]:
        store = await open_store(tmp_path / "local.sqlite3")
        try:
            row = await store.game(game_id)
            assert row is not None
            return row.status, await store.commands(game_id)
        finally:
            await store.close()

    return asyncio.run(read())


def replayed(rows: list[CommandRow], seed: int) -> Game:
    return Game.replay(seed, [(Side(r.side), parse(r.command)) for r in rows])


def test_crew_game_against_the_game_is_played_and_saved(tmp_path: Path) -> None:
    code, output = session(tmp_path, ["quick", "legal", "pass", "quit"], side="crew", seed=42)
    assert code == 0
    assert "crew: quick" in output
    assert "-- CREW to play" in output and "Deck 0" in output
    assert re.search(r"move \w+ to one of \d+ grids", output)  # the legal list
    assert "Continue with: quicksilver play --resume 1" in output
    status, rows = saved(tmp_path)
    assert status == LOCAL_STATUS
    sides = {r.side for r in rows}
    assert sides == {"crew", "alien"}  # the opponent moved by itself, and was saved
    assert [r.command for r in rows if r.side == "crew"][:2] == ["quick", "pass"]
    assert all(r.user_id is None for r in rows if r.side == "alien")
    assert replayed(rows, 42).state.turn >= 2  # the crew passed: the next turn began


def test_resume_continues_the_same_game(tmp_path: Path) -> None:
    session(tmp_path, ["quick", "quit"], side="crew", seed=42)
    _, before = saved(tmp_path)
    code, output = session(tmp_path, ["pass", "quit"], resume=1)
    assert code == 0
    assert "Local game 1" in output and "Seed 42; you play crew" in output
    _, after = saved(tmp_path)
    assert after[: len(before)] == before
    assert after[len(before)].command == "pass"
    game = replayed(after, 42)
    # lower(): the engine's parse lower-cases an attack's grid target ("0-G7" -> "0-g7")
    assert [e.command.notation().lower() for e in game.log] == [r.command.lower() for r in after]


def test_resume_refuses_an_unknown_game(tmp_path: Path) -> None:
    session(tmp_path, ["quit"], side="crew", seed=1)
    code, output = session(tmp_path, [], resume=99)
    assert code == 1 and "no local game 99" in output


def test_bad_input_gives_the_engines_error_and_changes_nothing(tmp_path: Path) -> None:
    lines = ["quick", "move bogus 1-A1", "frobnicate", "move hyun", "undo", "quit"]
    code, output = session(tmp_path, lines, side="crew", seed=42)
    assert code == 0
    assert "error: 'bogus' is not one of your units. Legal: " in output
    assert "error: unknown command 'frobnicate'. Legal:" in output
    assert "error: 'move' takes: move UNIT GRID" in output
    _, rows = saved(tmp_path)
    assert [r.command for r in rows if r.side == "crew"] == ["quick"]
    assert "error: cannot undo: " in output  # the opponent moved last
    assert not any("bogus" in r.command or "frobnicate" in r.command for r in rows)


def test_undo_takes_back_and_deletes_the_saved_row(tmp_path: Path) -> None:
    session(tmp_path, ["quick", "quit"], side="crew", seed=42)
    _, before = saved(tmp_path)
    game = replayed(before, 42)
    legal = legal_commands(game.state, Side.CREW, game.ship, game.content)
    move = next(c.notation() for c in legal if _undoable(before, 42, c))
    _, output = session(tmp_path, [move, "undo", "quit"], resume=1)
    assert f"crew: {move}" in output
    assert f"took back: {move}" in output
    _, after = saved(tmp_path)
    assert after == before


def _undoable(rows: list[CommandRow], seed: int, command: Command) -> bool:
    """A command that consults no secret (no move does while the alien pipe-runs, C.7.2)."""
    trial = replayed(rows, seed)
    trial.play(Side.CREW, command)
    return trial.can_undo(Side.CREW) is None


def test_map_writes_the_png(tmp_path: Path) -> None:
    code, output = session(tmp_path, ["map", "quit"], side="alien", seed=3)
    assert code == 0
    png = (tmp_path / "map.png").read_bytes()
    assert png.startswith(b"\x89PNG") and "wrote" in output and "(alien view)" in output


def test_help_lists_every_verb_with_its_usage(tmp_path: Path) -> None:
    _, output = session(tmp_path, ["help", "quit"], side="crew", seed=1)
    for usage in ("move UNIT GRID", "piperun", "undo", "legal", "quit"):
        assert usage in output


def screens(output: str) -> list[tuple[str, str]]:
    """(side at the keyboard, everything printed until the next hand-over)."""
    chunks = output.split(HANDOVER)[1:]
    return [(chunk.split()[0].lower(), chunk) for chunk in chunks]


def test_both_mode_hides_the_aliens_secrets_from_the_crews_screens(tmp_path: Path) -> None:
    lines = [
        "",
        "quick",
        "",
        "quick",
        "piperun alien1",
        "legal",
        "move alien1 0-H11",
        "pass",
        "",
        "look",
        "quit",
    ]
    code, output = session(tmp_path, lines, side="both", seed=42)
    assert code == 0
    _, rows = saved(tmp_path)
    assert ("alien", "piperun alien1") in [(r.side, r.command) for r in rows]
    game = replayed(rows, 42)
    secret = view(game.state, Viewer.ALIEN, game.ship, game.content)
    (alien,) = [u for u in secret.board.units if u.side == "alien"]
    assert alien.hidden and str(alien.grid) == "0-H11"  # pipe-running: a secret grid
    ability = secret.abilities[0]
    shown = screens(output)
    assert [side for side, _ in shown] == ["crew", "alien", "crew"]
    for side, text in shown:
        if side == "crew":
            assert ability not in text
            assert str(alien.grid) not in text
            assert "piperun" not in text and "x Larva" not in text
        else:
            assert f"abilities {ability}" in text
    assert "\x1b[2J" in output  # each hand-over clears the screen
    assert "While you were away:" in shown[2][1]


def test_demo_plays_both_sides_and_writes_the_map(tmp_path: Path, capsys: object) -> None:
    png = tmp_path / "demo.png"
    assert main(["play", "--demo", "--turns", "1", "--seed", "5", "--png", str(png)]) == 0
    assert png.read_bytes().startswith(b"\x89PNG")


def test_the_demo_ends_naming_a_command_that_runs_from_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """README: `make run` with no terminal runs the demo as ``.venv/bin/quicksilver``,
    which is not on the PATH: its last line names that path, which exists; where
    ``quicksilver`` is on the PATH, the plain name."""
    monkeypatch.chdir(tmp_path)
    fake_program(tmp_path / ".venv" / "bin")
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    monkeypatch.setattr("sys.argv", [".venv/bin/quicksilver", "play", "--demo"])
    out = io.StringIO()
    assert local_table.demo(5, 1, tmp_path / "demo.png", out) == 0
    last = out.getvalue().splitlines()[-1]
    assert last.endswith("Play yourself: .venv/bin/quicksilver play --side crew")
    assert (tmp_path / ".venv/bin/quicksilver").is_file()
    monkeypatch.setenv("PATH", str(tmp_path / ".venv" / "bin"))
    out = io.StringIO()
    assert local_table.demo(5, 1, tmp_path / "demo.png", out) == 0
    assert out.getvalue().splitlines()[-1].endswith("Play yourself: quicksilver play --side crew")


def test_help_rule_answers_like_rules_in_discord(tmp_path: Path) -> None:
    code, output = session(
        tmp_path, ["help venom", "help C.7.2", "help warp drive", "quit"], side="crew", seed=42
    )
    assert code == 0
    assert "Venom — alien ability (G.4)" in output and "**" not in output
    assert "C.7.2 Ending A Pipe-Run" in output
    assert "no rules topic 'warp drive'" in output


def test_f1_final_screen_shows_the_score_line_by_line_with_the_band() -> None:
    from bot.cli.local_table import LocalTable
    from engine.players import alien_ai, crew_ai
    from engine.players.base import play_game

    game = play_game(8, crew_ai, alien_ai)
    out = io.StringIO()
    LocalTable(game, frozenset({Side.CREW}), io.StringIO(), out).game_over()
    text = out.getvalue()
    assert "Score(" not in text and "ScoreLine(" not in text
    score = view(game.state, Viewer.REFEREE, game.ship, game.content).score
    assert score is not None
    assert "Score (F.1)" in text
    for line in score.lines:
        assert f"{line.label}: {line.count} × {line.points:+} = {line.subtotal:+}" in text
    assert f"Total: {score.total} — {score.band}" in text


def test_hard_level_opponent_plays_the_crew_and_is_saved(tmp_path: Path) -> None:
    code, _ = session(
        tmp_path, ["quick", "pass", "pass", "quit"], side="alien", seed=4, level="hard"
    )
    assert code == 0
    _, rows = saved(tmp_path)
    crew = [r.command for r in rows if r.side == "crew"]
    assert len(crew) > 1  # the hard crew played past set-up by itself
    game = replayed(rows, 4)
    assert game.state.turn >= 2


# --- the terminal table, found while trying it as a new user ----------------


def test_resume_keeps_the_level_and_the_hint_is_a_whole_command(tmp_path: Path) -> None:
    import shlex

    from bot.cli.main import build_parser

    _, output = session(tmp_path, ["quick", "quit"], side="alien", seed=4, level="hard")
    hint = output.split("Continue with: ")[1].splitlines()[0]
    words = shlex.split(hint)
    assert words[:2] == ["quicksilver", "play"]
    args = build_parser().parse_args(words[1:])
    assert (args.resume, args.level, args.db) == (1, "hard", tmp_path / "local.sqlite3")
    _, resumed = session(tmp_path, ["quit"], resume=1)  # no --level: the stored one
    assert "the game plays at level hard" in resumed
    assert f"--level hard --db {tmp_path / 'local.sqlite3'}" in resumed


def test_seed_reproduces_a_game_against_the_computer(tmp_path: Path) -> None:
    lines = ["quick", "pass", "pass", "quit"]
    runs = []
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        out = io.StringIO()
        play_local(
            inp=io.StringIO("".join(f"{line}\n" for line in lines)),
            out=out,
            db=tmp_path / run / "local.sqlite3",
            png=tmp_path / run / "map.png",
            side="crew",
            seed=9,
            level="normal",
        )
        runs.append(out.getvalue().replace(str(tmp_path / run), "DIR"))
    assert runs[0] == runs[1]
    assert "\nalien:\n  " in runs[0]  # the computer played, the same way both times


def test_resuming_plays_the_computer_as_playing_straight_through(tmp_path: Path) -> None:
    def crew_game(where: Path, stops: list[list[str]]) -> list[tuple[str, str]]:
        where.mkdir()
        for number, lines in enumerate(stops):
            options = {"resume": 1} if number else {"side": "crew", "seed": 9}
            play_local(
                inp=io.StringIO("".join(f"{line}\n" for line in lines)),
                out=io.StringIO(),
                db=where / "local.sqlite3",
                png=where / "map.png",
                **options,  # type: ignore[arg-type]
            )

        async def read() -> list[tuple[str, str]]:
            store = await open_store(where / "local.sqlite3")
            try:
                return [(r.side, r.command) for r in await store.commands(1)]
            finally:
                await store.close()

        return asyncio.run(read())

    straight = crew_game(tmp_path / "straight", [["quick", "pass", "pass", "quit"]])
    broken = crew_game(tmp_path / "broken", [["quick", "quit"], ["pass", "quit"], ["pass"]])
    assert straight == broken


def test_manual_crew_setup_legal_lists_the_choices_of_each_step(tmp_path: Path) -> None:
    lines = ["legal", "dead hyun ortiz okeke lindqvist", "legal", "injured haddad tanaka"]
    lines += ["legal", "quit"]
    _, output = session(tmp_path, lines, side="crew", seed=5)
    listed = output.split("crew> ")
    assert "  quick" in listed[1] and "dead HUMAN HUMAN HUMAN HUMAN: four of hyun" in listed[1]
    assert "injured HUMAN HUMAN: two of haddad" in listed[3]
    assert "role HUMAN ROLE: HUMAN one of haddad" in listed[5] and "Captain" in listed[5]
    assert all(len(line) <= 80 for line in listed[5].splitlines())


def test_legal_names_gear_as_the_unit_line_does_and_it_can_be_typed(tmp_path: Path) -> None:
    _, output = session(tmp_path, ["quick", "legal", "drop hyun Handgun", "quit"], seed=5)
    assert "carrying Handgun" in output  # Hyun is the MCPO (E.3.8)
    assert "  drop hyun Handgun\n" in output and "gear" not in output.split("crew> ")[2]
    _, rows = saved(tmp_path)
    assert ("crew", "drop hyun handgun") in [(r.side, r.command) for r in rows]


def test_both_mode_clears_the_screen_and_the_scrollback_at_each_hand_over(
    tmp_path: Path,
) -> None:
    from bot.cli.local_table import CLEAR

    assert "\x1b[2J" in CLEAR and "\x1b[3J" in CLEAR  # the screen, then the scrollback
    _, output = session(tmp_path, ["", "quick", "", "quick", "quit"], side="both", seed=42)
    prompts = [found.start() for found in re.finditer(re.escape(HANDOVER), output)]
    assert len(prompts) >= 2
    for at in prompts:
        assert output[:at].endswith(CLEAR + "\n")  # nothing of the last screen to scroll to
        assert output[at : output.index("\n", at)].endswith(CLEAR)  # nor of the blank lines


def test_demo_game_over_shows_the_score_table_and_labels_turns(tmp_path: Path) -> None:
    from bot.cli.local_table import demo

    out = io.StringIO()
    assert demo(8, 99, tmp_path / "demo.png", out) == 0
    text = out.getvalue()
    assert "Score (F.1)" in text and "Total: " in text
    for line in text.splitlines():
        found = re.match(r"\s*(\d+) \w+: Turn (\d+): the (alien|crew) phase begins", line)
        if found:  # the command that ends a phase is labelled with its own turn
            labelled, begins, phase = int(found[1]), int(found[2]), found[3]
            assert labelled == (begins - 1 if phase == "alien" else begins), line


def test_game_over_screen_gives_the_game_id_and_a_replay_command_that_works(
    tmp_path: Path,
) -> None:
    import shlex

    from bot.cli.local_table import LocalStore, LocalTable
    from engine.players import alien_ai, crew_ai
    from engine.players.base import play_game

    game = play_game(1, crew_ai, alien_ai)  # the reactor kills everyone (C.9.2)
    db = tmp_path / "local.sqlite3"
    store = LocalStore(db)
    try:
        game_id = store.create(game.state.seed, "crew", "easy")
        for seq, entry in enumerate(game.log):
            store.append(game_id, seq, entry.side, entry.command.notation(), True)
        out = io.StringIO()
        LocalTable(
            game, frozenset({Side.CREW}), io.StringIO(), out, store, game_id, db=db
        ).game_over()
    finally:
        store.close()
    text = out.getvalue()
    assert (
        "alien1 · Larva" in text and "· dead" in text and "injured" not in text.split("alien1")[1]
    )
    command = text.split("Watch it again: ")[1].splitlines()[0]
    assert f"Game {game_id} is over" in text
    words = shlex.split(command)
    gif = tmp_path / "again.gif"
    words[words.index("--out") + 1] = str(gif)
    assert main(words[1:]) == 0 and gif.read_bytes().startswith(b"GIF")


# --- the expert opponent and the advisor at the terminal ---------------------


def test_hint_shows_the_experts_choice_for_the_players_side_and_marks_the_game(
    tmp_path: Path,
) -> None:
    code, output = session(tmp_path, ["quick", "hint", "quit"], side="crew", seed=42)
    assert code == 0
    suggestion = output.split("💡 Suggestion: ")[1].splitlines()
    command = suggestion[0].strip()
    assert parse(command)  # a whole command of the crew's, that can be typed
    assert suggestion[1].strip().endswith(".")  # one sentence of why
    _, rows = saved(tmp_path)
    assert "hint" not in [r.command for r in rows]  # a hint plays nothing

    async def marked() -> bool:
        store = await open_store(tmp_path / "local.sqlite3")
        try:
            row = await store.game(1)
            return row is not None and row.hints_used
        finally:
            await store.close()

    assert asyncio.run(marked())


def test_the_expert_level_is_offered_at_the_terminal(tmp_path: Path) -> None:
    from bot.cli.main import build_parser

    args = build_parser().parse_args(["play", "--level", "expert"])
    assert args.level == "expert"


# --- how the other side split its moves is its secret (C.7.3) ------------------------
SPLITS = {  # the same declarations (Move, Move, Move), split into commands otherwise
    "one two-grid move": ["piperun alien1", "move alien1 0-N12", "wait alien1", "pass"],
    "two steps": [
        *("piperun alien1", "move alien1 0-O12", "move alien1 0-N12"),
        *("wait alien1", "pass"),
    ],
}
ALIEN_SET_UP = ["ability Clever", "larva 0-P12"]


def test_c73_the_crew_at_the_terminal_reads_the_same_however_the_game_alien_split_its_moves(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The game's alien's lines reach the crew as the channel tells them: one line a
    declaration, no heading per command."""
    outputs = []
    for name, script in SPLITS.items():
        moves = iter(parse(line) for line in [*ALIEN_SET_UP, *script])
        monkeypatch.setattr(local_table, "opponent_move", lambda *_a, m=moves: next(m, None))
        (tmp_path / name).mkdir()
        _, output = session(tmp_path / name, ["quick", "quit"], side="crew", seed=54)
        outputs.append(output.replace(str(tmp_path / name), "DIR"))
        assert next(moves, None) is None  # the whole script was played
    assert outputs[0] == outputs[1]
    told = "alien:\n  The Larva vanishes behind the pipes at 0-P12 (1 action) (C.7)\n"
    assert told + "  Alien: Move\n  Alien: Move\n  Alien: Move\n" in outputs[0]


def test_c73_the_two_player_screen_queues_the_aliens_news_by_declaration(tmp_path: Path) -> None:
    crew_screens = []
    for name, script in SPLITS.items():
        lines = ["", "quick", "", *ALIEN_SET_UP, *script, "", "look", "quit"]
        (tmp_path / name).mkdir()
        _, output = session(tmp_path / name, lines, side="both", seed=54)
        shown = screens(output.replace(str(tmp_path / name), "DIR"))
        assert [side for side, _ in shown] == ["crew", "alien", "crew"]
        crew_screens.append([text for side, text in shown if side == "crew"])
    assert crew_screens[0] == crew_screens[1]
    assert "While you were away:" in crew_screens[0][1]


def test_c4_a_move_to_a_room_by_its_name_is_taken_at_the_table() -> None:
    """``move tanaka workshop``: the room's nearest grid in reach, as the panels' places
    (engine.moving.places); a name that is no room's is refused and nothing moves."""
    from bot.cli.local_table import LocalTable
    from engine.moving.places import move_to_room
    from tests.engine.moving.test_places import crew_phase, named

    game = crew_phase(1)
    state, ship = game.state, game.ship
    unit = next(h for h in state.humans.values() if h.condition.value == "well" and h.grid)
    assert unit.grid is not None
    legal = legal_commands(state, Side.CREW, ship, game.content, unit.id)
    here = ship.cells[unit.grid].region
    room = next(
        ship.region_of(m.route[-1]).name
        for m in legal
        if isinstance(m, Move) and ship.cells[m.route[-1]].region != here
    )
    expected = move_to_room(state, Side.CREW, ship, game.content, named(f"move {unit.id} {room}"))
    out = io.StringIO()
    typed = f"move {unit.name} {room.lower()}\nmove {unit.id} warp core\nquit\n"
    table = LocalTable(game, frozenset({Side.CREW}), io.StringIO(typed), out)
    assert table.run() == 0
    said = out.getvalue()
    assert f"crew: {expected.notation()}" in said
    assert "error: 'warp core' is neither a grid" in said and "Workshop" in said
    assert game.state.unit_grid(unit.id) == expected.route[-1]


def test_play_refuses_a_variant_not_built_yet_and_saves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A catalogue whose ``halon`` is not built yet (every variant of the project's data
    is built now): the terminal refuses it and saves nothing."""
    tables = {k: v.model_dump() for k, v in load_variants().variants.items()}
    tables["halon"] |= {"built": False, "balanced": False}
    monkeypatch.setattr(variants_module, "_default", lambda: Catalogue.of(tables))
    db = tmp_path / "local.sqlite3"
    code = main(["play", "--variant", "halon", "--db", str(db), "--seed", "3"])
    assert code == 2
    assert "the variant 'halon' cannot be played yet" in capsys.readouterr().out
    assert not db.exists()


def test_play_with_the_noise_variant_plays_its_rules_at_the_terminal(tmp_path: Path) -> None:
    """``quicksilver play --variant noise``: the game is made with it (README, "Variants"),
    says so (marked "unbalanced" if it failed its balance gate), and the screen shows
    the variant's public table; the alien's seat also reads its ambush order."""
    unbalanced = load_variants().variants["noise"].unbalanced
    for side, order in (("crew", False), ("alien", True)):
        (tmp_path / side).mkdir()
        code, output = session(tmp_path / side, ["quick", "quit"], seed=3, side=side,
                               variants=["noise"])  # fmt: skip
        assert code == 0
        assert f"Variants: noise{' (unbalanced)' if unbalanced else ''}." in output
        assert "noise markers - · bag 1, 2, 2, 3, 3, 4, Blank" in output
        assert ("order ambush on" in output) is order
        _, rows = saved(tmp_path / side)
        assert rows and rows[0].command == "quick"


def test_the_terminal_names_a_variant_that_failed_its_gate_unbalanced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tables = {k: v.model_dump() for k, v in load_variants().variants.items()}
    tables["halon"] |= {"built": False, "balanced": False}  # not built: named plainly
    for balanced in (False, True):
        tables["noise"] |= {"built": True, "balanced": balanced}
        monkeypatch.setattr(local_table, "load_variants", lambda t=tables: Catalogue.of(t))
        named = local_table.variants_named(frozenset({"noise", "halon"}))
        assert named == ("halon, noise" + ("" if balanced else " (unbalanced)"))


def test_a_saved_game_with_variants_resumes_with_them(tmp_path: Path) -> None:
    """The variants are the game's stored opening (as on Discord); the store is given
    them as the local table gives a checked choice."""
    store = local_table.LocalStore(tmp_path / "local.sqlite3")
    try:
        store.create(42, "crew", "easy", frozenset({"halon", "noise"}))
    finally:
        store.close()
    code, output = session(tmp_path, ["quick", "quit"], resume=1)
    assert code == 0
    named = local_table.variants_named(frozenset({"halon", "noise"}))
    assert "Seed 42; you play crew" in output and f"Variants: {named}" in output
    _, rows = saved(tmp_path)
    assert rows and rows[0].command == "quick"


def test_play_a_game_of_emergencies_at_the_terminal(tmp_path: Path) -> None:
    """``emergencies`` is built: the terminal starts a game with it, its status shows the
    panel, and ``help emergencies`` teaches it."""
    code, output = session(
        tmp_path, ["quick", "help emergencies", "quit"], variants=["emergencies"], seed=3
    )
    assert code == 0
    assert "Variants: emergencies." in output
    assert "Ship Emergencies" in output and "counteract" in output
    assert "🚨 Emergencies: 16 cards in the deck" in output


def test_play_a_game_of_halon_at_the_terminal(tmp_path: Path) -> None:
    """``halon`` is built: the terminal starts a game with it, its screen shows the fire
    suppression panel once set up, and ``help halon`` teaches it."""
    code, output = session(tmp_path, ["quick", "help halon", "quit"], variants=["halon"], seed=3)
    assert code == 0
    assert "Variants: halon" in output and "Halon Purge" in output and "purge" in output
    assert "🧯 Fire suppression: charged · 3 purges left · 2 Halon Tanks in play" in output


def test_play_a_game_of_physiology_at_the_terminal(tmp_path: Path) -> None:
    """``physiology`` is built: the terminal starts a game with it, its status shows the
    four cards face down (P.1), and ``help physiology`` teaches it."""
    code, output = session(
        tmp_path, ["quick", "help physiology", "quit"], variants=["physiology"], seed=3
    )
    assert code == 0
    assert "Variants: physiology" in output
    assert "Unknown Physiology" in output and "study fire" in output
    assert "🧬 Damage cards: Melee: face down" in output
