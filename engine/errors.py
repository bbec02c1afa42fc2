"""Typed refusals: every one says what was wrong and, where it can, what is legal."""

from __future__ import annotations

from collections.abc import Sequence


class GameError(Exception):
    """Base of every refusal; applying a command that raises changes nothing."""

    def __init__(self, message: str, *, rule: str | None = None, legal: Sequence[str] = ()):
        self.message = message
        self.rule = rule
        self.legal = tuple(legal)
        super().__init__(self.describe())

    def describe(self) -> str:
        text = self.message
        if self.rule:
            text += f" ({self.rule})"
        if self.legal:
            shown = ", ".join(self.legal[:30])
            more = f" … and {len(self.legal) - 30} more" if len(self.legal) > 30 else ""
            text += f". Legal: {shown}{more}"
        return text


class ParseError(GameError):
    """The text is not a command of the language."""


class RoomNamed(ParseError):
    """A move to a room by its name (``move tanaka workshop``): which grid that is
    depends on where the unit stands, so the position decides
    (:func:`engine.moving.places.move_to_room`); read alone, it is refused."""

    def __init__(self, unit: str, room: str, message: str) -> None:
        self.unit, self.room = unit, room
        super().__init__(message)


class NotYourTurn(GameError):
    """The command belongs to the side or unit that is not acting now."""


class RuleError(GameError):
    """A well-formed command the rules forbid in this position."""
