"""Navigation guard: only the origins of the task's sites are reachable."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}
_SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
# Browsers and Python split these differently (`\` ends the host for a browser, not for
# Python), so an authority holding one could name one origin to the guard and another to
# the browser: such a URL is refused whole. Control characters are refused anywhere.
_AMBIGUOUS_AUTHORITY = re.compile(r"[\x00-\x20\x7f\\]")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def origin_of(url: str) -> str | None:
    """`scheme://host:port` with the default port made explicit; None if not http(s)."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return f"{scheme}://{parts.hostname.lower()}:{port or _DEFAULT_PORTS[scheme]}"


class NavigationGuard:
    def __init__(self, allowed_base_urls: list[str]) -> None:
        self.allowed: set[str] = set()
        for base in allowed_base_urls:
            o = origin_of(base)
            if o is None:
                raise ValueError(f"not an http(s) base URL: {base!r}")
            self.allowed.add(o)

    def check(self, url: str) -> str | None:
        """None if `url` may be loaded, else the reason it is blocked."""
        if url == "about:blank":
            return None
        found = _SCHEME.match(url)
        scheme = found.group(1).lower() if found else ""
        if scheme not in _DEFAULT_PORTS:
            return f"{scheme or 'relative'}: URLs are not allowed ({url[:100]})"
        try:
            authority = urlsplit(url).netloc
        except ValueError:  # e.g. an unclosed IPv6 bracket
            return f"malformed URL {url[:100]!r}"
        if _CONTROL.search(url) or _AMBIGUOUS_AUTHORITY.search(authority):
            return f"malformed URL {url[:100]!r} (a control character, or a space or backslash in the host part)"
        o = origin_of(url)
        if o is None:
            return f"malformed URL {url[:100]!r}"
        if o not in self.allowed:
            return f"{o} is outside this task's sites ({url[:100]})"
        return None
