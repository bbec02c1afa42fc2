"""Game-controlled players: each decides from its side's View and the legal commands only."""

from engine.players.alien_ai import alien_ai
from engine.players.base import Player, decide, play_game
from engine.players.crew_ai import crew_ai

__all__ = ["Player", "alien_ai", "crew_ai", "decide", "play_game"]
