"""Regeneration tokens: one public pool for the alien side (docs/rules-decisions.md,
"Variants: physiology"). The variants that give tokens (``physiology``'s Regenerative card,
``reactions``' Regeneration card) add to ``GameState.regeneration``; whenever an alien
would suffer an injury from an attack, a token is spent instead, one for one.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.context import Ctx
from engine.events import Event, Who


@dataclass(frozen=True, slots=True, kw_only=True)
class TokensGained(Event):
    """The alien side gains ``count`` Regeneration tokens; ``pool``: how many it has now."""

    kind = "regeneration-gained"
    who: Who
    count: int
    pool: int


@dataclass(frozen=True, slots=True, kw_only=True)
class TokenSpent(Event):
    """A Regeneration token absorbs one injury of ``who``; ``pool``: the tokens left."""

    kind = "regeneration-spent"
    who: Who
    pool: int


def gain(ctx: Ctx, alien_id: str, count: int) -> None:
    """Add ``count`` tokens to the shared pool."""
    if count <= 0:
        return
    ctx.state.regeneration += count
    ctx.say(TokensGained(who=ctx.who(alien_id), count=count, pool=ctx.state.regeneration))


def absorb(ctx: Ctx, alien_id: str) -> bool:
    """Spend a token instead of one injury of the alien; False when the pool is empty."""
    if ctx.state.regeneration <= 0:
        return False
    ctx.state.regeneration -= 1
    ctx.say(TokenSpent(who=ctx.who(alien_id), pool=ctx.state.regeneration))
    return True
