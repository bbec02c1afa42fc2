"""The web companion's pages: each viewer's own view, through a real server and store."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

import pytest

from bot.web import server
from bot.web.links import Opens, fresh, sign
from bot.web.server import CSP
from tests.web.stored import ALIEN, CLOCK, CREW, SECRET, STRANGER, served, twin_moves


async def test_the_crews_link_opens_the_crews_view_with_its_roles(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        status, body = await web.get(web.link(Opens.CREW, CREW))
        assert status == 200
        page = body.decode()
        assert "You see the crew's view" in page
        assert "Captain" in page  # E.1: the crew knows its roles
        assert 'data-unit="alien1"' not in page.split('class="map"')[1].split("</svg>")[0]


async def test_the_aliens_link_shows_its_ability_and_its_hidden_larva(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        status, body = await web.get(web.link(Opens.ALIEN, ALIEN))
        page = body.decode()
        assert status == 200
        assert "Clever" in page  # B.1.3: its own secret ability
        assert 'data-unit="alien1"' in page  # C.7: it sees itself behind the pipes


async def test_every_page_has_a_strict_policy_and_is_never_cached(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        for path in (web.link(Opens.CREW, CREW), web.link(Opens.CREW, STRANGER), "/nothing"):
            response = await web.client.get(path)
            assert response.headers["Content-Security-Policy"] == CSP
            assert response.headers["Cache-Control"] == "no-store"
            assert response.headers["Referrer-Policy"] == "no-referrer"
            assert "<script>" not in (await response.text())


async def test_a_stranger_the_other_side_a_bad_token_and_another_game_get_one_404(
    tmp_path: Path,
) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        wrong_secret = f"/g/{sign(b'another secret', fresh(web.table.id, CREW, Opens.CREW, CLOCK))}"
        expired = f"/g/{sign(SECRET, fresh(web.table.id, CREW, Opens.CREW, CLOCK - 8 * 86400))}"
        answers = {
            path: await web.get(path)
            for path in (
                web.link(Opens.CREW, STRANGER),  # a stranger with a crew link of their own
                web.link(Opens.ALIEN, CREW),  # a crew player holding an alien link
                web.link(Opens.CREW, CREW, game=web.table.id + 1),  # another game
                wrong_secret,
                expired,
                "/g/garbage",
                web.link(Opens.CREW, STRANGER) + "/phase",
            )
        }
        assert len(set(answers.values())) == 1
        assert next(iter(answers.values()))[0] == 404


async def test_a_substituted_players_old_link_opens_nothing(tmp_path: Path) -> None:
    """A seat handed on (``/mod replace``) revokes the old holder's links."""
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        old = web.link(Opens.CREW, CREW)
        assert (await web.get(old))[0] == 200
        await web.desk.replace(web.table, CREW, STRANGER, CREW)
        assert (await web.get(old))[0] == 404
        assert (await web.get(web.link(Opens.CREW, STRANGER)))[0] == 200


async def test_the_log_holds_ended_phases_with_every_roll_and_a_unit_filter(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        page = (await web.get(web.link(Opens.SPECTATOR, STRANGER)))[1].decode()
        log = page.split('class="log"')[1]
        assert "Turn 1 · Alien phase" in log and "Turn 1 · Crew phase" in log
        assert 'id="unit-filter"' in log
        assert "data-units=" in log


async def test_the_phase_stamp_changes_when_a_phase_ends(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        link = web.link(Opens.SPECTATOR, STRANGER)
        before = (await (await web.client.get(link + "/phase")).json())["stamp"]
        await web.desk.play(web.table, ALIEN, "pass", in_dm=True)
        after = (await (await web.client.get(link + "/phase")).json())["stamp"]
        assert (before, after) == ("2a", "2c")


async def test_the_svg_route_serves_the_same_map_as_the_page(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        link = web.link(Opens.CREW, CREW)
        page = (await web.get(link))[1].decode()
        svg = (await web.get(link + "/map.svg"))[1].decode()
        assert svg.startswith("<svg") and svg in page


async def test_a_finished_games_page_shows_the_f1_score_and_its_replay_steps(
    tmp_path: Path,
) -> None:
    async with served(tmp_path / "g.db", finished=True) as web:
        link = web.link(Opens.SPECTATOR, STRANGER)
        page = (await web.get(link))[1].decode()
        assert "Score (F.1)" in page and "/replay" in page
        status, replay = await web.get(link + "/replay")
        assert status == 200 and 'id="scrubber"' in replay.decode()
        last = replay.decode().split('max="')[1].split('"')[0]
        status, fragment = await web.get(f"{link}/replay/{last}")
        assert status == 200 and fragment.startswith(b"<h2>")
        assert f"({last}/{last})".encode() in fragment


async def test_a_running_game_has_no_replay(tmp_path: Path) -> None:
    """The replay opens when the game ends, so nothing hidden is given away."""
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        for opens, user in ((Opens.SPECTATOR, STRANGER), (Opens.ALIEN, ALIEN)):
            assert (await web.get(web.link(opens, user) + "/replay"))[0] == 404


async def test_too_many_requests_with_one_token_are_refused_and_others_still_served(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "PER_TOKEN", 3)
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        busy, other = web.link(Opens.CREW, CREW), web.link(Opens.SPECTATOR, STRANGER)
        statuses = [(await web.get(busy + "/phase"))[0] for _ in range(4)]
        assert statuses == [200, 200, 200, 429]
        assert (await web.get(other + "/phase"))[0] == 200


async def test_c3_each_log_holds_its_own_sides_notes_and_no_other(tmp_path: Path) -> None:
    """C.3: the crew's roles are its own; the alien's ability its own; the public sees
    neither, in the log as on the map."""
    async with served(tmp_path / "g.db", twin_moves("east")) as web:
        crew = (await web.get(web.link(Opens.CREW, CREW)))[1].decode().split('class="log"')[1]
        alien = (await web.get(web.link(Opens.ALIEN, ALIEN)))[1].decode().split('class="log"')[1]
        public = (await web.get(web.link(Opens.SPECTATOR, STRANGER)))[1].decode()
        log = public.split('class="log"')[1]
        assert "takes the role Captain" in crew and "takes the role Captain" not in alien
        assert "secret ability: Clever" in alien and "Clever" not in crew
        assert "takes the role Captain" not in log and "Clever" not in public


async def test_the_web_side_never_writes_to_the_store(tmp_path: Path) -> None:
    path = tmp_path / "g.db"
    async with served(path, twin_moves("east")) as web:
        before = _dump(path)
        for opens, user in ((Opens.CREW, CREW), (Opens.ALIEN, ALIEN), (Opens.CREW, STRANGER)):
            for route in ("", "/map.svg", "/phase", "/replay"):
                await web.get(web.link(opens, user) + route)
        person = f"/p/{sign(SECRET, fresh(0, CREW, Opens.PERSON, CLOCK))}"
        assert (await web.get(person))[0] == 200
        assert _dump(path) == before


def _dump(path: Path) -> list[str]:
    with contextlib.closing(sqlite3.connect(path)) as db:
        return list(db.iterdump())
