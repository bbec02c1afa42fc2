"""/game tutorial in the learner's own Discord language: a newcomer whose
Discord is in French presses only what the French lesson tells them, through the crew's
tutorial to "vous êtes prêt" and a real lobby, and reads every step, panel, post and
button of it in French, from the catalogue (bot/locale/fr); the lobby they open, in the
channel everyone reads, stays English."""

from __future__ import annotations

from typing import Any

from bot.present import lessons
from bot.present import locale as words
from engine.help.lessons import load_lesson
from tests.bot.client.test_tutorial import Newcomer, _newest, _thread
from tests.bot.helpers import World, make_world
from tests.bot.panel_driver import components


def seen(message: Any) -> str:
    """A message as its reader sees it: its text, then its buttons' and menus' words."""
    parts = [message.content]
    for c in components(message):
        parts.append(c.get("label", "") or c.get("placeholder", ""))
        parts += [o["label"] for o in c.get("options", [])]
    return "\n".join(parts)


class Reader(Newcomer):
    """The French newcomer, keeping every panel they were shown."""

    def __init__(self, world: World, actor: Any) -> None:
        super().__init__(world, actor, "crew", play="Jouer", ready="Vous êtes prêt")
        self.shown: list[str] = []
        click, select = self.tapper.click, self.tapper.select

        async def clicked(message: Any, label: str | None = None, custom_id: str | None = None):
            result = await click(message, label=label, custom_id=custom_id)
            self.shown += [seen(m) for m in (result.response, *result.followups) if m]
            return result

        async def selected(message: Any, value: str, custom_id: str) -> Any:
            result = await select(message, value, custom_id)
            self.shown += [seen(m) for m in (result.response, *result.followups) if m]
            return result

        self.tapper.click, self.tapper.select = clicked, selected  # type: ignore[method-assign]


def fr(message: str) -> str:
    said = words.translated("fr", message)
    assert said is not None, message
    return said


# English a French learner must never read in the tutorial: every word of the lesson
# that French says otherwise, and the panel's and thread's fixed words.
ENGLISH = (
    "Acting: **",
    "your crew panel",
    "This phase so far",
    "Step 1 of 7",
    "You are ready",
    "Open a lobby",
    "End phase",
    "Refresh",
    "is done for this phase",
    "the alien phase begins",
    "The game is over",
    "Turn 2 · Crew phase",
    "your move",
    "My map",
    "Full log",
    "The reveal",
    "Replay of game",
)


async def test_a_french_newcomer_learns_the_crew_in_french_and_the_channel_stays_english(
    simcord_env, french
):
    world = make_world(simcord_env, crew=1)
    learner = world.crew[0]
    french.add(learner.id)
    started = await learner.slash(world.channel, "game tutorial", side="crew")
    assert "📘 Votre tutoriel est prêt dans <#" in started.response.content
    reader = Reader(world, learner)
    await reader.play_lesson()
    thread = _thread(world)
    assert thread.name.startswith("Tutoriel (crew) : ")
    ready = _newest(thread.history(), "Vous êtes prêt")
    opened = await learner.click(ready, label="Ouvrir un salon")
    assert "Votre salon est ouvert dans <#" in opened.response.content
    everything = "\n".join(
        [
            started.response.content,
            *(seen(m) for m in thread.history()),
            *reader.shown,
            opened.response.content,
        ]
    )

    lesson = load_lesson("crew")
    assert fr(lesson.intro) in everything and fr(lesson.ready) in everything
    for number, step in enumerate(lesson.steps, 1):
        heading = f"📘 **Étape {number} sur 7 · {fr(step.title)} ({step.section})**"
        assert heading in everything and fr(step.text) in everything
    for french_words in (
        "👉 **Jouer** → **Aller à…** → **Une case de Upper Corridor** → **2-K6**",
        "🎛️ **Tour 2 · Phase de l'équipage** — partie 1, votre panneau d'équipage",
        "En action : **Hyun** en 2-L6, 4 actions restantes (7 autres des vôtres à jouer)",
        "Cette phase jusqu'ici :\n· Hyun se déplace 2-L6 → 2-K6 (1 action)",
        "Hyun fouille 2 depuis 2-K6 et repère l'alien !",
        "L'alien Larva est en 2-J5 : repéré par la fouille de Hyun (C.7.2)",
        "Attaquer l'alien Larva: il faut 4+ (50 %)",
        "= 7: réussite",
        "Finir toute la phase de votre camp ? Les unités pas encore finies s'arrêtent (C.2).",
        "Tour 3 : la phase de l'alien commence (C)",
        "**Tour 3 · Phase de l'équipage** : <@",
        "La porte extérieure de l'Air Lock s'ouvre : l'Air Lock se vide dans l'espace (E.2.5)",
        "La partie est finie : plus aucun alien vivant à bord (C, F)",
        "🏁 **Partie terminée après le tour 3** — plus aucun alien vivant à bord",
        "Total : 16 — Decisive Human Victory",  # the F.1 band's name stays a proper noun
        "**Hyun** · rôle Captain · compétences Command, Tactical · indemne · en 2-K6",
        "Journal complet",
    ):
        assert french_words in everything, french_words
    for english in ENGLISH:
        assert english not in everything, english
    for said in lessons.lesson_words():
        if said in (lesson.intro, lesson.ready) or any(
            said in (s.title, s.text, s.said) for s in lesson.steps
        ):
            assert said not in everything, said

    # The lobby it opened is everyone's: the channel stays English.
    lobby = _newest(world.messages(), "game 2 (lobby)")
    assert "Welcome aboard" in lobby.content and "Join crew" in seen(lobby)


async def test_a_french_learners_wrong_press_and_stale_panel_are_answered_in_french(
    simcord_env, french
):
    world = make_world(simcord_env, crew=1)
    learner = world.crew[0]
    french.add(learner.id)
    await learner.slash(world.channel, "game tutorial", side="crew")
    reader = Reader(world, learner)
    panel = await reader.open_panel()  # step 1 done: Hyun walked to 2-K6
    table = world.bot.desk.table_in(_thread(world).id)
    wrong = await reader.press(panel, ["Fouiller 1"])
    assert "⚠️ Pas maintenant : cette étape du tutoriel est **Fouiller** (C.8)" in wrong.content
    assert "👉 **Fouiller 2**" in wrong.content and table.length == 1
    typed = await learner.slash(_thread(world), "game do", command="end hyun")
    assert "⚠️ Pas maintenant" in typed.response.content and table.length == 1
    # A second panel (another device's, say) plays the step; the first is now stale.
    play = next(m for m in reversed(_thread(world).history()) if "Jouer" in seen(m))
    other = (await reader.tapper.click(play, label="Jouer")).response
    fresh = await reader.press(other, ["Fouiller 2"])
    assert "Étape 3 sur 7" in fresh.content and table.length == 2
    stale = await reader.press(wrong, ["Fouiller 2"])
    assert "⌛ Ce choix n'est plus ouvert : la partie a avancé." in stale.content
    assert table.length == 2


async def test_a_french_newcomer_learns_the_alien_in_french_plotting_in_dms(simcord_env, french):
    world = make_world(simcord_env, crew=1)
    french.add(world.alien.id)
    await world.alien.slash(world.channel, "game tutorial", side="alien")
    newcomer = Newcomer(world, world.alien, "alien", play="Jouer", ready="Vous êtes prêt")
    await newcomer.play_lesson()
    said = "\n".join(seen(m) for m in _thread(world).history())
    lesson = load_lesson("alien")
    assert fr(lesson.intro) in said and fr(lesson.ready) in said
    assert "👉 **Jouer** (votre panneau s'ouvre dans vos messages privés) → **Conduits**" in said
    assert "**Étape 4 sur 4 · Muter (C.10)**" in said and "Step 4 of 4" not in said
    assert "You are ready" not in said and "Ouvrir un salon" in said
