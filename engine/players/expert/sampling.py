"""Sampling the hidden alien from the crew's belief, weighted.

The belief (:mod:`engine.players.belief`) is a set of grids: where each hidden alien
*can* be. Not every grid is as likely: a pipe-running alien is tallied when a human
walks into its grid (C.7.2) and found by searches from grids in sight (C.8), so one that
plays well keeps away from the humans. :class:`Hidden` weighs each grid by a named rule
(:class:`~engine.players.expert.params.Weighting`) and draws one world's grids from it;
``benchmarks/bench_players.py`` measures the rules against each other.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.board.geometry import Mover
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.dice import Rng
from engine.players.expert.params import SearchParams, Weighting
from engine.players.tactics import FAR, distances
from engine.views import View


class Hidden:
    """Weighted grids for each hidden alien, made once per decision."""

    def __init__(
        self,
        view: View,
        possible: Mapping[str, frozenset[Grid]],
        ship: Ship,
        params: SearchParams,
    ) -> None:
        humans = [
            Grid.parse(h.grid)
            for h in view.crew
            if h.grid and h.fate == "aboard" and h.condition in ("well", "injured")
        ]
        self.table: dict[str, tuple[list[Grid], list[int]]] = {}
        for alien_id, grids in sorted(possible.items()):
            ordered = sorted(grids)
            if not ordered:
                continue
            weights = [_weight(g, humans, ship, view, params) for g in ordered]
            self.table[alien_id] = (ordered, weights)

    def draw(self, rng: Rng) -> dict[str, Grid]:
        """One grid for each hidden alien, in proportion to its weight."""
        out: dict[str, Grid] = {}
        for alien_id, (grids, weights) in self.table.items():
            pick = rng.below(sum(weights))
            for grid, weight in zip(grids, weights, strict=True):
                if pick < weight:
                    out[alien_id] = grid
                    break
                pick -= weight
        return out

    def share(self, alien_id: str, grids: set[Grid]) -> float:
        """The weighted chance the alien is in one of ``grids`` (for the advisor)."""
        found = self.table.get(alien_id)
        if found is None:
            return 0.0
        total = sum(found[1])
        return sum(w for g, w in zip(*found, strict=True) if g in grids) / total


def _weight(grid: Grid, humans: list[Grid], ship: Ship, view: View, params: SearchParams) -> int:
    if params.weighting is Weighting.UNIFORM or not humans:
        return 1
    walk = distances(ship, grid, Mover.HUMAN, view.board.doors)
    nearest = min((walk.get(h, FAR) for h in humans), default=FAR)
    return 1 + min(nearest, params.far_cap)
