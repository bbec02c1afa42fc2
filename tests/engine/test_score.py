"""Victory (F, F.1; gaps 6, 22): the human player's points and the band they fall in."""

from __future__ import annotations

import json

import pytest

from engine.board.ship import DoorState
from engine.content_models import Outcome, ScoreItem, ShipSystem
from engine.score import Score, final_score, score
from engine.state import Condition, Fate, GameState, Phase
from engine.views import view
from tests.engine.escape.test_sabotage import nexus_position, pass_phases
from tests.positions import CONTENT, SHIP, Beast, Crew, door_id, play, position


def finished(state: GameState) -> GameState:
    state.phase = Phase.OVER
    return state


def subtotals(result: Score) -> dict[ScoreItem, tuple[int, int, int]]:
    return {line.item: (line.count, line.points, line.subtotal) for line in result.lines}


def test_f1_score_lines_and_bands() -> None:
    state = position(
        {
            "hyun": Crew("0-W5"),
            "ortiz": Crew("0-W5", condition=Condition.INJURED),
            "okeke": Crew("0-W6", condition=Condition.UNCONSCIOUS),
            "tanaka": Crew("0-W7"),
            "mehta": Crew("0-W7", condition=Condition.DECEASED),
            "nguyen": Crew("0-W7"),
        }
    )
    state.humans["tanaka"].fate, state.humans["tanaka"].grid = Fate.ESCAPED, None
    nguyen = state.humans["nguyen"]  # blown out of the Air Lock
    nguyen.fate, nguyen.condition, nguyen.grid = Fate.LOST, Condition.DECEASED, None
    state.autopsies, state.royal_mutations = 2, 1
    result = score(finished(state), CONTENT)
    assert subtotals(result) == {
        ScoreItem.HUMAN_ABOARD: (3, 2, 6),  # injured and unconscious humans are alive
        ScoreItem.HUMAN_IN_POD: (1, 1, 1),
        ScoreItem.AUTOPSY: (2, 1, 2),
        ScoreItem.ROYAL_MUTATION: (1, -1, -1),
        ScoreItem.AGENT_SURVIVES: (0, -4, 0),
    }
    assert result.lines[0].label == "per human who survives aboard the Quicksilver"
    assert result.total == 8
    assert (result.band, result.outcome) == ("Draw", Outcome.DRAW)


@pytest.mark.parametrize(
    ("autopsies", "band", "outcome"),
    [
        (16, "Decisive Human Victory", Outcome.DECISIVE_HUMAN),  # gap 6: 16 is decisive
        (15, "Marginal Human Victory", Outcome.MARGINAL_HUMAN),
        (12, "Marginal Human Victory", Outcome.MARGINAL_HUMAN),
        (11, "Draw", Outcome.DRAW),
        (7, "Marginal Alien Victory", Outcome.MARGINAL_ALIEN),
        (4, "Marginal Alien Victory", Outcome.MARGINAL_ALIEN),
        (3, "Decisive Alien Victory", Outcome.DECISIVE_ALIEN),
    ],
)
def test_f1_band_edges(autopsies: int, band: str, outcome: Outcome) -> None:
    state = position({"hyun": Crew("0-W5", condition=Condition.DECEASED)})
    state.autopsies = autopsies
    result = score(finished(state), CONTENT)
    assert (result.total, result.band, result.outcome) == (autopsies, band, outcome)


def test_f1_a_negative_score_is_a_decisive_alien_victory() -> None:
    state = position({"hyun": Crew("0-W5", skill="Agent")})
    state.humans["hyun"].condition = Condition.DECEASED  # the Air Lock, say
    state.royal_mutations = 2
    result = score(finished(state), CONTENT)
    assert result.total == -6 and result.outcome is Outcome.DECISIVE_ALIEN


@pytest.mark.parametrize(
    ("how", "costs"),
    [
        ("survives aboard", True),
        ("escapes in a pod", True),
        ("dies another way", True),
        ("lost to space", True),
        ("killed by the alien", False),
    ],
)
def test_f1_agent_not_killed_by_the_alien_costs_four(how: str, costs: bool) -> None:
    state = position({"hyun": Crew("0-W5", skill="Agent"), "ortiz": Crew("0-W5")})
    agent = state.humans["hyun"]
    if how == "escapes in a pod":
        agent.fate, agent.grid = Fate.ESCAPED, None
    elif how == "dies another way":
        agent.condition = Condition.DECEASED
    elif how == "lost to space":
        agent.condition, agent.fate, agent.grid = Condition.DECEASED, Fate.LOST, None
    elif how == "killed by the alien":
        agent.condition, agent.killed_by_alien = Condition.DECEASED, True
    lines = subtotals(score(finished(state), CONTENT))
    assert lines[ScoreItem.AGENT_SURVIVES] == ((1, -4, -4) if costs else (0, -4, 0))


def test_f1_an_agent_the_alien_kills_in_play_costs_nothing() -> None:
    state = position(
        {"hyun": Crew("0-W5", skill="Agent", condition=Condition.INJURED)},
        Beast("0-W5"),
        phase=Phase.ALIEN,
        dice=(6,),
    )
    after, _ = play(state, "alien", "attack alien1 0-W5")
    assert after.phase is Phase.OVER and after.humans["hyun"].killed_by_alien
    result = score(after, CONTENT)
    assert subtotals(result)[ScoreItem.AGENT_SURVIVES] == (0, -4, 0)
    assert result.total == 0


AIRLOCK_SHUT = {door_id("2-F4", "2-F5"): DoorState.CLOSED, "2-E3/space": DoorState.CLOSED}


def test_f1_g3_an_agent_a_clever_alien_blows_out_of_the_air_lock_costs_nothing() -> None:
    """F.1: "-4 If a human with the Agent skill is not killed by an alien"; G.3: "If the
    Agent survives the game". A Clever alien at the Air Lock Controls (G.4: "Clever
    aliens may open and close doors") opening the outer door on the Agent has killed
    her: neither text asks for the four points."""
    crew = {"hyun": Crew("2-E4", skill="Agent"), "okeke": Crew("0-W6")}
    clever = Beast("2-F5", abilities=("Clever",))  # the Air Lock Controls
    state = position(crew, clever, phase=Phase.ALIEN, doors=AIRLOCK_SHUT)
    after, _ = play(state, "alien", "open alien1 outer")
    agent = after.humans["hyun"]
    assert agent.fate is Fate.LOST and agent.killed_by_alien
    assert subtotals(score(finished(after), CONTENT))[ScoreItem.AGENT_SURVIVES] == (0, -4, 0)


def test_f1_an_agent_the_alien_vents_by_smashing_the_outer_door_costs_nothing() -> None:
    crew = {"hyun": Crew("2-E4", skill="Agent"), "okeke": Crew("0-W6")}
    state = position(crew, Beast("2-E3"), phase=Phase.ALIEN, dice=(6,), doors=AIRLOCK_SHUT)
    after, _ = play(state, "alien", "attack alien1 door n +5")  # it goes out too
    assert after.humans["hyun"].fate is Fate.LOST and after.humans["hyun"].killed_by_alien
    assert subtotals(score(finished(after), CONTENT))[ScoreItem.AGENT_SURVIVES] == (0, -4, 0)


def test_f1_an_agent_the_crew_blows_out_of_the_air_lock_still_costs_four() -> None:
    """The crew opening the outer door kills its own Agent: not an alien's kill (F.1)."""
    crew = {"hyun": Crew("2-E4", skill="Agent"), "ortiz": Crew("2-F5")}
    state = position(crew, doors=AIRLOCK_SHUT)
    after, _ = play(state, "crew", "open ortiz outer")
    assert after.humans["hyun"].fate is Fate.LOST and not after.humans["hyun"].killed_by_alien
    assert subtotals(score(finished(after), CONTENT))[ScoreItem.AGENT_SURVIVES] == (1, -4, -4)


def test_f1_c91_an_agent_killed_in_the_crash_the_alien_caused_costs_nothing() -> None:
    """F.1: "-4 If a human with the Agent skill is not killed by an alien"; G.3: "If the
    Agent survives the game". Only the alien damages a nexus (C.9), so the crash is its
    kill: the Agent neither survives nor dies by the crew's hand."""
    crew = {"hyun": Crew("0-W5", skill="Agent"), "okeke": Crew("0-W6")}
    state, _ = nexus_position(
        ShipSystem.G_CORE_DRIVE, phase=Phase.CREW, crew=crew, rotated=3, alien_at_nexus=False
    )
    state.humans["okeke"].fate, state.humans["okeke"].grid = Fate.ESCAPED, None
    after, _ = pass_phases(state, 1)
    assert after.ship_destroyed == ["G-Core Drive"]
    result = score(after, CONTENT)
    assert subtotals(result)[ScoreItem.HUMAN_IN_POD] == (1, 1, 1)
    assert subtotals(result)[ScoreItem.AGENT_SURVIVES] == (0, -4, 0)
    assert after.humans["hyun"].killed_by_alien and result.total == 1


def test_f1_the_score_is_shown_to_everybody_only_at_the_end() -> None:
    state = position({"hyun": Crew("0-W5")}, Beast("0-W5"), dice=(6,))
    state.aliens["alien1"].injured = True
    for viewer in ("crew", "alien", "spectator", "referee"):
        assert view(state, viewer, SHIP, CONTENT).score is None
    assert final_score(state, CONTENT) is None
    after, _ = play(state, "crew", "attack hyun alien1")
    assert after.phase is Phase.OVER
    scores = {viewer: view(after, viewer, SHIP, CONTENT).score for viewer in ("crew", "alien")}
    scores["spectator"] = view(after, "spectator", SHIP, CONTENT).score
    assert len(set(scores.values())) == 1
    shown = scores["crew"]
    assert shown is not None and shown.total == 2
    plain = json.loads(view(after, "spectator", SHIP, CONTENT).to_json())["score"]
    assert plain["total"] == 2 and plain["outcome"] == "decisive-alien"
    assert plain["lines"][0]["item"] == "human-aboard"
