"""Snapshots: exact round trips, refusal of anything stale or corrupt, and the proof that
a snapshot plus the replay of its tail equals the replay of the whole game."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Literal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.board.grid import Grid
from engine.dice import Rng
from engine.game import Game
from engine.random_player import choose
from engine.records import snapshot
from engine.setup import waiting_on
from engine.state import GameState, Phase, Side


def _acting(game: Game) -> Side:
    if game.state.phase is Phase.SETUP:
        return waiting_on(game.state)[0]
    return Side.ALIEN if game.state.phase is Phase.ALIEN else Side.CREW


def random_game_with_snapshots(seed: int, player_seed: int, turns: int) -> tuple[Game, list[str]]:
    """A random game, and the snapshot text taken at each phase start (index = length)."""
    game = Game.new(seed)
    player = Rng(player_seed)
    texts = {0: snapshot.dump(game.state)}
    while game.state.phase is not Phase.OVER and game.state.turn <= turns:
        side = _acting(game)
        before = (game.state.turn, game.state.phase)
        command = choose(game.state, side, game.ship, game.content, player)
        assert command is not None
        game.play(side, command)
        if (game.state.turn, game.state.phase) != before:
            texts[len(game.log)] = snapshot.dump(game.state)
    return game, [texts.get(i, "") for i in range(len(game.log) + 1)]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    player_seed=st.integers(0, 2**31),
    turns=st.integers(1, 8),
    pick=st.randoms(use_true_random=False),
)
def test_snapshot_plus_tail_replay_equals_full_replay(
    seed: int, player_seed: int, turns: int, pick: object
) -> None:
    game, texts = random_game_with_snapshots(seed, player_seed, turns)
    lines = [(e.side, e.command) for e in game.log]
    full = Game.replay(seed, lines)
    taken = [i for i, text in enumerate(texts) if text]
    for base in [taken[0], taken[-1], pick.choice(taken)]:  # type: ignore[attr-defined]
        resumed = Game.resume(seed, snapshot.load(texts[base]), base, game.ship, game.content)
        for side, command in lines[base:]:
            resumed.play(side, command)
        assert resumed.state == full.state == game.state
        assert resumed.length == len(game.log)
        after, expected = resumed.state.clone(), full.state.clone()
        assert after.rng.d6() == expected.rng.d6()  # the dice go on alike


def test_snapshot_round_trips_exactly_at_every_phase_start() -> None:
    game, texts = random_game_with_snapshots(7, 11, 12)
    replayed = Game.new(7)
    for index, text in enumerate(texts):
        if text:
            state = snapshot.load(text)
            assert state == replayed.state
            assert snapshot.dump(state) == text  # deterministic: sets are sorted
        if index < len(game.log):
            entry = game.log[index]
            replayed.play(entry.side, entry.command)
    assert sum(1 for t in texts if t) > 5


def test_snapshot_keeps_dict_order_and_the_dice_generator() -> None:
    game, _ = random_game_with_snapshots(3, 4, 3)
    state = snapshot.load(snapshot.dump(game.state))
    assert list(state.humans) == list(game.state.humans)
    assert list(state.items) == list(game.state.items)
    assert [state.rng.below(1000) for _ in range(5)] == [
        game.state.rng.below(1000) for _ in range(5)
    ]


def _tampered(text: str, change: str) -> str:
    head, body = text.split("\n", 1)
    magic, schema, digest = head.split(" ")
    if change == "schema":
        schema = "0" * 16
    elif change == "body":
        body = body.replace('"turn":', '"turn":1', 1)
    elif change == "shape":
        data = json.loads(body)
        del data["surge_used"]
        body = json.dumps(data)
        digest = hashlib.sha256(body.encode()).hexdigest()
    return f"{magic} {schema} {digest}\n{body}"


@pytest.mark.parametrize("change", ["schema", "body", "shape"])
def test_a_stale_or_corrupt_snapshot_is_refused(change: str) -> None:
    text = snapshot.dump(Game.new(2).state)
    with pytest.raises(snapshot.SnapshotError):
        snapshot.load(_tampered(text, change))
    with pytest.raises(snapshot.SnapshotError):
        snapshot.load("not a snapshot at all")


@dataclass
class _Unit:
    id: str
    grid: Grid | None = None


@dataclass
class _UnitWithFlag:
    id: str
    grid: Grid | None = None
    seen_injured: bool = False


@dataclass
class _Holder:
    units: dict[str, _Unit] = field(default_factory=dict)


def test_the_schema_follows_the_field_structure() -> None:
    """A field added to a nested dataclass changes the fingerprint: old snapshots stop
    loading by themselves, with no version number to remember to bump."""
    assert snapshot._describe(_Unit) != snapshot._describe(_UnitWithFlag)
    assert "grid:union[Grid{deck:int,col:int,row:int},None]" in snapshot._describe(_Holder)
    assert snapshot.schema() == snapshot.schema()
    assert "GameState{" in snapshot._describe(GameState)


def test_a_field_of_an_unsupported_type_is_named() -> None:
    @dataclass
    class Odd:
        when: complex

    with pytest.raises(TypeError, match="complex"):
        snapshot._describe(Odd)


@dataclass
class _Everything:
    """Field kinds a state may grow: the codec round-trips all of them."""

    name: Literal["a", "b"] = "a"
    marks: frozenset[str] = frozenset()
    seen: dict[str, set[Grid]] = field(default_factory=dict)
    route: tuple[Grid, ...] = ()
    pair: tuple[str, int] = ("x", 1)
    ratio: float = 0.5
    units: list[_Unit] = field(default_factory=list)


def test_the_codec_round_trips_every_kind_of_field() -> None:
    value = _Everything(
        "b",
        frozenset({"q", "p"}),
        {"hyun": {Grid(1, 2, 3), Grid(0, 0, 0)}},
        (Grid(1, 1, 1), Grid(1, 1, 2)),
        ("y", 2),
        1.25,
        [_Unit("a", Grid(2, 3, 4)), _Unit("b")],
    )
    encode, decode = snapshot._codec(_Everything)
    assert decode(json.loads(json.dumps(encode(value)))) == value
    with pytest.raises(snapshot.SnapshotError):
        decode({**encode(value), "name": "c"})
