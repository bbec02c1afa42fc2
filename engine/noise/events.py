"""What the ``noise`` variant's rules tell, as records: all public but the alien's own
standing order. None is
marked irreversible of itself: the die or the look at the hidden aliens behind each one
already makes its command final (engine.game)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Audience, Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class NoiseRolled(Event):
    """N.1: a human entered an empty room and the noise die named ``door`` ('' for
    silence); ``marked``: a marker went on it (a door already marked: an encounter)."""

    kind = "noise-rolled"
    who: Who
    room: str
    die: int
    door: str = ""
    marked: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Encounter(Event):
    """N.2: the room's markers are cleared and ``token`` drawn from the bag. A Blank
    marks every door of the room again (``marked``) and goes back into the bag, with a
    reserve token (``added``) when it was the last one."""

    kind = "encounter"
    who: Who
    room: str
    token: str
    marked: tuple[str, ...] = ()
    added: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class NothingAnswers(Event):
    """N.3: no hidden alien answered the call: too far, or unwilling (never which)."""

    kind = "nothing-answers"
    who: Who


@dataclass(frozen=True, slots=True, kw_only=True)
class SurpriseAttack(Event):
    """N.3: the token beat the human's alertness: the ambusher attacks at once."""

    kind = "surprise-attack"
    who: Who
    victim: Who
    token: int
    alertness: int


@dataclass(frozen=True, slots=True, kw_only=True)
class AlienNoise(Event):
    """N.5: the hidden alien crossed ``door``; its die, the alien's alone until the phase
    ends (``noisy``: the crew will hear that door)."""

    kind = "alien-noise"
    audience: Audience = Audience.ALIEN
    who: Who
    door: str
    die: int
    noisy: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NoiseHeard(Event):
    """N.6: the doors the hidden alien crossed noisily this phase and that had no marker,
    told at its end in door-id order, never in the order it crossed them."""

    kind = "noise-heard"
    doors: tuple[str, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class AmbushOrder(Event):
    """N.3: the alien's standing order, whether a hidden alien answers a call; the
    alien's alone."""

    kind = "order-ambush"
    audience: Audience = Audience.ALIEN
    on: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class TokensReturned(Event):
    """N.4: an alien went into the pipes, and the tokens set aside went back in the bag."""

    kind = "tokens-returned"
    tokens: tuple[str, ...]
