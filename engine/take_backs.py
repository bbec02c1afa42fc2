"""Why a side may not take back its last command: data, worded where it is read.

The engine states the reason as a :class:`NoUndo`; ``str()`` is its English (scripts,
the terminal, :class:`engine.errors.RuleError`), and the bot words it in the reader's
language from its fields (``bot.present.take_backs``)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.consult import Secret
from engine.state import Side


class Bar(StrEnum):
    """What stands in the way of a take-back."""

    NOTHING = "nothing"  # the side has played nothing this phase
    STANDING = "standing"  # given during the other side's phase: final
    CONSULTED = "consulted"  # it looked at something the side cannot see
    IRREVERSIBLE = "irreversible"  # a die was rolled or something hidden revealed since


@dataclass(frozen=True)
class NoUndo:
    """A refused take-back: ``verb`` and ``other`` for a standing order (the command's
    verb and the side whose phase it was given in), ``secret`` for a consulted one."""

    bar: Bar
    verb: str = ""
    other: Side | None = None
    secret: Secret | None = None

    def __str__(self) -> str:
        match self.bar:
            case Bar.NOTHING:
                return "your side has played nothing this phase"
            case Bar.STANDING:
                side = self.other.value if self.other else "other side"
                return (
                    f"`{self.verb}` was given during the {side}'s phase: an order given "
                    "then is final"
                )
            case Bar.CONSULTED:
                secret = self.secret.value if self.secret else "a secret"
                return (
                    f"your last command depended on {secret}, which your side cannot see: "
                    "whatever it showed, even nothing, is information"
                )
            case Bar.IRREVERSIBLE:
                return "a die was rolled or something hidden was revealed since"
