"""Configuration from the environment: the token, the database (an SQLite path or a
PostgreSQL URL), the shards this process serves, the log level."""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from bot.desk.shards import ShardSpec, ShardSpecError
from bot.store.failures import StoreRefused
from bot.store.targets import check_target
from bot.web.settings import WebSettings, WebSettingsError

TOKEN_HELP = (
    "Set DISCORD_TOKEN to your bot's token: Discord Developer Portal → your application → "
    "Bot → Reset Token (see README, 'Running the Discord bot')."
)


AI_PACE_DEFAULT = 2.0


def ai_pace(env: Mapping[str, str] | None = None) -> float:
    """Seconds between the moves of a side the game plays (``QUICKSILVER_AI_PACE``)."""
    env = os.environ if env is None else env
    try:
        pace = float(env.get("QUICKSILVER_AI_PACE", AI_PACE_DEFAULT))
    except ValueError:
        return AI_PACE_DEFAULT
    return pace if 0 <= pace <= 600 else AI_PACE_DEFAULT


class ConfigError(Exception):
    """The environment does not describe a runnable bot; the message says how to fix it."""


@dataclass(frozen=True, slots=True)
class Config:
    token: str
    database: str  # an SQLite file path, or a postgresql:// URL (QUICKSILVER_DB)
    log_level: int
    idle_minutes: float = 30.0  # a game unused this long leaves memory (QUICKSILVER_IDLE_MINUTES)
    shards: ShardSpec = field(default_factory=ShardSpec.everything)  # QUICKSILVER_SHARDS
    sync: bool = False  # send the slash commands to Discord even if unchanged (--sync)
    web: WebSettings | None = None  # the web companion (QUICKSILVER_WEB_URL …), if any

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, *, sync: bool = False) -> Config:
        env = os.environ if env is None else env
        token = env.get("DISCORD_TOKEN", "").strip()
        if not token:
            raise ConfigError(f"DISCORD_TOKEN is not set. {TOKEN_HELP}")
        if token.count(".") != 2 or " " in token:
            raise ConfigError(
                "DISCORD_TOKEN does not look like a bot token (three dot-separated parts). "
                + TOKEN_HELP
            )
        level_name = env.get("QUICKSILVER_LOG_LEVEL", "INFO").strip().upper()
        level = logging.getLevelNamesMapping().get(level_name)
        if level is None:
            raise ConfigError(
                f"QUICKSILVER_LOG_LEVEL={level_name!r} is not a level (DEBUG, INFO, WARNING, ERROR)"
            )
        database = env.get("QUICKSILVER_DB", "").strip() or "quicksilver.sqlite3"
        try:
            check_target(database)
        except StoreRefused as err:
            raise ConfigError(f"QUICKSILVER_DB: {err}") from None
        try:
            shards = ShardSpec.parse(env.get("QUICKSILVER_SHARDS"))
        except ShardSpecError as err:
            raise ConfigError(str(err)) from None
        idle = env.get("QUICKSILVER_IDLE_MINUTES", "30").strip()
        try:
            idle_minutes = float(idle)
        except ValueError:
            idle_minutes = -1.0
        if not 0 < idle_minutes <= 7 * 24 * 60:
            raise ConfigError(
                f"QUICKSILVER_IDLE_MINUTES={idle!r} is not a number of minutes between 0 and "
                "10080 (a week): how long an unused game stays in memory"
            )
        try:
            web = WebSettings.from_env(env)
        except WebSettingsError as err:
            raise ConfigError(str(err)) from None
        return cls(
            token=token,
            database=database,
            log_level=level,
            idle_minutes=idle_minutes,
            shards=shards,
            sync=sync,
            web=web,
        )
