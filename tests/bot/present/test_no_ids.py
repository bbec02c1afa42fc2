"""No player-facing text shows an internal id (README, "Secrets"): units and markers are
named as people know them ("Hyun", "the Larva 2", "a Handgun", "face-down gear
marker"), with a number where two things offered together share a name.

Scanned for ids (a lower-case word ending in digits: ``gear7``, ``crate3``,
``alien2``, ``handgun1``): every sentence of the event corpus (:mod:`tests.event_corpus`);
the turn panels' labels, the hands and the status of positions the game-controlled
players reached (``tests/fixtures/level_games``) for each side; and the autocomplete's
names on the in-memory Discord. Not ids: dice (``d6``), grids (``1-F6``), and commands
people type (in backticks), which name things by id on purpose.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest

from bot.client.panels.choices import choices_for
from bot.client.panels.places import move_pages
from bot.desk.tables import Table
from bot.present.catalogue import sentence
from bot.present.names import numbered
from bot.present.texts import hand_text, status_text
from bot.store import GameRow, PlayerRow
from engine import commands as c
from engine.events import Event
from engine.game import Game
from engine.legal import legal_commands, ready_units
from engine.odds import attack_modifier
from engine.records.script import Player, Source, opening
from engine.state import Phase, Side
from engine.views import marker_names, view
from tests.bot.helpers import make_world, mirror, seat_and_start
from tests.event_corpus import LEVEL_SCRIPTS, played

ID = re.compile(r"\b[a-z]+[0-9]+\b")
NOT_IDS = {"d6"}  # a die
EVERY = 7  # a position looked at every this many commands of a level game
CREW_USER, ALIEN_USER = 1, 2


def ids_in(text: str) -> set[str]:
    """The ids ``text`` shows, leaving out what people type (in backticks)."""
    return set(ID.findall(re.sub(r"`[^`]*`", "", text))) - NOT_IDS


def test_the_scan_finds_an_id_where_one_is_shown():
    assert ids_in("Tanaka drops gear7 (Handgun)") == {"gear7"}
    assert ids_in("The Larva (alien2) dies") == {"alien2"}
    assert not ids_in("d6 4 +2 actions = 7 at 1-F6; type `drop tanaka gear7`")


@pytest.fixture(scope="module")
def corpus() -> dict[str, list[Event]]:
    return dict(played())


def test_no_event_sentence_shows_an_id(corpus):
    shown = {
        f"{type(e).__name__}: {sentence(e)}"
        for events in corpus.values()
        for e in events
        if ids_in(sentence(e))
    }
    assert sorted(shown)[:20] == []


def positions() -> Iterator[tuple[str, Game]]:
    """Positions of the level games, every few commands, played anew from their scripts."""
    for path in LEVEL_SCRIPTS:
        source = Source.of(path.read_text(encoding="utf-8"))
        game = opening(source).game
        player = Player(game)
        for count, (number, text) in enumerate(source.rows()):
            player.line(number, text)
            if count % EVERY == 0 and game.state.phase in (Phase.ALIEN, Phase.CREW):
                yield f"{path.stem} line {number}", game


def panel_labels(game: Game, side: Side) -> Iterator[str]:
    """Every label of the side's turn panels: each ready unit's choices and places."""
    state, ship, content = game.state, game.ship, game.content
    v = view(state, side.value, ship, content)
    markers = marker_names(state, v.viewer)
    for unit in ready_units(state, side):
        legal = legal_commands(state, side, ship, content, unit)
        found = choices_for(
            v, unit, legal, ship, lambda a: attack_modifier(state, a, ship, content), markers
        )
        places = move_pages(v, unit, found.destinations, ship, content)
        for choice in (*found.moves, *found.attacks, *found.others, *found.buttons):
            yield choice.label
        for choice in (*places.places, *places.here, *places.elsewhere):
            yield choice.label


def table_of(game: Game) -> Table:
    """A table around ``game``: one crew player holding every human, one alien player."""
    row = GameRow(1, 10, 20, "ship", game.seed, "playing", CREW_USER, 0.0)
    crew = tuple(game.state.humans)
    players = {
        CREW_USER: PlayerRow(CREW_USER, "crew", crew),
        ALIEN_USER: PlayerRow(ALIEN_USER, "alien"),
    }
    table = Table(row, players)
    table.game = game
    return table


def test_no_panel_label_hand_or_status_of_a_played_position_shows_an_id():
    shown: set[str] = set()
    looked = 0
    for where, game in positions():
        side = Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW
        table = table_of(game)
        texts = [
            *panel_labels(game, side),
            *hand_text(table, CREW_USER),
            *hand_text(table, ALIEN_USER),
            status_text(table),
        ]
        shown |= {f"{where}: {text}" for text in texts if ids_in(text)}
        looked += 1
    assert looked > 100
    assert sorted(shown)[:20] == []


def test_two_markers_offered_under_one_name_are_numbered():
    names = {"gear3": "Gear", "gear12": "Gear", "gear4": "AidKit", "crate1": "Supplies"}
    assert numbered(["gear12", "gear3", "gear4", "crate1"], names) == {
        "gear3": "Gear 1",
        "gear12": "Gear 2",
        "gear4": "AidKit",
        "crate1": "Supplies",
    }


async def test_the_autocomplete_names_things_and_types_their_ids(simcord_env):
    """The values are what the command takes (ids); the names people read are names."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world, seed=1)  # the MCPO starts with a Handgun (E.1)
    await world.alien.user.slash("alien pass")
    game = mirror(world)
    drops = [
        (cmd.unit, cmd)
        for unit in game.state.humans
        for cmd in legal_commands(game.state, Side.CREW, game.ship, game.content, unit)
        if isinstance(cmd, c.Drop)
    ]
    assert drops, "someone carries gear at the start (E.1)"
    unit, drop = drops[0]
    player = world.crew[0]
    offered = await player.autocomplete(world.channel, "crew drop", "items", "", unit=unit)
    assert {o["value"] for o in offered} >= {" ".join(drop.items)}
    assert all(not ids_in(o["name"]) for o in offered), offered
    units = await player.autocomplete(world.channel, "crew drop", "unit", "")
    assert units and all(not ids_in(o["name"]) for o in units), units
    assert {o["name"] for o in units} <= {h.name for h in game.state.humans.values()}
