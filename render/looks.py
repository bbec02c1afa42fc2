"""What a counter and a marker badge say, apart from how they are painted: shared by the
Pillow map (render.pieces) and the vector map (render.svg). No Pillow here."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.board_view import MarkerKind, UnitSide, UnitView


@dataclass(frozen=True, slots=True)
class CounterLook:
    label: str
    side: UnitSide
    injured: bool = False
    unconscious: bool = False
    deceased: bool = False
    hidden: bool = False
    active: bool = False

    @classmethod
    def of(cls, unit: UnitView) -> CounterLook:
        return cls(
            unit.label,
            unit.side,
            unit.injured,
            unit.unconscious,
            unit.deceased,
            unit.hidden,
            unit.active,
        )

    @property
    def status(self) -> str:
        """What the counter says besides its name: the letters carry the state
        for players who cannot rely on colour."""
        if self.deceased:
            return "DEAD"
        words = []
        if self.injured:
            words.append("INJ")
        if self.unconscious:
            words.append("KO")
        if self.hidden:
            words.append("PIPE")
        return " ".join(words)


def badge_text(kind: MarkerKind, label: str) -> str:
    """Up to two letters for a supplies or gear marker: what this viewer may read of it
    ("Supplies (food)" -> "Fo", "Flame Caster" -> "FC", "AidKit" -> "AK"), or
    the kind's letter when that is all it may read ("Supplies" -> "S")."""
    inner = label[label.find("(") + 1 : label.find(")")] if "(" in label else label
    words: list[str] = re.findall(r"[A-Z]?[a-z]+|[A-Z]+|\d+", inner)
    if not words or inner.casefold() == kind.value:
        return "S" if kind is MarkerKind.SUPPLIES else "G"
    if len(words) > 1:
        return (words[0][0] + words[1][0]).upper()
    return words[0][:2].capitalize()
