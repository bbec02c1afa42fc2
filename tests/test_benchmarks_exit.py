"""A benchmark ends when its work ends: ``bench_taps`` printed its lines and
then hung on an aiosqlite connection nobody closed (its worker thread kept the process)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_bench_taps_prints_its_lines_and_exits():
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "bench_taps.py")],
        capture_output=True,
        text=True,
        timeout=1800,  # a hang detector only: a busy machine is slow, not broken
        cwd=ROOT,
    )
    assert done.returncode == 0, done.stderr
    assert "alien phase:" in done.stdout and "crew unit turn:" in done.stdout
    assert "taps from empty channel to turn 1:" in done.stdout
