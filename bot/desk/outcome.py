"""What one action changed, addressed to whoever may know it; the Discord layer turns
it into messages (:mod:`bot.client.flow`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.desk.notes import Note
from bot.language import SOURCE
from engine.events import Event
from engine.state import Side


@dataclass
class Outcome:
    """What one action changed, addressed to whoever may know it."""

    game_id: int
    channel_id: int
    # To the person who acted: the events their reply words, a line each, in their own
    # language; then the desk's own notes (a line, or a part of a lesson: bot.desk.notes).
    reply_events: list[Event] = field(default_factory=list)
    reply: list[Note] = field(default_factory=list)
    public: list[Note] = field(default_factory=list)  # to the channel, now
    # What each command played told, with the side that played it: each side's DMs are
    # chosen from these and worded for each recipient in their own language (README,
    # "Languages").
    heard: list[tuple[list[Event], str]] = field(default_factory=list)
    new_phase: bool = False  # post the new public map, summary and pings
    # The summary posted with the new map: the public events of the phase that just
    # ended, in the order the channel told them (bot.present.digest makes it short),
    # and any notes of the desk's own (a game's start, a rollback).
    phase_events: list[Event] = field(default_factory=list)
    summary: list[Note] = field(default_factory=list)
    game_over: bool = False
    send_hands: bool = False  # set-up is done: deal every player their hand by DM
    actor: int | None = None
    actor_side: Side | None = None
    undo_stamp: int | None = None  # the side's own command count (an Undo button's stamp)
    unit: str | None = None  # the unit the command moved (for an End-unit button)
    said: int = 0  # public lines the commands said: the computer's pace (bot.client.pacing)
    interaction_id: int | None = None  # set by the Discord layer, for timings
    # The actor's own language (their interaction's, set by the Discord layer): what
    # their action sends them alone (their DMs: a map, a hand) is worded in it.
    actor_language: str = SOURCE


def merge(first: Outcome, second: Outcome) -> Outcome:
    """``second`` told after ``first`` (a deadline that plays several commands)."""
    first.public += second.public
    first.heard += second.heard
    first.new_phase = first.new_phase or second.new_phase
    first.phase_events += second.phase_events
    first.summary += second.summary
    first.game_over = first.game_over or second.game_over
    first.send_hands = first.send_hands or second.send_hands
    return first


def after(earlier: Outcome, outcome: Outcome) -> Outcome:
    """``outcome`` told after ``earlier`` (moves that were due before it): both posts,
    in order; the reply and the buttons are ``outcome``'s own."""
    merged = merge(earlier, outcome)
    merged.reply, merged.reply_events = outcome.reply, outcome.reply_events
    merged.actor, merged.actor_side = outcome.actor, outcome.actor_side
    merged.undo_stamp, merged.unit = outcome.undo_stamp, outcome.unit
    return merged
