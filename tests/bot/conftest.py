"""The bot under test runs on simcord's in-memory Discord, with a fresh database each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.app import QuicksilverBot


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "quicksilver.sqlite3"


@pytest.fixture
def simcord_bot(db_path: Path) -> QuicksilverBot:
    return QuicksilverBot(db_path, background=False)
