"""Checks that must hold after every command; the playout tests and the soak script
run them. Each returns a list of violations (empty when all is well)."""

from __future__ import annotations

from collections import Counter

from engine.board.ship import Ship
from engine.content import Content
from engine.state import Fate, GameState
from engine.units import burden, capacity, held_abilities
from engine.views import view


def check_invariants(state: GameState, ship: Ship, content: Content) -> list[str]:
    return [
        *_positions(state, ship),
        *_stacking(state, content),
        *_burdens(state, content),
        *_actions(state),
        *_secrets(state, ship, content),
        *_abilities(state),
        *_energy(state),
    ]


def _energy(state: GameState) -> list[str]:
    """C.10.1, D.5: each alien carries its own stores, never fewer than none, and a
    dead alien none at all."""
    return [
        f"{a.id} carries {a.energy} energy stores"
        for a in state.aliens.values()
        if a.energy < 0 or (a.dead and a.energy)
    ]


def _abilities(state: GameState) -> list[str]:
    """Each ability marker is held once, by one alien or in the alien player's hand (G.4)."""
    held = held_abilities(state)
    return [f"ability markers held twice: {held}"] if len(held) != len(set(held)) else []


def _positions(state: GameState, ship: Ship) -> list[str]:
    """Every unit and marker in play is in exactly one place, and inside the hull."""
    problems = []
    for human in state.humans.values():
        if human.fate is not Fate.ABOARD or (human.grid is None and human.holder is None):
            continue
        if (human.grid is None) == (human.holder is None):
            problems.append(f"{human.id} is both lying somewhere and carried")
        elif human.grid is not None and human.grid not in ship:
            problems.append(f"{human.id} is inside a wall at {human.grid}")
    for alien in state.live_aliens():
        if alien.grid not in ship:
            problems.append(f"{alien.id} is inside a wall at {alien.grid}")
    for item in state.items.values():
        if (item.grid is None) == (item.holder is None):
            problems.append(f"{item.id} has no single place")
    return problems


def _stacking(state: GameState, content: Content) -> list[str]:
    """C.6: at most four human counters in a grid."""
    counts = Counter(
        h.grid for h in state.humans.values() if h.fate is Fate.ABOARD and h.grid is not None
    )
    limit = content.human_stats.per_grid
    return [f"{n} humans in {g}" for g, n in counts.items() if n > limit]


def _burdens(state: GameState, content: Content) -> list[str]:
    """E.3.1: nobody carries more items or dots than allowed."""
    problems = []
    for unit_id in [*state.humans, *state.aliens]:
        items, dots = burden(state, content, unit_id)
        most_items, most_dots = capacity(state, content, unit_id)
        if items > most_items or dots > most_dots:
            problems.append(f"{unit_id} carries {items} items / {dots} dots")
    return problems


def _actions(state: GameState) -> list[str]:
    counts = [(h.id, h.actions) for h in state.humans.values()]
    counts += [(a.id, a.actions) for a in state.aliens.values()]
    return [f"{unit} has {n} actions" for unit, n in counts if n < 0]


def _secrets(state: GameState, ship: Ship, content: Content) -> list[str]:
    """The crew's view holds no trace of a pipe-runner's grid (C.7). (Spectators see
    less than the crew; ``tests/engine/test_views.py`` checks their view property-wise.)"""
    problems: list[str] = []
    runners = {a.id for a in state.pipe_runners()}
    if not runners:
        return problems
    for viewer in ("crew",):
        seen = view(state, viewer, ship, content)
        if any(u.id in runners for u in seen.board.units) or seen.board.path:
            problems.append(f"the {viewer} map shows a pipe-running alien")
        if any(line.grid for line in seen.aliens if line.id in runners):
            problems.append(f"the {viewer} view names a pipe-runner's grid")
        hidden = {h.id for h in state.humans.values() if state.hidden_carrier(h.id)}
        shown = [line.id for line in seen.crew if line.grid] + [u.id for u in seen.board.units]
        if hidden & set(shown):
            problems.append(f"the {viewer} view places a body a pipe-runner carries")
    return problems
