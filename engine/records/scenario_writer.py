"""Writing a scenario: the canonical block of a position (see :mod:`engine.records.scenario`
for the format), leaving out every line and word that says only what the defaults say,
so that ``parse_scenario(write_scenario(s)) == s``."""

from __future__ import annotations

import re
from collections.abc import Iterable

from engine.board.floorplan import default_ship
from engine.board.ship import Ship
from engine.content import Content, load_content
from engine.records.scenario import default_actions, default_step, infer_kind
from engine.setup import new_game
from engine.state import Alien, Condition, Fate, GameState, Human, Item
from engine.units import SUPPLIES
from engine.variants import header as variants_line

_BARE = re.compile(r"^[A-Za-z0-9_.,:/+*-]+$")  # a word that needs no quotes


def _q(text: str) -> str:
    """A word as shlex reads it back: bare when safe, else in double quotes."""
    if _BARE.match(text):
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _opt(key: str, value: str | Iterable[str]) -> str:
    return f"{key}={_q(value if isinstance(value, str) else ','.join(value))}"


def _line(*words: str) -> str:
    return " ".join(w for w in words if w)


def _turn_line(state: GameState) -> str:
    step = "" if state.setup is default_step(state.phase) else _opt("step", state.setup.value)
    active = _opt("active", state.active_unit) if state.active_unit else ""
    return _line("turn", str(state.turn), state.phase.value, active, step)


def _unit_words(state: GameState, content: Content, unit_id: str, actions: int) -> list[str]:
    carried = state.carried_by(unit_id)
    return [
        _opt("actions", str(actions))
        if actions != default_actions(state, content, unit_id)
        else "",
        _opt("carries", carried) if carried else "",
        "done" if unit_id in state.done_units else "",
    ]


def _human_line(state: GameState, content: Content, human: Human) -> str:
    deceased = human.condition is Condition.DECEASED
    hurt = human.condition in (Condition.INJURED, Condition.UNCONSCIOUS)
    return _line(
        "cadaver" if deceased else "crew",
        human.id,
        str(human.grid) if human.grid else "",
        human.condition.value if hurt else "",
        human.fate.value if human.fate is not Fate.ABOARD else "",
        _opt("role", human.role) if human.role else "",
        _opt("skill", human.skill_marker) if human.skill_marker else "",
        *_unit_words(state, content, human.id, human.actions),
        _opt("revealed", sorted(human.revealed)) if human.revealed else "",
        "killed-by-alien" if human.killed_by_alien else "",
    )


def _route_words(alien: Alien) -> list[str]:
    """``path=`` (grids before the pipe-run) and ``piperun[=route]`` (C.7's pencil line)."""
    here = [alien.grid] if alien.grid else []
    if alien.run_start is None:
        return [] if alien.path == here else [_opt("path", map(str, alien.path))]
    before, route = alien.path[: alien.run_start], alien.run_path
    return [
        _opt("path", map(str, before)) if before else "",
        "piperun" if route == here else _opt("piperun", map(str, route)),
    ]


def _seen_word(alien: Alien) -> str:
    """``seen=``: how the crew last saw a pipe-runner, where that differs (C.7.3)."""
    if not alien.pipe_running or alien.injured_when_hidden == alien.injured:
        return ""
    return _opt("seen", "injured" if alien.injured_when_hidden else "well")


def _alien_line(state: GameState, content: Content, alien: Alien) -> str:
    return _line(
        "alien",
        alien.id,
        alien.stage,
        str(alien.grid) if alien.grid else "",
        "injured" if alien.injured else "",
        "dead" if alien.dead else "",
        alien.fate.value if alien.fate is not Fate.ABOARD else "",
        *_route_words(alien),
        _seen_word(alien),
        _opt("abilities", alien.abilities) if alien.abilities else "",
        _opt("repelled-from", str(alien.repelled_from)) if alien.repelled_from else "",
        _opt("energy", str(alien.energy)) if alien.energy else "",
        *_unit_words(state, content, alien.id, alien.actions),
    )


def _side_lines(state: GameState) -> list[str]:
    secrets = state.alien_secrets
    alien = _line(
        _opt("abilities", secrets.abilities) if secrets.abilities else "",  # set-up: in hand
        _opt("revealed", sorted(secrets.revealed_abilities)) if secrets.revealed_abilities else "",
        "" if state.standing.spend_energy_on_seven else "order-energy=off",
        "" if state.standing.ambush else "order-ambush=off",
        "surge-used" if state.surge_used else "",
        _opt("royal-mutations", str(state.royal_mutations)) if state.royal_mutations else "",
    )
    blueprints = state.crew_secrets.blueprints
    crew = _line(
        _opt("blueprints", blueprints) if blueprints else "",
        _opt("autopsies", str(state.autopsies)) if state.autopsies else "",
        _opt("drive", str(state.drive_to)) if state.drive_to else "",
        _opt("fabricated", state.crew_secrets.fabricated) if state.crew_secrets.fabricated else "",
    )
    return [f"alien-side {alien}"] * bool(alien) + [f"crew-side {crew}"] * bool(crew)


def _raids_lines(state: GameState) -> list[str]:
    """The ``raids`` variant's table whole: its deck depends on the dice set-up drew."""
    table = state.raids
    if table is None:
        return []
    damaged = [f"{alien}:{a}" for alien, held in sorted(table.abilities.items()) for a in held]
    words = [
        _opt("deck", table.deck or "none"),
        _opt("early", str(table.early)),
        _opt("discard", table.discard or "none"),
        _opt("repulse", str(table.repulse)),
        _opt("defeats", str(table.defeats)),
        _opt("awards", f"{table.awards.get('crew', 0)}/{table.awards.get('alien', 0)}"),
        _opt("chips", f"{table.chips.get('crew', 0)}/{table.chips.get('alien', 0)}"),
        _opt("rooms", table.rooms or "none"),
        _opt("damaged", damaged or "none"),
        _opt("tie", table.tie_top),
        _opt("ended", table.ended) if table.ended else "",
        _opt("admiral", table.admiral) if table.admiral else "",
        _opt("volley", table.volley) if table.volley else "",
        _opt("crew-order", table.crew_damage or "none"),
        _opt("alien-order", table.alien_damage or "none"),
        "crew-bunker" if table.crew_bunker else "",
        "alien-bunker" if table.alien_bunker else "",
    ]
    return [_line("raids", *words)]


def _reactions_lines(state: GameState) -> list[str]:
    """The ``reactions`` variant's table whole: its deck depends on the dice."""
    table = state.reactions
    if table is None:
        return []
    words = [
        _opt("deck", table.deck or "none"),
        _opt("discard", table.discard or "none"),
        _opt("active", table.active) if table.active else "",
        _opt("alien", table.active_alien) if table.active_alien else "",
        _opt("rage", sorted(table.rage)) if table.rage else "",
        _opt("fear", sorted(table.fear)) if table.fear else "",
        _opt("ferocious", [f"{a}:{n}" for a, n in sorted(table.ferocious.items())])
        if table.ferocious
        else "",
        _opt("critical", [f"{a}:{n}" for a, n in sorted(table.critical.items())])
        if table.critical
        else "",
        "slain" if table.slay_spent else "",
    ]
    return [_line("reactions", *words)]


def _physiology_lines(state: GameState) -> list[str]:
    """The ``physiology`` cards whole (their deal depends on the dice set-up drew), and
    the Regeneration tokens."""
    table = state.physiology
    lines = [_line("regeneration", str(state.regeneration))] if state.regeneration else []
    if table is None or not table.cards:
        return lines
    words = [_opt(damage.lower(), card) for damage, card in table.cards.items()]
    if table.up:
        words.append(_opt("up", sorted(table.up)))
    if table.studied:
        words.append(_opt("studied", sorted(table.studied)))
    return [_line("physiology", *words), *lines]


def _noise_lines(state: GameState, fresh: GameState) -> list[str]:
    """The ``noise`` variant's table, each list that differs from set-up's."""
    now, then = state.noise, fresh.noise
    if now is None or then is None:
        return []
    words = [
        _opt(name, (sorted(mine) if isinstance(mine, set) else mine) or "none")
        for name, mine, start in (
            ("markers", now.markers, then.markers),
            ("bag", now.bag, then.bag),
            ("aside", now.aside, then.aside),
            ("reserve", now.reserve, then.reserve),
            ("heard", now.heard, then.heard),
        )
        if mine != start
    ]
    return [_line("noise", *words)] if words else []


def _emergency_lines(state: GameState, fresh: GameState) -> list[str]:
    """The ``emergencies`` variant's panel: each field that holds a card, then the deck,
    the discards and a collapse where they differ from set-up's."""
    now, then = state.emergencies, fresh.emergencies
    if now is None or then is None:
        return []
    lines = []
    for number, e in enumerate(now.fields, start=1):
        if e is None:
            continue
        lines.append(
            _line(
                "emergency",
                str(number),
                str(e.card + 1),
                "" if e.level == 1 else _opt("level", str(e.level)),
                "critical" if e.critical else "",
                _opt("points", str(e.points)) if e.points else "",
                _opt("tried", sorted(e.tried)) if e.tried else "",
                _opt("nexus", str(e.nexus)) if e.nexus else "",
                "" if e.cause == "nexus" else _opt("cause", e.cause),
            )
        )
    words = [
        _opt(name, [str(c + 1) for c in mine] or "none")
        for name, mine, start in (
            ("deck", now.deck, then.deck),
            ("discard", now.discard, then.discard),
        )
        if mine != start
    ] + ["collapsed"] * now.collapsed
    return lines + ([_line("emergencies", *words)] if words else [])


def _halon_lines(state: GameState) -> list[str]:
    """The ``halon`` variant's panel, where it differs from the start (charged, none)."""
    panel = state.halon
    if panel is None or (panel.charged and not panel.purges):
        return []
    words = ["" if panel.charged else "empty"]
    words += [_opt("purges", str(panel.purges))] if panel.purges else []
    return [_line("halon", *words)]


def _implied(content: Content, item: Item) -> bool:
    """A plain carried item that its carrier's ``carries=`` fully describes."""
    plain = not (item.in_locker or item.examined_by or item.active or item.supply)
    carried = item.holder is not None and item.grid is None
    return plain and carried and infer_kind(content, item.id) == item.kind


def _item_line(item: Item) -> str:
    if item.kind == SUPPLIES:  # an id may hold spaces, '#' or quotes: quoted, it reads back
        head = ["supplies", _q(item.id), _q(item.supply or "")]
    else:
        head = ["item", _q(item.id), _q(item.kind)]
    return _line(
        *head,
        str(item.grid) if item.grid else "",
        "out-of-play" if item.grid is None and item.holder is None else "",
        "in-locker" if item.in_locker else "",
        "active" if item.active else "",
        _opt("examined", sorted(item.examined_by)) if item.examined_by else "",
    )


def _item_lines(state: GameState, fresh: GameState, content: Content) -> list[str]:
    if state.items == fresh.items:
        return []
    if not state.items:
        return ["items none"]
    return [_item_line(i) for i in state.items.values() if not _implied(content, i)]


def _board_lines(state: GameState, fresh: GameState, ship: Ship) -> list[str]:
    """Doors, nexus markers and pods that differ from B.1.1."""
    lines = [
        f"door {door} {state.door_state(door).value}"
        for door in ship.doors
        if state.door_state(door) is not fresh.door_state(door)
    ]
    for grid, system in sorted(state.nexus.items()):
        revealed = grid in state.nexus_revealed
        rotated = state.countdown.get(grid)
        if revealed or rotated is not None or fresh.nexus.get(grid) != system:
            flags = (
                "revealed" if revealed else "",
                _opt("rotated", str(rotated)) if rotated is not None else "",
            )
            lines.append(_line("nexus", str(grid), _q(system), *flags))
    gone = sorted(set(fresh.nexus) - set(state.nexus))
    systems = sorted(set(fresh.nexus.values()) - set(state.nexus.values()))
    for grid, system in zip(gone, systems, strict=True):
        lines.append(_line("nexus", str(grid), _q(system), "repaired"))
    for key, units in sorted(state.launched_pods.items()):
        lines.append(_line("pod", key, _opt("launched", units) if units else "launched"))
    return lines


def _phase_lines(state: GameState) -> list[str]:
    lines = []
    if state.declarations:
        lines.append(_line("declarations", *map(_q, state.declarations)))
    if state.sightings:
        lines.append(_line("sightings", *map(str, state.sightings)))
    if state.searched:
        lines.append(_line("searched", *map(str, sorted(state.searched))))
    if state.ship_destroyed:
        lines.append(_line("destroyed", _q(", ".join(state.ship_destroyed))))
    if state.result:
        lines.append(_line("result", _q(state.result)))
    return lines


def write_scenario(
    state: GameState, ship: Ship | None = None, content: Content | None = None
) -> str:
    """The canonical scenario block of ``state``: what differs from the defaults."""
    ship = ship or default_ship()
    content = content or load_content()
    fresh = new_game(state.seed, ship, content, state.variants)
    lines = ["scenario", f"seed {state.seed}"]
    if state.variants:
        lines.append(variants_line(state.variants))
    if state.rng != fresh.rng:
        lines.append(f"rng {state.rng.state}")
    lines.append(_turn_line(state))
    lines += [
        _human_line(state, content, h)
        for h in state.humans.values()
        if h != Human(h.id, h.name) or h.id in state.done_units
    ]
    lines += [_alien_line(state, content, a) for a in state.aliens.values()]
    lines += _side_lines(state)
    lines += _item_lines(state, fresh, content)
    lines += _board_lines(state, fresh, ship)
    lines += _phase_lines(state)
    lines += _noise_lines(state, fresh)
    lines += _emergency_lines(state, fresh)
    lines += _raids_lines(state)
    lines += _reactions_lines(state)
    lines += _halon_lines(state)
    lines += _physiology_lines(state)
    lines.append("end")
    return "\n".join(lines) + "\n"
