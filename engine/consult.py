"""Which secrets a command consulted: what makes a command final, like a die roll.

A command whose outcome could have differed for another hidden position that its side
cannot rule out has told that side something, even when it found nothing ("nothing
here" is information: C.7.2, C.8). Taking it back would let a player probe the other
side's secrets for free, so such a command cannot be undone (docs/rules-decisions.md,
"Undo ends where a secret was consulted").

Rules read a secret through code that calls :func:`consult` with what it looked at and
which sides already know it; :func:`engine.rules.judge` listens while it applies one
command for one side, and returns what that side could not see. Anywhere else (views,
legal lists, the game-controlled players' look-ahead) consulting records nothing.
"""

from __future__ import annotations

from collections.abc import Collection
from contextvars import ContextVar, Token
from dataclasses import dataclass, field
from enum import StrEnum

from engine.state import Side


class Secret(StrEnum):
    """What a rule looked at, as the undo refusal names it."""

    HIDDEN_ALIEN = "where the hidden alien is"
    HEALED = "whether the hidden alien has healed its wound"
    ABILITIES = "the alien's face-down ability markers"
    CREW_MARKERS = "the crew's face-down role and skill markers"
    GEAR = "what a face-down gear marker is"
    CRATE = "what a supplies crate holds"
    AMBUSH = "the alien's standing order on ambushes"
    RAID_ORDERS = "a side's standing orders against the Opari raids"
    PHYSIOLOGY = "a face-down damage card"


@dataclass
class Ear:
    """Listens to one command of ``actor``: the secrets it consulted, in order."""

    actor: Side
    heard: list[Secret] = field(default_factory=list)


_ear: ContextVar[Ear | None] = ContextVar("consulting", default=None)


class Listening:
    """``with listening(actor) as ear``: the context in which :func:`consult` notes the
    secrets for ``ear`` (a class, not a generator: it wraps every command)."""

    def __init__(self, actor: Side) -> None:
        self.ear = Ear(actor)
        self.token: Token[Ear | None] | None = None

    def __enter__(self) -> Ear:
        self.token = _ear.set(self.ear)
        return self.ear

    def __exit__(self, *_exc: object) -> None:
        assert self.token is not None
        _ear.reset(self.token)


def listening(actor: Side) -> Listening:
    """Note every secret consulted by the rules run inside, as ``actor`` sees them."""
    return Listening(actor)


def consult(secret: Secret, known_to: Collection[str]) -> None:
    """A rule looks at ``secret``, which the sides in ``known_to`` ("crew", "alien")
    already know; if the acting side is not one of them, its command is final."""
    ear = _ear.get()
    if ear is not None and ear.actor.value not in known_to and secret not in ear.heard:
        ear.heard.append(secret)
