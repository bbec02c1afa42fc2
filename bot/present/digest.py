"""A calmer channel: a phase's public lines as a short digest, not a copy.

Every command already got its own public message; the map post at a phase's end
only needs counts and the few lines that matter (a tally, an injury, a death, an
attack's roll), at most :data:`DIGEST_LINES` lines, the full record on `/game log`.
Leftover searches at a phase's end (C.8), one line per human in the engine's log,
are folded into one line per phase. Works on public lines only: nothing here can
know more than the channel already saw.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

DIGEST_LINES = 9  # with the heading, ten lines

_LEFTOVER = re.compile(
    r"^(?P<name>.+?) searches with leftover actions (?P<reach>\d+) grids? from (?P<grid>\S+): "
    r"nothing found \(C\.8\)$"
)
_NOTHING = re.compile(r" searches .*nothing found")
_MOVE = re.compile(r" moves \S+ → ")
_ROUTINE = ("is done for this phase.", "phase begins (C)", "Alien: ")
_MATTERS = (
    "spots the alien",
    "tallied",
    "walks right into it",
    "injured",
    "dies",
    "unconscious",
    "attacks",
    "smashed",
    "launch",
    "game is over",
    "energy",
    "reveal",
    "surfaces",
)


def fold_leftover_searches(lines: Sequence[str]) -> list[str]:
    """Every "X searches with leftover actions … nothing found" line becomes one line,
    where the first of them stood."""
    found = [m for m in (_LEFTOVER.match(line) for line in lines) if m]
    if len(found) < 2:
        return list(lines)
    who = ", ".join(f"{m['name']} {m['reach']} from {m['grid']}" for m in found)
    folded = f"Leftover searches ({who}): nothing found (C.8)"
    out: list[str] = []
    for line in lines:
        if _LEFTOVER.match(line):
            if folded:
                out.append(folded)
                folded = ""
            continue
        out.append(line)
    return out


def digest(lines: Sequence[str], limit: int = DIGEST_LINES) -> list[str]:
    """At most ``limit`` lines: all of them if they fit, else counts of the routine
    and the lines that matter."""
    searches = sum(1 for line in lines if _NOTHING.search(line))
    moves = sum(1 for line in lines if _MOVE.search(line))
    declared = sum(1 for line in lines if line.startswith("Alien: "))
    counts = []
    if moves:
        counts.append(f"{moves} move{'s' if moves != 1 else ''}")
    if searches:
        counts.append(f"{searches} search{'es' if searches != 1 else ''} found nothing")
    if declared:
        counts.append(f"{declared} alien declaration{'s' if declared != 1 else ''}")
    out = ["; ".join([*counts, "full log: `/game log`"])]
    lines = fold_leftover_searches(lines)
    if len(lines) <= limit:
        return list(lines)
    notable = [line for line in lines if _matters(line)]
    room = limit - len(out)
    if len(notable) > room:
        shown = notable[: room - 1]
        return [*out, *shown, f"… and {len(notable) - len(shown)} more: `/game log`"]
    return [*out, *notable]


def _matters(line: str) -> bool:
    if _NOTHING.search(line) or _MOVE.search(line) or any(r in line for r in _ROUTINE):
        return False
    return any(word in line for word in _MATTERS)
