"""Free text from outside shown as typed: an imported script's item ids, its result and
its declarations reach channel posts, where Discord would read their markdown (bold,
a heading, a masked link) or a mention. :func:`plain` escapes what Discord would
read, so ``**won**`` shows as typed; the project's own words pass through unchanged.
"""

from __future__ import annotations

_ANYWHERE = frozenset("\\*_~`|[]<")  # emphasis, code, spoilers, links, mentions, times
_LINE_START = frozenset("#>-")  # a heading, a quote, a list item


def plain(text: str) -> str:
    """``text`` with every character Discord would read as markdown escaped, and a
    zero-width space after each ``@`` so that ``@everyone`` pings nobody."""
    escaped = "".join(f"\\{ch}" if ch in _ANYWHERE else ch for ch in text)
    escaped = escaped.replace("@", "@\u200b")
    if escaped[:1] in _LINE_START:
        escaped = "\\" + escaped
    return escaped
