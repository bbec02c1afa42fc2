"""Secrecy through the web (README, "Secrets"): twins the crew cannot tell apart, the
alien's secrets dealt otherwise (another ability, another hidden route declaring the
same, C.7.3), give the crew and a spectator byte-identical answers from every route
the web serves them: the game page, the map's SVG, the phase stamp the page polls, and
the 404 of a route they may not open; and the other way round, twins whose crew was
dealt otherwise (the bot's own twins: ``tests/bot/client/test_twins.py``) give the alien
and a spectator the same bytes. Leaks planted in the reader must be caught."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.web import reader
from bot.web.links import Opens
from engine.views import Viewer, events_for, view
from tests.bot.client.test_twins import LAB_KITS, OTHER_SEED, crew_setup
from tests.web.stored import ALIEN, CREW, LARVA, SEED, STRANGER, served, twin_moves

Receipts = dict[str, tuple[int, bytes]]


async def receipts(path: Path, hidden: str) -> Receipts:
    """Everything the crew and a spectator can fetch of the ``hidden`` twin, twice: in
    the alien's second phase (its first hidden one and the crew's over), then once it
    passes and the crew's phase begins."""
    got: Receipts = {}
    async with served(path, twin_moves(hidden)) as web:
        for moment in ("alien phase", "crew phase"):
            for who, opens, user in (
                ("crew", Opens.CREW, CREW),
                ("spectator", Opens.SPECTATOR, STRANGER),
                ("crew at the alien's seat", Opens.ALIEN, CREW),
            ):
                base = web.link(opens, user)
                for route in ("", "/map.svg", "/phase", "/replay"):
                    got[f"{moment} · {who} · {route or '/'}"] = await web.get(base + route)
            if moment == "alien phase":
                await web.desk.play(web.table, ALIEN, "pass", in_dm=True)
    return got


def differences(first: Receipts, second: Receipts) -> list[str]:
    return [key for key in first if first[key] != second[key]]


async def test_crew_and_spectator_pages_are_byte_identical_across_the_aliens_secrets(
    tmp_path: Path,
) -> None:
    east = await receipts(tmp_path / "east.db", "east")
    west = await receipts(tmp_path / "west.db", "west")
    assert east.keys() == west.keys()
    assert differences(east, west) == []
    assert east["crew phase · crew · /"][0] == 200  # the twins show something, not two 404s


def alien_twin_moves(seed: int) -> list[tuple[int, str]]:
    """The crew dealt otherwise (another seed: the Agent elsewhere, other crates, the
    roles the other way round, the same public choices), the alien's own play alike."""
    moves = [(CREW, line) for line in crew_setup(seed)]
    moves += [(ALIEN, "ability Clever"), (ALIEN, f"larva {LARVA}"), (ALIEN, "piperun alien1")]
    moves += [(ALIEN, "wait alien1"), (ALIEN, "pass"), (CREW, "unlock hyun")]
    moves += [(CREW, f"pickup hyun {LAB_KITS[seed]}"), (CREW, "pass")]
    return moves


async def test_alien_and_spectator_pages_are_byte_identical_across_the_crews_secrets(
    tmp_path: Path,
) -> None:
    seen = []
    for seed in (SEED, OTHER_SEED):
        async with served(tmp_path / f"{seed}.db", alien_twin_moves(seed), seed=seed) as web:
            got = {}
            for who, opens, user in (
                ("alien", Opens.ALIEN, ALIEN),
                ("public", Opens.SPECTATOR, STRANGER),
            ):
                for route in ("", "/map.svg", "/phase"):
                    got[f"{who} {route}"] = await web.get(web.link(opens, user) + route)
            crew_page = await web.get(web.link(Opens.CREW, CREW))
            seen.append((got, crew_page))
    (first, first_crew), (second, second_crew) = seen
    assert first_crew != second_crew  # the crew's secrets do differ …
    assert first["alien "][0] == 200
    assert differences(first, second) == []  # … and nothing the alien fetches shows it


def _referee_view(state, viewer, ship, content):  # type: ignore[no-untyped-def]
    return view(state, Viewer.REFEREE, ship, content)


def _all_events(events, viewer):  # type: ignore[no-untyped-def]
    return events_for(events, Viewer.REFEREE)


@pytest.mark.parametrize(
    "name, plant",
    [
        ("the map and units from the referee's view", ("view", _referee_view)),
        ("the log from every event, whoever it was for", ("events_for", _all_events)),
    ],
)
async def test_a_leak_planted_in_the_reader_makes_the_twins_differ(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str, plant: tuple[str, object]
) -> None:
    monkeypatch.setattr(reader, *plant)
    east = await receipts(tmp_path / "east.db", "east")
    west = await receipts(tmp_path / "west.db", "west")
    assert differences(east, west), f"a leak of {name} went unseen"


async def test_the_alien_itself_sees_what_differs(tmp_path: Path) -> None:
    """The twins differ for the side that holds the secret: the test compares pages that
    could differ."""
    pages = []
    for hidden in ("east", "west"):
        async with served(tmp_path / f"{hidden}.db", twin_moves(hidden)) as web:
            pages.append(await web.get(web.link(Opens.ALIEN, ALIEN)))
    assert pages[0] != pages[1]
