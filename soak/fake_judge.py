"""A local OpenAI-compatible judge endpoint that fails on purpose (real HTTP, stdlib server).

Each request is answered according to the marker found in the guide it asks about
("... fault-hang ..."): `hang` answers only after `hang_s` (the client has given up by
then), `not_json` answers prose, `wrong_schema` a JSON object of the wrong shape,
`http_500` an HTTP 500; any other guide gets a valid rubric answer. Once `healed` is
set, every request gets a valid answer. The guides asked about are recorded, so a
check can tell which episodes a resumed scoring run judged again.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

Fault = Literal["hang", "not_json", "wrong_schema", "http_500"]
FAULTS: tuple[Fault, ...] = ("hang", "not_json", "wrong_schema", "http_500")
MARKER = re.compile(r"fault-(hang|not_json|wrong_schema|http_500)")
GUIDE_LINE = re.compile(r"^Guide to grade: (.*)$", re.M)
VALID = {"reasoning": "The guide names the action and where to do it.", "action": 2, "target": 2,
         "followable": 2, "consistency": "n/a"}


def marker(fault: Fault) -> str:
    """The word that, in a guide, makes the judge fail that way."""
    return f"fault-{fault}"


def _prompt_text(body: dict[str, Any]) -> str:
    parts: list[str] = []
    for message in body.get("messages") or []:
        content = message.get("content")
        if isinstance(content, str):
            parts.append(content)
        elif isinstance(content, list):
            parts += [c.get("text", "") for c in content if isinstance(c, dict)]
    return "\n".join(parts)


class FaultyJudge:
    """Use as a context manager; `base_url` is the endpoint (`.../v1`)."""

    def __init__(self, hang_s: float = 4.0) -> None:
        self.hang_s = hang_s
        self.healed = False
        self.guides: list[str] = []  # the guide of every request, in arrival order
        self.answered: Counter[str] = Counter()  # fault kind (or "ok") -> requests answered that way
        self._lock = threading.Lock()
        self._server: ThreadingHTTPServer | None = None

    @property
    def base_url(self) -> str:
        assert self._server is not None, "not started"
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def reset_counts(self) -> None:
        with self._lock:
            self.guides.clear()
            self.answered.clear()

    def _decide(self, body: dict[str, Any]) -> str:
        text = _prompt_text(body)
        found = GUIDE_LINE.search(text)
        guide = found.group(1) if found else ""
        fault = MARKER.search(guide)
        kind = "ok" if self.healed or fault is None else fault.group(1)
        with self._lock:
            self.guides.append(guide)
            self.answered[kind] += 1
        return kind

    def __enter__(self) -> FaultyJudge:
        judge = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:
                pass

            def _send(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                try:
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):
                    pass  # the client gave up waiting

            def do_POST(self) -> None:
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    body = json.loads(raw or b"{}")
                except ValueError:
                    self._send(400, {"error": {"message": "body is not JSON"}})
                    return
                kind = judge._decide(body)
                if kind == "http_500":
                    self._send(500, {"error": {"message": "judge backend failed", "type": "server_error"}})
                    return
                if kind == "hang":
                    time.sleep(judge.hang_s)
                content = {"not_json": "I think the guide is fine, more or less.",
                           "wrong_schema": json.dumps({"score": 7, "verdict": "great"})}.get(kind, json.dumps(VALID))
                self._send(200, {
                    "id": "chatcmpl-soak", "object": "chat.completion", "created": int(time.time()),
                    "model": body.get("model", "judge"),
                    "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                                 "finish_reason": "stop"}],
                    "usage": {"prompt_tokens": 50, "completion_tokens": 20, "total_tokens": 70},
                })

        class Server(ThreadingHTTPServer):
            daemon_threads = True
            request_queue_size = 64

        self._server = Server(("127.0.0.1", 0), Handler)
        threading.Thread(target=self._server.serve_forever, args=(0.05,), daemon=True, name="faulty-judge").start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
