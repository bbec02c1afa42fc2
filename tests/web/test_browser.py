"""The web companion in a real browser (headless Chromium, Playwright), at phone size:
each page loads with no console error and no sideways scrolling, the map zooms (a wheel,
a two-finger pinch sent as touch events, the buttons), a new phase is noticed without
reloading, a finished game's replay steps; dark and light. Screenshots at 390x844 are
left in ``.artifacts/web/`` to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.web.links import Opens
from tests.web.browser import PHONE, chromium, screenshot_path
from tests.web.stored import ALIEN, CREW, STRANGER, served, twin_moves

WAIT_MS = 60_000  # a hang detector only: a busy machine is no failure


async def _phone_page(browser: Any, scheme: str = "dark") -> tuple[Any, list[str]]:
    context = await browser.new_context(
        viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, color_scheme=scheme
    )
    context.set_default_timeout(WAIT_MS)  # every wait, not only those that name one
    page = await context.new_page()
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


async def _pinch(page: Any, x: float, y: float) -> None:
    """Two fingers put down close together at (x, y) and spread apart, as a phone sends
    them (Chrome's touch events, through the DevTools protocol)."""
    cdp = await page.context.new_cdp_session(page)

    async def touch(kind: str, gap: float) -> None:
        points = [{"x": x - gap, "y": y, "id": 0}, {"x": x + gap, "y": y, "id": 1}]
        await cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    await touch("touchStart", 10)
    for gap in range(20, 130, 10):
        await touch("touchMove", gap)
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


async def _no_sideways_scroll(page: Any) -> None:
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the page is {width} px wide on a 390 px phone"


async def test_the_crews_page_on_a_phone_zooms_and_notices_a_new_phase(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web, chromium() as browser:
        for scheme in ("dark", "light"):
            page, errors = await _phone_page(browser, scheme)
            await page.goto(str(web.client.make_url(web.link(Opens.CREW, CREW))))
            await page.wait_for_selector(".map-frame[data-zoom]", timeout=WAIT_MS)
            await _no_sideways_scroll(page)
            await page.screenshot(path=screenshot_path(f"crew-{scheme}"))
            assert errors == []
            await page.close()
        page, errors = await _phone_page(browser)
        await page.goto(str(web.client.make_url(web.link(Opens.CREW, CREW))))
        frame = page.locator(".map-frame")
        await frame.wait_for(timeout=WAIT_MS)
        assert await frame.get_attribute("data-zoom") == "1.00"
        box = await frame.bounding_box()
        assert box is not None
        await page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
        await page.mouse.wheel(0, -300)  # a wheel (a trackpad's pinch) zooms where it points
        await page.wait_for_function("document.querySelector('.map-frame').dataset.zoom > 1")
        await page.click("[data-zoom=reset]")
        await _pinch(page, box["x"] + box["width"] / 2, box["y"] + box["height"] / 3)
        await page.wait_for_function("document.querySelector('.map-frame').dataset.zoom > 1.5")
        await page.click("[data-zoom=in]")
        assert float(await frame.get_attribute("data-zoom") or 0) > 2
        await page.screenshot(path=screenshot_path("crew-zoomed"))
        await page.select_option("#unit-filter", index=1)
        await page.wait_for_function("document.querySelectorAll('.log li[hidden]').length > 0")
        await web.desk.play(web.table, ALIEN, "pass", in_dm=True)  # the alien's phase ends
        await page.wait_for_selector("#notice:not([hidden])", timeout=WAIT_MS)
        await page.screenshot(path=screenshot_path("crew-new-phase"))
        await page.click("#notice a")
        await page.wait_for_selector("body[data-stamp='2c']", timeout=WAIT_MS)
        assert errors == []


async def test_a_finished_games_replay_steps_on_a_phone(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", finished=True) as web, chromium() as browser:
        page, errors = await _phone_page(browser)
        link = web.link(Opens.SPECTATOR, STRANGER)
        await page.goto(str(web.client.make_url(link)))
        await page.screenshot(path=screenshot_path("finished"), full_page=True)
        await page.click(".replay-link a")
        await page.wait_for_selector("#scrubber", timeout=WAIT_MS)
        await _no_sideways_scroll(page)
        first = await page.inner_text("#replay-step h2")
        await page.locator("#scrubber").fill("3")
        await page.wait_for_selector("#replay-step[data-step='3']", timeout=WAIT_MS)
        assert await page.inner_text("#replay-step h2") != first
        assert "(3/" in await page.inner_text("#replay-step h2")
        await page.screenshot(path=screenshot_path("replay-3"))
        assert errors == []


async def test_a_persons_page_and_the_404_load_cleanly(tmp_path: Path) -> None:
    async with served(tmp_path / "g.db", twin_moves("east")) as web, chromium() as browser:
        page, errors = await _phone_page(browser, "light")
        response = await page.goto(str(web.client.make_url(web.link(Opens.CREW, STRANGER))))
        assert response is not None and response.status == 404
        await _no_sideways_scroll(page)
        await page.screenshot(path=screenshot_path("not-found"))
        console_404 = [e for e in errors if "404" in e]  # the browser reports the status
        assert [e for e in errors if e not in console_404] == []
