"""The knowledge audit: what a side may do must follow from what it knows.

A side's legal commands, its refusals and the hints they carry are public to that
side (the bot turns them into autocomplete lists, buttons and error messages), so
they must be a function of the side's :func:`~engine.views.view`. This module builds
*twins* of a position: states that differ only in the other side's secrets and that
the side's view cannot tell apart (a hidden alien moved to another grid, the crew's
face-down markers shuffled), and compares what the side may do in each. Tests and
``benchmarks/secrecy_audit.py`` run it over many positions; any difference is a leak.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from engine import commands as c
from engine.board.geometry import Mover, reachable
from engine.board.grid import Grid
from engine.board.ship import Ship
from engine.content import Content
from engine.content_models import Ability
from engine.dice import Rng
from engine.emergencies.rules import redeal_face_down
from engine.errors import GameError
from engine.events import Event
from engine.game import Game
from engine.legal import candidates, legal_commands, ready_units, refusal
from engine.physiology import rules as physiology
from engine.players.alien_ai import alien_ai
from engine.players.base import acting_side, decide
from engine.players.crew_ai import crew_ai
from engine.random_player import choose
from engine.state import Condition, GameState, Phase, Side
from engine.units import SUPPLIES, held_abilities
from engine.variants import load_variants
from engine.views import events_for, view


@dataclass(frozen=True)
class Difference:
    """One leak: the same command judged differently in two indistinguishable twins."""

    side: Side
    what: str  # "legal list" or the command whose refusal differs
    here: str
    there: str


def alien_twins(state: GameState, ship: Ship, rng: Rng, count: int) -> list[GameState]:
    """Up to ``count`` copies of ``state`` with the alien's secrets dealt otherwise: each
    hidden alien somewhere else the crew cannot rule out from its view (the end of its
    secret route moved to another grid), and ability markers still face down swapped for
    others the alien player does not hold; with the noise variant, its ambush order."""
    runners = [a for a in state.pipe_runners() if len(a.run_path) > 1 and a.grid is not None]
    twins: list[GameState] = []
    for _ in range(count * 3):
        twin = state.clone()
        _redeal_hidden_abilities(twin, rng)
        if twin.noise is not None:  # the noise variant's standing order (N.3)
            twin.standing.ambush = rng.below(2) == 0
        redeal_face_down(twin, ship, rng)  # the emergencies variant: hidden from everyone
        physiology.redeal(twin, rng, keep_studied=True)  # P.1: face down to the crew too
        _redeal_raid_orders(twin, Side.ALIEN, rng)
        for alien in runners:
            moved = twin.alien(alien.id)
            grid = _somewhere_else(twin, ship, moved.path[-2], rng)
            if grid is None:
                break
            moved.grid = grid
            moved.path[-1] = grid
        else:
            twins.append(twin)
        if len(twins) == count:
            break
    return twins


def _redeal_hidden_abilities(state: GameState, rng: Rng) -> None:
    shown = state.alien_secrets.revealed_abilities
    spare = [a.value for a in Ability if a.value not in held_abilities(state)]
    for alien in state.aliens.values():
        for index, marker in enumerate(alien.abilities):
            if marker not in shown and spare:
                alien.abilities[index] = spare.pop(rng.below(len(spare)))
                _rename_damaged(state, alien.id, marker, alien.abilities[index])


def _rename_damaged(state: GameState, alien_id: str, old: str, new: str) -> None:
    """The raids variant: a face-down marker the Opari damaged stays damaged whatever it
    is (R.5: the crew reads "one face-down ability damaged")."""
    damaged = state.raids.abilities.get(alien_id, []) if state.raids is not None else []
    if old in damaged:
        damaged[damaged.index(old)] = new


def _redeal_raid_orders(state: GameState, side: Side, rng: Rng) -> None:
    """The raids variant: ``side``'s standing orders (R.3(d), R.5) dealt at random; the
    other side never sees them."""
    table = state.raids
    if table is None:
        return
    if side is Side.CREW:
        table.crew_bunker = rng.below(2) == 0
        worlds = list(load_variants().raids.worlds)
        table.crew_damage = rng.shuffled(worlds)[: rng.below(len(worlds) + 1)]
        return
    table.alien_bunker = rng.below(2) == 0
    held = [a for alien in state.aliens.values() for a in alien.abilities]
    table.alien_damage = rng.shuffled(held)[: rng.below(len(held) + 1)]


def _somewhere_else(state: GameState, ship: Ship, before: Grid, rng: Rng) -> Grid | None:
    """A grid one alien move from ``before`` (C.7: the route goes on grid by grid)."""
    nearby = reachable(ship, before, 3, Mover.ALIEN, state.doors)
    occupied = {h.grid for h in state.live_humans() if h.grid is not None}
    options = sorted(g for g in nearby if g not in occupied)
    return options[rng.below(len(options))] if options else None


def crew_twins(state: GameState, rng: Rng, count: int) -> list[GameState]:
    """Copies of ``state`` with the crew's face-down markers dealt differently: gear
    kinds, crate contents, roles and skills the alien has not seen, swapped in pairs."""
    twins = []
    for _ in range(count):
        twin = state.clone()
        _swap_face_down_gear(twin, rng)
        _swap_hidden_roles(twin, rng)
        _redeal_raid_orders(twin, Side.CREW, rng)
        physiology.redeal(twin, rng, keep_studied=False)  # P.4: the crew's study, too
        twins.append(twin)
    return twins


def _swap_face_down_gear(state: GameState, rng: Rng) -> None:
    hidden = [i for i in state.items.values() if "alien" not in i.examined_by]
    gear = [i for i in hidden if i.kind != SUPPLIES and not i.active]
    crates = [i for i in hidden if i.kind == SUPPLIES]
    for group, field in ((gear, "kind"), (crates, "supply")):
        if len(group) > 1:
            a, b = rng.below(len(group)), rng.below(len(group))
            first, second = group[a], group[b]
            value = getattr(first, field)
            setattr(first, field, getattr(second, field))
            setattr(second, field, value)


def _swap_hidden_roles(state: GameState, rng: Rng) -> None:
    """Roles among any humans; skill markers only among the living and conscious, since
    a Humoid is never a cadaver nor unconscious (G.3): such a twin could not exist."""
    awake = (Condition.WELL, Condition.INJURED)
    for mark, field in (("role", "role"), ("skill", "skill_marker")):
        unseen = [
            h
            for h in state.humans.values()
            if mark not in h.revealed and h.role and (mark == "role" or h.condition in awake)
        ]
        if len(unseen) > 1:
            first = unseen[rng.below(len(unseen))]
            second = unseen[rng.below(len(unseen))]
            value = getattr(first, field)
            setattr(first, field, getattr(second, field))
            setattr(second, field, value)


def same_view(a: GameState, b: GameState, side: Side, ship: Ship, content: Content) -> bool:
    return view(a, side.value, ship, content) == view(b, side.value, ship, content)


def compare(
    state: GameState, twin: GameState, side: Side, ship: Ship, content: Content, rng: Rng
) -> list[Difference]:
    """How ``side``'s options differ between two positions it cannot tell apart."""
    here = legal_commands(state, side, ship, content)
    there = legal_commands(twin, side, ship, content)
    if here != there:
        return [_list_difference(side, here, there)]
    found = []
    for command in _probes(state, twin, side, ship, content, rng):
        a, b = (
            _refusal_text(state, side, command, ship, content),
            _refusal_text(twin, side, command, ship, content),
        )
        if a != b:
            found.append(Difference(side, command.notation(), a, b))
    return found


def _list_difference(side: Side, here: list[c.Command], there: list[c.Command]) -> Difference:
    only_here = sorted(x.notation() for x in set(here) - set(there))
    only_there = sorted(x.notation() for x in set(there) - set(here))
    return Difference(side, "legal list", ", ".join(only_here), ", ".join(only_there))


def _refusal_text(
    state: GameState, side: Side, command: c.Command, ship: Ship, content: Content
) -> str:
    error = refusal(state, side, command, ship, content)
    return "accepted" if error is None else error.describe()


def _probes(
    state: GameState, twin: GameState, side: Side, ship: Ship, content: Content, rng: Rng
) -> Iterator[c.Command]:
    """Commands worth refusing in both twins: a sample of each side's candidates, and
    orders aimed where a hidden alien is in either twin."""
    pool = candidates(state, side, ship, content) + candidates(twin, side, ship, content)
    for _ in range(min(6, len(pool))):
        yield pool[rng.below(len(pool))]
    if state.phase is Phase.ALIEN and side is Side.ALIEN:
        yield from _alien_probes(state, twin)
    if side is not Side.CREW or state.phase is not Phase.CREW:
        return
    secret = {a.grid for s in (state, twin) for a in s.pipe_runners() if a.grid is not None}
    for unit in ready_units(state, side)[:2]:
        for grid in sorted(secret):
            yield c.Move(unit, (grid,))
            yield c.Attack(unit, str(grid))
        yield c.Search(unit, 1)
        yield c.Search(unit, 9)
        yield from (c.Attack(unit, alien) for alien in state.aliens)


def _alien_probes(state: GameState, twin: GameState) -> Iterator[c.Command]:
    """Gear named by kind where the markers lie face-down (C.3)."""
    for alien in ready_units(state, Side.ALIEN):
        here = state.unit_grid(alien)
        kinds = {
            i.kind.casefold()
            for s in (state, twin)
            for i in s.items.values()
            if i.grid == here and i.holder is None and i.kind != SUPPLIES
        }
        yield from (c.PickUp(alien, (kind,)) for kind in sorted(kinds))


def audit_position(
    state: GameState, ship: Ship, content: Content, rng: Rng, twins: int = 2
) -> tuple[int, list[Difference]]:
    """Compare the acting side's options with those in a few indistinguishable twins.
    Returns how many pairs were compared and every difference found."""
    if state.phase is Phase.CREW:
        side, made = Side.CREW, alien_twins(state, ship, rng, twins)
    elif state.phase is Phase.ALIEN:
        side, made = Side.ALIEN, crew_twins(state, rng, twins)
    else:
        return 0, []
    pairs, found = 0, []
    for twin in made:
        if not same_view(state, twin, side, ship, content):
            continue
        pairs += 1
        found += compare(state, twin, side, ship, content, rng)
    return pairs, found


# --- the undo audit: a command that may be taken back told its side nothing ------------
def relocations(
    state: GameState, ship: Ship, around: Iterable[Grid], rng: Rng, reach: int = 4
) -> Iterator[GameState]:
    """Copies of ``state`` with the first hidden alien moved to every grid an alien could
    stand on within ``reach`` actions of ``around`` and free of human counters (C.7.1),
    its pencil line redrawn to end there; in each, a wound it carried when it vanished
    is healed or not (C.7.3) and its face-down abilities are dealt anew."""
    runners = state.pipe_runners()
    if not runners:
        return
    hidden = runners[0]
    assert hidden.run_start is not None
    crowded = {h.grid for h in state.live_humans() if h.grid is not None}
    grids: set[Grid] = set()
    for origin in around:
        grids |= set(reachable(ship, origin, reach, Mover.ALIEN, state.doors))
    for grid in sorted(grids - crowded):
        twin = state.clone()
        alien = twin.alien(hidden.id)
        start = alien.path[alien.run_start or 0]
        alien.path = [*alien.path[: alien.run_start], start, grid]
        alien.grid = grid
        if alien.injured_when_hidden and rng.below(2):
            alien.injured = False  # healed behind the pipes: only the alien knows
        _redeal_hidden_abilities(twin, rng)
        yield twin


def redeals(state: GameState, rng: Rng, count: int) -> list[GameState]:
    """Copies of ``state`` with every crew secret the alien has not seen dealt anew:
    face-down gear kinds and crate contents shuffled among their markers, roles and
    skill markers among the humans whose marker is still face-down (a skill marker only
    among the living and conscious: a Humoid is never a cadaver nor unconscious, G.3)."""
    twins = []
    for _ in range(count):
        twin = state.clone()
        hidden = [i for i in twin.items.values() if "alien" not in i.examined_by]
        gear = [i for i in hidden if i.kind != SUPPLIES and not i.active and not i.in_locker]
        crates = [i for i in hidden if i.kind == SUPPLIES]
        _shuffle_field(gear, "kind", rng)
        _shuffle_field(crates, "supply", rng)
        awake = (Condition.WELL, Condition.INJURED)
        roles = [h for h in twin.humans.values() if h.role and "role" not in h.revealed]
        skills = [
            h
            for h in twin.humans.values()
            if h.skill_marker and "skill" not in h.revealed and h.condition in awake
        ]
        _shuffle_field(roles, "role", rng)
        _shuffle_field(skills, "skill_marker", rng)
        twins.append(twin)
    return twins


def _shuffle_field(things: Sequence[object], name: str, rng: Rng) -> None:
    values = rng.shuffled([getattr(t, name) for t in things])
    for thing, value in zip(things, values, strict=True):
        setattr(thing, name, value)


def undo_leaks(
    state: GameState,
    side: Side,
    commands: Iterable[c.Command],
    twins: Iterable[GameState],
    ship: Ship,
    content: Content,
) -> list[Difference]:
    """Every command ``side`` could still take back here that would have told it
    something: its events, its view after it, or whether it may be undone differ in a
    twin that ``side``'s view cannot tell from ``state``."""
    found: list[Difference] = []
    kept = [t for t in twins if same_view(state, t, side, ship, content)]
    for command in commands:
        game = Game(state.seed, ship, content, state.clone())
        mine = _outcome(game, side, command)
        if game.can_undo(side) is not None:
            continue
        for twin in kept:
            there = _outcome(Game(twin.seed, ship, content, twin.clone()), side, command)
            if there != mine:
                here_line, there_line = _first_difference(mine, there)
                found.append(Difference(side, command.notation(), here_line, there_line))
                break
    return found


def _outcome(game: Game, side: Side, command: c.Command) -> str:
    """What ``side`` learns from playing ``command``: its events, its view after, and
    whether it may take the command back."""
    try:
        events: list[Event] = game.play(side, command)
    except GameError as err:
        return f"refused: {err.describe()}"
    told = [repr(e) for e in events_for(events, side)]  # every field of every record
    seen = view(game.state, side.value, game.ship, game.content).to_json()
    undo = str(game.can_undo(side) or "undoable")
    return "\n".join([*told, seen, undo])


def _first_difference(a: str, b: str) -> tuple[str, str]:
    lines_a, lines_b = a.splitlines(), b.splitlines()
    for x, y in zip(lines_a, lines_b, strict=False):
        if x != y:
            return x[:400], y[:400]
    return "\n".join(lines_a[len(lines_b) :])[:400], "\n".join(lines_b[len(lines_a) :])[:400]


def describe(difference: Difference) -> str:
    return (
        f"{difference.side.value}: {difference.what}\n  one twin: {difference.here}\n"
        f"  the other: {difference.there}"
    )


def audit_playout(
    seed: int,
    *,
    ai: bool,
    every: int = 3,
    twins: int = 2,
    last_turn: int = 30,
    variants: frozenset[str] = frozenset(),
) -> tuple[int, list[Difference]]:
    """Play a seeded game with ``variants`` (random legal players, or the game-controlled
    ones) and audit every ``every``-th position; (pairs compared, differences found).
    Twins are copies of the state, so they keep its variants."""
    game = Game.new(seed, variants=variants)
    rng, player = Rng(seed ^ 0xA0D1), Rng(seed ^ 0x5EED)
    players = {Side.CREW: crew_ai, Side.ALIEN: alien_ai}
    pairs, found, step = 0, [], 0
    while game.state.phase is not Phase.OVER and game.state.turn <= last_turn:
        side = acting_side(game.state)
        if ai:
            command = decide(game.state, side, players[side], game.ship, game.content, player)
        else:
            choice = choose(game.state, side, game.ship, game.content, player, patient=True)
            assert choice is not None, f"seed {seed}: {side.value} has no legal command"
            command = choice
        game.play(side, command)
        step += 1
        if step % every == 0:
            n, diffs = audit_position(game.state, game.ship, game.content, rng, twins)
            pairs += n
            found += diffs
    return pairs, found
