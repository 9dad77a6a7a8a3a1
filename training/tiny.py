"""Tiny random Qwen vision-language models and their processors, built in code.

Tests of the training code need a model with the real architecture (vision tower
with patch embedding, window attention and 2x2 patch merging; M-RoPE language
model) and a processor with the real chat format, but no download. This module
builds both from nothing:

* a byte-level BPE tokenizer trained locally (`tokenizers`) on MAG's own text
  (system prompts of both groundings, task intents, gold guides and actions),
  carrying Qwen's chat special tokens and Qwen2.5-VL's chat template;
* a Qwen2.5-VL image processor (PIL backend, so torchvision is not needed) whose
  `max_pixels` is small by default: a 1280x720 screenshot becomes a few dozen
  image tokens;
* a `Qwen2_5_VLForConditionalGeneration` with a tiny config, seeded.

    model, processor = build_tiny(seed=0)
    model.save_pretrained(d); processor.save_pretrained(d)
    Qwen2_5_VLForConditionalGeneration.from_pretrained(d); load_tiny_processor(d)

Only the "qwen2.5-vl" family is built; Qwen3.5 has a different chat template
(thinking blocks) and a hybrid linear-attention language model, see `FAMILIES`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import torch
from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers
from transformers import (
    PreTrainedTokenizerFast,
    Qwen2_5_VLConfig,
    Qwen2_5_VLForConditionalGeneration,
    Qwen2_5_VLProcessor,
)

try:  # transformers 5.x: the PIL backend (the default one needs torchvision)
    from transformers.models.qwen2_vl.image_processing_pil_qwen2_vl import (
        Qwen2VLImageProcessorPil,
    )
except ImportError:  # pragma: no cover - older releases: the slow processor is PIL-based
    from transformers import Qwen2VLImageProcessor as Qwen2VLImageProcessorPil

FAMILIES = ("qwen2.5-vl",)
DEFAULT_MAX_PIXELS = 320 * 180  # a 1280x720 screenshot -> 6x11 merged patches = 66 image tokens
DEFAULT_MIN_PIXELS = 56 * 56
VOCAB_SIZE = 3000

# Qwen2.5-VL's special tokens, in the real order (ids follow the trained vocabulary here).
SPECIAL_TOKENS = [
    "<|endoftext|>", "<|im_start|>", "<|im_end|>", "<|object_ref_start|>", "<|object_ref_end|>",
    "<|box_start|>", "<|box_end|>", "<|quad_start|>", "<|quad_end|>", "<|vision_start|>", "<|vision_end|>",
    "<|vision_pad|>", "<|image_pad|>", "<|video_pad|>",
]

# Qwen2.5-VL-Instruct's chat template (chat_template.json of the released checkpoints).
QWEN2_5_VL_CHAT_TEMPLATE = (
    "{% set image_count = namespace(value=0) %}{% set video_count = namespace(value=0) %}"
    "{% for message in messages %}{% if loop.first and message['role'] != 'system' %}"
    "<|im_start|>system\nYou are a helpful assistant.<|im_end|>\n{% endif %}"
    "<|im_start|>{{ message['role'] }}\n"
    "{% if message['content'] is string %}{{ message['content'] }}<|im_end|>\n"
    "{% else %}{% for content in message['content'] %}"
    "{% if content['type'] == 'image' or 'image' in content or 'image_url' in content %}"
    "{% set image_count.value = image_count.value + 1 %}"
    "{% if add_vision_id %}Picture {{ image_count.value }}: {% endif %}"
    "<|vision_start|><|image_pad|><|vision_end|>"
    "{% elif content['type'] == 'video' or 'video' in content %}"
    "{% set video_count.value = video_count.value + 1 %}"
    "{% if add_vision_id %}Video {{ video_count.value }}: {% endif %}"
    "<|vision_start|><|video_pad|><|vision_end|>"
    "{% elif 'text' in content %}{{ content['text'] }}{% endif %}{% endfor %}<|im_end|>\n"
    "{% endif %}{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant\n{% endif %}"
)


class TinyQwenVLProcessor(Qwen2_5_VLProcessor):
    """Qwen2.5-VL's processor without the video slot (its video processor needs torchvision)."""

    def __init__(self, image_processor: Any = None, tokenizer: Any = None, chat_template: str | None = None,
                 **kwargs: Any) -> None:
        super().__init__(image_processor=image_processor, tokenizer=tokenizer, video_processor=None,
                         chat_template=chat_template, **kwargs)


def mag_corpus() -> list[str]:
    """MAG's own text: system prompts, step-text scaffolding, intents, gold guides and actions."""
    from mag_mcp.protocol import render_system_prompt
    from mag_mcp.tasks.registry import TaskRegistry

    texts = [render_system_prompt("som"), render_system_prompt("coord")]
    texts.append("Task: URL: http://127.0.0.1:8000/ Tabs: [0] Previous steps: Last action failed: "
                 "Marks: (no interactable elements visible) Steps left: 30 Action: Guide: Thought: "
                 '[1] link "Home" [2] button "Search" [3] textbox "Search" [4] combobox "Sort"')
    texts.append(" ".join(str(i) for i in range(0, 1300, 7)))
    for task in TaskRegistry.builtin().tasks.values():
        texts.append(task.intent)
        for gold in (task.mag.gold.values() if task.mag else []):
            for step in gold.steps:
                texts.append(step.guide or "")
                texts.append(f"{step.action} [{step.value or ''}]")
    return [t for t in texts if t]


def build_tokenizer(vocab_size: int = VOCAB_SIZE, corpus: list[str] | None = None) -> PreTrainedTokenizerFast:
    """A byte-level BPE tokenizer trained on `corpus` (default `mag_corpus()`), with Qwen's special tokens.

    Byte-level: every string encodes and decodes back exactly, whatever the vocabulary."""
    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False, use_regex=True)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size, special_tokens=SPECIAL_TOKENS, show_progress=False,
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
    )
    tok.train_from_iterator(corpus if corpus is not None else mag_corpus(), trainer=trainer)
    fast = PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token=None, eos_token="<|im_end|>", pad_token="<|endoftext|>",
        unk_token=None, additional_special_tokens=SPECIAL_TOKENS, model_max_length=32768,
        padding_side="right", clean_up_tokenization_spaces=False,
    )
    fast.chat_template = QWEN2_5_VL_CHAT_TEMPLATE
    return fast


def build_image_processor(max_pixels: int = DEFAULT_MAX_PIXELS,
                          min_pixels: int = DEFAULT_MIN_PIXELS) -> Qwen2VLImageProcessorPil:
    """Qwen2.5-VL's image processor (patch 14, merge 2, temporal patch 2) with the given pixel bounds."""
    return Qwen2VLImageProcessorPil(min_pixels=min_pixels, max_pixels=max_pixels)


def build_processor(max_pixels: int = DEFAULT_MAX_PIXELS, min_pixels: int = DEFAULT_MIN_PIXELS,
                    vocab_size: int = VOCAB_SIZE) -> TinyQwenVLProcessor:
    """Tokenizer + image processor + chat template, as one processor."""
    tok = build_tokenizer(vocab_size)
    return TinyQwenVLProcessor(image_processor=build_image_processor(max_pixels, min_pixels), tokenizer=tok,
                               chat_template=QWEN2_5_VL_CHAT_TEMPLATE)


def load_tiny_processor(path: str | Path) -> TinyQwenVLProcessor:
    """Load a processor saved with `save_pretrained` (offline: local files only)."""
    tok = PreTrainedTokenizerFast.from_pretrained(str(path), local_files_only=True)
    image = Qwen2VLImageProcessorPil.from_pretrained(str(path), local_files_only=True)
    return TinyQwenVLProcessor(image_processor=image, tokenizer=tok,
                               chat_template=tok.chat_template or QWEN2_5_VL_CHAT_TEMPLATE)


def tiny_config(tokenizer: PreTrainedTokenizerFast, hidden: int = 64, layers: int = 2) -> Qwen2_5_VLConfig:
    """A tiny Qwen2.5-VL config whose special token ids are the tokenizer's."""
    ids = {t: tokenizer.convert_tokens_to_ids(t) for t in SPECIAL_TOKENS}
    heads = 4
    head_dim = hidden // heads  # M-RoPE sections (t, h, w) cover head_dim / 2
    half = head_dim // 2
    section = [half - 2 * (half // 3), half // 3, half // 3]
    text = {
        "vocab_size": len(tokenizer), "hidden_size": hidden, "intermediate_size": 2 * hidden,
        "num_hidden_layers": layers, "num_attention_heads": heads, "num_key_value_heads": 2,
        "max_position_embeddings": 4096,
        "rope_parameters": {"rope_type": "default", "rope_theta": 1_000_000.0, "mrope_section": section},
        "bos_token_id": ids["<|endoftext|>"], "eos_token_id": ids["<|im_end|>"],
        "pad_token_id": ids["<|endoftext|>"], "tie_word_embeddings": False,
    }
    vision = {  # Qwen2.5-VL's structure: patch 14, 2x2 merge, temporal patch 2, window attention
        "depth": 2, "hidden_size": 32, "intermediate_size": 64, "num_heads": 2, "out_hidden_size": hidden,
        "patch_size": 14, "spatial_merge_size": 2, "temporal_patch_size": 2, "window_size": 112,
        "fullatt_block_indexes": [1], "in_channels": 3,
    }
    return Qwen2_5_VLConfig(
        text_config=text, vision_config=vision, image_token_id=ids["<|image_pad|>"],
        video_token_id=ids["<|video_pad|>"], vision_start_token_id=ids["<|vision_start|>"],
        vision_end_token_id=ids["<|vision_end|>"], tie_word_embeddings=False,
    )


def build_tiny(family: str = "qwen2.5-vl", seed: int = 0, max_pixels: int = DEFAULT_MAX_PIXELS,
               min_pixels: int = DEFAULT_MIN_PIXELS, hidden: int = 64,
               layers: int = 2) -> tuple[Qwen2_5_VLForConditionalGeneration, TinyQwenVLProcessor]:
    """A tiny random model and its processor; the same `seed` gives the same weights and vocabulary."""
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; tiny models are built for {', '.join(FAMILIES)}")
    processor = build_processor(max_pixels, min_pixels)
    config = tiny_config(processor.tokenizer, hidden, layers)
    state = torch.random.get_rng_state()
    try:
        torch.manual_seed(seed)
        model = Qwen2_5_VLForConditionalGeneration(config)
    finally:
        torch.random.set_rng_state(state)
    model.eval()
    return model, processor
