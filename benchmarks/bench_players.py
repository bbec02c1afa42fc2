"""Strength of the game-controlled players over many seeded games.

    .venv/bin/python benchmarks/bench_players.py [GAMES] [TURN_CAP] [PAIRING …]
        [--iterations N] [--seconds S] [--weighting far|uniform] [--rollouts normal|hard]
        [--workers N] [--skip WORD] [--variant ID …] [--untaught]

For each pairing (AI alien vs random crew, AI crew vs random alien, AI vs AI at the
levels easy/hard/expert) it prints the F.1 outcome split (human victory bands, draw,
alien victory bands), games ended vs capped, average turns and games per second, then how
the games ended. A capped game is scored as the position stands at the cap (F.1
applied to it) and counted as capped. Last, the 95th percentile of a `hard` decision
and, where an expert played, of an `expert` decision, with the search budget it used.
Name pairings (e.g. "hard crew vs easy alien") to run only those. ``--variant ID``
(repeatable) plays every game with that optional variant (README, "Variants"), one not
playable yet included (to calibrate it first); the first line says which were on, and
each pairing's last line how often the variant's mechanism fired. ``--untaught`` plays
them with `normal` and `hard` players that ignore the variants (the design's "null-AI"
arm: the gap to the taught arm is what playing a variant well is worth). Every pairing
also prints the tallies a game (C.7.2) and the crew's mean belief (the grids a hidden alien
may be in, :mod:`engine.players.belief`, kept as the hard crew keeps it) at the start of
each crew phase in which an alien hides, with or without a variant.

Games are played in parallel processes (``--workers``, 2 by default: every machine here
has two cores). The expert searches ``--iterations`` a decision (default: the benchmark
budget, smaller than play's, so the three expert pairings finish in reasonable time) and
no time limit unless ``--seconds`` is given, so a run is the same on any machine.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from engine import commands as c
from engine.board.ship import Ship
from engine.content import Content
from engine.content_models import GearKind, Outcome
from engine.dice import Rng, Term
from engine.emergencies.events import (
    Counteracted,
    EmergencyCreated,
    EmergencyCritical,
    EmergencyResolved,
    ShipBreaksUp,
)
from engine.events import Effort, Event, PhaseBegan, Rolled
from engine.fighting.events import Died, Injured
from engine.fighting.regeneration import TokensGained, TokenSpent
from engine.game import Game
from engine.halon.events import Purged, Recharged
from engine.hiding.events import Surfaced, Surfacing
from engine.noise.events import (
    AmbushOrder,
    Encounter,
    NoiseHeard,
    NoiseRolled,
    SurpriseAttack,
)
from engine.physiology.events import (
    CardStudied,
    CardTurnedUp,
    HarmChanged,
    MarkerMutated,
    SensitivityRolled,
)
from engine.players.base import Player, play_game
from engine.players.belief import Belief
from engine.players.expert import BENCH, Budget, SearchParams, Weighting
from engine.players.levels import player_for
from engine.raids.events import Contributed, RaidBegins, RaidDefence
from engine.reactions.events import ReactionDrawn
from engine.rules import apply
from engine.score import raid_lines, score
from engine.state import Phase, Side
from engine.variants import VariantError, known, load_variants
from engine.views import View, events_for, view

HUMAN = {Outcome.DECISIVE_HUMAN, Outcome.MARGINAL_HUMAN}
ALIEN = {Outcome.DECISIVE_ALIEN, Outcome.MARGINAL_ALIEN}
TIMED = ("hard", "expert")  # the levels whose decisions are timed


class Timed:
    """A player whose decisions are timed (and which still sees every event)."""

    def __init__(self, inner: Player, times: list[float]) -> None:
        self.inner, self.side, self.times = inner, getattr(inner, "side", None), times
        self.plans_setup = getattr(inner, "plans_setup", False)  # as its set-up is offered

    def observe(self, events: list[Event], view: View, ship: Ship) -> None:
        self.inner.observe(events, view, ship)  # type: ignore[attr-defined]

    def __call__(
        self, view: View, legal: list[c.Command], ship: Ship, content: Content, rng: Rng
    ) -> c.Command:
        start = time.perf_counter()
        command = self.inner(view, legal, ship, content, rng)
        self.times.append(time.perf_counter() - start)
        return command


PAIRINGS: list[tuple[str, str | None, str | None]] = [  # name, crew level, alien level
    ("AI alien vs random crew (easy)", None, "easy"),
    ("AI crew vs random alien (easy)", "easy", None),
    ("AI crew vs AI alien (easy vs easy)", "easy", "easy"),
    ("hard crew vs easy alien", "hard", "easy"),
    ("easy crew vs hard alien", "easy", "hard"),
    ("hard crew vs hard alien", "hard", "hard"),
    ("expert crew vs hard alien", "expert", "hard"),
    ("hard crew vs expert alien", "hard", "expert"),
    ("expert crew vs expert alien", "expert", "expert"),
]


@dataclass
class Result:
    """One game, as the pairing's summary counts it."""

    side: str  # human, draw or alien
    ended: bool
    turns: int
    ending: str
    times: dict[str, list[float]] = field(default_factory=dict)  # level: seconds
    counts: Counter[str] = field(default_factory=Counter)  # the variants' mechanisms fired
    common: Counter[str] = field(default_factory=Counter)  # tallies, belief: every arm
    emergencies: Counter[str] = field(default_factory=Counter)  # the emergencies variant's
    first_compromised: int | None = None  # the turn a room was first compromised (E.3.1)
    ballistic: str = ""  # the physiology variant: the card dealt to Ballistic


def variant_counts(game: Game) -> Counter[str]:
    """How often each variant's mechanism fired in ``game`` (the balance gate's (d))."""
    counts: Counter[str] = Counter()
    if "raids" in game.state.variants:
        counts += raid_counts(game)
    counts += reaction_counts(game)  # every arm: alien deaths and injuries to compare
    if "halon" in game.state.variants:
        counts += halon_counts(game)
    if "physiology" in game.state.variants:
        counts += physiology_counts(game)
    if "noise" not in game.state.variants:
        return counts
    for events in game.events():
        counts["surprise wounds"] += _surprise_wounds(events)
    for event in (e for events in game.events() for e in events):
        if isinstance(event, NoiseRolled):
            counts["noise rolls"] += 1
        elif isinstance(event, Encounter):
            counts["encounters"] += 1
        elif isinstance(event, Surfaced) and event.how is Surfacing.AMBUSHES:
            counts["ambushes"] += 1
        elif isinstance(event, SurpriseAttack):
            counts["surprise attacks"] += 1
        elif isinstance(event, NoiseHeard):
            counts["doors heard"] += len(event.doors)
        elif isinstance(event, AmbushOrder):
            counts["ambush orders"] += 1
    counts["creeping moves"] = sum(
        1 for entry in game.log if isinstance(entry.command, c.Move) and entry.command.creep
    )
    return counts


RAIDS = "raids|"  # the raids variant's counters, told on a line of their own
WOUNDS = "wounds|"  # the reactions variant's counters, told on a line of their own


def reaction_counts(game: Game) -> Counter[str]:
    """The reactions variant's counters (its design's "Balance risk"): cards by kind,
    alien deaths and injuries survived (counted in every arm, to compare), Flee!s that
    no tally followed before the next crew phase ended, and deaths by Good Aim!."""
    counts: Counter[str] = Counter()
    fled, phases = False, 0
    for event in (e for events in game.events() for e in events):
        if isinstance(event, Died) and event.who.alien:
            counts[WOUNDS + "alien deaths"] += 1
        elif isinstance(event, Injured) and event.who.alien:
            counts[WOUNDS + "injuries"] += 1
        elif isinstance(event, ReactionDrawn):
            counts[WOUNDS + event.card] += 1
            fled, phases = fled or event.card == "flee", 0
        elif isinstance(event, Surfaced) and event.how in _TALLIES:
            fled = False
        elif isinstance(event, PhaseBegan) and fled:
            phases += 1
            if phases == 2:  # the next crew phase is over: the Flee! got away
                counts[WOUNDS + "flee escapes"] += 1
                fled = False
    return counts


def _wounds_line(counts: Counter[str], games: int) -> str:
    """``reactions: …``: the counters the design's section 5 asks for."""
    get = lambda key: counts[WOUNDS + key]  # noqa: E731
    cards = sum(get(c.id) for c in load_variants().reactions.cards)
    return (
        f"    reactions: {get('alien deaths') / games:.2f} alien deaths a game, "
        f"{get('injuries')} alien injuries survived ({get('injuries') / games:.2f} a game), "
        f"{cards} cards drawn, {get('flee')} Flee! ({get('flee escapes')} escapes untallied), "
        f"{get('good-aim')} Good Aim! deaths, {get('regeneration')} Regeneration"
    )


PHYSIOLOGY = "physiology|"  # the physiology variant's, likewise


def physiology_counts(game: Game) -> Counter[str]:
    """The physiology variant's counters: cards turned up, studied, the hits each card
    changed, Sensitivity dice, Mutagenic markers, Regeneration tokens gained and spent."""
    counts: Counter[str] = Counter()
    for event in (e for events in game.events() for e in events):
        if isinstance(event, CardTurnedUp):
            counts[PHYSIOLOGY + "cards turned up"] += 1
        elif isinstance(event, CardStudied):
            counts[PHYSIOLOGY + "studied"] += 1
        elif isinstance(event, HarmChanged):
            counts[PHYSIOLOGY + f"hits changed by {event.card}"] += 1
        elif isinstance(event, SensitivityRolled):
            counts[PHYSIOLOGY + "Sensitivity dice"] += 1
        elif isinstance(event, MarkerMutated):
            counts[PHYSIOLOGY + "Mutagenic markers"] += 1
        elif isinstance(event, TokensGained):
            counts[PHYSIOLOGY + "tokens gained"] += event.count
        elif isinstance(event, TokenSpent):
            counts[PHYSIOLOGY + "tokens spent"] += 1
        elif isinstance(event, Rolled) and event.roll.modifiers:
            terms = [m for m in event.roll.modifiers if m.term is Term.PHYSIOLOGY]
            counts[PHYSIOLOGY + "rolls with Vulnerable/Resistant"] += bool(terms)
    return counts


def _physiology_lines(results: list[Result], counts: Counter[str], games: int) -> list[str]:
    """``physiology: …`` and the crew's win share by the card dealt to Ballistic, each
    group's shift from the whole arm (flagged past 25 points, the design's test)."""
    lines = [
        "    physiology: " + ", ".join(f"{n} {k[len(PHYSIOLOGY) :]}" for k, n in counts.items())
    ]
    whole = 100 * sum(r.side == "human" for r in results) / games
    shares = []
    for card in sorted({r.ballistic for r in results if r.ballistic}):
        group = [r for r in results if r.ballistic == card]
        share = 100 * sum(r.side == "human" for r in group) / len(group)
        flag = " FLAG" if abs(share - whole) > 25 else ""
        shares.append(f"{card} {share:.0f}% ({len(group)}, {share - whole:+.0f}){flag}")
    if shares:
        lines.append("    physiology: crew wins by the Ballistic card: " + ", ".join(shares))
    return lines


def raid_counts(game: Game) -> Counter[str]:
    """The raids variant's counters (its design's 1.6): raid steps, defences per side,
    gunners at each step, how the raids ended, and the F.1 raid points each way."""
    counts: Counter[str] = Counter()
    for event in (e for events in game.events() for e in events):
        if isinstance(event, RaidBegins):
            counts[RAIDS + "steps"] += 1
            counts[RAIDS + "gunners"] += event.gunners
        elif isinstance(event, RaidDefence) and event.defended:
            counts[RAIDS + f"{event.side} defences"] += 1
        elif isinstance(event, RaidDefence):
            counts[RAIDS + f"{event.side} failures"] += 1
        elif isinstance(event, Contributed):
            counts[RAIDS + "contributions"] += 1
    table = game.state.raids
    if table is not None and table.ended:
        counts[RAIDS + ("repulsed" if table.ended == "repulse" else "empire defeats")] += 1
    if table is not None:
        points = sum(line.subtotal for line in raid_lines(game.state))
        counts[RAIDS + ("crew points" if points > 0 else "alien points")] += abs(points)
    return counts


HALON = "halon|"  # the halon variant's counters, told on a line of their own
AFTER_PURGE = 2  # turns after a purge within which an alien's death is counted (H)


def halon_counts(game: Game) -> Counter[str]:
    """The halon variant's counters (its design's "Measure"): purge rolls, purges, the
    share that hit, alien deaths within ``AFTER_PURGE`` turns of a purge, recharges, and
    tanks the alien picked up."""
    counts: Counter[str] = Counter({HALON + "games": 1})  # the line is told even if none fired
    turn, purged_at = 0, None
    tanks = {i.id for i in game.state.items.values() if i.kind == GearKind.HALON_TANK}
    for event in (e for events in game.events() for e in events):
        if isinstance(event, PhaseBegan):
            turn = event.turn
        elif isinstance(event, Rolled) and event.attempt.effort is Effort.PURGE:
            counts[HALON + "rolls"] += 1
        elif isinstance(event, Purged):
            counts[HALON + "purges"] += 1
            counts[HALON + "hits"] += bool(event.found)
            purged_at = turn
        elif isinstance(event, Recharged):
            counts[HALON + "recharges"] += 1
            tanks.add(event.item)
        elif isinstance(event, Died) and event.who.alien and purged_at is not None:
            counts[HALON + "deaths after"] += turn - purged_at <= AFTER_PURGE
    for entry in game.log:
        taken = entry.command
        if isinstance(taken, c.PickUp) and entry.side is Side.ALIEN:
            counts[HALON + "tanks stolen"] += len(set(taken.items) & tanks)
    return counts


def _halon_line(counts: Counter[str], games: int) -> str:
    """``halon: …``: the counters the design's "Measure" asks for."""
    get = lambda key: counts[HALON + key]  # noqa: E731
    purges = get("purges")
    hit = f"{100 * get('hits') / purges:.0f}%" if purges else "-"
    return (
        f"    halon: {get('rolls')} purge rolls, {purges} purges ({purges / games:.2f} a game), "
        f"{get('hits')} hit ({hit}), {get('deaths after')} alien deaths within "
        f"{AFTER_PURGE} turns of a purge, {get('recharges')} recharges, "
        f"{get('tanks stolen')} tanks picked up by the alien"
    )


def _raid_line(counts: Counter[str], games: int) -> str:
    """``raids: …``: the counters and the shares the design's 1.6 targets."""
    get = lambda key: counts[RAIDS + key]  # noqa: E731
    steps = get("steps") or 1
    net = (get("crew points") - get("alien points")) / games
    return (
        f"    raids: {get('steps')} raid steps, crew {get('crew defences')} defences / "
        f"{get('crew failures')} failures, alien {get('alien defences')} defences / "
        f"{get('alien failures')} failures, {get('gunners') / steps:.2f} gunners per raid "
        f"step, {get('contributions')} contributions, ended by repulse "
        f"{100 * get('repulsed') / games:.0f}% ({get('repulsed')}), by empire defeat "
        f"{100 * get('empire defeats') / games:.0f}% ({get('empire defeats')}), "
        f"mean net F.1 raid points {net:+.2f}"
    )


_TALLIES = (Surfacing.TALLIED, Surfacing.WALKED_INTO)  # C.7.2: the crew finds it


def emergency_counts(game: Game) -> tuple[Counter[str], int | None]:
    """How often the emergencies variant's mechanism fired in ``game`` (the design's
    counters: emergencies created by cause, resolved, gone critical, collapses, rolls and
    wall attacks) and the turn a room was first compromised (None if never)."""
    counts: Counter[str] = Counter()
    if "emergencies" not in game.state.variants:
        return counts, None
    turn, first = 0, None
    for event in (e for events in game.events() for e in events):
        if isinstance(event, PhaseBegan):
            turn = event.turn
        elif isinstance(event, EmergencyCreated):
            counts[f"created by {event.cause.value}"] += 1
        elif isinstance(event, EmergencyResolved):
            counts["resolved by ToolKit" if event.toolkit else "resolved by counteracting"] += 1
        elif isinstance(event, EmergencyCritical):
            counts["gone critical"] += 1
            first = turn if first is None else first
        elif isinstance(event, ShipBreaksUp):
            counts["collapses"] += 1
        elif isinstance(event, Counteracted):
            counts["counteract rolls"] += 1
        elif isinstance(event, Rolled) and event.attempt.effort is Effort.ATTACK_WALL:
            counts["wall attacks"] += 1
    return counts, first


def common_counts(game: Game, taught: bool = True) -> Counter[str]:
    """What every arm counts, variant or not: the tallies (C.7.2) and, replaying the
    game from the crew's seat, the size of the crew's belief at the start of each crew
    phase while an alien hides (``taught``: as the hard crew keeps it in that arm)."""
    counts: Counter[str] = Counter()
    for event in (e for events in game.events() for e in events):
        if isinstance(event, Surfaced) and event.how in _TALLIES:
            counts["tallies"] += 1
    belief = Belief(game.ship, taught)
    state = game.start_state()
    for entry in game.log:
        before = state.phase
        state, events = apply(state, entry.side, entry.command, game.ship, game.content)
        seen = view(state, Side.CREW.value, game.ship, game.content)
        belief.observe(events_for(events, Side.CREW.value), seen)
        hidden = [a.id for a in seen.aliens if a.hidden]
        if state.phase is Phase.CREW and before is not Phase.CREW and hidden:
            counts["belief grids"] += len(frozenset().union(*map(belief.grids, hidden)))
            counts["belief phases"] += 1
    return counts


def _surprise_wounds(events: list[Event]) -> int:
    """Injuries and deaths a command's surprise attack caused (N.3): those told after it."""
    at = next((i for i, e in enumerate(events) if isinstance(e, SurpriseAttack)), None)
    return 0 if at is None else sum(isinstance(e, Injured | Died) for e in events[at:])


def _player(
    side: Side, level: str | None, params: SearchParams, times: list[float], taught: bool
) -> Player | None:
    if level is None:
        return None
    player = player_for(side, level, params, taught)
    return Timed(player, times) if level in TIMED else player


def play_one(
    seed: int,
    cap: int,
    crew: str | None,
    alien: str | None,
    params: SearchParams,
    variants: frozenset[str] = frozenset(),
    taught: bool = True,
) -> Result:
    times: dict[str, list[float]] = {level: [] for level in TIMED}
    game = play_game(
        seed,
        _player(Side.CREW, crew, params, times.get(crew or "", []), taught),
        _player(Side.ALIEN, alien, params, times.get(alien or "", []), taught),
        turn_cap=cap,
        variants=variants,
    )
    outcome = score(game.state, game.content).outcome
    side = "human" if outcome in HUMAN else "alien" if outcome in ALIEN else "draw"
    ending = (game.state.result or "capped").split(" (")[0]
    ended = game.state.result is not None
    counts, common = variant_counts(game), common_counts(game, taught)
    emergencies, first = emergency_counts(game)
    table = game.state.physiology
    ballistic = table.cards.get("Ballistic", "") if table is not None else ""
    return Result(
        side, ended, game.state.turn, ending, times, counts, common, emergencies, first, ballistic
    )


def run(
    games: int,
    cap: int,
    only: list[str],
    params: SearchParams,
    workers: int,
    variants: frozenset[str] = frozenset(),
    taught: bool = True,
) -> None:
    times: dict[str, list[float]] = {level: [] for level in TIMED}
    catalogue = load_variants()
    named = [
        v + ("" if catalogue.variants[v].built else " (not playable yet)")
        for v in catalogue.ordered(variants)
    ]
    untaught = "" if taught else " (the players not taught them)"
    print(f"variants: {', '.join(named) or 'none'}{untaught}", flush=True)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        for name, crew, alien in PAIRINGS:
            if only and not any(o in name for o in only):
                continue
            start = time.perf_counter()
            seeds = range(1, games + 1)
            args = (cap, crew, alien, params, variants, taught)
            futures = [pool.submit(play_one, s, *args) for s in seeds]
            results = [f.result() for f in futures]
            took = time.perf_counter() - start
            _report(name, results, games, took)
            for result in results:
                for level, spent in result.times.items():
                    times[level] += spent
    print(
        f"expert budget: {params.budget.iterations} iterations a decision, "
        f"time limit {params.budget.seconds or 'none'}, weighting {params.weighting.value}, "
        f"{'hard' if params.hard_rollouts else 'normal'} rollouts, "
        f"{workers} worker processes",
        flush=True,
    )
    for level, spent in times.items():
        if spent:
            ordered = sorted(spent)
            p95 = ordered[int(0.95 * (len(ordered) - 1))]
            if level == "expert":
                print(
                    f"expert decision: p95 {p95:.2f} s, max {ordered[-1]:.2f} s "
                    f"over {len(ordered)} decisions"
                )
            else:
                print(
                    f"{level} decision: p95 {1000 * p95:.1f} ms, max {1000 * ordered[-1]:.1f} ms "
                    f"over {len(ordered)} decisions"
                )


def _report(name: str, results: list[Result], games: int, took: float) -> None:
    sides = Counter(r.side for r in results)
    ended = sum(r.ended for r in results)
    turns = sum(r.turns for r in results)
    endings = Counter(r.ending for r in results)
    pct = {k: 100 * sides[k] / games for k in ("human", "draw", "alien")}
    print(
        f"{name}: human {pct['human']:.0f}% · draw {pct['draw']:.0f}% · "
        f"alien {pct['alien']:.0f}% | ended {ended}/{games}, capped {games - ended} | "
        f"avg turns {turns / games:.1f} | {games / took:.2f} games/s",
        flush=True,
    )
    for reason, count in endings.most_common():
        print(f"    {count:4d}  {reason}", flush=True)
    common = sum((r.common for r in results), Counter())
    looks = common["belief phases"]
    belief = f"{common['belief grids'] / looks:.1f} grids" if looks else "no hidden alien"
    print(
        f"    counters: {common['tallies']} tallies ({common['tallies'] / games:.2f} a game), "
        f"crew belief at the crew phase's start {belief} (over {looks} phases)",
        flush=True,
    )
    counts = sum((r.counts for r in results), Counter())
    raids = Counter({k: n for k, n in counts.items() if k.startswith(RAIDS)})
    wounds = Counter({k: n for k, n in counts.items() if k.startswith(WOUNDS)})
    halon = Counter({k: n for k, n in counts.items() if k.startswith(HALON)})
    physiology = Counter({k: n for k, n in counts.items() if k.startswith(PHYSIOLOGY)})
    own = (RAIDS, WOUNDS, HALON, PHYSIOLOGY)
    noise = Counter({k: n for k, n in counts.items() if not k.startswith(own)})
    if noise:
        print("    noise: " + ", ".join(f"{n} {what}" for what, n in noise.items()), flush=True)
    if raids:
        print(_raid_line(raids, games), flush=True)
    print(_wounds_line(wounds, games), flush=True)
    if halon:
        print(_halon_line(halon, games), flush=True)
    if physiology or any(r.ballistic for r in results):
        print("\n".join(_physiology_lines(results, physiology, games)), flush=True)
    _report_emergencies(results, games)


def _report_emergencies(results: list[Result], games: int) -> None:
    """The emergencies variant's counters (its design's list), if any game fired one."""
    counts = sum((r.emergencies for r in results), Counter())
    if not counts:
        return
    created = sum(n for what, n in counts.items() if what.startswith("created"))
    firsts = [r.first_compromised for r in results if r.first_compromised is not None]
    first = f"{sum(firsts) / len(firsts):.1f} (in {len(firsts)} games)" if firsts else "never"
    collapses = sum(r.ending == "the Quicksilver breaks up" for r in results)
    order = sorted(counts.items(), key=lambda kv: (not kv[0].startswith("created"), kv[0]))
    print(
        f"    emergencies: {created} created ("
        + ", ".join(f"{n} {what}" for what, n in order if what.startswith("created"))
        + "), "
        + ", ".join(f"{n} {what}" for what, n in order if not what.startswith("created")),
        flush=True,
    )
    print(
        f"    emergencies: first compromised room at turn {first}; "
        f"ended by collapse {100 * collapses / games:.0f}% ({collapses}/{games})",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("games", nargs="?", type=int, default=100)
    parser.add_argument("cap", nargs="?", type=int, default=80)
    parser.add_argument("pairings", nargs="*")
    parser.add_argument("--iterations", type=int, default=BENCH.iterations)
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--weighting", choices=[w.value for w in Weighting], default="far")
    parser.add_argument(
        "--rollouts", choices=["normal", "hard"], default="normal", help="rollout players"
    )
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--skip", action="append", default=[], help="leave out pairings naming this"
    )
    parser.add_argument("--variant", action="append", default=[], help="an optional variant")
    parser.add_argument(
        "--untaught", action="store_true", help="players that ignore the variants (null arm)"
    )
    args = parser.parse_args()
    try:
        chosen = known(args.variant)  # one not playable yet is measured too: calibration
    except VariantError as err:
        parser.error(err.describe())
    params = SearchParams(
        budget=Budget(args.iterations, args.seconds),
        weighting=Weighting(args.weighting),
        hard_rollouts=args.rollouts == "hard",
    )
    names = [n for n, _, _ in PAIRINGS if not any(s in n for s in args.skip)]
    only = args.pairings or (names if args.skip else [])
    picked = [n for n in names if not only or any(o in n for o in only)]
    if args.untaught and any("expert" in n for n in picked):
        parser.error("--untaught: the expert players always know the variants; skip them")
    run(args.games, args.cap, only, params, args.workers, chosen, not args.untaught)


if __name__ == "__main__":
    main()
