"""The ``noise`` variant's rules N.1-N.6 (docs/rules-decisions.md, "Variants: noise"):
noise rolls on entering an empty room, encounters, the call, the ambush order and the
surprise attack, the bag's Blank and the tokens' return, the hidden alien's crossings
heard as its phase ends, creeping; the views' noise table; the hard players' use of the
ambush order and of the markers, and the untaught players (the balance benchmark's
null arm) that ignore all of it."""

from __future__ import annotations

from typing import cast

import pytest

from engine.board.grid import Grid
from engine.commands import Move, SetOrder, parse
from engine.dice import Rng
from engine.errors import GameError
from engine.events import Audience, Event
from engine.fighting.events import AlienAttacked
from engine.game import Game
from engine.hiding.events import Surfaced, Surfacing
from engine.legal import legal_commands
from engine.moving.events import Moved
from engine.noise.events import (
    AlienNoise,
    Encounter,
    NoiseHeard,
    NoiseRolled,
    NothingAnswers,
    SurpriseAttack,
    TokensReturned,
)
from engine.players.base import decide
from engine.players.belief import Belief
from engine.players.hard_alien import HardAlien
from engine.players.hard_crew import HardCrew
from engine.players.levels import player_for
from engine.records.scenario import scenario_game
from engine.state import Side
from engine.views import Viewer, events_for, view

GALLEY_DOOR = "1-D4/1-D5"
LAB_DOOR = "1-H6/1-H7"


def rigged(*draws: tuple[int, int]) -> int:
    """A generator state whose next draws ``Rng.below(n)`` give these values: the
    scenario's loaded dice (a d6 showing k is ``(6, k - 1)``)."""
    for state in range(1, 1_000_000):
        rng = Rng(state)
        if all(rng.below(n) == value for n, value in draws):
            return state
    raise AssertionError("no such generator state below a million")


def galley(*lines: str, rng: int, alien: str = "alien alien1 Hunter 1-J9 piperun") -> Game:
    """Turn 3's crew phase beside the Galley (its one noisy door is 1-D4/1-D5)."""
    body = "\n".join(lines)
    return scenario_game(
        f"scenario\nseed 1\nvariants noise\nrng {rng}\nturn 3 crew\n{alien}\n{body}\nend\n"
    )


def kinds(events: list[Event]) -> list[type[Event]]:
    return [type(e) for e in events]


def test_n1_a_first_noise_marks_the_rooms_door_and_cannot_be_undone() -> None:
    game = galley("crew hyun 1-D6 role=Captain skill=Tactical", rng=rigged((6, 2)))
    events = game.play("crew", "move hyun 1-D4")
    rolled = [e for e in events if isinstance(e, NoiseRolled)]
    assert len(rolled) == 1  # the corridor step to 1-D5 rolls nothing
    assert (rolled[0].room, rolled[0].die, rolled[0].door, rolled[0].marked) == (
        "Galley",
        3,
        GALLEY_DOOR,
        True,
    )
    assert events_for(events, Viewer.SPECTATOR).count(rolled[0]) == 1  # public
    assert game.state.noise is not None and game.state.noise.markers == {GALLEY_DOOR}
    assert game.can_undo("crew") is not None


@pytest.mark.parametrize(
    ("where", "others"),
    [
        ("corridor", "crew hyun 1-D7 role=Captain skill=Tactical"),
        ("a human there", "crew ortiz 1-C4 role=Cook skill=Cooking"),
        ("the alien in the open", "alien alien2 Larva 1-C3"),
    ],
)
def test_n1_no_roll_in_a_corridor_nor_in_a_room_already_occupied(where: str, others: str) -> None:
    hyun = "crew hyun 1-D6 role=Captain skill=Tactical"
    lines = [others] if where == "corridor" else [hyun, others]
    game = galley(*lines, rng=rigged((6, 2)))
    target = "1-D5" if where == "corridor" else "1-D4"
    before = game.state.rng.state
    events = game.play("crew", f"move hyun {target}")
    assert NoiseRolled not in kinds(events), where
    assert game.state.rng.state == before


def test_n2_n3_an_encounter_calls_the_hunter_in_reach_to_ambush_and_surprise() -> None:
    """Okeke steps into the Galley with 3 actions spent; the die names its marked door;
    token 3 is drawn; the Hunter pipe-running at 1-F6, 4 alien steps away, surfaces at
    1-D4 and Okeke's move stops; alertness 4 - 3 = 1 < 3: a surprise attack."""
    game = galley(
        "crew okeke 1-D5 role=Cook skill=Science actions=2",
        "noise markers=1-D4/1-D5 bag=3",
        rng=rigged((6, 0), (1, 0)),
        alien="alien alien1 Hunter 1-F6 piperun",
    )
    events = game.play("crew", "move okeke 1-C4")  # through 1-D4: the move stops there
    encounter = next(e for e in events if isinstance(e, Encounter))
    assert encounter.token == "3"
    surfaced = next(e for e in events if isinstance(e, Surfaced))
    assert surfaced.how is Surfacing.AMBUSHES and str(surfaced.grid) == "1-D4"
    surprise = next(e for e in events if isinstance(e, SurpriseAttack))
    assert (surprise.token, surprise.alertness) == (3, 1)
    assert AlienAttacked in kinds(events)
    assert str(game.state.unit_grid("okeke")) == "1-D4"
    assert game.state.noise is not None and game.state.noise.markers == set()
    assert game.state.noise.aside == ["3"] and game.state.noise.bag == []
    assert [str(g) for g in game.state.alien("alien1").path[-5:]] == [
        "1-F6", "1-E6", "1-D6", "1-D5", "1-D4",
    ]  # fmt: skip


def test_n3_no_surprise_when_the_token_does_not_beat_alertness() -> None:
    game = galley(
        "crew okeke 1-D5 role=Cook skill=Science actions=4",
        "noise markers=1-D4/1-D5 bag=3",
        rng=rigged((6, 0), (1, 0)),
        alien="alien alien1 Hunter 1-F6 piperun",
    )
    events = game.play("crew", "move okeke 1-D4")  # 1 action spent: alertness 3
    assert Surfaced in kinds(events) and SurpriseAttack not in kinds(events)


@pytest.mark.parametrize("far", ["1-J9", "1-K9"])
def test_n3_silence_reads_the_same_wherever_the_hidden_alien_is_out_of_reach(far: str) -> None:
    """The Hunter 11 steps away does not answer: the crew's events are those of a twin
    whose Hunter hides elsewhere out of reach, and the command is final."""

    def crew_sees(grid: str) -> list[Event]:
        game = galley(
            "crew okeke 1-D5 role=Cook skill=Science actions=1",
            "noise markers=1-D4/1-D5 bag=3",
            rng=rigged((6, 0), (1, 0)),
            alien=f"alien alien1 Hunter {grid} piperun",
        )
        events = game.play("crew", "move okeke 1-D4")
        assert game.can_undo("crew") is not None
        return events_for(events, Viewer.CREW)

    seen = crew_sees(far)
    assert NothingAnswers in kinds(seen)
    assert seen == crew_sees("1-J9")


def test_n3_silence_reads_the_same_whether_the_alien_was_out_of_reach_or_would_not_come() -> None:
    """The crew's and a spectator's events are the same when the Hunter hid 11 steps
    away, and when it hid 4 steps away under ``order ambush off``."""

    def seen(alien: str, *orders: str) -> dict[Viewer, list[Event]]:
        game = galley(
            "crew okeke 1-D5 role=Cook skill=Science actions=1",
            "noise markers=1-D4/1-D5 bag=3",
            *orders,
            rng=rigged((6, 0), (1, 0)),
            alien=alien,
        )
        events = game.play("crew", "move okeke 1-D4")
        assert NothingAnswers in kinds(events)
        return {v: events_for(events, v) for v in (Viewer.CREW, Viewer.SPECTATOR)}

    far = seen("alien alien1 Hunter 1-J9 piperun")
    unwilling = seen("alien alien1 Hunter 1-F6 piperun", "alien-side order-ambush=off")
    assert far == unwilling


def test_n3_the_ambush_order_is_the_aliens_alone_and_only_with_the_variant() -> None:
    game = galley("crew hyun 1-D6 role=Captain skill=Tactical", rng=1)
    assert SetOrder("ambush", False) in legal_commands(
        game.state, Side.ALIEN, game.ship, game.content
    )
    events = game.play("alien", "order ambush off")
    assert [e.audience for e in events] == [Audience.ALIEN] and not game.state.standing.ambush
    assert events_for(events, Viewer.CREW) == [] == events_for(events, Viewer.SPECTATOR)
    plain = scenario_game("scenario\nseed 1\nturn 3 crew\nalien alien1 Hunter 1-J9\nend\n")
    with pytest.raises(GameError, match="no ambush order without the noise variant"):
        plain.play("alien", "order ambush off")


def test_n2_the_blank_as_last_token_marks_every_door_and_brings_a_reserve_token() -> None:
    game = galley(
        "crew okeke 1-D5 role=Cook skill=Science actions=4",
        "noise markers=1-D4/1-D5 bag=Blank",
        rng=rigged((6, 0), (1, 0)),
    )
    events = game.play("crew", "move okeke 1-D4")
    encounter = next(e for e in events if isinstance(e, Encounter))
    assert (encounter.token, encounter.marked, encounter.added) == ("Blank", (GALLEY_DOOR,), "4")
    table = game.state.noise
    assert table is not None and table.markers == {GALLEY_DOOR}
    assert table.bag == ["4", "Blank"] and table.reserve == ["4", "4"]


def test_n4_a_new_pipe_run_returns_the_tokens_set_aside() -> None:
    game = scenario_game(
        "scenario\nseed 1\nvariants noise\nturn 3 alien\nalien alien1 Hunter 1-F6\n"
        "crew hyun 0-E3 role=Captain skill=Tactical\nnoise aside=3,1 bag=Blank\nend\n"
    )
    events = game.play("alien", "piperun alien1")
    assert TokensReturned(tokens=("3", "1")) in events
    assert game.state.noise is not None and game.state.noise.bag == ["1", "3", "Blank"]


def test_a_game_without_the_variant_never_rolls_for_noise() -> None:
    game = scenario_game(
        "scenario\nseed 1\nturn 3 crew\ncrew hyun 1-D6 role=Captain skill=Tactical\n"
        "alien alien1 Hunter 1-J9 piperun\nend\n"
    )
    before = game.state.rng.state
    events = game.play("crew", "move hyun 1-D4")
    assert NoiseRolled not in kinds(events) and game.state.rng.state == before


def hunter_in_the_pipes(rng: int, *lines: str) -> Game:
    body = "\n".join(lines)
    return scenario_game(
        f"scenario\nseed 1\nvariants noise\nrng {rng}\nturn 3 alien\n"
        f"crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-G6 piperun\n"
        f"{body}\nend\n"
    )


def test_n5_n6_a_noisy_crossing_is_the_aliens_at_once_and_heard_as_the_phase_ends() -> None:
    game = hunter_in_the_pipes(rigged((6, 1)))
    moved = game.play("alien", "move alien1 1-H6 1-H7")
    noise = next(e for e in moved if isinstance(e, AlienNoise))
    assert (noise.door, noise.die, noise.noisy) == (LAB_DOOR, 2, True)
    assert noise.audience is Audience.ALIEN
    assert not [e for e in events_for(moved, Viewer.CREW) if isinstance(e, AlienNoise)]
    assert game.can_undo("alien") is not None  # a die was rolled
    ended = game.play("alien", "pass")
    heard = [e for e in events_for(ended, Viewer.SPECTATOR) if isinstance(e, NoiseHeard)]
    assert heard == [NoiseHeard(doors=(LAB_DOOR,))]
    assert game.state.noise is not None and game.state.noise.markers == {LAB_DOOR}
    assert game.state.noise.heard == set()


def test_n5_a_quiet_crossing_and_a_step_through_no_door_are_never_heard() -> None:
    game = hunter_in_the_pipes(rigged((6, 4)))
    game.play("alien", "move alien1 1-H6 1-H7")
    ended = game.play("alien", "pass")
    assert NoiseHeard not in kinds(ended)
    assert game.state.noise is not None and game.state.noise.markers == set()


def test_n5_creeping_costs_an_action_more_at_each_door_declared_move_and_rolls_nothing() -> None:
    """N.5: "With creep the crossing costs 2 actions, declared "Move, Move", and nothing
    is rolled"; the step through no door costs as ever."""
    game = hunter_in_the_pipes(1)
    alien = game.state.alien("alien1")
    before_actions, before_rng = alien.actions, game.state.rng.state
    moved = game.play("alien", "move alien1 1-H6 1-H7 creep")
    assert before_actions - game.state.alien("alien1").actions == 3
    assert game.state.rng.state == before_rng
    assert AlienNoise not in kinds(moved)
    assert game.state.declarations == ["Move", "Move", "Move"]
    ended = game.play("alien", "pass")
    assert NoiseHeard not in kinds(ended)


def test_n5_only_a_pipe_running_alien_of_the_noise_variant_creeps() -> None:
    plain = scenario_game(
        "scenario\nseed 1\nturn 3 alien\ncrew hyun 0-E3 role=Captain skill=Tactical\n"
        "alien alien1 Hunter 1-G6 piperun\nend\n"
    )
    with pytest.raises(GameError, match="noise variant"):
        plain.play("alien", "move alien1 1-H6 1-H7 creep")
    seen = scenario_game(
        "scenario\nseed 1\nvariants noise\nturn 3 alien\n"
        "crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-G6\nend\n"
    )
    with pytest.raises(GameError, match="pipe-running"):
        seen.play("alien", "move alien1 1-H6 1-H7 creep")


def test_n5_a_creeping_move_reads_back_as_written() -> None:
    command = parse("move alien1 1-H6 1-H7 creep")
    assert isinstance(command, Move) and command.creep
    assert parse(str(command)) == command
    assert not cast(Move, parse("move alien1 1-H7")).creep


def test_n6_the_doors_heard_are_told_in_door_order_not_crossing_order() -> None:
    """Two doors heard: told sorted, so the crew cannot time them against the calls."""
    game = hunter_in_the_pipes(1, "noise heard=1-H6/1-H7,1-D4/1-D5 markers=1-C6/1-C7")
    ended = game.play("alien", "pass")
    assert NoiseHeard(doors=("1-D4/1-D5", LAB_DOOR)) in ended


def test_n6_a_door_already_marked_is_not_mentioned_again() -> None:
    game = hunter_in_the_pipes(1, f"noise heard={LAB_DOOR} markers={LAB_DOOR}")
    ended = game.play("alien", "pass")
    assert NoiseHeard not in kinds(ended)


def test_n3_a_humoid_killed_by_a_surprise_attack_mid_move_ends_its_move_where_it_fell() -> None:
    """G.3: a dead Humoid leaves play; the move it was making is still told, to the grid
    where the ambush stopped it (a human could not die during its own move before)."""
    game = galley(
        "crew okeke 1-D5 injured role=Cook skill=Humoid actions=1",
        "noise markers=1-D4/1-D5 bag=4",
        rng=rigged((6, 0), (1, 0), (6, 5)),
        alien="alien alien1 Hunter 1-F6 piperun",
    )
    events = game.play("crew", "move okeke 1-D4")
    assert SurpriseAttack in kinds(events)
    moved = next(e for e in events if isinstance(e, Moved))
    assert str(moved.grid) == "1-D4"
    assert game.state.human("okeke").grid is None  # out of play


def test_views_show_the_markers_and_tokens_to_all_and_the_aliens_secrets_to_it_alone() -> None:
    """Markers and tokens are public; the doors heard before the phase ends and the
    ambush order are the alien's (N.3, N.6), on its map and panel alone."""
    game = hunter_in_the_pipes(
        1, f"noise heard={LAB_DOOR} markers={GALLEY_DOOR} bag=Blank,3 aside=2"
    )
    game.play("alien", "order ambush off")
    seen = {v: view(game.state, v, game.ship, game.content) for v in Viewer}
    for viewer, shown in seen.items():
        assert shown.noise is not None
        assert shown.noise.markers == (GALLEY_DOOR,) == shown.board.noise
        assert (shown.noise.bag, shown.noise.aside) == (("3", "Blank"), ("2",))
        secret = viewer in (Viewer.ALIEN, Viewer.REFEREE)
        assert shown.noise.heard == ((LAB_DOOR,) if secret else ())
        assert shown.noise.ambush == (False if secret else None)


def test_views_of_a_game_without_the_variant_have_no_noise_table() -> None:
    game = scenario_game(
        "scenario\nseed 1\nturn 3 crew\ncrew hyun 1-D6 role=Captain skill=Tactical\nend\n"
    )
    shown = view(game.state, Viewer.CREW, game.ship, game.content)
    assert shown.noise is None and shown.board.noise == ()


@pytest.mark.parametrize(
    ("alien", "order"),
    [
        ("alien alien1 Hunter 1-G6 piperun", None),
        ("alien alien1 Hunter 1-G6 piperun injured", "order ambush off"),
        ("alien alien1 Larva 1-G6 piperun", "order ambush off"),
    ],
)
def test_n3_the_hard_alien_answers_calls_only_while_well_and_at_least_a_hunter(
    alien: str, order: str | None
) -> None:
    """The design's minimum AI: "The hard alien keeps `ambush on` while it is well and
    at least a Hunter"; otherwise its first decision is to turn the order off."""
    game = scenario_game(
        "scenario\nseed 1\nvariants noise\nturn 3 alien\n"
        f"crew hyun 0-E3 role=Captain skill=Tactical\n{alien}\nend\n"
    )
    chosen = decide(game.state, Side.ALIEN, HardAlien(), game.ship, game.content, Rng(3))
    if order is None:
        assert not isinstance(chosen, SetOrder)
    else:
        assert str(chosen) == order
        game.play("alien", chosen)
        again = decide(game.state, Side.ALIEN, HardAlien(), game.ship, game.content, Rng(3))
        assert not isinstance(again, SetOrder)  # given once, not again


@pytest.mark.parametrize(
    ("markers", "alien", "costs"),
    [
        (GALLEY_DOOR, "1-F6 piperun", True),  # a marked door, the alien may be in reach
        ("none", "1-F6 piperun", False),  # no marker on the Galley's door
        (GALLEY_DOOR, "0-E3", False),  # the alien is in sight, another deck away
    ],
)
def test_the_hard_crew_shuns_a_room_with_a_marked_door_while_the_alien_may_be_near(
    markers: str, alien: str, costs: bool
) -> None:
    """The design's minimum AI: "The hard crew prefers rooms whose doors carry no
    marker when the belief says the alien is within 6" (N.2: a marked door named by the
    die is an encounter)."""
    game = scenario_game(
        f"scenario\nseed 1\nvariants noise\nturn 3 crew\n"
        f"crew hyun 1-D6 role=Captain skill=Tactical\nalien alien1 Hunter {alien}\n"
        f"noise markers={markers}\nend\n"
    )
    seen = view(game.state, Viewer.CREW, game.ship, game.content)
    crew = HardCrew()
    hyun = next(h for h in seen.crew if h.id == "hyun")
    plan = crew.planner(seen, game.ship, game.content)(hyun)
    into, past = Move("hyun", (Grid.parse("1-D4"),)), Move("hyun", (Grid.parse("1-D5"),))
    assert (plan.score(into) < plan._score(into)) is costs
    assert plan.score(past) == plan._score(past)  # the corridor has no such door


def test_n5_the_lists_offer_a_creep_through_a_door_only_to_a_hidden_alien_of_the_variant() -> None:
    """N.5: a creeping step is legal, and offered, where a door that can hold noise is
    crossed; never without the variant nor to an alien in the open."""
    creep = Move("alien1", (Grid.parse("1-H7"),), creep=True)
    game = hunter_in_the_pipes(1)
    game.play("alien", "move alien1 1-H6")
    assert creep in legal_commands(game.state, Side.ALIEN, game.ship, game.content)
    assert Move("alien1", (Grid.parse("1-G6"),), creep=True) not in legal_commands(
        game.state, Side.ALIEN, game.ship, game.content
    )  # no door between
    plain = scenario_game(
        "scenario\nseed 1\nturn 3 alien\ncrew hyun 0-E3 role=Captain skill=Tactical\n"
        "alien alien1 Hunter 1-H6 piperun\nend\n"
    )
    assert creep not in legal_commands(plain.state, Side.ALIEN, plain.ship, plain.content)


@pytest.mark.parametrize(("size", "more"), [(8, 1), (200, -1)])
def test_n5_the_hard_alien_creeps_when_the_crew_has_it_nearly_pinned_down(
    size: int, more: int
) -> None:
    """The design's minimum AI: the hard alien "creeps when the belief is narrow": a
    creeping step scores one above the same step made aloud then, one below otherwise."""
    game = hunter_in_the_pipes(1)
    game.play("alien", "move alien1 1-H6")
    seen = view(game.state, Viewer.ALIEN, game.ship, game.content)
    hard = HardAlien()
    hard.belief = Belief(game.ship)
    hard.belief.where["alien1"] = frozenset(sorted(game.ship.cells)[:size])
    line = next(a for a in seen.aliens if a.id == "alien1")
    plan = hard.planner(seen, game.ship, game.content)(line)
    to = (Grid.parse("1-H7"),)
    assert plan.score(Move("alien1", to, creep=True)) == plan.score(Move("alien1", to)) + more


def test_the_untaught_hard_alien_leaves_the_ambush_order_and_never_creeps() -> None:
    """The balance gate's null arm (README, "Variants"): a hard alien not taught the
    variant gives no ambush order, hurt or not, and scores a creep below the same step
    aloud even when nearly pinned down; taught, it would do both."""
    game = scenario_game(
        "scenario\nseed 1\nvariants noise\nturn 3 alien\n"
        "crew hyun 0-E3 role=Captain skill=Tactical\nalien alien1 Hunter 1-G6 piperun injured\n"
        "end\n"
    )
    untaught = HardAlien(taught=False)
    chosen = decide(game.state, Side.ALIEN, untaught, game.ship, game.content, Rng(3))
    assert not isinstance(chosen, SetOrder)
    taught = decide(game.state, Side.ALIEN, HardAlien(), game.ship, game.content, Rng(3))
    assert str(taught) == "order ambush off"
    game = hunter_in_the_pipes(1)
    game.play("alien", "move alien1 1-H6")
    seen = view(game.state, Viewer.ALIEN, game.ship, game.content)
    line = next(a for a in seen.aliens if a.id == "alien1")
    to = (Grid.parse("1-H7"),)
    for taught_it, more in ((True, 1), (False, -1)):
        hard = HardAlien(taught=taught_it)
        hard.belief = Belief(game.ship)
        hard.belief.where["alien1"] = frozenset(sorted(game.ship.cells)[:8])
        plan = hard.planner(seen, game.ship, game.content)(line)
        assert plan.score(Move("alien1", to, creep=True)) == plan.score(Move("alien1", to)) + more


def test_the_untaught_hard_crew_walks_into_a_room_with_a_marked_door_as_into_any() -> None:
    """The null arm's crew: the marker that makes the taught hard crew shun a room
    (an encounter if the die names that door, N.2) costs the untaught one nothing."""
    game = scenario_game(
        f"scenario\nseed 1\nvariants noise\nturn 3 crew\n"
        f"crew hyun 1-D6 role=Captain skill=Tactical\nalien alien1 Hunter 1-F6 piperun\n"
        f"noise markers={GALLEY_DOOR}\nend\n"
    )
    seen = view(game.state, Viewer.CREW, game.ship, game.content)
    hyun = next(h for h in seen.crew if h.id == "hyun")
    into = Move("hyun", (Grid.parse("1-D4"),))
    plan = HardCrew(taught=False).planner(seen, game.ship, game.content)(hyun)
    assert plan.score(into) == plan._score(into)
    taught = HardCrew().planner(seen, game.ship, game.content)(hyun)
    assert taught.score(into) < taught._score(into)


def test_the_untaught_levels_are_the_normal_and_hard_players_the_expert_always_knows() -> None:
    assert player_for(Side.CREW, "hard", taught=False).taught is False  # type: ignore[union-attr]
    assert player_for(Side.ALIEN, "normal", taught=False).taught is False  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="always know the variants"):
        player_for(Side.ALIEN, "expert", taught=False)
