"""Which Discord shards this process serves (``QUICKSILVER_SHARDS``), and so which
guilds' games: Discord puts guild ``g`` on shard ``(g >> 22) % count``, and direct
messages on shard 0."""

from __future__ import annotations

import re
from dataclasses import dataclass

SHARDS_HELP = (
    "QUICKSILVER_SHARDS is 'FIRST-LAST/COUNT' (shards FIRST to LAST of COUNT, e.g. 0-3/8) "
    "or 'ID/COUNT' (one shard); unset, one process serves every shard."
)


class ShardSpecError(ValueError):
    """``QUICKSILVER_SHARDS`` does not name a shard range; the message says how to fix it."""


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard Discord delivers a guild's events on (DMs, with no guild: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True, slots=True)
class ShardSpec:
    """Shards ``ids`` of ``count``; ``count`` 0 means every shard, as many as Discord
    recommends (one process serves the whole bot)."""

    ids: tuple[int, ...]
    count: int

    @classmethod
    def everything(cls) -> ShardSpec:
        return cls((), 0)

    @classmethod
    def parse(cls, text: str | None) -> ShardSpec:
        if text is None or not text.strip():
            return cls.everything()
        match = re.fullmatch(r"\s*(\d+)(?:\s*-\s*(\d+))?\s*/\s*(\d+)\s*", text)
        if match is None:
            raise ShardSpecError(f"QUICKSILVER_SHARDS={text!r} is not a shard range. {SHARDS_HELP}")
        first, last, count = int(match[1]), int(match[2] or match[1]), int(match[3])
        if count < 1 or not first <= last < count:
            raise ShardSpecError(
                f"QUICKSILVER_SHARDS={text!r}: shards must run from FIRST to LAST within "
                f"0..COUNT-1 (COUNT at least 1). {SHARDS_HELP}"
            )
        return cls(tuple(range(first, last + 1)), count)

    @property
    def everywhere(self) -> bool:
        return self.count == 0

    def serves_guild(self, guild_id: int | None) -> bool:
        """Whether this process serves the games of ``guild_id``'s channels."""
        return self.everywhere or shard_of(guild_id, self.count) in self.ids

    @property
    def gets_dms(self) -> bool:
        """Discord delivers direct messages to shard 0 only."""
        return self.everywhere or 0 in self.ids

    def lease_keys(self) -> list[tuple[int, int]]:
        """(count, shard) pairs this process must hold; every shard is (0, 0)."""
        return [(0, 0)] if self.everywhere else [(self.count, i) for i in self.ids]

    def describe(self) -> str:
        if self.everywhere:
            return "every shard"
        first, last = self.ids[0], self.ids[-1]
        span = f"shard {first}" if first == last else f"shards {first}-{last}"
        return f"{span} of {self.count}"
