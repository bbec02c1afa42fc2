"""Garbage collection for a process that runs for weeks holding many games.

CPython's full collection walks every object that can hold a reference, so its pause
grows with all the process keeps: the modules, the ship, the content, the catalogue
and the pictures drawn ahead at start-up (some 200,000 objects that never change),
and every game in memory. :func:`settle` collects once and then freezes what is alive
(``gc.freeze``): the collections that run on their own later skip it and walk only
what was made since, so their pauses stay short however many games are loaded.

A frozen object is still freed the moment nothing refers to it (reference counting);
only garbage in a reference cycle among frozen objects waits for the next settle. The
bot settles once its pictures are drawn at start-up, then hourly from its clock
(:func:`due`), each settle unfreezing first so that it walks everything once.
"""

from __future__ import annotations

import gc
import time
from dataclasses import dataclass

SETTLE_EVERY = 3600.0  # seconds: one full walk an hour, at the clock's tick


@dataclass
class Settled:
    """When the process last settled (the clock's time), and what the walk cost."""

    at: float | None = None
    cpu_seconds: float = 0.0

    def due(self, now: float) -> bool:
        return self.at is None or now - self.at >= SETTLE_EVERY


def settle(record: Settled, now: float) -> None:
    """Everything collected, then every object alive frozen out of later collections."""
    began = time.process_time()
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    record.at = now
    record.cpu_seconds = time.process_time() - began
