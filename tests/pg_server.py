"""A real, throwaway PostgreSQL server for the store's tests.

It runs the distribution's own binaries (``initdb``, ``postgres``; ``make test``
installs them where they are missing) in a temporary directory, on a free loopback
port, with a Unix socket in that directory, and stops the server at the end. As root
it runs them as the ``postgres`` system user, since ``initdb`` refuses to run as root.
Where no server can be started at all, :func:`start` raises :class:`NoServer` with the
reason, which the fixtures turn into a skip that says why.
"""

from __future__ import annotations

import contextlib
import glob
import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path


class NoServer(RuntimeError):
    """No PostgreSQL server can be started on this machine."""


@dataclass(frozen=True)
class Server:
    dsn: str
    port: int
    data: Path
    process: subprocess.Popen[bytes]


def _bin_dir() -> Path:
    found = shutil.which("initdb")
    if found:
        return Path(found).resolve().parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not candidates:
        raise NoServer("no PostgreSQL server binaries (initdb) on this machine")
    return Path(candidates[-1]).parent


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _run_as() -> pwd.struct_passwd | None:
    """The user to run the server as: ourselves, or ``postgres`` when we are root."""
    if os.geteuid() != 0:
        return None
    try:
        return pwd.getpwnam("postgres")
    except KeyError:
        raise NoServer("running as root and there is no 'postgres' user") from None


def _wait_ready(bin_dir: Path, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    """Until the server takes connections: an open port is not enough, since a server
    still starting up refuses them ("the database system is starting up")."""
    deadline = time.monotonic() + 300  # a hang detector: a busy machine starts slowly
    ready = [bin_dir / "pg_isready", "-q", "-h", "127.0.0.1", "-p", str(port), "-t", "1"]
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise NoServer(f"postgres exited: {log.read_text(errors='replace')[-800:]}")
        if subprocess.run(ready, check=False).returncode == 0:
            return
        time.sleep(0.1)
    process.kill()
    raise NoServer("postgres did not accept connections within 300 s")


@contextlib.contextmanager
def start() -> Iterator[Server]:
    """A fresh server with one database, ``quicksilver``, owned by user ``quicksilver``."""
    bin_dir, user = _bin_dir(), _run_as()
    root = Path(tempfile.mkdtemp(prefix="qs-pg-"))
    data, log, port = root / "data", root / "server.log", _free_port()
    owner = {"user": user.pw_uid, "group": user.pw_gid} if user else {}
    if user:
        os.chown(root, user.pw_uid, user.pw_gid)
    try:
        subprocess.run(
            [bin_dir / "initdb", "-D", data, "-U", "quicksilver", "--auth=trust", "-E", "UTF8"],
            check=True,
            capture_output=True,
            **owner,  # type: ignore[arg-type]
        )
        args = ["-D", data, "-p", str(port), "-k", root, "-c", "listen_addresses=127.0.0.1"]
        args += ["-c", "fsync=on", "-c", "max_connections=50"]
        with log.open("wb") as out:
            process = subprocess.Popen(
                [bin_dir / "postgres", *args],
                stdout=out,
                stderr=out,
                **owner,  # type: ignore[arg-type]
            )
        _wait_ready(bin_dir, port, process, log)
        subprocess.run(
            [
                bin_dir / "createdb",
                "-h",
                "127.0.0.1",
                "-p",
                str(port),
                "-U",
                "quicksilver",
                "quicksilver",
            ],
            check=True,
            capture_output=True,
        )
        yield Server(f"postgresql://quicksilver@127.0.0.1:{port}/quicksilver", port, data, process)
    except subprocess.CalledProcessError as failed:
        raise NoServer(
            f"{failed.cmd[0]} failed: {failed.stderr.decode(errors='replace')}"
        ) from None
    finally:
        _stop(locals().get("process"))
        shutil.rmtree(root, ignore_errors=True)


_created = itertools.count(1)


def create_database(server: Server) -> str:
    """A new empty database on ``server``; its URL."""
    name = f"t{os.getpid()}_{next(_created)}"
    host = ["-h", "127.0.0.1", "-p", str(server.port), "-U", "quicksilver"]
    subprocess.run([_bin_dir() / "createdb", *host, name], check=True, capture_output=True)
    return f"postgresql://quicksilver@127.0.0.1:{server.port}/{name}"


def _stop(process: subprocess.Popen[bytes] | None) -> None:
    if process is None or process.poll() is not None:
        return
    process.terminate()  # "smart" shutdown would wait for clients; SIGTERM is "fast"
    try:
        process.wait(10)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()
