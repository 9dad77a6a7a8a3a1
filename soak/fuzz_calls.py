"""Sending a fuzz case to the server and judging what came back.

A case goes through the real MCP client when the client can carry its arguments; a case
whose arguments no client library would send (NaN, lone surrogates, a 1,000-digit integer,
arguments that are not an object) goes as hand-written JSON-RPC over the same streamable-HTTP
endpoint. Either way the answer is reduced to a `CallOutcome`, and `unclear` says what, if
anything, is wrong with it.
"""

from __future__ import annotations

import json
import re
import sys
import time
from pathlib import Path
from typing import Any, Literal

import anyio
import httpx
from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp.shared.inbound import encode_header_value
from mcp_types.version import MODERN_PROTOCOL_VERSIONS
from pydantic import BaseModel

from mag_mcp.agents.client import UnsendableArguments, check_sendable
from soak.fuzz_cases import FuzzCase
from soak.fuzz_strategies import RawJSON

PROTOCOL_VERSION = MODERN_PROTOCOL_VERSIONS[-1]
MAX_CLEAR_CHARS = 8_000  # an error longer than this buries its point (or echoes the input back)
PARSE_ERROR = -32700
# The MCP client mirrors a tool name, prompt name or resource URI into the `Mcp-Name` header.
# Past ~64 KB uvicorn's HTTP parser refuses the request (400, or a closed connection past ~1 MB)
# before MCP sees it, and the mcp client's own connection sometimes breaks on that answer:
# such cases go over raw HTTP, where that refusal is the clear answer.
HEADER_LIMIT = 48_000  # bytes; well under the ~64 KB where the mcp client starts failing
GENERIC = {"invalid request parameters", "internal error", "internal server error", "error", "parse error"}


class CallOutcome(BaseModel):
    """One call's answer, whichever way it went."""

    via: Literal["client", "raw"]
    is_error: bool = False  # an error result (isError) or a JSON-RPC error
    text: str = ""  # the result's text blocks, or the JSON-RPC error's message
    structured: dict[str, Any] | None = None
    protocol_error: int | None = None  # the JSON-RPC error code, when the answer was one
    transport_error: str | None = None  # no well-formed answer: HTTP 5xx, connection lost, bad response
    http_refusal: bool = False  # a request with an oversize header, refused by the HTTP server itself
    hung: bool = False
    elapsed_s: float = 0.0


def _has_raw(value: Any) -> bool:
    if isinstance(value, RawJSON):
        return True
    if isinstance(value, dict):
        return any(_has_raw(v) for v in value.values())
    if isinstance(value, list):
        return any(_has_raw(v) for v in value)
    return False


def encode_raw(value: Any) -> str:
    """JSON text of `value` with every RawJSON spliced in verbatim; lone surrogates as \\u escapes."""
    pieces: list[str] = []

    def mark(v: Any) -> Any:
        if isinstance(v, RawJSON):
            pieces.append(v.text)
            return f"\x00raw{len(pieces) - 1}\x00"
        if isinstance(v, dict):
            return {k: mark(x) for k, x in v.items()}
        if isinstance(v, list):
            return [mark(x) for x in v]
        return v

    text = json.dumps(mark(value), ensure_ascii=True, allow_nan=True)
    for i, piece in enumerate(pieces):
        text = text.replace(f'"\\u0000raw{i}\\u0000"', piece, 1)
    return text


def _sendable(*values: Any) -> bool:
    if any(_has_raw(v) for v in values):
        return False
    try:
        check_sendable("case", {"v": list(values)})
    except UnsendableArguments:
        return False
    return True


class Caller:
    """Calls over one MCP client and one raw HTTP client. The MCP client lives in a task of its own
    (`hold`), so a connection that breaks (the client's own tasks failing) is recorded and replaced
    without cancelling the caller: the calls in flight answer as transport failures."""

    def __init__(self, url: str, timeout_s: float) -> None:
        self.url = url
        self.timeout_s = timeout_s
        self.client: Client | None = None
        self.http = httpx.AsyncClient(timeout=timeout_s)
        self.connection_errors: list[str] = []
        self._connected = anyio.Event()
        self._drop = anyio.Event()
        self._closing = False

    async def hold(self, *, task_status: Any = anyio.TASK_STATUS_IGNORED) -> None:
        """Keep a client connected until `close`; start it with `task_group.start(caller.hold)`."""
        started = False
        while not self._closing:
            try:
                async with Client(self.url, read_timeout_seconds=self.timeout_s) as c:
                    self.client, self._drop = c, anyio.Event()
                    self._connected.set()
                    if not started:
                        started = True
                        task_status.started()
                    await self._drop.wait()
            except Exception as e:  # noqa: BLE001 - a broken connection is recorded, then replaced
                leaves = e.exceptions if isinstance(e, BaseExceptionGroup) else [e]
                self.connection_errors.append("; ".join(f"{type(x).__name__}: {x}" for x in leaves)[:300])
            self.client, self._connected = None, anyio.Event()

    async def close(self) -> None:
        self._closing = True
        self._drop.set()
        await self.http.aclose()

    async def connected(self) -> Client:
        with anyio.fail_after(self.timeout_s):
            await self._connected.wait()
        assert self.client is not None
        return self.client

    async def send(self, case: FuzzCase, arguments: Any) -> CallOutcome:
        """Send a case whose episode references are already resolved into `arguments`: through the
        MCP client when it can carry them, else as raw JSON-RPC."""
        t = case.target
        if t.kind == "tool":
            method, params = "tools/call", {"name": t.name, "arguments": arguments}
            by_client = isinstance(arguments, dict) and _sendable(arguments)
        elif t.kind == "unknown_tool":
            method, params = "tools/call", arguments
            by_client = _sendable(arguments["name"], arguments["arguments"])
        elif t.kind == "prompt":
            method, params = "prompts/get", {"name": t.name, "arguments": arguments}
            by_client = isinstance(arguments, dict) and _sendable(arguments) and all(
                isinstance(v, str) for v in arguments.values())
        else:
            method, params = "resources/read", {"uri": arguments["uri"]}
            by_client = _sendable(arguments["uri"])
        by_client = by_client and len(_name_header(method, params) or "") <= HEADER_LIMIT
        t0 = time.perf_counter()
        try:
            with anyio.fail_after(self.timeout_s):
                out = await (self.via_client(method, params) if by_client else self.raw(method, params))
        except TimeoutError:
            out = CallOutcome(via="client" if by_client else "raw", hung=True,
                              transport_error=f"no answer in {self.timeout_s:g} s")
        out.elapsed_s = round(time.perf_counter() - t0, 3)
        return out

    async def call_tool(self, name: str, arguments: dict[str, Any]) -> CallOutcome:
        return await self.via_client("tools/call", {"name": name, "arguments": arguments})

    async def via_client(self, method: str, params: dict[str, Any]) -> CallOutcome:
        """One request through the MCP client (`tools/call`, `prompts/get` or `resources/read`)."""
        client = await self.connected()
        try:
            if method == "tools/call":
                r = await client.call_tool(params["name"], params["arguments"])
            elif method == "prompts/get":
                r = await client.get_prompt(params["name"], params["arguments"])
            else:
                r = await client.read_resource(params["uri"])
        except MCPError as e:
            if e.error.message == "Connection closed":
                self._drop.set()
                return CallOutcome(via="client", transport_error="the client's connection closed")
            return CallOutcome(via="client", is_error=True, text=e.error.message, protocol_error=e.error.code)
        except (anyio.ClosedResourceError, anyio.BrokenResourceError, httpx.HTTPError, OSError) as e:
            self._drop.set()
            return CallOutcome(via="client", transport_error=f"connection lost: {type(e).__name__}: {e}"[:300])
        except Exception as e:  # noqa: BLE001 - anything else is a malformed answer, judged as such
            return CallOutcome(via="client", transport_error=f"{type(e).__name__}: {e}"[:300])
        return _outcome("client", r.model_dump(by_alias=True, mode="json"))

    async def raw(self, method: str, params: dict[str, Any]) -> CallOutcome:
        """One hand-written JSON-RPC request, in the 2026 protocol's stateless form."""
        meta = {"io.modelcontextprotocol/protocolVersion": PROTOCOL_VERSION,
                "io.modelcontextprotocol/clientCapabilities": {}}
        body = encode_raw({"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": meta}})
        headers = {"Content-Type": "application/json", "Accept": "application/json, text/event-stream",
                   "MCP-Protocol-Version": PROTOCOL_VERSION, "Mcp-Method": method}
        name_header = _name_header(method, params)
        if name_header is not None:
            headers["Mcp-Name"] = name_header
        oversize = len(name_header or "") > HEADER_LIMIT
        try:
            r = await self.http.post(self.url, content=body.encode("utf-8"), headers=headers)
        except httpx.HTTPError as e:
            if oversize:  # the HTTP server closed a request whose headers it would not read: a refusal
                return CallOutcome(via="raw", is_error=True, http_refusal=True,
                                   text=f"connection closed on a {len(name_header or ''):,}-byte header")
            return CallOutcome(via="raw", transport_error=f"{type(e).__name__}: {e}"[:300])
        if r.status_code >= 500:
            return CallOutcome(via="raw", transport_error=f"HTTP {r.status_code}: {r.text[:200]}")
        try:
            message = _json_message(r)
        except ValueError:
            if oversize and 400 <= r.status_code < 500:
                return CallOutcome(via="raw", is_error=True, http_refusal=True,
                                   text=f"HTTP {r.status_code} on a {len(name_header or ''):,}-byte header: {r.text[:100]}")
            return CallOutcome(via="raw", transport_error=f"HTTP {r.status_code}, not JSON-RPC: {r.text[:200]!r}")
        if "error" in message:
            err = message["error"]
            return CallOutcome(via="raw", is_error=True, text=str(err.get("message", "")), protocol_error=err.get("code"))
        return _outcome("raw", message.get("result", {}))


def _name_header(method: str, params: dict[str, Any]) -> str | None:
    """The `Mcp-Name` header of a request, as the MCP client writes it (None: no header can carry it)."""
    name = params.get("uri" if method == "resources/read" else "name")
    if not isinstance(name, str):
        return None
    try:
        return encode_header_value(name)
    except UnicodeEncodeError:  # a lone surrogate: the server answers that the header does not match
        return None


def _json_message(r: httpx.Response) -> dict[str, Any]:
    if r.headers.get("content-type", "").startswith("text/event-stream"):
        data = [line[5:].strip() for line in r.text.splitlines() if line.startswith("data:")]
        return json.loads(data[-1])
    message = r.json()
    if not isinstance(message, dict):
        raise ValueError("not an object")
    return message


def _outcome(via: Literal["client", "raw"], result: dict[str, Any]) -> CallOutcome:
    """A tool result, prompt or resource, in wire form (camelCase keys)."""
    blocks = result.get("content") or result.get("messages") or result.get("contents") or []
    texts = []
    for b in blocks:
        inner = b.get("content", b) if isinstance(b, dict) else {}
        if isinstance(inner, dict) and isinstance(inner.get("text"), str):
            texts.append(inner["text"])
    return CallOutcome(via=via, is_error=bool(result.get("isError")), text="\n".join(texts),
                       structured=result.get("structuredContent"))


# ------------------------------------------------------------ judging

_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|File \"[^\"]+\", line \d+|^\s+at \S+ \(", re.M)
_BARE_CRASH = re.compile(r"^Error executing tool \S+$")


class Judge:
    """What makes an answer unclear: a traceback, a server path, a crash, an empty or generic message."""

    def __init__(self, private_paths: list[Path]) -> None:
        roots = {Path(sys.prefix), Path(sys.base_prefix), Path(__file__).resolve().parents[1], *private_paths}
        self.paths = sorted({str(p) for p in roots if str(p) not in ("/", "")}, key=len, reverse=True)

    def message_problem(self, text: str, *, generic_ok: bool = False) -> str | None:
        stripped = text.strip()
        if not stripped:
            return "empty message"
        if len(stripped) > MAX_CLEAR_CHARS:
            return f"message of {len(stripped):,} characters"
        if _TRACEBACK.search(stripped):
            return "traceback in the message"
        leaked = next((p for p in self.paths if p in stripped), None)
        if leaked:
            return f"server path in the message ({leaked})"
        if "site-packages" in stripped:
            return "server path in the message (site-packages)"
        if _BARE_CRASH.match(stripped) or "internal error during" in stripped:
            return "crash (the server failed unexpectedly)"
        if not generic_ok and stripped.lower().rstrip(".") in GENERIC:
            return f"generic message {stripped!r}"
        return None

    def unclear(self, episode_id: str | None, out: CallOutcome) -> tuple[str, str] | None:
        """(kind, detail) of what is wrong with the answer, or None when it is clear."""
        if out.hung:
            return "hang", out.transport_error or "no answer"
        if out.transport_error:
            return "transport", out.transport_error
        if out.is_error:
            # JSON-RPC's own answer to a body its parser refuses (e.g. nesting deeper than it allows)
            problem = self.message_problem(out.text, generic_ok=out.protocol_error == PARSE_ERROR)
            return ("unclear", f"{problem}: {out.text[:300]!r}") if problem else None
        observation = (out.structured or {}).get("observation")
        if isinstance(observation, dict):
            if episode_id is not None and observation.get("episode_id") not in (episode_id, None):
                return "cross-talk", f"asked about {episode_id}, answered with {observation.get('episode_id')}"
            last_error = observation.get("last_error") or ""
            problem = last_error and self.message_problem(last_error, generic_ok=True)
            if problem:
                return "unclear", f"observation error: {problem}: {last_error[:300]!r}"
        return None
