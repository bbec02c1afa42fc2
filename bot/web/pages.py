"""The web companion's words and markup: every page is written here, from what the
reader hands over for one viewer (:class:`bot.web.reader.GameShown`) and nothing else.

Events become sentences through their presenter (:func:`bot.present.events.web_line`), the map is
render.svg's. No inline script or style (the Content-Security-Policy forbids both): the
behaviour is ``/static/app.js``, the look ``/static/app.css``. Every time is written as
UTC and the page's script shows it in the reader's own zone.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC, datetime
from html import escape

from bot.present.events import web_line
from bot.store.people import MyGame
from bot.web.reader import GameShown, PhaseLog, units_named
from engine.board.ship import Ship
from engine.events import Event
from engine.records.replay import PhaseStep
from engine.score import Score
from engine.state import Phase
from engine.views import AlienLine, CrewLine, View, Viewer
from render.svg import board_svg

_WHOSE = {"setup": "Set-up: both sides", "alien": "The alien to play", "crew": "The crew to play"}
_VIEWERS = {
    Viewer.CREW: "the crew's view",
    Viewer.ALIEN: "the alien's view",
    Viewer.SPECTATOR: "the public view",
    Viewer.REFEREE: "everything",
}


def _page(title: str, body: Iterable[str], attrs: str = "") -> str:
    return "".join(
        (
            '<!doctype html><html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            '<meta name="referrer" content="no-referrer">',
            '<meta name="color-scheme" content="dark light">',
            f"<title>{escape(title)}</title>",
            '<link rel="icon" href="data:,">',
            '<link rel="stylesheet" href="/static/app.css">',
            '<script src="/static/app.js" defer></script>',
            f"</head><body{attrs}>",
            *body,
            "</body></html>",
        )
    )


def not_found() -> str:
    """The one answer to every link that shows nothing, whatever the reason."""
    return _page(
        "Not found · Quicksilver",
        (
            "<main><h1>Nothing here</h1><p>This link does not open anything: it may be "
            "mistyped or out of date. Ask the bot for a fresh one (<code>/me games</code>)."
            "</p></main>",
        ),
    )


def _when(at: float) -> str:
    moment = datetime.fromtimestamp(at, UTC)
    return f'<time datetime="{moment.isoformat()}">{moment:%Y-%m-%d %H:%M} UTC</time>'


def _phase_title(turn: int, phase: Phase) -> str:
    if phase is Phase.SETUP:
        return "Set-up"
    if phase is Phase.OVER:
        return "The end"
    return f"Turn {turn} · {phase.value.capitalize()} phase"


# --- the game page -------------------------------------------------------------------------
def game_page(shown: GameShown, ship: Ship, base: str) -> str:
    """A running or finished game as one viewer may see it; ``base`` is the link's own
    path (``/g/<token>``), for the page's fetches."""
    v = shown.view
    title = f"Game {shown.game_id} · {shown.channel_name}" if shown.channel_name else ""
    title = title or f"Game {shown.game_id}"
    attrs = f' data-stamp="{escape(shown.stamp)}" data-poll="{escape(base)}/phase"'
    body = [
        "<header>",
        f"<h1>{escape(title)}</h1>",
        f'<p class="phase">{escape(v.board.title)} — {_whose(shown)}</p>',
        f'<p class="viewer">You see {_VIEWERS[shown.viewer]}.</p>',
        "</header>",
        '<p id="notice" class="notice" role="status" hidden>A new phase has begun. '
        '<a href="">Show it</a></p>',
        "<main>",
        _map_section(v, ship),
        *_finished(shown, base),
        _units_section(v),
        *_own_section(v),
        _log_section(shown.phases, v),
        "</main>",
    ]
    return _page(f"{title} · Quicksilver", body, attrs)


def _whose(shown: GameShown) -> str:
    v = shown.view
    if shown.finished or v.phase == "over":
        return escape(v.result or "the game is over")
    words = escape(_WHOSE.get(v.phase, ""))
    if shown.deadline_at is not None:
        words += f"; deadline {_when(shown.deadline_at)}"
    return words


def _map_section(v: View, ship: Ship) -> str:
    return (
        '<section class="map" aria-label="Map">'
        '<div class="map-tools"><button type="button" data-zoom="in" aria-label="Zoom in">+'
        '</button><button type="button" data-zoom="out" aria-label="Zoom out">−</button>'
        '<button type="button" data-zoom="reset">Whole ship</button></div>'
        f'<div class="map-frame" id="map">{board_svg(v.board, ship)}</div></section>'
    )


def _finished(shown: GameShown, base: str) -> Iterator[str]:
    if not shown.finished:
        return
    yield f'<p class="replay-link"><a href="{escape(base)}/replay">Replay, phase by phase</a></p>'
    if shown.view.score is not None:
        yield _score_section(shown.view.score)


def _score_section(score: Score) -> str:
    rows = "".join(
        f"<tr><td>{escape(line.label)}</td><td>{line.count} × {line.points:+}</td>"
        f"<td>{line.subtotal:+}</td></tr>"
        for line in score.lines
    )
    return (
        '<section class="score"><h2>Score (F.1)</h2><table>'
        f"{rows}<tr><th>Total</th><th></th><th>{score.total:+}</th></tr></table>"
        f"<p>{escape(score.band)}</p></section>"
    )


def _units_section(v: View) -> str:
    items = [*(_crew_item(line) for line in v.crew if _in_play(line)), *map(_alien_item, v.aliens)]
    return f'<section class="units"><h2>Units</h2><ul>{"".join(items)}</ul></section>'


def _in_play(line: CrewLine) -> bool:
    return bool(line.role or line.grid or line.carried_by or line.fate != "aboard")


def _crew_item(line: CrewLine) -> str:
    facts = [line.grid or ("carried" if line.carried_by else line.fate)]
    if line.condition != "healthy":
        facts.append(line.condition)
    if line.role:
        facts.append(line.role)
    facts += line.skills
    if line.actions is not None:
        facts.append(f"{line.actions} actions")
    if line.done:
        facts.append("done")
    carrying = f"<br><small>Carries: {escape(', '.join(line.carrying))}</small>"
    return (
        f'<li class="crew" data-unit="{escape(line.id)}"><b>{escape(line.name)}</b> '
        f"{escape(' · '.join(facts))}{carrying if line.carrying else ''}</li>"
    )


def _alien_item(line: AlienLine) -> str:
    facts = [line.grid or ("dead" if line.dead else "behind the pipes")]
    if line.injured:
        facts.append("injured")
    if line.energy:
        facts.append(f"{line.energy} energy")
    facts += line.abilities
    carrying = f"<br><small>Carries: {escape(', '.join(line.carrying))}</small>"
    return (
        f'<li class="alien" data-unit="{escape(line.id)}"><b>{escape(line.stage)}</b> '
        f"{escape(' · '.join(facts))}{carrying if line.carrying else ''}</li>"
    )


def _own_section(v: View) -> Iterator[str]:
    """The viewer's own side's secrets the view holds: blueprints, abilities."""
    lines = []
    if v.blueprints:
        lines.append(f"Blueprints: {', '.join(v.blueprints)}")
    if v.abilities:
        lines.append(f"Alien abilities: {', '.join(v.abilities)}")
    if v.declarations:
        lines.append(f"Declared this alien phase: {', '.join(v.declarations)}")
    if lines:
        items = "".join(f"<li>{escape(line)}</li>" for line in lines)
        yield f'<section class="hand"><h2>Known to you</h2><ul>{items}</ul></section>'


def _log_section(phases: Sequence[PhaseLog], v: View) -> str:
    names = {line.id: line.name for line in v.crew if _in_play(line)}
    names.update({line.id: line.stage for line in v.aliens})
    options = "".join(
        f'<option value="{escape(unit)}">{escape(name)}</option>' for unit, name in names.items()
    )
    blocks = [_phase_block(p.turn, p.phase, p.events, last) for last, p in _last_flag(phases)]
    empty = "<p>No phase has ended yet.</p>" if not phases else ""
    return (
        '<section class="log"><h2>Log</h2><label class="filter">Unit '
        f'<select id="unit-filter"><option value="">all</option>{options}</select></label>'
        f"{empty}{''.join(reversed(blocks))}</section>"
    )


def _last_flag(phases: Sequence[PhaseLog]) -> Iterator[tuple[bool, PhaseLog]]:
    for index, phase in enumerate(phases):
        yield index == len(phases) - 1, phase


def _phase_block(turn: int, phase: Phase, events: Iterable[Event], open_: bool) -> str:
    items = "".join(_event_item(e) for e in events)
    return (
        f"<details{' open' if open_ else ''}><summary>{escape(_phase_title(turn, phase))}"
        f'</summary><ol class="events">{items}</ol></details>'
    )


def _event_item(event: Event) -> str:
    units = " ".join(units_named(event))
    return f'<li data-units="{escape(units)}">{escape(web_line(event))}</li>'


# --- a finished game's replay ---------------------------------------------------------------
def replay_page(
    game_id: int, steps: Sequence[PhaseStep], number: int, ship: Ship, base: str
) -> str:
    """Phase ``number`` of a finished game's replay, with a scrubber over all phases."""
    step = steps[max(1, min(number, len(steps))) - 1]
    body = [
        "<header>",
        f"<h1>Game {game_id} · replay</h1>",
        f'<p><a href="{escape(base)}">Back to the game</a></p>',
        "</header><main>",
        f'<form class="scrubber" method="get" action="{escape(base)}/replay">'
        f'<label>Phase <output id="step-label">{step.number}/{len(steps)}</output>'
        f'<input type="range" name="phase" id="scrubber" min="1" max="{len(steps)}" '
        f'value="{step.number}" data-fragment="{escape(base)}/replay/"></label>'
        '<noscript><button type="submit">Show</button></noscript></form>',
        f'<div id="replay-step">{replay_fragment(step, len(steps), ship)}</div>',
        "</main>",
    ]
    return _page(f"Game {game_id} · replay · Quicksilver", body)


def replay_fragment(step: PhaseStep, total: int, ship: Ship) -> str:
    """One phase of a replay: the map at its end and everything that happened in it."""
    items = "".join(_event_item(e) for e in step.events)
    return (
        f"<h2>{escape(step.title)} ({step.number}/{total})</h2>"
        '<section class="map" aria-label="Map"><div class="map-frame" id="map">'
        f"{board_svg(step.view.board, ship)}</div></section>"
        f'<ol class="events">{items}</ol>'
    )


def _game_name(game: MyGame, link: str) -> str:
    name = f"Game {game.game_id} · {escape(game.channel_name)}"
    return f'<a href="{escape(link)}">{name}</a>' if link else name


# --- a person's page ------------------------------------------------------------------------
def person_page(games: Sequence[tuple[MyGame, str]]) -> str:
    """A person's current games (what ``/me games`` lists), each with its own link."""
    items = "".join(
        f"<li>{_game_name(game, link)} <small>{escape(game.seat)} · {escape(game.status)}"
        f"{' · ' + escape(game.phase_key) if game.phase_key else ''}</small></li>"
        for game, link in games
    )
    listing = f"<ul class='games'>{items}</ul>" if games else "<p>You sit at no game now.</p>"
    return _page(
        "Your games · Quicksilver",
        ("<header><h1>Your games</h1></header><main>", listing, "</main>"),
    )
