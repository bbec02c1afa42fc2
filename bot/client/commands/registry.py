"""Every slash command the bot's tree holds, complete (each group with its subcommands),
in the order Discord lists them: what :mod:`bot.client.app` registers."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.client.commands.game import game
from bot.client.commands.me import me
from bot.client.commands.mod import mod
from bot.client.commands.play import alien, crew
from bot.client.commands.rules import rules
from bot.client.commands.stats import stats

COMMANDS: tuple[app_commands.Group | app_commands.Command[Any, ..., Any], ...] = (
    game,
    crew,
    alien,
    mod,
    me,
    stats,
    rules,
)
