"""Slash commands in the reader's language: discord.py asks this translator for every
command's description, option description and choice name before a sync, and sends
Discord what the catalogues translate. Names stay English: they are what people type
and what the docs and the other languages' players say."""

from __future__ import annotations

from discord import Locale, app_commands

from bot.present import locale as words

TRANSLATED = (
    app_commands.TranslationContextLocation.command_description,
    app_commands.TranslationContextLocation.group_description,
    app_commands.TranslationContextLocation.parameter_description,
    app_commands.TranslationContextLocation.choice_name,
)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if context.location not in TRANSLATED:
            return None
        lang = words.language_of(locale.value)
        if lang == words.SOURCE:
            return None
        return words.translated(lang, string.message)
