"""Victory (F, F.1): the human player's points at the end, and the band they fall in.

The schedule and the bands are data (``data/tables.toml``, :class:`Victory`); this
module only counts. Decisions (docs/rules-decisions.md):

* a human "survives onboard the Quicksilver" when alive and still aboard at the end
  (injured and unconscious humans are alive); "onboard a Life Pod" when alive in a
  launched pod (fate ESCAPED). Whoever died or left play some other way scores nothing.
* gap 22: the Agent line costs its points for every human with the Agent skill who
  was not killed by an alien: one who survives (aboard or in a pod) and one the crew's
  own doing killed (an Air Lock a human opened, the crew's own Flame Caster). Only a
  death dealt by an alien spares the points: its attacks and Venom's meal, an Air Lock
  an alien opened or smashed, the end of a ship it sabotaged (``Human.killed_by_alien``).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.content import Content
from engine.content_models import Outcome, ScoreItem, Skill
from engine.state import Fate, GameState, Human, Phase
from engine.units import has_skill
from engine.variants import load_variants


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One line of the F.1 schedule: ``count`` times ``points``."""

    item: ScoreItem | str  # a variant's own line is named by its data key ("crew-awards")
    label: str
    count: int
    points: int
    subtotal: int


@dataclass(frozen=True, slots=True)
class Score:
    lines: tuple[ScoreLine, ...]
    total: int
    band: str  # "Marginal Human Victory"
    outcome: Outcome


def _in_play(human: Human) -> bool:
    """A human of this game: the blank records set-up never dealt a role are not."""
    return human.role is not None


def survivors_aboard(state: GameState) -> list[Human]:
    return [h for h in state.humans.values() if _in_play(h) and h.alive and h.fate is Fate.ABOARD]


def survivors_in_pods(state: GameState) -> list[Human]:
    return [h for h in state.humans.values() if _in_play(h) and h.alive and h.fate is Fate.ESCAPED]


def agents_not_killed_by_an_alien(state: GameState, content: Content) -> list[Human]:
    """F.1, G.3, gap 22: every Agent but one an alien killed."""
    return [
        h
        for h in state.humans.values()
        if _in_play(h) and has_skill(content, h, Skill.AGENT) and (h.alive or not h.killed_by_alien)
    ]


def counts(state: GameState, content: Content) -> dict[ScoreItem, int]:
    """How many times each line of the schedule scores."""
    return {
        ScoreItem.HUMAN_ABOARD: len(survivors_aboard(state)),
        ScoreItem.HUMAN_IN_POD: len(survivors_in_pods(state)),
        ScoreItem.AUTOPSY: state.autopsies,
        ScoreItem.ROYAL_MUTATION: state.royal_mutations,
        ScoreItem.AGENT_SURVIVES: len(agents_not_killed_by_an_alien(state, content)),
    }


def score(state: GameState, content: Content) -> Score:
    """F.1: the schedule applied to ``state`` (meant for a finished game)."""
    victory = content.victory
    how_many = counts(state, content)
    lines = tuple(
        ScoreLine(item, rule.label, how_many[item], rule.points, how_many[item] * rule.points)
        for item, rule in victory.schedule.items()
    ) + raid_lines(state)
    total = sum(line.subtotal for line in lines)
    band = victory.band_for(total)
    return Score(lines=lines, total=total, band=band.label, outcome=band.outcome)


def raid_counts(state: GameState) -> dict[str, int]:
    """R.9-R.10: how many times each of the raids variant's lines scores. Neither bonus
    after empire defeat; Greatest Contributor to the side with more war chips (both on a
    tie, so the points cancel); Greatest Admiral as decided (R.9: at repulse or as the
    game ended)."""
    table = state.raids
    assert table is not None
    awards, chips = table.awards, table.chips
    crew_chips, alien_chips = chips.get("crew", 0), chips.get("alien", 0)
    bonus = table.ended != "defeat"
    contributor = "crew" if crew_chips > alien_chips else "alien"
    if crew_chips == alien_chips:
        contributor = "both"
    return {
        "crew-awards": awards.get("crew", 0) // 3,
        "alien-awards": awards.get("alien", 0) // 3,
        "crew-chips": crew_chips // 2,
        "alien-chips": alien_chips // 2,
        "crew-admiral": int(bonus and table.admiral in ("crew", "both")),
        "alien-admiral": int(bonus and table.admiral in ("alien", "both")),
        "crew-contributor": int(bonus and contributor in ("crew", "both")),
        "alien-contributor": int(bonus and contributor in ("alien", "both")),
    }


def raid_lines(state: GameState) -> tuple[ScoreLine, ...]:
    """R.10: the raids variant's F.1 lines (none without it)."""
    if state.raids is None:
        return ()
    rules = load_variants().raids.score
    found = raid_counts(state)
    return tuple(
        ScoreLine(key, line.label, found[key], line.points, found[key] * line.points)
        for key, line in rules.items()
    )


def final_score(state: GameState, content: Content) -> Score | None:
    """The score once the game is over (F); None while it is being played."""
    return score(state, content) if state.phase is Phase.OVER else None
