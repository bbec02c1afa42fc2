"""The `expert` level: the `hard` players with an information-set search.

One module per concern: :mod:`params` (the budget and every named parameter),
:mod:`sampling` (the weighted belief), :mod:`worlds` (a determinisation from a view),
:mod:`choices` (where a search pays and its candidates), :mod:`rollout` (the `normal`
players playing a world on), :mod:`value` (a position's worth), :mod:`search` (the
search itself) and :mod:`players` (the two players).
"""

from engine.players.expert.params import BENCH, PLAY, Budget, SearchParams, Weighting
from engine.players.expert.players import Decision, ExpertAlien, ExpertCrew

__all__ = [
    "BENCH",
    "PLAY",
    "Budget",
    "Decision",
    "ExpertAlien",
    "ExpertCrew",
    "SearchParams",
    "Weighting",
]
