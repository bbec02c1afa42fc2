"""A real browser for the web tests: the distribution's headless Chromium driven by
Playwright for Python. Where the browser is missing the tests skip with the reason, unless
``QUICKSILVER_REQUIRE_BROWSER=1`` (CI, which installs it: ``make browser``), where they
fail. Screenshots go to ``.artifacts/web/`` (ignored by git), to be looked at."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.async_api import async_playwright

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / ".artifacts" / "web"
PHONE = {"width": 390, "height": 844}
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


def _unavailable(reason: str) -> None:
    if os.environ.get("QUICKSILVER_REQUIRE_BROWSER") == "1":
        pytest.fail(f"the browser tests need a browser: {reason}")
    pytest.skip(reason)


@asynccontextmanager
async def chromium() -> AsyncIterator[Any]:
    """A headless Chromium, or a skip (a failure where a browser is required)."""
    path = chromium_path()
    if path is None:
        _unavailable("no Chromium: install the distribution's package (make browser)")
    async with async_playwright() as driver:
        browser = await driver.chromium.launch(executable_path=path, args=FLAGS)
        try:
            yield browser
        finally:
            await browser.close()


def screenshot_path(name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / f"{name}.png"
