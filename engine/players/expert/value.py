"""How good a position is for the crew, as a number from 0 to 1 (the alien's is 1 minus).

A finished game is worth its F.1 band. A position a rollout stops in is valued by the
change, since the search began, of the F.1 points as they would stand (humans alive,
autopsies, royal mutations, Agents) plus what the next turns turn on: a wounded alien
(D.5: a second hit kills it), an alien in plain sight (the crew can reach it), a critical
system counting down (C.9: the ship may be lost). The change goes through a logistic
curve, so a few points either way matter and many matter little more.
"""

from __future__ import annotations

import math

from engine.content import Content
from engine.content_models import Outcome
from engine.score import score
from engine.state import GameState, Phase

BANDS = {
    Outcome.DECISIVE_HUMAN: 1.0,
    Outcome.MARGINAL_HUMAN: 0.8,
    Outcome.DRAW: 0.5,
    Outcome.MARGINAL_ALIEN: 0.2,
    Outcome.DECISIVE_ALIEN: 0.0,
}
HURT = 2.0  # points a live, injured alien is worth to the crew
SEEN = 1.0  # points a live alien in the open is worth to the crew
SABOTAGE = 3.0  # points a critical system counting down costs the crew
SCALE = 2.0  # the change in points that moves the value from 0.5 to about 0.73


def points(state: GameState, content: Content) -> float:
    """The crew's points in ``state``: F.1 as it stands, and what is at stake."""
    total = float(score(state, content).total)
    for alien in state.live_aliens():
        total += HURT * alien.injured + SEEN * (not alien.pipe_running)
    return total - SABOTAGE * len(state.countdown)


def crew_value(state: GameState, before: float, content: Content) -> float:
    """The crew's value of ``state``, a rollout's end, against ``before`` (its points
    where the search began)."""
    if state.phase is Phase.OVER:
        return BANDS[score(state, content).outcome]
    change = points(state, content) - before
    return 1 / (1 + math.exp(-change / SCALE))
