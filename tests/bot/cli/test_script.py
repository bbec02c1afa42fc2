"""``quicksilver script``: playing text files of commands (bot.cli.script)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from bot.cli.main import main
from bot.cli.script import run_script
from engine.records.scenario_writer import write_scenario
from engine.views import view
from tests.games import quick_game

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


def run(capsys: pytest.CaptureFixture[str], script: str | Path, *args: Any) -> tuple[int, str, str]:
    code = run_script(script, *args)
    out, err = capsys.readouterr()
    return code, out, err


def json_lines(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines()]


def mentions(text: str, grid: str) -> bool:
    """``grid`` as a whole coordinate: 1-N1 is not in 1-N10."""
    return re.search(rf"(?<![\w-]){re.escape(grid)}(?!\d)", text) is not None


# --- the example scripts ----------------------------------------------------------
def test_a_quick_set_up_game_with_moves_undo_and_a_pipe_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, SCRIPTS / "quick_piperun.qs", "referee")
    assert (code, err) == (0, "")
    assert "8: alien: piperun alien1\n  The Larva vanishes behind the pipes at 0-J11" in out
    assert "12: undo alien\n  takes back: move alien1 0-K11" in out
    assert "The Larva is at 0-I12 (secret)" in out  # the referee sees everything
    assert "alien1 · Larva · 0-I12 · 6 actions · pipe-running" in out
    assert "Turn 2 · Alien phase (referee view)" in out


def test_a_scenario_start_where_a_search_tallies_the_alien(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, SCRIPTS / "c8_search_tallies.qs", "crew", True)
    assert (code, err) == (0, "")
    first, final = json_lines(out)
    assert first["line"] == 11 and first["command"] == "search hyun 2"
    assert [e["kind"] for e in first["events"]] == ["searched", "surfaced"]  # C.8, C.7.2
    alien = final["final"]["aliens"][0]
    assert (alien["grid"], alien["hidden"]) == ("0-N5", False)


def test_a_bad_line_stops_the_run_with_its_number(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, SCRIPTS / "bad_line.qs")
    assert code == 1
    assert err.startswith("line 11: 2-X12 is not a grid of the ship")
    assert "9: crew: move hyun 1-G6" in out  # lines before it were played
    assert "12:" not in out and "==" not in out  # nothing after it, no final view


@pytest.mark.parametrize("script", sorted(SCRIPTS.glob("*.qs")), ids=lambda p: p.stem)
@pytest.mark.parametrize("viewer", ["crew", "alien", "spectator", "referee"])
def test_json_output_is_one_object_per_line(
    capsys: pytest.CaptureFixture[str], script: Path, viewer: str
) -> None:
    code, out, _ = run(capsys, script, viewer, True)
    records = json_lines(out)
    for record in records[:-1]:
        assert set(record) in ({"line", "side", "command", "events"}, {"line", "undo", "command"})
        own = viewer in ("referee", record.get("side", record.get("undo")))
        assert isinstance(record["line"], int)
        assert isinstance(record["command"], str) if own else record["command"] is None
    if code == 0:
        assert records[-1]["final"]["viewer"] == viewer


@pytest.mark.parametrize("as_json", [False, True])
def test_the_crew_never_sees_the_secret_route(
    capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    route = ["0-H8", "0-I8", "0-J8", "0-K8", "0-K9"]  # after it vanished at 0-G8 (C.7)
    _, referee, _ = run(capsys, SCRIPTS / "secret_route.qs", "referee", as_json)
    assert all(mentions(referee, grid) for grid in ("0-K8", "0-K9"))
    for viewer in ("crew", "spectator"):
        code, out, _ = run(capsys, SCRIPTS / "secret_route.qs", viewer, as_json)
        assert code == 0
        assert "Alien: Move" in out
        assert not [grid for grid in route if mentions(out, grid)], viewer
        hidden = '"command": null' if as_json else "11: alien: …"
        assert hidden in out  # the command itself is the alien's secret


def test_the_crew_never_learns_the_secret_ability_or_an_undone_route(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, SCRIPTS / "quick_piperun.qs", "crew")
    assert code == 0
    assert "Clever" not in out  # B.1.3: kept secret until used
    assert "12: undo alien\n  takes back: a command" in out
    assert not [grid for grid in ("0-K11", "0-I11", "0-I12") if mentions(out, grid)]


# --- the format -------------------------------------------------------------------
SCENARIO = """\
scenario
seed 3
turn 1 alien
# a comment inside the block
crew hyun 2-H8 role=Captain
alien alien1 Hunter 0-G8
end
"""


def test_expect_checks_the_previous_lines_visible_events(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = SCENARIO + "alien: piperun alien\nalien: move alien 0-H8\nexpect: is at 0-H8\n"
    assert run(capsys, script, "alien")[0] == 0
    code, _, err = run(capsys, script, "crew")
    assert code == 1
    assert err.startswith("line 10: expected 'is at 0-H8' in the previous line's events:")


def test_expect_before_any_command_is_an_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "seed 4\n\nexpect: anything\n")
    assert (code, err) == (1, "line 3: nothing to check: no command has been played yet\n")


def test_undo_replays_from_the_scenario_not_from_set_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    script = SCENARIO + "alien: move alien 0-H8\nundo alien\nalien: move alien 0-G9\n"
    code, out, _ = run(capsys, script, "referee", True)
    assert code == 0
    final = json_lines(out)[-1]["final"]
    assert final["aliens"][0]["grid"] == "0-G9"
    assert final["aliens"][0]["actions"] == 5  # the undone step cost nothing


def test_undo_is_refused_after_a_search(capsys: pytest.CaptureFixture[str]) -> None:
    text = (SCRIPTS / "c8_search_tallies.qs").read_text() + "undo crew\n"
    code, _, err = run(capsys, text)
    assert code == 1
    assert err == (
        "line 14: cannot undo: your last command depended on where the hidden alien is, "
        "which your side cannot see: whatever it showed, even nothing, is information\n"
    )


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("", "line 1: the script is empty"),
        ("# only a comment\ncrew: quick\n", "line 2: a script starts with 'seed N'"),
        ("seed 1\nmove hyun 1-F6\n", "line 2: expected 'crew: COMMAND'"),
        ("seed 1\ncrew: fly hyun\n", "line 2: unknown command 'fly'"),
        ("seed 1\ncrew: quick\nseed 2\n", "line 3: expected 'crew: COMMAND'"),
        ("seed 1\nscenario\nturn 1 alien\n", "line 2: the scenario block has no line 'end'"),
        (SCENARIO.replace("2-H8", "2-Z99"), "line 5: 2-Z99 is not a grid of the ship"),
        ("seed 4\n" + SCENARIO, "line 3: the scenario says seed 3 but the script said seed 4"),
    ],
)
def test_bad_scripts_name_the_line(
    capsys: pytest.CaptureFixture[str], script: str, message: str
) -> None:
    code, _, err = run(capsys, script)
    assert code == 1
    assert err.startswith(message)


def test_a_seed_line_may_give_the_scenario_its_seed(capsys: pytest.CaptureFixture[str]) -> None:
    script = "seed 3\n" + SCENARIO.replace("seed 3\n", "") + "alien: wait alien\n"
    code, out, _ = run(capsys, script, "referee")
    assert code == 0
    assert "8: alien: wait alien1\n  The Hunter waits." in out


def test_a_games_own_script_replays(capsys: pytest.CaptureFixture[str]) -> None:
    game = quick_game(8)
    game.play("alien", "piperun alien")
    game.play("alien", "pass")
    code, out, _ = run(capsys, game.script(), "referee", True)
    assert code == 0
    assert json_lines(out)[-1]["final"] == json.loads(
        view(game.state, "referee", game.ship, game.content).to_json()
    )


def test_a_position_written_mid_game_plays_on_identically(
    capsys: pytest.CaptureFixture[str],
) -> None:
    game = quick_game(9)
    game.play("alien", "piperun alien")
    script = write_scenario(game.state) + "alien: pass\ncrew: pass\n"
    game.play("alien", "pass")
    game.play("crew", "pass")  # leftover searches (C.8)
    code, out, _ = run(capsys, script, "referee", True)
    assert code == 0
    assert json_lines(out)[-1]["final"] == json.loads(
        view(game.state, "referee", game.ship, game.content).to_json()
    )


def test_the_command_line_runs_a_script_file(capsys: pytest.CaptureFixture[str]) -> None:
    path = SCRIPTS / "c8_search_tallies.qs"
    assert main(["script", str(path), "--as", "crew", "--json"]) == 0
    assert json_lines(capsys.readouterr().out)[-1]["final"]["viewer"] == "crew"
    assert main(["script", str(path.with_name("missing.qs"))]) == 1
    assert "cannot read the script" in capsys.readouterr().err


def test_the_readme_examples_run(capsys: pytest.CaptureFixture[str]) -> None:
    readme = (Path(__file__).resolve().parents[3] / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Scripts and scenarios") :]
    script, scenario = re.findall(r"```text\n(.*?)```", section, re.DOTALL)
    assert run(capsys, script, "crew")[0] == 0
    code, out, err = run(capsys, scenario + "crew: search hyun 2\nexpect: spots the alien\n")
    assert (code, err) == (0, "")
    assert "carrying Carbine, Okeke" in out
