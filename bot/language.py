"""What the desk and the words share about language, and nothing more.

The desk (:mod:`bot.desk`) says its refusals in English and marks those a catalogue
translates with :func:`N_`; the words (:mod:`bot.present.locale`) translate them where a
person reads them. The marker and :data:`SOURCE` (the language the code's words are
written in) live here, below both, so that the desk can use them without importing the
words: arrows point down (the README's layout: ``present -> desk``). Nothing here words
anything.
"""

from __future__ import annotations

SOURCE = "en"


def N_(message: str) -> str:
    """Marks ``message`` for the catalogue where it is written; :func:`bot.present.locale._`
    translates it where it is read (a constant, or a refusal, is made before anyone's
    language is known)."""
    return message
