"""Fixtures of the bot's client tests."""

from __future__ import annotations

from typing import Any

import pytest
import simcord.interactions


@pytest.fixture
def french(monkeypatch):
    """Users whose Discord is in French: their interactions carry ``locale: fr``, as
    Discord's do (simcord otherwise says en-US for everyone)."""
    speakers: set[int] = set()
    built = simcord.interactions.base_payload

    def base_payload(*args: Any, **kwargs: Any) -> Any:
        record, payload = built(*args, **kwargs)
        if kwargs.get("user_id") in speakers:
            payload["locale"] = "fr"
        return record, payload

    monkeypatch.setattr(simcord.interactions, "base_payload", base_payload)
    return speakers
