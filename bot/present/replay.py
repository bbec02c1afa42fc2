"""A finished game's replay in words: one message a phase, its title and what happened
in it, every secret out (the game is over: :mod:`bot.desk.replay_log` refuses any
other). Shared by the Discord replay (``bot.client.replay``) and ``quicksilver replay``.
"""

from __future__ import annotations

from bot.desk.replay_log import GameReplay
from bot.present.events import reveal_lines
from bot.present.plain import plain
from engine.board_view import MarkerKind
from engine.records.replay import PhaseStep

DIGEST_LIMIT = 1500  # characters of events in one replay message (Discord allows 2,000)


def digest(replay: GameReplay, number: int) -> list[str]:
    """The lines of one replay message: the phase's title and what happened in it."""
    step = replay.step(number)
    total = len(replay.steps)
    head = f"🎞️ **Replay of game {replay.row.id} — {step.number}/{total}: {step.title}**"
    lines = reveal_lines(step.events)
    shown: list[str] = []
    used = 0
    for line in lines:
        if used + len(line) + 3 > DIGEST_LIMIT:
            break
        shown.append(f"• {line}")
        used += len(line) + 3
    if len(shown) < len(lines):
        shown.append(f"*… and {len(lines) - len(shown)} more events*")
    if step.number == 1:
        shown.append(nexus_line(step))
    if step.view.phase == "over" and step.view.result:
        shown.append(f"🏁 {plain(step.view.result)}")
    return [head, *(shown or ["*Nothing happened in this phase.*"])]


def nexus_line(step: PhaseStep) -> str:
    """What lies under each face-down nexus marker (the map draws only the marker)."""
    systems = sorted(
        f"{m.grid} {m.label}"
        for m in step.view.board.markers
        if m.kind in (MarkerKind.NEXUS, MarkerKind.NEXUS_DAMAGED)
    )
    return "🔧 Under the nexus markers: " + ", ".join(systems)
