"""Free text from outside shown as typed: :func:`bot.present.plain.plain`."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.present.plain import plain


def test_markdown_and_mentions_are_shown_as_typed():
    assert plain("**won**") == "\\*\\*won\\*\\*"
    assert plain("# heading") == "\\# heading"
    assert plain("> quote") == "\\> quote"
    assert plain("@everyone") == "@\u200beveryone"
    assert plain("<@123>") == "\\<@\u200b123>"
    assert plain("`code` ~~gone~~ ||spoiler|| [link](x)") == (
        "\\`code\\` \\~\\~gone\\~\\~ \\|\\|spoiler\\|\\| \\[link\\](x)"
    )


def test_the_projects_own_words_pass_unchanged():
    for text in ("carbine1", "supplies3", "no living alien is left aboard", "Lift B2"):
        assert plain(text) == text


@given(st.text(max_size=40))
def test_every_special_character_is_escaped(text: str):
    shown = plain(text)
    unescaped = shown.replace("\\\\", "").replace("\u200b", "")
    for mark in "*_~`|[]<":
        assert all(unescaped[i - 1] == "\\" for i, ch in enumerate(unescaped) if ch == mark and i)
