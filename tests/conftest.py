"""Shared pytest hooks."""

from __future__ import annotations

import os
import threading
from collections.abc import Generator, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

from tests import pg_server

# No test depends on how fast the machine is: hypothesis has no deadline for an example
# and no "too slow" health check anywhere (a busy machine is slow, not wrong). Speed is
# measured by the benchmarks, which print figures.
settings.register_profile(
    "quicksilver", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("quicksilver")

# Where no PostgreSQL server starts, its tests skip with the reason, except where a
# server is required (CI sets this): then they fail.
REQUIRE_PG = os.environ.get("QUICKSILVER_REQUIRE_PG", "") not in ("", "0")
PG_NOTE: list[str] = []


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[pg_server.Server]:
    """One throwaway PostgreSQL server for the whole run, started on first use."""
    try:
        with pg_server.start() as server:
            PG_NOTE.append(f"PostgreSQL tests ran against a server started on port {server.port}")
            yield server
    except pg_server.NoServer as reason:
        PG_NOTE.append(f"PostgreSQL tests skipped: {reason}")
        if REQUIRE_PG:
            pytest.fail(f"QUICKSILVER_REQUIRE_PG is set but no server starts: {reason}")
        pytest.skip(f"no PostgreSQL server can be started here: {reason}")


@pytest.fixture
def pg_url(pg_cluster: pg_server.Server) -> str:
    """A fresh, empty database on the test server."""
    return pg_server.create_database(pg_cluster)


@pytest.fixture(params=["sqlite", "postgres"])
def store_target(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a store lives, for each backend: an SQLite file or a fresh PostgreSQL database."""
    if request.param == "sqlite":
        return str(tmp_path / "store.sqlite3")
    return str(request.getfixturevalue("pg_url"))


# A store's worker thread left running keeps the test process from exiting after its
# last test: CI would wait out its time limit. A test that leaves one errors, named, and
# a run that ends with one still running exits at once with a failure.
WORKER_THREAD = "_connection_worker_thread"
LEAKED: list[str] = []
WORKERS_BEFORE = pytest.StashKey[set[threading.Thread]]()


def _workers() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if WORKER_THREAD in t.name}


def _ends(thread: threading.Thread) -> bool:
    """The thread ends within a few seconds (a closed connection's thread finishes
    just after its close has returned)."""
    thread.join(timeout=5)
    return not thread.is_alive()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_setup(item: pytest.Item) -> Generator[None, None, None]:
    item.stash[WORKERS_BEFORE] = _workers()
    yield


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item: pytest.Item) -> Generator[None, None, None]:
    yield
    left = [t for t in _workers() - item.stash.get(WORKERS_BEFORE, set()) if not _ends(t)]
    if left:
        LEAKED.append(item.nodeid)
        raise RuntimeError(
            f"{len(left)} store connection(s) left open ({', '.join(t.name for t in left)}): "
            "close every store and bot the test opens"
        )


def pytest_unconfigure(config: pytest.Config) -> None:
    if any(t.is_alive() for t in _workers()):
        print(f"store connections left open by: {', '.join(LEAKED) or 'unknown'}", flush=True)
        os._exit(1)  # their threads would keep the process waiting forever


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Report how the random playouts ended and which commands they used."""
    from tests.engine import test_knowledge, test_playout

    for note in PG_NOTE:
        terminalreporter.section("postgresql")
        terminalreporter.write_line(note)

    if test_knowledge.AUDITED:
        terminalreporter.section("knowledge audit")
        pairs = sum(n for n, _ in test_knowledge.AUDITED)
        differences = sum(d for _, d in test_knowledge.AUDITED)
        terminalreporter.write_line(f"pairs {pairs}, differences {differences}")
    if not test_playout.ENDINGS:
        return
    terminalreporter.section("random playouts")
    for ending, count in test_playout.ENDINGS.most_common():
        terminalreporter.write_line(f"{count:4d}  {ending}")
    for title, counts in (
        ("commands used", test_playout.VERBS_USED),
        ("abilities used (games)", test_playout.ABILITIES_USED),
    ):
        listed = ", ".join(f"{name} {n}" for name, n in sorted(counts.items()))
        terminalreporter.write_line(f"{title}: {listed}")
