"""Never silent, never corrupt, never behind the store: the long runs of
the suite's guards.

    .venv/bin/python benchmarks/bench_reliability.py [--fuzz N] [--seed S] [--games G]
                                                     [--no-matrix] [--no-faults]

``fuzz: N inputs, C crashes (…)`` feeds garbled input to every door the outside has:
command strings to positions of G whole game-controlled games (every phase, to the end
and after it: :mod:`tests.fuzzing`), garbled with all of Unicode (other scripts' digits,
combining marks, zero-width and right-to-left characters, very long words); scripts to
the import path; and damaged custom ids to every button family of the bot, pressed on
the in-memory Discord. A command or script must be refused with the engine's (or the
importer's) own error, changing nothing, or taken, keeping every invariant; a press must
be answered. ``permission matrix: N cells, W wrong (…)`` runs the matrix generated from
the command tree (:mod:`tests.bot.matrix`): every slash command, button and panel action
by nine kinds of people, strangers holding real game ids among them. ``faults: …``
fails the store at each await in turn (:mod:`tests.faults`) under the desk's operations
(commands, a phase's end, undo, rollback, deadlines, stand-in and computer turns) on
SQLite and on a throwaway PostgreSQL server (when one starts here), and under a sample of
slash commands and presses through the bot; after each failure the person must have
been answered, memory must equal the store, and the stored log must replay. Any line
with a non-zero count lists what went wrong, and the script exits 1.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import simcord

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client.app import QuicksilverBot
from bot.store import open_store
from engine.legal import legal_commands
from engine.state import Side
from tests import faults, fuzzing, pg_server
from tests.bot import families, helpers, matrix

BUTTON_SHARE = 60  # one press of a damaged custom id for every this many command inputs
IMPORT_SHARE = 100  # one garbled script for every this many command inputs


async def _bot_run(work: Any, *, errors: bool = True) -> Any:
    """``work(env)`` on a fresh bot on the in-memory Discord, its stores closed after."""
    with tempfile.TemporaryDirectory() as tmp:
        bot = QuicksilverBot(Path(tmp) / "bench.sqlite3", background=False)
        try:
            async with simcord.run(
                bot, settle_timeout=helpers.SETTLE_SECONDS, shard_count=1, check_errors=errors
            ) as env:
                return await work(env, Path(tmp))
        finally:
            for started in (bot, *helpers.STARTED):
                await started.close()  # simcord detaches bots without closing their stores
            helpers.STARTED.clear()


# --- fuzz ------------------------------------------------------------------------------
async def _press_garbled(count: int, seed: int) -> tuple[int, list[str]]:
    """``count`` presses of damaged custom ids of every family; those left unanswered."""

    async def work(env: Any, _tmp: Path) -> tuple[int, list[str]]:
        cases = {}
        for name, build in families.CASES.items():
            world = helpers.make_world(env, f"f{len(cases)}", crew=1)
            cases[name] = (world, await build(world))
        rng = random.Random(seed)
        crashes: list[str] = []
        for _ in range(count):
            name = rng.choice(sorted(cases))
            world, case = cases[name]
            forged = fuzzing.garble_id(case.custom_id, rng)
            errors = len(env.errors)
            copy = await families.copy_to(world, case, world.channel.id, forged)
            presser = rng.choice((case.presser, world.stranger, world.mod))
            result = await families.press(
                families.Case(copy, forged, presser, case.value), copy, forged
            )
            said = families.said(result)
            if not result.acknowledged or not said.strip() or len(env.errors) > errors:
                crashes.append(f"{name}: {forged!r} pressed and not answered")
        return count, crashes

    result: tuple[int, list[str]] = await _bot_run(work, errors=False)
    return result


def fuzz(count: int, seed: int, games: int) -> int:
    began = time.perf_counter()
    fuzzing.use_games(games)
    places = len(fuzzing.positions())
    played, crashes = fuzzing.run(count, seed)
    imports = max(count // IMPORT_SHARE, 20)
    taken, import_crashes = fuzzing.run_imports(imports, seed)
    presses = max(count // BUTTON_SHARE, 20)
    _, press_crashes = asyncio.run(_press_garbled(presses, seed))
    seconds = time.perf_counter() - began
    everything = crashes + import_crashes + press_crashes
    total = count + imports + presses
    print(
        f"fuzz: {total:,} inputs, {len(everything)} crashes "
        f"({count:,} commands on {places} positions of {games} whole games, "
        f"{played:,} played; {imports:,} scripts imported, {taken:,} taken; "
        f"{presses:,} presses of damaged ids of {len(families.CASES)} button families; "
        f"{seconds:.0f} s, seed {seed})"
    )
    for crash in everything[:20]:
        print(f"  {crash[:300]}")
    return len(everything)


# --- the permission matrix ---------------------------------------------------------------
async def permission_matrix() -> int:
    began = time.perf_counter()

    async def work(env: Any, tmp: Path) -> tuple[list[matrix.Cell], list[str]]:
        cells = await matrix.Matrix(env, tmp).run(env.bot.tree)
        return cells, matrix.missing(env.bot.tree)

    cells, missing = await _bot_run(work, errors=False)
    wrong = [c for c in cells if c.wrong]
    seconds = time.perf_counter() - began
    bad = len(wrong) + len(missing)
    strangers = sum(c.actor in matrix.STRANGERS for c in cells)
    print(
        f"permission matrix: {len(cells)} cells, {bad} wrong "
        f"({strangers} of them strangers holding real game ids; {seconds:.0f} s)"
    )
    for cell in wrong[:20]:
        print(f"  {cell.row} × {cell.actor}: expected {cell.expected}, found {cell.found}")
    for name in missing:
        print(f"  {name}: no row in tests/bot/matrix_rows.py")
    return bad


# --- faults ------------------------------------------------------------------------------
async def _desk_faults(targets: list[str], tally: faults.Tally) -> None:
    """Every desk operation of :data:`tests.faults.SCENARIOS`, each on its own new store."""
    for run, target in zip(faults.SCENARIOS.values(), targets, strict=True):
        store = await open_store(target)
        try:
            await run(faults.Setting.on(store, tally))
        finally:
            await store.close()


async def _bot_faults(tally: faults.Tally) -> int:
    """A sample of slash commands and presses through the bot, each failed at every
    await; the person must be answered every time."""

    async def work(env: Any, _tmp: Path) -> int:
        world = helpers.make_world(env, crew=1)
        await helpers.seat_and_start(world)
        desk, player, alien = world.bot.desk, world.crew[0], world.alien
        injected = faults.Faults(desk.store)
        table = world.table()

        def crew_move() -> str:
            game = helpers.mirror(world)
            found = legal_commands(game.state, Side.CREW, game.ship, game.content)
            return next(x for x in found if x.verb == "move").notation()

        async def status() -> Any:
            maps = [m for m in world.messages() if any("qs:status" in str(r) for r in m.components)]
            custom_id = families.custom_id_of(maps[-1], "qs:status:")
            return await player.click(maps[-1], custom_id=custom_id)

        async def panel() -> Any:
            maps = [m for m in world.messages() if any("qs:play" in str(r) for r in m.components)]
            return await player.click(
                maps[-1], custom_id=families.custom_id_of(maps[-1], "qs:play:")
            )

        sample = (
            ("/alien pass", lambda: alien.user.slash("alien pass")),
            ("/game do", lambda: player.slash(world.channel, "game do", command=crew_move())),
            ("/game undo", lambda: player.slash(world.channel, "game undo")),
            ("the Play button", panel),
            ("the Status button", status),
            ("/me settings", lambda: player.slash(world.channel, "me settings", quiet="off")),
            ("/game pass", lambda: player.slash(world.channel, "game pass")),
            (
                "/mod rollback",
                lambda: world.mod.slash(world.channel, "mod rollback", turn=1, phase="alien"),
            ),
        )
        for name, interaction in sample:
            for at in range(1, 80):
                desk.evict_idle(10**12)  # out of memory: the interaction reads the store
                injected.arm(at)
                result = await interaction()
                fired = injected.fired
                injected.arm(None)
                if not result.acknowledged or not families.said(result).strip():
                    tally.unanswered.append(f"{name} at await {at}: no answer")
                if not fired:
                    break
                tally.injected += 1
                await desk.loaded(table)
                differs, broken = await faults.mismatches(desk, table)
                tally.mismatches += [f"{name} at await {at}: {d}" for d in differs]
                tally.broken += [f"{name} at await {at}: {b}" for b in broken]
        return len(sample)

    result: int = await _bot_run(work, errors=False)
    return result


def fault_injection() -> int:
    began = time.perf_counter()
    tally = faults.Tally()
    with tempfile.TemporaryDirectory() as tmp:
        files = [str(Path(tmp) / f"faults-{n}.sqlite3") for n in range(len(faults.SCENARIOS))]
        asyncio.run(_desk_faults(files, tally))
    backends = "SQLite"
    try:
        with pg_server.start() as server:
            databases = [pg_server.create_database(server) for _ in faults.SCENARIOS]
            asyncio.run(_desk_faults(databases, tally))
            backends += " and PostgreSQL"
    except pg_server.NoServer as reason:
        backends += f" (no PostgreSQL here: {reason})"
    interactions = asyncio.run(_bot_faults(tally))
    seconds = time.perf_counter() - began
    print(
        f"faults: {tally.injected} injected, {len(tally.mismatches)} memory/store mismatches, "
        f"{len(tally.unanswered)} unanswered, {len(tally.broken)} logs that no longer replay "
        f"({len(faults.SCENARIOS)} desk operations on {backends}, {interactions} commands and "
        f"presses through the bot; {seconds:.0f} s)"
    )
    problems = tally.mismatches + tally.unanswered + tally.broken
    for problem in problems[:20]:
        print(f"  {problem}")
    return len(problems)


def main(argv: list[str] | None = None) -> int:
    # The failures are injected: their incidents (a traceback each) are expected, and the
    # lines below count what matters.
    logging.getLogger("quicksilver").setLevel(logging.CRITICAL)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fuzz", type=int, default=20_000, metavar="N", help="command inputs")
    parser.add_argument("--seed", type=int, default=20, help="the fuzzer's seed")
    parser.add_argument("--games", type=int, default=4, help="whole games the positions come from")
    parser.add_argument("--no-matrix", action="store_true", help="skip the permission matrix")
    parser.add_argument("--no-faults", action="store_true", help="skip the fault injection")
    args = parser.parse_args(argv)
    bad = fuzz(args.fuzz, args.seed, args.games)
    if not args.no_matrix:
        bad += asyncio.run(permission_matrix())
    if not args.no_faults:
        bad += fault_injection()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
