"""Words for people, built only from views (:mod:`engine.views`) and events
(:mod:`bot.present.catalogue` words them)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from bot.desk.computer_seat import seat_level, seat_side
from bot.desk.public_log import LogItem, Told
from bot.desk.tables import Seat, Table
from bot.desk.tutorial import lesson_of
from bot.present import hints, lessons
from bot.present.catalogue.reactions import reaction_lines
from bot.present.digest import digest
from bot.present.events import log_lines
from bot.present.locale import N_, _, ngettext
from bot.present.names import alien_label, the_alien
from bot.present.plain import plain
from engine.board.grid import Grid
from engine.board_view import BoardView, UnitView
from engine.events import Event
from engine.records.scenario import opening_variants
from engine.state import Side
from engine.variants import Catalogue, load_variants
from engine.views import EmergencyLine, View, Viewer
from render.zoom import unit_words

LIMIT = 1900  # Discord's message limit is 2000 characters

DM_HELP = N_(
    "I could not send you a direct message, so your secret notes cannot reach you. "
    "To allow them: right-click (or long-press) this server's icon → **Privacy Settings** → "
    "turn on **Direct Messages** (or User Settings → Privacy & Safety → *Allow direct messages "
    "from server members*). Meanwhile `/game hand` shows your hand here, only to you."
)

SEAT_WORDS = {"alien": "👾 Alien", "crew": "🧑‍🚀 Crew", "spectator": "👀 Watching"}

SEEDED = N_(
    "🎲 **Seeded: secrets are predictable.** This game's seed was chosen by a moderator or "
    "came with an imported script or a lesson, so anyone who knows it can work out every "
    "hidden marker and die; it is a practice game, kept out of any records."
)


def chunks(lines: Iterable[str], limit: int = LIMIT) -> list[str]:
    """Join lines into messages that fit Discord's limit."""
    out: list[str] = []
    current = ""
    for line in lines:
        while len(line) > limit:
            if current:
                out.append(current)
                current = ""
            out.append(line[:limit])
            line = line[limit:]
        candidate = f"{current}\n{line}" if current else line
        if len(candidate) > limit:
            out.append(current)
            current = line
        else:
            current = candidate
    if current:
        out.append(current)
    return out


def mention(user_id: int | None) -> str:
    """A person as Discord shows them; a forgotten one (``/me forget``: a negative id)
    by their anonymous number."""
    if user_id is None:
        return _("someone")
    if user_id < 0:
        return _("anonymous #{n}").format(n=-user_id)
    return f"<@{user_id}>"


def timestamp(at: float, style: str = "R") -> str:
    return f"<t:{int(at)}:{style}>"


LOBBY_HEADING = "**Invasive Species aboard the CFS Quicksilver**"  # the lobby's seats start here


def lobby_text(table: Table) -> str:
    row = table.row
    alien = table.alien_player()
    crew = table.seated(Seat.CREW)
    watchers = table.seated(Seat.SPECTATOR)
    game_held = f"🤖 *the game* ({seat_level(row.computer)})"
    alien_text = mention(alien.user_id) if alien else "*empty*"
    crew_text = ", ".join(mention(p.user_id) for p in crew) or "*empty*"
    held = seat_side(row.computer)
    lines = [
        f"{LOBBY_HEADING} — game {row.id} ({row.status})",
        f"{SEAT_WORDS['alien']}: {game_held if held is Side.ALIEN else alien_text}",
        f"{SEAT_WORDS['crew']}: {game_held if held is Side.CREW else crew_text}",
    ]
    if watchers:
        lines.append(
            f"{SEAT_WORDS['spectator']}: {', '.join(mention(p.user_id) for p in watchers)}"
        )
    if row.seeded:
        lines.append(SEEDED)
    if chosen := variants_line(opening_variants(row.opening)):
        lines.append(chosen)
    if row.hints_off:
        lines.append(hints.OFF)
    if row.deadline_hours:
        lines.append(f"⏱️ {row.deadline_hours:g} h a phase")
    if row.min_reliability and row.status == "lobby":
        lines.append(
            f"Seats players on time in at least {row.min_reliability}% of their phases "
            "(and newcomers)."
        )
    if row.status == "lobby":
        lines.append(
            "Tap to take a seat, or to give a side to the game and choose how well it plays "
            "(the creator); a moderator taps a phase deadline; then Start."
        )
    return "\n".join(lines)


def variants_line(ids: Iterable[str]) -> str:
    """The variants a game was created with, by title and id, or '' for none: public
    to everyone, in the lobby, ``/game status`` and the reveal (README, "Variants"); one
    that failed its balance gate says so."""
    catalogue = load_variants()
    named = [variant_name(v, catalogue) for v in catalogue.ordered(ids)]
    return _("🧪 Variants: {list}").format(list=", ".join(named)) if named else ""


def variant_name(variant: str, catalogue: Catalogue) -> str:
    """``Noise in the Pipes (`noise`)``, or ``… (`noise`, unbalanced)`` for a variant that
    failed its balance gate."""
    info = catalogue.variants[variant]
    if info.unbalanced:
        return _("{title} (`{id}`, unbalanced)").format(title=_(info.title), id=variant)
    return f"{_(info.title)} (`{variant}`)"


ALT_LIMIT = 1024  # Discord's limit on an attachment's description (its alt text)


def map_alt(v: View, whose: str, lines: Sequence[str] = ()) -> str:
    """An image's alt text: whose view of the floorplan, the phase, who shares a grid
    (the map shows them as a count and small counters), and what the post around it
    says (a phase's digest), for screen readers and a phone's long press."""
    text = f"Floorplan of the CFS Quicksilver, {whose} view, {phase_title(v)}."
    shared = shared_grids(v.board)
    if shared:
        text += " Sharing a grid: " + "; ".join(shared) + "."
    said = " ".join(line.replace("**", "").replace("`", "") for line in lines)
    return f"{text} {said}".strip()[:ALT_LIMIT]


def shared_grids(board: BoardView) -> list[str]:
    """Each grid several units share, with their names and states: "1-F7 (3): Hyun,
    Ortiz (injured), Larva"."""
    groups: dict[Grid, list[UnitView]] = defaultdict(list)
    for unit in board.units:
        groups[unit.grid].append(unit)
    return [
        f"{grid} ({len(here)}): " + ", ".join(unit_words(u) for u in here)
        for grid, here in sorted(groups.items())
        if len(here) > 1
    ]


def phase_title(v: View) -> str:
    if v.phase == "setup":
        return _("Set-up")
    if v.phase == "over":
        return _("Game over after turn {turn}").format(turn=v.turn)
    if v.phase == "crew":
        return _("Turn {turn} · Crew phase").format(turn=v.turn)
    return _("Turn {turn} · Alien phase").format(turn=v.turn)


def waiting_text(table: Table) -> str:
    names = [mention(u) for u in table.waiting_users()]
    if table.computer_to_move():
        names.append(_("🤖 the game"))
    return ", ".join(names) if names else _("nobody")


def status_text(table: Table, side: Side | None = None) -> str:
    """The game's status for someone of ``side`` (None: not a player). Which side asked
    the advisor, and so when, is said to that side alone while the game runs (a mark
    appearing mid-phase would tell the other side the hidden alien was at its panel);
    everyone reads it once the game is over."""
    row = table.row
    if table.game is None:
        return lobby_text(table)
    v = table.view_for(Viewer.SPECTATOR)
    lines = [_("**{title}** — game {game}").format(title=phase_title(v), game=row.id)]
    if row.seeded:
        lines.append(_(SEEDED))
    if v.variants:
        lines.append(variants_line(v.variants))
    asked = row.hints_sides.split(",") if row.hints_sides else []
    if row.status != "playing" and row.hints_used:  # the game's record says so
        lines.append(_(hints.MARKED))
    elif side is not None and side.value in asked:
        lines.append(_(hints.MARKED_OWN))
    if row.status == "playing":
        lines.append(
            _("Waiting on: {who} since {when}").format(
                who=waiting_text(table), when=timestamp(row.phase_since)
            )
        )
        if row.deadline_at is not None:
            lines.append(
                _("Phase deadline: {date} ({when})").format(
                    date=timestamp(row.deadline_at, "f"), when=timestamp(row.deadline_at)
                )
            )
        if row.remind_hours > 0:
            lines.append(
                _("Reminders every {hours} h, at most {most}.").format(
                    hours=f"{row.remind_hours:g}", most=row.remind_max
                )
            )
    if v.result:
        lines.append(_("Result: {result}").format(result=plain(_(v.result))))
    if v.declarations and v.phase != "alien":  # told once its phase is over (README, "Secrets")
        lines.append(_("Alien declarations last phase: ") + " · ".join(map(plain, v.declarations)))
    lines += noise_lines(v) + raid_lines(v)
    lines += emergency_lines(v) + reaction_lines(v) + halon_lines(v) + physiology_lines(v)
    stores = energy_text(v)
    lines.append(
        _("Energy stores: {stores}").format(stores=stores) if stores else _("Energy stores: none")
    )
    return "\n".join(lines)


def noise_lines(v: View) -> list[str]:
    """The noise variant's public table: the doors with a marker and the tokens, or
    nothing without the variant (docs/rules-decisions.md, "Variants: noise")."""
    if v.noise is None:
        return []
    doors = ", ".join(v.noise.markers) or _("none")
    bag = ", ".join(v.noise.bag) or _("empty")
    line = _("🔊 Noise markers: {doors} · intruder bag: {bag}").format(doors=doors, bag=bag)
    if v.noise.aside:
        line += " · " + _("set aside: {tokens}").format(tokens=", ".join(v.noise.aside))
    return [line]


def halon_lines(v: View) -> list[str]:
    """The halon variant's public panel: charged or empty, the purges left and the tanks
    still in play, or nothing without the variant (docs/rules-decisions.md, "Variants:
    halon")."""
    panel = v.halon
    if panel is None:
        return []
    state = _("charged") if panel.charged else _("empty")
    left = ngettext("{n} purge left", "{n} purges left", panel.left).format(n=panel.left)
    tanks = ngettext("{n} Halon Tank in play", "{n} Halon Tanks in play", panel.tanks)
    said = _("🧯 Fire suppression: {state} · {left} · {tanks}")
    return [said.format(state=state, left=left, tanks=tanks.format(n=panel.tanks))]


def physiology_lines(v: View) -> list[str]:
    """The physiology variant's cards as this viewer sees them: face up, studied by the
    crew (its card to the crew alone), or face down; the Regeneration tokens; at the end,
    the cards set aside (docs/rules-decisions.md, "Variants: physiology")."""
    p = v.physiology
    if p is None:
        return []
    shown = []
    for line in p.cards:
        if line.card and line.studied and not line.up:
            card = _("{card} (studied)").format(card=line.card)
        elif line.card:
            card = line.card
        elif line.studied:
            card = _("studied by the crew")
        else:
            card = _("face down")
        shown.append(f"{line.damage}: {card}")
    text = _("🧬 Damage cards: {cards}").format(cards=" · ".join(shown))
    if p.tokens:
        text += " · " + _("Regeneration tokens: {n}").format(n=p.tokens)
    if p.aside:
        text += " · " + _("set aside: {cards}").format(cards=", ".join(p.aside))
    return [text]


def emergency_lines(v: View) -> list[str]:
    """The emergencies variant's public panel, one line a field, or nothing without the
    variant (docs/rules-decisions.md, "Variants: emergencies")."""
    panel = v.emergencies
    if panel is None:
        return []
    lines = [
        _("🚨 Emergencies: {deck} cards in the deck · the orbit decays from turn {turn}").format(
            deck=panel.deck, turn=panel.decay_from
        )
    ]
    for number, e in enumerate(panel.fields, start=1):
        lines.append(f"  {number}. {emergency_field(v, e)}")
    return lines


def emergency_field(v: View, e: EmergencyLine | None) -> str:
    """One field of the panel: empty, face down, active with its points, or critical."""
    if e is None:
        return _("empty")
    if e.critical:
        said = _("{room} compromised: {function} disabled for good")
        return said.format(room=e.room, function=e.function)
    if not e.level:
        if e.room:
            return _("face down ({room})").format(room=e.room)
        return _("face down")
    said = _("{room}, level {level}: {function} disabled · {points}/{needed} points")
    text = said.format(
        room=e.room, level=e.level, function=e.function, points=e.points, needed=e.needed
    )
    if e.tried:
        names = {c.id: c.name for c in v.crew}
        tried = ", ".join(names.get(h, h) for h in e.tried)
        text += " · " + _("tried by {humans}").format(humans=tried)
    return text


def raid_lines(v: View) -> list[str]:
    """The raids variant's public panel (R's "who learns what"), or nothing without it;
    a side's own standing orders are on its hand (:func:`own_raid_lines`)."""
    r = v.raids
    if r is None:
        return []
    if r.ended == "repulse":
        state = _("repulsed")
    elif r.ended == "defeat":
        state = _("empire defeated")
    else:
        state = _("raids from turn {turn}").format(turn=r.first_turn)
    said = _(
        "🛸 Opari: {state} · repulse value {repulse} · Military crew {crew} "
        "({gunners} gunners, {helms} helm), alien {alien} · defeats {defeats} · "
        "cards left {deck}"
    )
    lines = [
        said.format(
            state=state,
            repulse=r.repulse,
            crew=r.crew,
            gunners=r.gunners,
            helms=r.helms,
            alien=r.alien,
            defeats=r.defeats,
            deck=r.deck,
        )
    ]
    said = _(
        "Awards crew {ca}, alien {aa} · war chips crew {cc}, alien {ac} · tie order: {top} on top"
    )
    top = _("the crew") if r.tie_top == "crew" else _("the alien")
    lines.append(said.format(ca=r.awards[0], aa=r.awards[1], cc=r.chips[0], ac=r.chips[1], top=top))
    if r.rooms or r.abilities:
        names = [a or _("a face-down ability") for _unit, a in r.abilities]
        damaged = ", ".join([*r.rooms, *names])
        lines.append(_("Damaged by the Opari: {list}").format(list=damaged))
    return lines


def own_raid_lines(v: View) -> list[str]:
    """A side's own raids orders (R.3(d), R.5), seen by it alone."""
    r = v.raids
    if r is None or r.bunker is None:
        return []
    order = ", ".join(r.damage_order) or _("the default order")
    said = _(
        "Raids orders: bunker {on} — `order bunker on|off`; damage first {order} — "
        "`order raid-damage NAME,…|default`."
    )
    return [said.format(on=_("on") if r.bunker else _("off"), order=order)]


def alien_noise_lines(v: View) -> list[str]:
    """The alien's own side of the noise variant: the doors it crossed noisily this
    phase, heard when the phase ends (N.6), and its ambush order (N.3)."""
    if v.noise is None or v.noise.ambush is None:
        return []
    lines = []
    if v.noise.heard:
        heard = ", ".join(v.noise.heard)
        lines.append(_("Heard when this phase ends: {doors}").format(doors=heard))
    order = _("on") if v.noise.ambush else _("off")
    said = _("Ambush order (N.3): {order} — `/game do order ambush on|off`.")
    lines.append(said.format(order=order))
    return lines


def energy_text(v: View) -> str:
    """C.10.1: each alien's own stores ("Hunter: 3 · Larva 2: 1"), or "" when none
    has any; public (gap 24)."""
    return " · ".join(f"{alien_label(a.id, a.stage)}: {a.energy}" for a in v.aliens if a.energy)


def unit_title(v: View, unit_id: str) -> str:
    """A unit of the view by name: "Hyun", "the Larva 2" (never its id)."""
    for line in v.crew:
        if line.id == unit_id:
            return str(line.name)
    for alien in v.aliens:
        if alien.id == unit_id:
            return the_alien(alien.id, alien.stage)
    return _("a unit")


def ping_text(table: Table) -> str:
    v = table.view_for(Viewer.SPECTATOR)
    row = table.row
    text = _("**{title}**: {who}, your move.").format(title=phase_title(v), who=waiting_text(table))
    if row.deadline_at is not None:
        text += " " + _("Deadline {when}.").format(when=timestamp(row.deadline_at))
    return text


def summary_text(table: Table, events: Sequence[Event], notes: Sequence[str] = ()) -> list[str]:
    """The message posted with each new public map: a digest of the phase that ended
    (bot.present.digest) and the desk's own notes."""
    v = table.view_for(Viewer.SPECTATOR)
    head = [f"🗺️ **{phase_title(v)}**"]
    return chunks([*head, *(f"• {line}" for line in [*digest(events), *notes])])


# A crew line's state words (engine.state's Condition and Fate), marked for the catalogues.
STATES = {
    "well": N_("well"),
    "injured": N_("injured"),
    "unconscious": N_("unconscious"),
    "deceased": N_("deceased"),
    "escaped": N_("escaped"),
    "lost": N_("lost"),
}


def _crew_line(v: View, line: Any, yours: bool) -> str:
    bits = [f"**{line.name}**" + (_(" (yours)") if yours else "")]
    if line.role:
        bits.append(_("role {role}").format(role=line.role))
    if line.skills:
        bits.append(_("skills {list}").format(list=", ".join(line.skills)))
    state = line.condition if line.fate == "aboard" else line.fate
    bits.append(_(STATES[state]) if state in STATES else state)
    if line.grid:
        bits.append(_("at {grid}").format(grid=line.grid))
    if line.carried_by:
        bits.append(_("carried by {unit}").format(unit=unit_title(v, line.carried_by)))
    if line.carrying:
        bits.append(_("carries {list}").format(list=", ".join(line.carrying)))
    return " · ".join(bits)


def hand_text(table: Table, user_id: int) -> list[str]:
    """A player's secret hand: crew roles, skills, gear and blueprints, or the alien's."""
    seat = table.seat_of(user_id)
    name = _("game {game} in #{channel}").format(game=table.id, channel=table.row.channel_name)
    if table.game is None:
        return [_("Your secret notes for the {name} will arrive here.").format(name=name)]
    if seat is Seat.CREW:
        v = table.view_for(Viewer.CREW)
        mine = set(table.units_of(user_id))
        head = _("🧑‍🚀 **Your crew** — {name} ({title})")
        lines = [head.format(name=name, title=phase_title(v))]
        ordered = sorted(v.crew, key=lambda c: (c.id not in mine, c.name))
        lines += [_crew_line(v, c, c.id in mine) for c in ordered]
        lines.append(_("Blueprints: ") + (", ".join(v.blueprints) or _("none")))
        lines += raid_lines(v) + own_raid_lines(v) + reaction_lines(v) + halon_lines(v)
        lines += physiology_lines(v)
        return chunks(lines)
    if seat is Seat.ALIEN:
        v = table.view_for(Viewer.ALIEN)
        head = _("👾 **Your alien** — {name} ({title})")
        lines = [head.format(name=name, title=phase_title(v))]
        for alien in v.aliens:
            where = alien.grid or _("unknown")
            label = alien_label(alien.id, alien.stage)
            bits = [_("**{alien}** at {grid}").format(alien=label, grid=where)]
            if alien.hidden:
                bits.append(_("pipe-running"))
            if alien.injured:
                bits.append(_("injured"))
            bits.append(
                ngettext("{n} action", "{n} actions", alien.actions).format(n=alien.actions)
            )
            stores = ngettext("{n} energy store", "{n} energy stores", alien.energy)
            bits.append(stores.format(n=alien.energy))
            lines.append(" · ".join(bits))
        lines.append(_("Abilities: ") + (", ".join(v.abilities) or _("none chosen yet")))
        lines.append(_("Standing order for an exact 7 (D.5): `/alien order on|off`."))
        lines += noise_lines(v) + alien_noise_lines(v) + raid_lines(v) + own_raid_lines(v)
        lines += reaction_lines(v)
        lines += physiology_lines(v)
        return chunks(lines)
    return [_("You have no hand in this game: spectators see only what is public.")]


def log_text(table: Table, items: Sequence[LogItem], count: int) -> list[str]:
    """The newest ``count`` lines of the game's public log, in the reader's language."""
    shown = [line for item in items for line in log_item_lines(item)][-count:]
    if not shown:
        return [_("Nothing has happened in public yet.")]
    head = _("📜 **Last {n} public events** — game {game}").format(n=len(shown), game=table.id)
    return chunks([head, *shown])


def log_item_lines(item: LogItem) -> list[str]:
    if isinstance(item, Told):
        return log_lines(item.events)
    return [_("{who} takes back `{verb}`.").format(who=mention(item.user_id), verb=item.verb)]


def score_lines(v: View) -> list[str]:
    """F.1's score, from the engine's view when it provides one."""
    score = getattr(v, "score", None)
    if score is None:
        return [
            "**Score (F.1)**: the engine does not score games yet; "
            "the breakdown appears here once it does."
        ]
    lines = [_("**Score (F.1)**")]
    items = getattr(score, "lines", None) or getattr(score, "items", None)
    for item in items or ():
        label = getattr(item, "label", None)
        if label is None:
            lines.append(f"• {item}")
            continue
        count, points = getattr(item, "count", ""), getattr(item, "points", 0)
        subtotal = getattr(item, "subtotal", 0)
        lines.append(f"• {_(label)}: {count} × {points:+} = {subtotal:+}")  # data/tables.toml
    total = getattr(score, "total", None)
    verdict = getattr(score, "verdict", None) or getattr(score, "band", None)
    if total is not None:
        lines.append(_("Total: {total}").format(total=total) + (f" — {verdict}" if verdict else ""))
    if not items and total is None:
        lines.append(str(score))
    return lines


def _in_play(line: Any) -> bool:
    """A human the game had (a scenario may leave some out: no role, nowhere aboard)."""
    return bool(line.role or line.grid or line.carried_by or line.fate != "aboard")


def result_text(table: Table) -> list[str]:
    """The end: result, score and the reveal of everything hidden."""
    v = table.view_for(Viewer.REFEREE)
    lines = [
        f"🏁 **{phase_title(v)}** — {plain(_(v.result)) if v.result else _('the game has ended')}",
        *score_lines(v),
    ]
    if v.variants:
        lines.append(variants_line(v.variants))
    lines.append(_("**The reveal**"))
    lines += [_crew_line(v, c, False) for c in v.crew if _in_play(c)]
    for alien in v.aliens:
        if alien.dead:
            where = _("dead")
        else:
            where = _("at {grid}").format(grid=alien.grid) if alien.grid else _("gone")
        hurt = ", " + _("injured") if alien.injured and not alien.dead else ""
        lines.append(f"**{alien_label(alien.id, alien.stage)}**: {where}{hurt}")
    lines.append(
        _("Alien abilities: {list}").format(list=", ".join(v.abilities))
        if v.abilities
        else _("Alien abilities: none")  # French: "aucune" (une capacité)
    )
    blueprints = ", ".join(v.blueprints) or _("none")
    lines.append(_("Crew blueprints: {list}").format(list=blueprints))
    if v.board.path:
        path = " → ".join(str(g) for g in v.board.path)
        lines.append(_("The alien's whole path: {path}").format(path=path))
    seed = _("Dice seed: {seed} (replay the log from it to check every roll).")
    lines.append(seed.format(seed=table.row.seed))
    return chunks(lines)


def panel_lines(table: Table) -> list[str]:
    """A tutorial's step waiting now, for the top of the learner's turn panel ([] if none)."""
    lesson = lesson_of(table)
    if lesson is None or table.status != "playing" or table.game is None:
        return []
    index = lesson.step_at(table.length)
    return lessons.step_lines(lesson, index) if index is not None else []
