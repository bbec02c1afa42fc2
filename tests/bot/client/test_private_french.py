"""What a person reads privately, in their own Discord language: `/me`,
`/stats`, `/game status`, `/game hand`, `/game players` and the advisor's Suggest answer
come from the catalogue (bot/locale/fr) for a French-speaking person, in English for the
others; what the channel reads stays English for everyone."""

from __future__ import annotations

from typing import Any

from tests.bot.client.test_stats import _buttons, _many_rated, _press, said
from tests.bot.helpers import create, make_world, seat_and_start
from tests.bot.panel_driver import Tapper, ask_advice, button_labelled, open_panel
from tests.bot.present.test_french_outputs import in_french


def private(result: Any) -> str:
    """An answer only its asker sees (every part ephemeral), as text."""
    parts = [m for m in [result.response, *result.followups] if m is not None]
    assert parts and all(m.ephemeral for m in parts)
    return said(result)


async def test_me_settings_games_and_record_speak_the_askers_language(simcord_env, french):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    first, second = world.crew
    french.add(first.id)

    mine = private(await first.slash(world.channel, "me settings"))
    assert "⚙️ **Vos réglages** (tous les serveurs, et les messages privés)" in mine
    assert "• Prévenu par : une mention dans le canal de la partie" in mine
    assert "• Rappels : le rythme de la partie (`/game reminders`)" in mine
    assert "• Absent : non" in mine
    assert "Your settings" not in mine and "Told by" not in mine
    theirs = private(await second.slash(world.channel, "me settings"))
    assert "⚙️ **Your settings** (every server, and DMs)" in theirs
    assert "• Told by: a ping in the game's channel" in theirs
    assert "Vos réglages" not in theirs

    games = private(await first.slash(world.channel, "me games"))
    assert "🎮 **Vos parties** (1)" in games and "vous : 🧑‍🚀 équipage" in games
    assert "Your games" not in games and "you: " not in games
    assert "🎮 **Your games** (1)" in private(await second.slash(world.channel, "me games"))

    record = private(await first.slash(world.channel, "me record"))
    assert "📒 **Palmarès de" in record and "• Fiabilité : " in record
    assert "Record of" not in record and "Reliability" not in record
    assert "📒 **Record of" in private(await second.slash(world.channel, "me record"))


async def test_me_away_answers_in_french_and_tells_the_channel_in_english(simcord_env, french):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    first = world.crew[0]
    french.add(first.id)
    before = len(world.texts())
    away = private(await first.slash(world.channel, "me away", until="3d"))
    assert "🏖️ Vous êtes absent jusqu'au " in away
    assert "En attendant, la partie vous attend" in away and "You are away" not in away
    told = world.texts()[before:]
    assert any("is away until" in text for text in told)
    assert not any("absent" in text for text in told)
    back = private(await first.slash(world.channel, "me back"))
    assert back.startswith("👋 Bon retour parmi nous.") and "Welcome back" not in back
    assert any(" is back." in text for text in world.texts()[before:])


async def test_stats_me_and_the_leaderboards_own_copy_in_french_the_channels_board_english(
    simcord_env, french
):
    world = make_world(simcord_env, crew=1)
    await _many_rated(world, 12)
    french.add(world.spectator.id)
    mine = private(await world.spectator.slash(world.channel, "stats me"))
    assert "📊 **Classement de" in mine and "25 au départ" in mine
    assert "équipage et alien à part" in mine
    assert "• Équipage : aucune partie classée pour l'instant" in mine
    assert "• Alien : aucune partie classée pour l'instant" in mine
    assert "Ratings of" not in mine and "no rated game yet" not in mine
    english = private(await world.stranger.slash(world.channel, "stats me"))
    assert "• Crew: no rated game yet" in english and "Classement" not in english

    # The channel's board, which everyone reads, stays English, its buttons too …
    board = (await world.spectator.slash(world.channel, "stats server")).response
    assert not board.ephemeral and "Crew leaderboard" in board.content
    assert "Alien board" in _buttons(board)
    # … and the French presser's own copy is French, buttons and all.
    copy = await _press(world.spectator, board, "▶")
    assert copy.ephemeral and "🏆 **Classement Équipage** — ce serveur" in copy.content
    assert "(page 2 sur 2, 12 classés)" in copy.content and "3 parties (" in copy.content
    assert "Classement Alien" in _buttons(copy) and "Alien board" not in _buttons(copy)
    assert "leaderboard" not in copy.content
    other = await _press(world.spectator, copy, "Classement Alien")
    assert "🏆 **Classement Alien**" in other.content
    theirs = await _press(world.stranger, board, "▶")
    assert "Crew leaderboard" in theirs.content and "Alien board" in _buttons(theirs)


async def test_game_status_hand_and_players_in_the_askers_language(simcord_env, french):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    first, second = world.crew
    french.add(first.id)
    before = len(world.texts())

    status = private(await first.slash(world.channel, "game status"))
    assert "**Tour 1 · Phase de l'équipage** — partie " in status
    assert "En attente de : " in status and "Réserves d'énergie : " in status
    assert "Waiting on" not in status and "Energy stores" not in status
    english = private(await second.slash(world.channel, "game status"))
    assert "Waiting on: " in english and "Energy stores: " in english

    hand = private(await first.slash(world.channel, "game hand"))
    assert "🧑‍🚀 **Votre équipage** — partie " in hand and "Plans : " in hand
    assert " (à vous)" in hand and "(yours)" not in hand
    assert "Your crew" not in hand and "Blueprints" not in hand
    alien_hand = private(await world.alien.user.slash("game hand"))
    assert "👾 **Your alien** — game " in alien_hand  # English: the alien player's own

    players = private(await first.slash(world.channel, "game players"))
    assert "👥 **Joueurs de la partie " in players and "• 👾 alien: <@" in players
    assert "• 🧑‍🚀 équipage: <@" in players and " 1 partie, gagnées " in players
    assert "Players of game" not in players
    assert "👥 **Players of game " in private(await second.slash(world.channel, "game players"))
    seen = private(await first.slash(world.channel, "game map"))
    assert seen.startswith("🗺️ Votre vue (crew) — partie ") and "un pont en gros plan" in seen
    seen = private(await second.slash(world.channel, "game map"))
    assert seen.startswith("🗺️ Your view (crew) — game ")
    log = private(await first.slash(world.channel, "game log"))
    assert "derniers événements publics** — partie " in log and "public events**" not in log
    assert "public events** — game " in private(await second.slash(world.channel, "game log"))
    assert world.texts()[before:] == []  # nothing of it in the channel


# Words of the English reasons that no French one uses (the reason names the plan's goal
# and its facts, so its opening varies with the position).
ENGLISH_WORDS = {"the", "to", "and", "is", "walks", "joins", "searching", "nothing", "with"}


async def test_suggest_answers_in_the_pressers_language(simcord_env, french):
    world = make_world(simcord_env, crew=2)
    await seat_and_start(world)
    await world.alien.user.slash("alien piperun")
    await world.alien.user.slash("alien pass")
    first, second = world.crew
    french.add(first.id)
    panel = await open_panel(Tapper(first), world.messages())
    suggest = button_labelled(panel, "Suggérer")
    assert suggest is not None
    answered = await ask_advice(first, panel, "Suggérer", "Suggérer quand même")
    text = answered.response.content
    assert "💡 Suggestion : `" in text, text
    why = text.split("`\n")[1].splitlines()[0]
    assert not set(why.lower().split()) & ENGLISH_WORDS, why  # the reason is French
    theirs = await open_panel(Tapper(second), world.messages())
    suggest = button_labelled(theirs, "Suggest")
    assert suggest is not None
    text = (await second.click(theirs, custom_id=suggest["custom_id"])).response.content
    assert "💡 Suggestion: `" in text
    why = text.split("`\n")[1].splitlines()[0]
    assert set(why.lower().split()) & ENGLISH_WORDS, why  # the other presser's, English


async def test_rules_answers_wholly_in_the_askers_language(simcord_env, french):
    world = make_world(simcord_env, crew=1)
    french.add(world.stranger.id)
    venom = private(await world.stranger.slash(world.channel, "rules", topic="venom"))
    assert venom.startswith("**Venom** — capacité de l'alien (G.4)")
    assert "Notre décision : Venom : l'humain que l'alien non blessé blesse" in venom
    assert "Our decision" not in venom and "unconscious" not in venom
    english = private(await world.spectator.slash(world.channel, "rules", topic="venom"))
    assert english.startswith("**Venom** — alien ability (G.4)") and "Our decision: " in english
    # A plain French question, in a DM: the section and its text in French.
    section = private(await world.stranger.user.slash("rules", topic="comment gagner"))
    assert section.startswith("**F.1 Déterminer la victoire**")
    assert "L'équipage additionne le barème ci-dessous" in section and "See also" not in section
    choices = await world.stranger.autocomplete(world.channel, "rules", "topic", "gagner")
    assert choices[0] == {"name": "F.1 Déterminer la victoire", "value": "F.1"}
    unknown = private(await world.stranger.slash(world.channel, "rules", topic="warp drive"))
    assert "Je ne connais aucun sujet de règles « warp drive »." in unknown
    assert "Tapez quelques lettres pour voir la liste." in unknown
    assert "no rules topic" not in unknown


async def test_the_alien_players_dms_are_french_whoever_pressed(simcord_env, french):
    """A DM has no locale of its own: the one the alien's own interaction causes (joining,
    starting, ending set-up or their phase) is in their interaction's language, and so is
    one someone else's press causes (the crew's end of phase: the alien's private map and
    the ping of its phase), from the language of the alien's last interaction (README,
    "Languages"); no line of them holds an English sentence of the catalogue."""
    world = make_world(simcord_env, crew=1)
    alien, crew = world.alien, world.crew[0]
    french.add(alien.id)
    await create(world, crew, 7)
    joined = private(await alien.slash(world.channel, "game join", seat="alien"))
    assert joined.startswith("Vous prenez place comme **alien** dans la partie ")
    assert "Je vous ai envoyé un message privé" in joined
    await crew.slash(world.channel, "game join", seat="crew")
    await crew.slash(world.channel, "game start")  # the crew's press: the alien's welcome
    await crew.slash(world.channel, "game setup")
    await alien.user.slash("game setup")  # the last set-up choice: the hands are dealt
    dms = "\n".join(world.dm_texts(alien))
    assert "Vos notes secrètes de la partie " in dms
    assert ": vous êtes l'alien." in dms and "you are the alien" not in dms
    assert "👾 **Votre alien** — partie " in dms and "Your alien" not in dms
    crew_dms = "\n".join(world.dm_texts(crew))
    assert "🧑‍🚀 **Your crew** — game " in crew_dms and "Votre" not in crew_dms

    before = len(world.dm_texts(alien))
    await alien.user.slash("alien piperun")
    await alien.user.slash("alien pass")  # their phase ends: their private map
    maps = world.dm_texts(alien)[before:]
    assert any(t.startswith("🗺️ Votre carte privée — partie ") for t in maps), maps
    before = len(world.dm_texts(alien))
    await crew.slash(world.channel, "game pass")  # the crew's press: French all the same
    caused = world.dm_texts(alien)[before:]
    assert any(t.startswith("🗺️ Votre carte privée — partie ") for t in caused), caused
    assert any("Complotez ici, dans ce message privé." in t for t in caused), caused
    assert in_french(line for text in caused for line in text.splitlines()) == []
    assert not any("Your private map" in t or "Plot here" in t for t in caused)


async def test_a_language_chosen_in_me_settings_words_the_dms_others_cause(simcord_env, french):
    """An English Discord, French chosen in ``/me settings``: what the crew's press sends
    the alien is French (and back to the last interaction's language with ``auto``)."""
    world = make_world(simcord_env, crew=1)
    await seat_and_start(world)
    alien, crew = world.alien, world.crew[0]
    mine = private(await alien.slash(world.channel, "me settings", language="fr"))
    assert "• Language: Français" in mine  # the answer: their interaction's, English
    await alien.user.slash("alien piperun")
    await alien.user.slash("alien pass")
    before = len(world.dm_texts(alien))
    await crew.slash(world.channel, "game pass")
    caused = world.dm_texts(alien)[before:]
    assert any(t.startswith("🗺️ Votre carte privée — partie ") for t in caused), caused
    assert in_french(line for text in caused for line in text.splitlines()) == []
    await alien.slash(world.channel, "me settings", language="auto")
    await alien.user.slash("alien pass")
    before = len(world.dm_texts(alien))
    await crew.slash(world.channel, "game pass")
    caused = world.dm_texts(alien)[before:]
    assert any(t.startswith("🗺️ Your private map — game ") for t in caused), caused
