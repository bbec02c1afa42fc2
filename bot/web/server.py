"""The web companion's aiohttp application: read-only pages behind signed links.

Routes (a link's token is its only key; acting from the page will add
``POST /g/<token>/commands`` beside these, taking the same command language):

- ``GET /g/<token>``: the game as the link's viewer sees it (``?`` nothing else);
- ``GET /g/<token>/map.svg``: the map alone; ``GET /g/<token>/phase``: the phase stamp
  the page polls to notice a new phase;
- ``GET /g/<token>/replay`` (``?phase=N``) and ``/g/<token>/replay/<N>``: a finished
  game's replay page and one phase of it (the scrubber's fragment);
- ``GET /p/<token>``: a person's games, each with its own link;
- ``GET /static/app.js``, ``/static/app.css``.

Every answer that shows nothing is the same 404, whatever the reason. Every page has a
strict Content-Security-Policy (no inline script, nothing from another site), is never
cached, and sends no referrer (the token is in the address). Requests are limited per
address and per token. An unexpected error gets a short 500 and the operator log the
traceback.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from importlib import resources

from aiohttp import web

from bot.web import pages
from bot.web.links import Link, Opens, fresh, read, sign
from bot.web.reader import SHOWN_STATUSES, Missing, Reader
from bot.web.settings import WebSettings
from render.svg import board_svg

log = logging.getLogger(__name__)

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
}
PER_ADDRESS = 240  # requests a minute from one address (a page polls every 1.5 s)
PER_TOKEN = 120  # requests a minute with one token
_WINDOW = 60.0

READER = web.AppKey("reader", Reader)
SECRET = web.AppKey("secret", bytes)
Clock = Callable[[], float]
CLOCK: web.AppKey[Clock] = web.AppKey("clock")
LIMITS: web.AppKey[dict[str, tuple[float, int]]] = web.AppKey("limits")

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def _static(name: str) -> bytes:
    return resources.files("bot.web").joinpath("static", name).read_bytes()


def nothing() -> web.Response:
    """The one 404: the same bytes for a bad token, a stranger and a missing game."""
    return web.Response(status=404, text=pages.not_found(), content_type="text/html")


def _over_limit(app: web.Application, key: str, most: int) -> bool:
    now = app[CLOCK]()
    start, count = app[LIMITS].get(key, (now, 0))
    if now - start >= _WINDOW:
        start, count = now, 0
    app[LIMITS][key] = (start, count + 1)
    if len(app[LIMITS]) > 100_000:  # a flood of addresses: forget the oldest windows
        app[LIMITS].clear()
    return count + 1 > most


@web.middleware
async def _guard(request: web.Request, handler: Handler) -> web.StreamResponse:
    app = request.app
    token = request.match_info.get("token", "")
    address = request.remote or "?"
    if _over_limit(app, f"a:{address}", PER_ADDRESS) or (
        token and _over_limit(app, f"t:{token}", PER_TOKEN)
    ):
        response: web.StreamResponse = web.Response(status=429, text="Too many requests.")
    else:
        try:
            response = await handler(request)
        except (Missing, web.HTTPNotFound):
            response = nothing()
        except web.HTTPException:
            raise
        except Exception:
            log.exception("web: %s %s failed", request.method, request.path)
            response = web.Response(status=500, text="Something went wrong; try again soon.")
    response.headers.update(HEADERS)
    return response


def _link(request: web.Request) -> Link:
    link = read(request.app[SECRET], request.match_info["token"], request.app[CLOCK]())
    if link is None:
        raise Missing
    return link


def _base(request: web.Request) -> str:
    return f"/g/{request.match_info['token']}"


async def _game(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await reader.game(_link(request))
    return web.Response(
        text=pages.game_page(shown, reader.ship, _base(request)), content_type="text/html"
    )


async def _map(request: web.Request) -> web.Response:
    reader = request.app[READER]
    shown = await reader.game(_link(request))
    return web.Response(text=board_svg(shown.view.board, reader.ship), content_type="image/svg+xml")


async def _phase(request: web.Request) -> web.Response:
    stamp = await request.app[READER].stamp(_link(request))
    return web.json_response({"stamp": stamp})


async def _replay(request: web.Request) -> web.Response:
    reader = request.app[READER]
    link = _link(request)
    steps = await reader.replay(link)
    number = _number(request.query.get("phase", "1"))
    page = pages.replay_page(link.game_id, steps, number, reader.ship, _base(request))
    return web.Response(text=page, content_type="text/html")


async def _replay_step(request: web.Request) -> web.Response:
    reader = request.app[READER]
    steps = await reader.replay(_link(request))
    number = max(1, min(_number(request.match_info["number"]), len(steps)))
    fragment = pages.replay_fragment(steps[number - 1], len(steps), reader.ship)
    return web.Response(text=fragment, content_type="text/html")


def _number(text: str) -> int:
    return int(text) if text.isdigit() and len(text) < 6 else 1


async def _person(request: web.Request) -> web.Response:
    link = _link(request)
    games = await request.app[READER].games_of(link)
    secret, now = request.app[SECRET], request.app[CLOCK]()
    listed = []
    for game in games:
        if game.status not in SHOWN_STATUSES:  # a lobby has no page yet
            listed.append((game, ""))
            continue
        opens = Opens(game.seat) if game.seat in ("crew", "alien") else Opens.SPECTATOR
        token = sign(secret, fresh(game.game_id, link.user_id, opens, now))
        listed.append((game, f"/g/{token}"))
    return web.Response(text=pages.person_page(listed), content_type="text/html")


async def _asset(request: web.Request) -> web.Response:
    name = request.match_info["name"]
    kinds = {"app.js": "application/javascript", "app.css": "text/css"}
    if name not in kinds:
        raise Missing
    return web.Response(body=_static(name), content_type=kinds[name])


def make_app(
    reader: Reader, secret: bytes, clock: Callable[[], float] = time.time
) -> web.Application:
    """The application, reading through ``reader``, trusting links signed with ``secret``."""
    app = web.Application(middlewares=[_guard])
    app[READER], app[SECRET], app[CLOCK], app[LIMITS] = reader, secret, clock, {}
    app.router.add_get("/g/{token}", _game)
    app.router.add_get("/g/{token}/map.svg", _map)
    app.router.add_get("/g/{token}/phase", _phase)
    app.router.add_get("/g/{token}/replay", _replay)
    app.router.add_get("/g/{token}/replay/{number}", _replay_step)
    app.router.add_get("/p/{token}", _person)
    app.router.add_get("/static/{name}", _asset)
    return app


async def start_web(
    settings: WebSettings, reader: Reader, clock: Callable[[], float] = time.time
) -> web.AppRunner:
    """Serve the companion on ``settings``' host and port until the runner is cleaned up."""
    runner = web.AppRunner(make_app(reader, settings.secret, clock), access_log=None)
    await runner.setup()
    await web.TCPSite(runner, settings.host, settings.port).start()
    log.info(
        "web companion on %s:%d, linked as %s", settings.host, settings.port, settings.public_url
    )
    if settings.secret_drawn:
        log.warning("QUICKSILVER_WEB_SECRET is not set: links stop opening at a restart")
    return runner
