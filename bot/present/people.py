"""Words for the player as a person (the README's "People across games"): their
settings, their games across servers, their record, pings held or queued, absences, seat
calls and a substitute's briefing. Built from the desk's data only (no game state, no
view is needed here: a game is named by its row's phase stamp and channel)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.desk import notices, when
from bot.desk.notices import GameNote, Notice
from bot.desk.records import Record
from bot.present.locale import N_, SOURCE, _, ngettext
from bot.store import GameRow
from bot.store.people import MyGame, SeatCall, Settings

HOW = {
    "channel": N_("a ping in the game's channel"),
    "dm": N_("a direct message"),
    "none": N_("nothing (look with `/me games`)"),
}
WHEN = {
    "waiting": N_("only when a game waits on you"),
    "phase": N_("when a game waits on you, and when your side's phase starts"),
}
SEAT_ALERT = {
    "off": N_("not told"),
    "alien": N_("a DM when one in your servers has the alien's seat free"),
    "crew": N_("a DM when one in your servers has a crew seat free"),
    "any": N_("a DM when one in your servers has a seat free"),
}
AWAY = {
    "wait": "the game waits for them (deadlines that wait on them are extended)",
    "computer": "the computer plays their units at normal level",
    "expert": "the computer plays their units at expert level",
    "sub": "a substitute may take their seat",
}
# The same, said to the person away (/me settings, /me away).
AWAY_YOU = {
    "wait": N_("the game waits for you (deadlines that wait on you are extended)"),
    "computer": N_("the computer plays your units at normal level"),
    "expert": N_("the computer plays your units at expert level"),
    "sub": N_("a substitute may take your seat"),
}
SIDE = {"alien": N_("👾 alien"), "crew": N_("🧑‍🚀 crew")}


def jump(guild_id: int | None, channel_id: int) -> str:
    """A link that opens the game's channel."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"


def stamp(at: float, style: str = "R") -> str:
    return f"<t:{int(at)}:{style}>"


def phase_name(phase_key: str, status: str = "playing") -> str:
    """``3c`` → ``Turn 3 · Crew phase``, from a game row's phase stamp."""
    if status == "lobby":
        return _("Lobby")
    if status == "over" or phase_key == "over":
        return _("Game over")
    if phase_key in ("", "setup"):
        return _("Set-up")
    if phase_key.endswith("a"):
        return _("Turn {turn} · Alien phase").format(turn=phase_key[:-1])
    if phase_key.endswith("c"):
        return _("Turn {turn} · Crew phase").format(turn=phase_key[:-1])
    return f"Turn {phase_key[:-1]} · ? phase"


def waits_for(phase_key: str, seat: str, mine: bool) -> str:
    """What the game waits for, for the person whose seat is ``seat``."""
    if phase_key in ("", "setup"):
        return _("your set-up choices") if mine else _("set-up choices")
    if mine:
        return _("your alien's plot (in DMs)") if seat == "alien" else _("your crew members' moves")
    return _("the alien") if phase_key.endswith("a") else _("the crew")


# --- settings ----------------------------------------------------------------------
def settings_text(settings: Settings, now: float) -> list[str]:
    tz = notices.zone_of(settings)
    quiet = notices.quiet_of(settings)
    if settings.remind_hours is None:
        remind = _("the game's cadence (`/game reminders`)")
    elif settings.remind_hours == 0:
        remind = _("never")
    else:
        remind = _("every {hours} h while a game waits on you").format(
            hours=f"{settings.remind_hours:g}"
        )
    quiet_line = (
        _("• Quiet hours: {quiet}").format(
            quiet=_(
                "{start}–{end} your time: pings then are held and sent, folded into one, "
                "when they end"
            ).format(start=when.clock_text(quiet[0]), end=when.clock_text(quiet[1]))
        )
        if quiet
        else _("• Quiet hours: none")  # French: "aucune" (des heures)
    )
    clock = when.local_text(now, tz)
    return [
        _("⚙️ **Your settings** (every server, and DMs)"),
        _("• Told by: {how}").format(how=_(HOW[settings.notify])),
        _("• When: {when}").format(when=_(WHEN[settings.notify_when])),
        _("• Reminders: {reminders}").format(reminders=remind),
        _("• Time zone: {zone} (your clock reads {clock})").format(zone=tz.key, clock=clock),
        quiet_line,
        _("• Away: {away}").format(away=away_line(settings, now)),
        _("• Language: {language}").format(language=language_line(settings)),
        _("• New lobbies: {seats}").format(seats=_(SEAT_ALERT[settings.seat_alert])),
        _("• Leaderboards: {stats}").format(
            stats=_("hidden") if settings.stats_hidden else _("shown")
        ),
        _("Change any of them with `/me settings`; `/me away` and `/me back` for absences."),
    ]


# Each catalogue's language in its own words (English is the source: README, "Languages").
LANGUAGE_NAMES = {SOURCE: "English", "fr": "Français"}


def language_line(settings: Settings) -> str:
    """The language what others' presses send the person is worded in."""
    if not settings.language:
        return _("that of your last interaction (your Discord's)")
    return LANGUAGE_NAMES.get(settings.language, settings.language)


def away_line(settings: Settings, now: float) -> str:
    if not settings.away_at(now) or settings.away_until is None:
        return _("no")
    return _("until {until}; meanwhile {mode}").format(
        until=stamp(settings.away_until, "f"), mode=_(AWAY_YOU[settings.away_mode])
    )


def terms_text(row: GameRow) -> str:
    """A game's deadline terms, as ``/game deadline`` sets them."""
    if row.deadline_hours:
        phase = f"phase deadline {row.deadline_hours:g} h"
        if row.deadline_at is not None:
            phase += f" (this phase ends {stamp(row.deadline_at)})"
    else:
        phase = "no phase deadline"
    parts = [phase + (" — paused" if row.paused else "")]
    if row.grace_hours > 0 and row.graces > 0:
        parts.append(f"grace {row.grace_hours:g} h, {row.graces} per player")
    else:
        parts.append("no grace")
    parts.append(f"a deadline moves up to {row.away_cap_hours:g} h for an away player")
    if row.sub_after:
        parts.append(f"a seat opens after {row.sub_after} missed phases in a row")
    return "; ".join(parts)


# --- /me games -----------------------------------------------------------------------
def game_line(game: MyGame, user_id: int, guild_name: Callable[[int | None], str]) -> str:
    where = f"#{game.channel_name}" + (f" ({guild_name(game.guild_id)})" if game.guild_id else "")
    head = _("**Game {game}**").format(game=game.game_id)
    bits = [f"{head} · {where} · {phase_name(game.phase_key, game.status)}"]
    if game.status == "playing":
        if game.paused:
            bits.append(_("⏸️ paused by a moderator"))
        elif game.since is not None:
            what = waits_for(game.phase_key, game.seat, True)
            bits.append(_("waits on **you** for {what}").format(what=what))
            bits.append(_("since {when}").format(when=stamp(game.since)))
        else:
            others = [u for u in game.waiting if u != user_id]
            what = waits_for(game.phase_key, game.seat, False)
            bits.append(_("waits on {what}").format(what=what))
            if others:
                bits[-1] += " (" + ", ".join(f"<@{u}>" for u in others) + ")"
        if game.deadline_at is not None and not game.paused:
            bits.append(_("deadline {when}").format(when=stamp(game.deadline_at)))
    seat = _(SIDE[game.seat]) if game.seat in SIDE else game.seat
    bits.append(_("you: {seat}").format(seat=seat))
    bits.append(jump(game.guild_id, game.channel_id))
    marker = "▶️" if game.since is not None and not game.paused else "•"
    return f"{marker} " + " · ".join(bits)


def games_text(
    games: Sequence[MyGame], user_id: int, guild_name: Callable[[int | None], str]
) -> list[str]:
    if not games:
        return [
            _(
                "🎮 You sit at no game right now. Join one in its channel with `/game join`, "
                "or open one with `/game create`."
            )
        ]
    waiting = sum(1 for g in games if g.since is not None and not g.paused)
    head = _("🎮 **Your games** ({games}) — {waiting} waiting on you").format(
        games=len(games), waiting=waiting
    )
    return [head, *(game_line(g, user_id, guild_name) for g in games)]


def first_waiting(games: Sequence[MyGame]) -> MyGame | None:
    return next((g for g in games if g.since is not None and not g.paused), None)


# --- records -------------------------------------------------------------------------
def reliability(record: Record) -> str:
    share = record.reliability()
    if share is None:
        return _("no phases waited on yet")
    return _("acted on time in {share}% of phases ({on_time} of {judged})").format(
        share=share, on_time=record.on_time, judged=record.judged
    )


def record_text(record: Record, who: str) -> list[str]:
    games = record.games
    r = record
    lines = [
        _("📒 **Record of {who}** (seeded games left out)").format(who=who),
        _("• Games: {played} (alien {alien}, crew {crew})").format(
            played=r.played, alien=games.get("alien", 0), crew=games.get("crew", 0)
        ),
        _(
            "• Finished at the seat: {finished} — won {won} ({decisive} decisive), "
            "drawn {drawn}, lost {lost} (F.1 band)"
        ).format(
            finished=r.finished, won=r.won, decisive=r.decisive_wins, drawn=r.drawn, lost=r.lost
        ),
        _("• Reliability: {reliability}").format(reliability=reliability(r)),
        _(
            "• Phases: {on_time} on time, {grace} within a grace, {missed} missed, "
            "{away} while away; graces used {used}"
        ).format(
            on_time=r.on_time, grace=r.grace, missed=r.missed, away=r.away, used=r.graces_used
        ),
        ngettext(
            "• Substitutions: took over {subs_in} seat, handed over {subs_out}",
            "• Substitutions: took over {subs_in} seats, handed over {subs_out}",
            r.subs_in,
        ).format(subs_in=r.subs_in, subs_out=r.subs_out),
    ]
    return lines


def record_line(record: Record) -> str:
    """One line for ``/game players``."""
    r = record
    said = ngettext(
        "{played} game, won {won} drawn {drawn} lost {lost}; {reliability}",
        "{played} games, won {won} drawn {drawn} lost {lost}; {reliability}",
        r.played,
    )
    return said.format(
        played=r.played, won=r.won, drawn=r.drawn, lost=r.lost, reliability=reliability(r)
    )


# --- pings ---------------------------------------------------------------------------
KIND_HEAD = {
    "grace": N_("⏳ Grace"),
    "last_call": N_("⌛ Last call"),
    "turn": N_("🔔 Your move"),
    "reminder": N_("⏳ Reminder"),
    "phase": N_("🔔 Your side's phase"),
}


def note_line(note: GameNote) -> str:
    where = dict(phase=phase_name(note.phase_key), game=note.game_id, channel=note.channel_name)
    if note.kind == "phase":
        text = _("{phase} in game {game} (#{channel}): your side's phase has begun").format(**where)
    else:
        text = _("{phase} in game {game} (#{channel}) waits on you").format(**where)
    if note.deadline_at is not None:
        when = dict(at=stamp(note.deadline_at, "f"), left=stamp(note.deadline_at))
        if note.kind == "grace":
            text += _("; moved to {at} ({left})").format(**when)
        elif note.kind == "last_call":
            text += _("; the phase ends {at} ({left})").format(**when)
        else:
            text += _("; deadline {at} ({left})").format(**when)
    return text + "."


def notice_text(notice: Notice) -> list[str]:
    """A ping from the outbox, in the language spoken around (the recipient's in a DM,
    English in a channel)."""
    held = _(" (held through your quiet hours)") if notice.held else ""
    if notice.how == notices.CHANNEL:
        note = notice.games[0]
        head = _(KIND_HEAD[note.kind])
        return [f"{head} — <@{notice.user_id}>{held}: {note_line(note)}"]
    lines = [_("🔔 **Your games**{held}:").format(held=held)]
    for note in notice.games:
        link = jump(note.guild_id, note.channel_id)
        lines.append(
            _("• {kind}: {note} {link}").format(
                kind=_(KIND_HEAD[note.kind]), note=note_line(note), link=link
            )
        )
    return lines


# --- absences ------------------------------------------------------------------------
def away_announcement(user_id: int, settings: Settings) -> str:
    assert settings.away_until is not None
    text = (
        f"🏖️ <@{user_id}> is away until {stamp(settings.away_until, 'f')} "
        f"({stamp(settings.away_until)}); meanwhile {AWAY[settings.away_mode]}."
    )
    if settings.away_public and settings.away_note:
        text += f" Their note: “{settings.away_note}”"
    return text


def back_announcement(user_id: int) -> str:
    return f"👋 <@{user_id}> is back."


def away_reply(settings: Settings, games: int, calls: int) -> list[str]:
    assert settings.away_until is not None
    until = settings.away_until
    noted = settings.away_public and settings.away_note
    lines = [
        _("🏖️ You are away until {until} ({when}).").format(
            until=stamp(until, "f"), when=stamp(until)
        ),
        _("Meanwhile {mode}.").format(mode=_(AWAY_YOU[settings.away_mode])),
        (
            ngettext(
                "I told the channel of your {games} game (with your note).",
                "I told the channels of your {games} games (with your note).",
                games,
            )
            if noted
            else ngettext(
                "I told the channel of your {games} game.",
                "I told the channels of your {games} games.",
                games,
            )
        ).format(games=games),
    ]
    if calls:
        said = ngettext(
            "I opened {calls} seat call for a substitute.",
            "I opened {calls} seat calls for a substitute.",
            calls,
        )
        lines.append(said.format(calls=calls))
    lines.append(_("`/me back` ends it early; no pings reach you while you are away."))
    return lines


# --- seat calls ----------------------------------------------------------------------
REASONS = {
    "asked": "asks for a substitute",
    "mod": "needs a substitute (a moderator asked)",
    "missed": "missed too many phases in a row",
    "away": "is away and asked for a substitute",
}


def call_text(call: SeatCall) -> str:
    other = "crew" if call.side == "alien" else "alien"
    return (
        f"🪑 **Open seat** — <@{call.user_id}> {REASONS.get(call.reason, 'needs a substitute')}: "
        f"the {SIDE[call.side]} seat of game {call.game_id}. Anyone who has not sat at the "
        f"{other} side of this game may press *Take this seat*; a player of this game or a "
        "moderator then approves."
    )


def claim_text(call: SeatCall, approvers: Sequence[int]) -> str:
    """``approvers``: the seat's side's other players (bot.desk.subs: never the other
    side, nor the leaver); with none, a moderator decides."""
    if not approvers:
        return (
            f"🙋 <@{call.candidate}> offers to take <@{call.user_id}>'s {SIDE[call.side]} "
            "seat. A moderator: approve?"
        )
    asked = ", ".join(f"<@{u}>" for u in approvers)
    return (
        f"🙋 <@{call.candidate}> offers to take <@{call.user_id}>'s {SIDE[call.side]} seat. "
        f"The {call.side}'s other players ({asked}) or a moderator: approve?"
    )


def filled_text(call: SeatCall, approver: int) -> str:
    return (
        f"🔁 <@{call.candidate}> takes over <@{call.user_id}>'s {SIDE[call.side]} seat "
        f"(approved by <@{approver}>). Their side's briefing goes to them by DM."
    )


def briefing_text(game_id: int, channel: str, side: str, heard: Sequence[str]) -> list[str]:
    head = ngettext(
        "📜 **What your side has heard so far** — game {game} in #{channel} "
        "({side}, {n} private line):",
        "📜 **What your side has heard so far** — game {game} in #{channel} "
        "({side}, {n} private lines):",
        len(heard),
    ).format(game=game_id, channel=channel, side=_(SIDE[side]), n=len(heard))
    return [head, *(list(heard) or [_("(nothing private yet)")])]
