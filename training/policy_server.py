"""An in-process OpenAI-compatible chat-completions server for small Hugging Face VL models.

The GRPO loop serves its policy through the same kind of endpoint the evaluation
uses, so rollouts go through the ordinary model agent and runner. For tiny test
models (and CPU work in general) generation runs in this process:

    server = PolicyServer(model, processor, model_name="policy").start()
    agent = make_model_agent(ModelAgentConfig(llm=LLMConfig(base_url=server.base_url, model="policy")))
    ...
    calls = server.calls()        # one PolicyCall per request: prompt ids, sampled ids, logprobs
    server.stop()

``POST /v1/chat/completions`` renders the request's messages with the processor's
chat template (images decoded from ``data:`` URLs), samples with ``model.generate``
(temperature, top_p, max_tokens and seed from the request; one generation at a
time, under a lock) and answers with the text, the usage and, always, the
log-probabilities of the sampled tokens in OpenAI's format
(``choices[0].logprobs.content = [{token, logprob, bytes, top_logprobs}]``).

Log-probabilities are those of the model itself (log-softmax of the raw logits,
before temperature, top-p or token suppression), i.e. the behaviour policy's
``logp`` as a trainer's forward pass computes it. Special tokens other than the
end of turn are suppressed while sampling, so a sampled answer never holds vision
placeholders. The trainer updates the same model object in place between rounds;
`note_weights_updated` only bumps the version stamped on later calls.
"""

from __future__ import annotations

import base64
import io
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Self

import torch
from PIL import Image

from training.collate import END_OF_TURN, render_prompt, to_model

DATA_URL_PREFIX = "data:"


@dataclass
class PolicyCall:
    """One served request: what the model saw and what it sampled, with the behaviour logprobs."""

    index: int
    prompt_text: str  # the chat-template rendering (image placeholders unexpanded)
    images: list[bytes]  # the request's images, as sent (PNG bytes), in order
    prompt_ids: list[int]  # the processor's input ids (image placeholders expanded)
    output_ids: list[int]  # sampled ids, the end-of-turn token included when sampled
    logprobs: list[float]  # log pi(output_ids[t] | prompt, output_ids[:t]) under the serving weights
    text: str  # the answer returned to the agent
    finish_reason: str
    weights_version: int
    seed: int
    elapsed_s: float = 0.0
    messages: list[dict[str, Any]] = field(default_factory=list, repr=False)


def _image_of(part: dict[str, Any]) -> bytes | None:
    """PNG/JPEG bytes of an ``image_url`` part holding a data URL (None for other parts)."""
    if part.get("type") != "image_url":
        return None
    url = (part.get("image_url") or {}).get("url", "")
    if not url.startswith(DATA_URL_PREFIX) or "," not in url:
        raise ValueError("only data: image URLs are served")
    return base64.b64decode(url.split(",", 1)[1])


def request_images(messages: list[dict[str, Any]]) -> list[bytes]:
    """The images of the messages' ``image_url`` parts, in order."""
    out = []
    for m in messages:
        if isinstance(m.get("content"), list):
            for part in m["content"]:
                img = _image_of(part)
                if img is not None:
                    out.append(img)
    return out


def encode_prompt(processor: Any, prompt_text: str, images: list[bytes]) -> dict[str, torch.Tensor]:
    """The processor's model inputs for a rendered prompt and its images (batch of 1)."""
    pil = [Image.open(io.BytesIO(b)).convert("RGB") for b in images]
    enc = processor(text=[prompt_text], images=pil or None, return_tensors="pt")
    return {k: v for k, v in enc.items() if isinstance(v, torch.Tensor)}


class PolicyServer:
    """A chat-completions endpoint for one in-memory model, with a log of every sampled call."""

    def __init__(self, model: Any, processor: Any, model_name: str = "policy", seed: int = 0,
                 host: str = "127.0.0.1") -> None:
        self.model, self.processor, self.model_name = model, processor, model_name
        self.seed, self.host = seed, host
        self.weights_version = 0
        self._next_index = 0  # never reset: seeds differ across rounds
        self._log: list[PolicyCall] = []
        self._log_lock = threading.Lock()
        self._gen_lock = threading.Lock()
        self._server: Any = None
        self._thread: threading.Thread | None = None
        self._port: int | None = None
        tok = processor.tokenizer
        self.eos_id = tok.convert_tokens_to_ids(END_OF_TURN)
        self.suppress_ids = [i for i in tok.all_special_ids if i != self.eos_id]

    # ------------------------------------------------------------------ log
    def calls(self) -> list[PolicyCall]:
        """A copy of the call log, in arrival order."""
        with self._log_lock:
            return list(self._log)

    def clear(self) -> None:
        """Forget the logged calls (between rounds)."""
        with self._log_lock:
            self._log.clear()

    def note_weights_updated(self) -> None:
        """The trainer changed the weights in place: later calls carry a new version."""
        self.weights_version += 1

    # ------------------------------------------------------------------ generation
    def generate(self, body: dict[str, Any]) -> PolicyCall:
        """Sample one answer for a chat-completions request body; logged and returned."""
        messages = body.get("messages") or []
        images = request_images(messages)
        prompt_text = render_prompt(self.processor, messages)
        enc = to_model(self.model, encode_prompt(self.processor, prompt_text, images))
        temperature = float(body.get("temperature", 1.0) or 0.0)
        top_p = float(body.get("top_p", 1.0) or 1.0)
        max_new = int(body.get("max_tokens") or body.get("max_completion_tokens") or 256)
        with self._gen_lock:  # one generation at a time; index, seed and log entry taken together
            index = self._next_index
            self._next_index += 1
            seed = int(body["seed"]) if body.get("seed") is not None else self.seed + index
            t0 = time.perf_counter()
            self.model.eval()
            torch.manual_seed(seed)
            sample = temperature > 0
            kwargs: dict[str, Any] = {"do_sample": sample, "max_new_tokens": max_new,
                                      "suppress_tokens": self.suppress_ids, "eos_token_id": self.eos_id,
                                      "pad_token_id": self.processor.tokenizer.pad_token_id,
                                      "output_logits": True, "return_dict_in_generate": True}
            if sample:
                kwargs.update(temperature=temperature, top_p=top_p, top_k=0)
            with torch.no_grad():
                out = self.model.generate(**enc, **kwargs)
            n_prompt = enc["input_ids"].shape[1]
            ids = out.sequences[0, n_prompt:].tolist()
            raw = torch.stack(out.logits, dim=1)[0, : len(ids)].float().cpu()
            logps = torch.log_softmax(raw, dim=-1).gather(-1, torch.tensor(ids).unsqueeze(-1)).squeeze(-1)
            text = self.processor.tokenizer.decode(ids, skip_special_tokens=True)
            finish = "stop" if ids and ids[-1] == self.eos_id else "length"
            call = PolicyCall(index=index, prompt_text=prompt_text, images=images,
                              prompt_ids=enc["input_ids"][0].cpu().tolist(), output_ids=ids, logprobs=logps.tolist(),
                              text=text, finish_reason=finish, weights_version=self.weights_version, seed=seed,
                              elapsed_s=time.perf_counter() - t0, messages=messages)
            with self._log_lock:
                self._log.append(call)
        return call

    def completion(self, body: dict[str, Any]) -> dict[str, Any]:
        """The OpenAI chat-completion body answering `body`."""
        call = self.generate(body)
        tok = self.processor.tokenizer
        content = [{"token": tok.convert_ids_to_tokens(i), "logprob": lp,
                    "bytes": list(tok.decode([i]).encode("utf-8")), "top_logprobs": []}
                   for i, lp in zip(call.output_ids, call.logprobs, strict=True)]
        return {
            "id": f"chatcmpl-policy-{call.index}", "object": "chat.completion", "created": int(time.time()),
            "model": str(body.get("model", self.model_name)),
            "choices": [{"index": 0, "message": {"role": "assistant", "content": call.text, "refusal": None},
                         "logprobs": {"content": content}, "finish_reason": call.finish_reason}],
            "usage": {"prompt_tokens": len(call.prompt_ids), "completion_tokens": len(call.output_ids),
                      "total_tokens": len(call.prompt_ids) + len(call.output_ids)},
        }

    # ------------------------------------------------------------------ HTTP
    def _app(self) -> Any:
        from starlette.applications import Starlette
        from starlette.concurrency import run_in_threadpool
        from starlette.requests import Request
        from starlette.responses import JSONResponse
        from starlette.routing import Route

        async def chat(request: Request) -> JSONResponse:
            try:
                body = await request.json()
            except ValueError:
                return JSONResponse({"error": {"message": "body is not JSON"}}, status_code=400)
            try:
                return JSONResponse(await run_in_threadpool(self.completion, body))
            except ValueError as e:
                return JSONResponse({"error": {"message": str(e), "type": "invalid_request_error"}},
                                    status_code=400)

        async def models(request: Request) -> JSONResponse:
            return JSONResponse({"object": "list", "data": [{"id": self.model_name, "object": "model"}]})

        return Starlette(routes=[Route("/v1/chat/completions", chat, methods=["POST"]),
                                 Route("/v1/models", models, methods=["GET"])])

    @property
    def base_url(self) -> str:
        if self._port is None:
            raise RuntimeError("server not started")
        return f"http://{self.host}:{self._port}/v1"

    def start(self, timeout_s: float = 30.0) -> Self:
        """Serve on a free port of `host` from a daemon thread; returns when it accepts requests."""
        import uvicorn

        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        self._port = sock.getsockname()[1]
        config = uvicorn.Config(self._app(), log_level="warning", access_log=False, lifespan="off")
        self._server = uvicorn.Server(config)
        self._thread = threading.Thread(target=self._server.run, kwargs={"sockets": [sock]}, daemon=True,
                                        name="policy-server")
        self._thread.start()
        deadline = time.monotonic() + timeout_s
        while not self._server.started:
            if time.monotonic() > deadline or not self._thread.is_alive():
                raise RuntimeError("the policy server did not start")
            time.sleep(0.02)
        return self

    def stop(self) -> None:
        """Shut the server down and join its thread."""
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(timeout=10)
        self._server = self._thread = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
