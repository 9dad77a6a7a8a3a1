"""Navigation guard: only the origins of the task's sites are reachable."""

from __future__ import annotations

from urllib.parse import urlsplit

_DEFAULT_PORTS = {"http": 80, "https": 443}


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
        scheme = url.split(":", 1)[0].lower() if ":" in url else ""
        if scheme not in _DEFAULT_PORTS:
            return f"{scheme or 'relative'}: URLs are not allowed ({url[:100]})"
        o = origin_of(url)
        if o is None:
            return f"malformed URL {url[:100]!r}"
        if o not in self.allowed:
            return f"{o} is outside this task's sites ({url[:100]})"
        return None
