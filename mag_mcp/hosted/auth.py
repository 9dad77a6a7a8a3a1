"""Bearer-token authentication of a hosted server's HTTP endpoint.

An ASGI middleware in front of the MCP app: a request without a valid
`Authorization: Bearer TOKEN` gets 401 and a JSON body saying what to send; a valid one
runs with its team set in a context variable, which the tools read (`current_team`).
Public paths (the health check) need no token.
"""

from __future__ import annotations

import contextvars
import json
from typing import Any

from mag_mcp.hosted.tokens import TeamToken, TokenTable

_TEAM: contextvars.ContextVar[TeamToken | None] = contextvars.ContextVar("mag_team", default=None)

PUBLIC_PATHS = frozenset({"/health"})


def current_team() -> TeamToken | None:
    """The authenticated team of the request being served (None outside a hosted request)."""
    return _TEAM.get()


class BearerAuth:
    """ASGI middleware: authenticate every HTTP request except `public_paths`."""

    def __init__(self, app: Any, tokens: TokenTable, public_paths: frozenset[str] = PUBLIC_PATHS) -> None:
        self.app, self.tokens, self.public_paths = app, tokens, public_paths

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http" or scope.get("path") in self.public_paths:
            await self.app(scope, receive, send)
            return
        header = dict(scope.get("headers") or []).get(b"authorization", b"").decode("latin-1")
        scheme, _, token = header.partition(" ")
        if not header:
            await _unauthorized(send, "missing_token", "this MAG server is hosted: send 'Authorization: Bearer "
                                "<team token>' with every request (tokens are issued by the organisers)")
            return
        team = self.tokens.team_for(token.strip()) if scheme.lower() == "bearer" and token.strip() else None
        if team is None:
            await _unauthorized(send, "invalid_token", "the bearer token is not valid for this server; check "
                                "the token your team was given (Authorization: Bearer <team token>)")
            return
        reset = _TEAM.set(team)
        try:
            await self.app(scope, receive, send)
        finally:
            _TEAM.reset(reset)


async def _unauthorized(send: Any, error: str, message: str) -> None:
    body = json.dumps({"error": error, "message": message}).encode()
    await send({"type": "http.response.start", "status": 401, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
        (b"www-authenticate", f'Bearer realm="mag", error="{error}"'.encode()),
    ]})
    await send({"type": "http.response.body", "body": body})
