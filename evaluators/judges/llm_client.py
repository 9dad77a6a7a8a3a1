"""An OpenAI-compatible chat client that returns one validated JSON object.

    client = LLMClient(LLMConfig(base_url="http://localhost:8000/v1", model="qwen2.5-7b"))
    answer, cached = await client.ask_json(messages, Verdict, "fuzzy_verdict")

- Structured output: ``response_format`` json_schema (strict). A server that
  rejects it with a 400 about response_format/json_schema is asked again with
  ``json_object``, then with no response_format; the fallback is remembered.
  The system prompt always says the answer must be one JSON object (and gives
  the schema), so every level works with a cooperative model.
- Retries: 429, 408, 5xx, timeouts and connection errors are retried up to
  ``max_retries`` times with exponential backoff and jitter, honouring a
  Retry-After header (capped). Other 4xx are not retried.
- Parsing: the first JSON object in the reply (code fences and surrounding text
  tolerated), validated with the schema; anything else is a `JudgeOutputError`.
- Cache: with ``cache_dir``, validated answers are stored by a hash of the input
  (model, messages, schema, temperature, max_tokens); a hit makes no HTTP call.
- Usage: ``usage.calls`` counts judgements sent to the endpoint (cache hits are
  counted in ``cache_hits`` instead), ``retries`` the extra HTTP attempts, and
  tokens / cost what the endpoint reported, malformed answers included.

The API key is read from the environment variable ``api_key_env`` and never logged.
"""

from __future__ import annotations

import email.utils
import hashlib
import json
import logging
import math
import os
import random
import re
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Self, TypeVar

import anyio
import openai
from pydantic import BaseModel, ConfigDict, ValidationError

from ..models import Usage

log = logging.getLogger(__name__)

M = TypeVar("M", bound=BaseModel)

NO_KEY = "not-needed"  # local OpenAI-compatible servers (vLLM) accept any key
RETRY_AFTER_CAP_S = 60.0
BACKOFF_CAP_S = 60.0
SNIPPET = 200
_FORMATS = ("json_schema", "json_object", "none")


class JudgeError(Exception):
    """A judge could not produce a verdict."""


class JudgeOutputError(JudgeError):
    """The model answered, but not with a valid object of the requested schema."""


class JudgeUnavailableError(JudgeError):
    """The endpoint kept failing (or rejected the request); no answer was obtained."""

    def __init__(self, message: str, *, endpoint: str, status: int | None, attempts: int) -> None:
        super().__init__(message)
        self.endpoint = endpoint
        self.status = status
        self.attempts = attempts


class LLMConfig(BaseModel):
    """Where and how to ask: any OpenAI-compatible chat-completions endpoint."""

    model_config = ConfigDict(extra="forbid")

    base_url: str
    model: str
    api_key_env: str = "OPENAI_API_KEY"
    temperature: float = 0.0
    max_tokens: int = 600
    timeout_s: float = 60
    max_retries: int = 5
    backoff_s: float = 1.0
    cache_dir: Path | None = None
    price_in_per_mtok: float | None = None
    price_out_per_mtok: float | None = None


def canonical_json(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def snippet(text: str, limit: int = SNIPPET) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)


def extract_json_object(text: str) -> dict[str, Any] | None:
    """The first JSON object in `text` (fences, prose and <think> blocks tolerated)."""
    text = _THINK.sub("", text)
    decoder = json.JSONDecoder()
    start = text.find("{")
    while start != -1:
        try:
            obj, _ = decoder.raw_decode(text, start)
        except ValueError:
            obj = None
        if isinstance(obj, dict):
            return obj
        start = text.find("{", start + 1)
    return None


def parse_retry_after(headers: Any) -> float | None:
    """Seconds to wait from Retry-After / retry-after-ms (number or HTTP date), capped."""
    if headers is None:
        return None
    value: float | None = None
    ms = headers.get("retry-after-ms")
    raw = headers.get("retry-after")
    try:
        if ms is not None:
            value = float(ms) / 1000.0
        elif raw is not None:
            try:
                value = float(raw)
            except ValueError:
                when = email.utils.parsedate_to_datetime(raw)
                value = when.timestamp() - time.time()
    except (TypeError, ValueError, OverflowError):
        return None
    if value is None or math.isnan(value):
        return None
    return max(0.0, min(value, RETRY_AFTER_CAP_S))


class LLMClient:
    """Asks an OpenAI-compatible endpoint for one JSON object per call (see module doc)."""

    def __init__(self, config: LLMConfig) -> None:
        self.config = config
        priced = config.price_in_per_mtok is not None and config.price_out_per_mtok is not None
        self.usage = Usage(cost_usd=0.0 if priced else None)
        self._priced = priced
        self._lock = threading.Lock()  # usage and fallback state; never held across an await
        self._format_level = 0  # index into _FORMATS
        self._openai: openai.AsyncOpenAI | None = None

    @property
    def name(self) -> str:
        return f"llm({self.config.model})"

    def _api(self) -> openai.AsyncOpenAI:
        if self._openai is None:
            cfg = self.config
            self._openai = openai.AsyncOpenAI(
                api_key=os.environ.get(cfg.api_key_env) or NO_KEY, base_url=cfg.base_url,
                timeout=cfg.timeout_s, max_retries=0)
        return self._openai

    async def aclose(self) -> None:
        """Close the HTTP connections (the client is bound to the event loop that used it)."""
        if self._openai is not None:
            await self._openai.close()
            self._openai = None

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    # --- public ----------------------------------------------------------------
    async def ask_json(
        self, messages: list[dict[str, Any]], schema: type[M], schema_name: str
    ) -> tuple[M, bool]:
        """Ask, parse and validate; returns (answer, answered from the cache?)."""
        key = self.cache_key(messages, schema, schema_name)
        hit = self._cache_read(key, schema)
        if hit is not None:
            with self._lock:
                self.usage.cache_hits += 1
            return hit, True
        with self._lock:
            self.usage.calls += 1
        prompt = self._with_json_instruction(messages, schema)
        completion = await self._complete(prompt, schema, schema_name)
        usage = getattr(completion, "usage", None)
        tokens_in = int(getattr(usage, "prompt_tokens", 0) or 0)
        tokens_out = int(getattr(usage, "completion_tokens", 0) or 0)
        self._account(tokens_in, tokens_out)
        answer = self._parse(completion, schema, schema_name)
        self._cache_write(key, schema_name, answer, tokens_in, tokens_out)
        return answer, False

    def cache_key(self, messages: list[dict[str, Any]], schema: type[BaseModel],
                  schema_name: str) -> str:
        cfg = self.config
        payload = {"model": cfg.model, "messages": messages, "schema_name": schema_name,
                   "schema": schema.model_json_schema(), "temperature": cfg.temperature,
                   "max_tokens": cfg.max_tokens}
        return hashlib.sha256(canonical_json(payload).encode()).hexdigest()

    # --- request ---------------------------------------------------------------
    @staticmethod
    def _with_json_instruction(messages: list[dict[str, Any]],
                               schema: type[BaseModel]) -> list[dict[str, Any]]:
        note = ("Answer with exactly one JSON object and nothing else, following this JSON "
                f"schema: {canonical_json(schema.model_json_schema())}")
        out = [dict(m) for m in messages]
        if out and out[0].get("role") == "system" and isinstance(out[0].get("content"), str):
            out[0]["content"] = f"{out[0]['content'].rstrip()}\n\n{note}"
        else:
            out.insert(0, {"role": "system", "content": note})
        return out

    async def _complete(self, messages: list[dict[str, Any]], schema: type[BaseModel],
                        schema_name: str) -> Any:
        cfg = self.config
        attempts = 0
        while True:
            level = self._format_level
            kwargs: dict[str, Any] = {"model": cfg.model, "messages": messages,
                                      "temperature": cfg.temperature, "max_tokens": cfg.max_tokens}
            if _FORMATS[level] == "json_schema":
                kwargs["response_format"] = {"type": "json_schema", "json_schema": {
                    "name": schema_name, "schema": schema.model_json_schema(), "strict": True}}
            elif _FORMATS[level] == "json_object":
                kwargs["response_format"] = {"type": "json_object"}
            attempts += 1
            status: int | None = None
            headers: Any = None
            try:
                return await self._api().chat.completions.create(**kwargs)
            except openai.APIStatusError as exc:
                status, headers = exc.status_code, exc.response.headers
                if status == 400 and level < len(_FORMATS) - 1 and _mentions_format(exc):
                    with self._lock:
                        self._format_level = max(self._format_level, level + 1)
                    log.warning("%s rejected response_format %s; falling back to %s",
                                cfg.base_url, _FORMATS[level], _FORMATS[self._format_level])
                    attempts -= 1  # a fallback is not a failed attempt
                    continue
                if not (status in (408, 429) or status >= 500):
                    raise JudgeUnavailableError(
                        f"judge endpoint {cfg.base_url} rejected the request for model "
                        f"{cfg.model!r} with HTTP {status} (not retried): {snippet(exc.message)}",
                        endpoint=cfg.base_url, status=status, attempts=attempts) from exc
                error: Exception = exc
            except (openai.APITimeoutError, openai.APIConnectionError) as exc:
                error = exc
            except openai.OpenAIError as exc:  # e.g. a 200 whose body is not a completion
                raise JudgeUnavailableError(
                    f"judge endpoint {cfg.base_url} gave an unusable response for model "
                    f"{cfg.model!r}: {snippet(str(exc))}", endpoint=cfg.base_url, status=None,
                    attempts=attempts) from exc
            if attempts > cfg.max_retries:
                what = f"HTTP {status}" if status is not None else type(error).__name__
                raise JudgeUnavailableError(
                    f"judge endpoint {cfg.base_url} unavailable for model {cfg.model!r}: {what} "
                    f"after {attempts} attempts ({snippet(str(error), 120)})",
                    endpoint=cfg.base_url, status=status,
                    attempts=attempts) from error
            delay = parse_retry_after(headers)
            if delay is None:
                delay = min(BACKOFF_CAP_S, cfg.backoff_s * 2 ** (attempts - 1))
                delay *= random.uniform(0.5, 1.5)
            with self._lock:
                self.usage.retries += 1
            log.info("judge endpoint %s: %s, retry %d in %.2fs", cfg.base_url,
                     status or type(error).__name__, attempts, delay)
            await anyio.sleep(delay)

    def _account(self, tokens_in: int, tokens_out: int) -> None:
        with self._lock:
            self.usage.prompt_tokens += tokens_in
            self.usage.completion_tokens += tokens_out
            if self._priced:
                cost = (tokens_in * (self.config.price_in_per_mtok or 0.0)
                        + tokens_out * (self.config.price_out_per_mtok or 0.0)) / 1e6
                self.usage.cost_usd = (self.usage.cost_usd or 0.0) + cost

    # --- parsing ---------------------------------------------------------------
    def _parse(self, completion: Any, schema: type[M], schema_name: str) -> M:
        model = self.config.model
        choices = getattr(completion, "choices", None) or []
        if not choices:
            raise JudgeOutputError(f"{model} returned no choices for {schema_name}")
        message = choices[0].message
        refusal = getattr(message, "refusal", None)
        if refusal:
            raise JudgeOutputError(f"{model} refused to answer {schema_name}: {snippet(refusal)!r}")
        content = message.content if isinstance(message.content, str) else ""
        if not content.strip():
            raise JudgeOutputError(f"{model} returned an empty answer for {schema_name}")
        truncated = " (cut off at max_tokens)" if choices[0].finish_reason == "length" else ""
        obj = extract_json_object(content)
        if obj is None:
            raise JudgeOutputError(f"{model} did not answer {schema_name} with a JSON object"
                                   f"{truncated}; got: {snippet(content)!r}")
        try:
            return schema.model_validate(obj)
        except ValidationError as exc:
            problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or '<root>'}: {e['msg']}"
                                 for e in exc.errors()[:3])
            raise JudgeOutputError(f"{model} answered {schema_name} with an invalid object "
                                   f"({problems}){truncated}; got: {snippet(content)!r}") from None

    # --- cache -----------------------------------------------------------------
    def _cache_path(self, key: str) -> Path | None:
        if self.config.cache_dir is None:
            return None
        return Path(self.config.cache_dir) / key[:2] / f"{key}.json"

    def _cache_read(self, key: str, schema: type[M]) -> M | None:
        path = self._cache_path(key)
        if path is None or not path.is_file():
            return None
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
            return schema.model_validate(record["answer"])
        except (OSError, ValueError, KeyError, TypeError) as exc:
            log.warning("ignoring unreadable judge cache entry %s: %s", path.name, exc)
            return None

    def _cache_write(self, key: str, schema_name: str, answer: BaseModel,
                     tokens_in: int, tokens_out: int) -> None:
        path = self._cache_path(key)
        if path is None:
            return
        record = {"key": key, "model": self.config.model, "schema_name": schema_name,
                  "answer": answer.model_dump(mode="json"),
                  "usage": {"prompt_tokens": tokens_in, "completion_tokens": tokens_out}}
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{key[:8]}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(record, fh, ensure_ascii=False, indent=1)
            os.replace(tmp, path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def _mentions_format(exc: openai.APIStatusError) -> bool:
    text = f"{exc.message} {exc.body!r}".lower()
    return any(word in text for word in ("response_format", "json_schema", "json_object",
                                         "response format", "structured output"))
