"""Signed, expiring links (bot.web.links): only the secret's holder can make one."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from bot.web.links import LINK_SECONDS, Link, Opens, fresh, read, sign

SECRET = b"k" * 32
NOW = 1_800_000_000.0

links = st.builds(
    Link,
    st.integers(0, 2**62),
    st.integers(0, 2**63),
    st.sampled_from(list(Opens)),
    st.integers(int(NOW) + 1, int(NOW) + 10**9),
)


@given(links)
def test_a_signed_link_reads_back_as_itself(link: Link) -> None:
    assert read(SECRET, sign(SECRET, link), NOW) == link


@given(links, st.data())
def test_an_altered_token_never_reads_as_another_link(link: Link, data: st.DataObject) -> None:
    """Changing any character gives nothing, or the same link where base64's spare
    bits of a last character do not count."""
    token = sign(SECRET, link)
    at = data.draw(st.integers(0, len(token) - 1))
    changed = token[:at] + data.draw(st.sampled_from("AQgw-_x.9")) + token[at + 1 :]
    assert read(SECRET, changed, NOW) in (None, link)


def test_a_link_signed_with_another_secret_reads_as_nothing() -> None:
    token = sign(b"other secret", fresh(7, 42, Opens.CREW, NOW))
    assert read(SECRET, token, NOW) is None


def test_a_link_opens_for_a_week_then_reads_as_nothing() -> None:
    token = sign(SECRET, fresh(7, 42, Opens.ALIEN, NOW))
    assert read(SECRET, token, NOW + LINK_SECONDS - 1) is not None
    assert read(SECRET, token, NOW + LINK_SECONDS) is None


def test_garbage_reads_as_nothing() -> None:
    for token in (
        "",
        ".",
        "abc",
        "a.b.c",
        "é.é",
        "x" * 500,
        sign(SECRET, fresh(1, 1, Opens.CREW, NOW))[:-3],
    ):
        assert read(SECRET, token, NOW) is None
