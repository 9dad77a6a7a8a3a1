"""Supervised fine-tuning on gold steps: a plain PyTorch loop.

Why not TRL's `SFTTrainer`: TRL is not installed on the GPU smoke machine, its
vision-language collation changes between releases, and what SFT needs here is
short — encode each sample with the assistant-only labels of `training.collate`,
AdamW with gradient accumulation, optional LoRA (peft) on the language model's
attention and MLP projections, gradient checkpointing, bf16 weights on GPU (LoRA
adapters stay fp32) / fp32 on CPU, one JSONL line per optimizer step, checkpoints with `save_pretrained`.
Keeping the loop in our hands also keeps the labels exactly those the tests check.

    report = train_sft(model, processor, dataset, SFTConfig(max_steps=200, lora=True, output_dir="ckpt"))
"""

from __future__ import annotations

import io
import json
import math
import random
import time
from pathlib import Path
from typing import Any

import torch
from pydantic import BaseModel, ConfigDict, Field

from training.collate import IGNORE_INDEX, collate, encode_sample
from training.data import SFTSample, dataset_samples

# The language model's projections in Qwen-VL models (the vision tower's MLP reuses the
# MLP names, hence the path anchor).
# The language model's projections: attention and MLP (Qwen2.5-VL, Qwen3.5's full-attention layers)
# and Qwen3.5's linear-attention (Gated DeltaNet) input and output projections.
LORA_TARGET = (r".*language_model.*\.(q_proj|k_proj|v_proj|o_proj|gate_proj|up_proj|down_proj"
               r"|in_proj_qkv|in_proj_z|out_proj)")


class SFTConfig(BaseModel):
    """Settings of one SFT run."""

    model_config = ConfigDict(extra="forbid")

    max_steps: int = Field(default=100, ge=1, description="optimizer steps")
    batch_size: int = Field(default=1, ge=1, description="samples per micro-batch")
    grad_accum: int = Field(default=1, ge=1, description="micro-batches per optimizer step")
    lr: float = Field(default=1e-4, gt=0)
    weight_decay: float = Field(default=0.0, ge=0)
    warmup_steps: int = Field(default=0, ge=0)
    max_grad_norm: float | None = Field(default=1.0, gt=0)
    seed: int = 0
    lora: bool = False
    lora_r: int = Field(default=16, ge=1)
    lora_alpha: int = Field(default=32, ge=1)
    lora_dropout: float = Field(default=0.05, ge=0, lt=1)
    lora_target: str = LORA_TARGET
    freeze_vision: bool = Field(default=False, description="full fine-tuning: keep the vision tower fixed")
    gradient_checkpointing: bool = False
    device: str | None = Field(default=None, description="default: cuda if available, else cpu")
    bf16: bool | None = Field(default=None, description="default: bf16 on cuda, fp32 on cpu")
    log_path: Path | None = Field(default=None, description="JSONL, one line per optimizer step")
    output_dir: Path | None = Field(default=None, description="checkpoints: output_dir/step-N and output_dir/final")
    save_every: int | None = Field(default=None, ge=1)
    merge_lora: bool = Field(default=False, description=(
        "LoRA: merge the adapters into the weights at the end (in place: the caller's model object "
        "becomes the merged model; `final` is then a full model, e.g. for vLLM)"))


class SFTReport(BaseModel):
    """What a run did."""

    steps: int
    losses: list[float]
    trained_tokens: int = Field(description="label tokens the loss was taken on")
    input_tokens: int
    elapsed_s: float
    tokens_per_s: float = Field(description="input tokens per second")
    trainable_params: int
    device: str
    dtype: str
    checkpoint: str | None = None


def prepare_model(model: Any, config: SFTConfig) -> Any:
    """Apply LoRA / freezing / gradient checkpointing as configured; returns the model to train."""
    if config.gradient_checkpointing:
        kwargs = {"use_reentrant": False}
        if hasattr(model, "activation_checkpointing_enable"):  # the newer name
            model.activation_checkpointing_enable(activation_checkpointing_kwargs=kwargs)
        else:
            model.gradient_checkpointing_enable(gradient_checkpointing_kwargs=kwargs)
        model.config.use_cache = False
    if config.lora:
        from peft import LoraConfig, get_peft_model

        if config.gradient_checkpointing:
            model.enable_input_require_grads()
        lora = LoraConfig(r=config.lora_r, lora_alpha=config.lora_alpha, lora_dropout=config.lora_dropout,
                          target_modules=config.lora_target, bias="none", task_type="CAUSAL_LM")
        model = get_peft_model(model, lora)
    elif config.freeze_vision:
        for name, p in model.named_parameters():
            if ".visual." in f".{name}":
                p.requires_grad_(False)
    return model


def _image(sample: SFTSample) -> Any:
    if sample.image is None:
        return None
    from PIL import Image

    return Image.open(io.BytesIO(sample.image)).convert("RGB")


def _lr_at(step: int, config: SFTConfig) -> float:
    """Linear warmup, then cosine decay to 10% of the peak."""
    if step < config.warmup_steps:
        return config.lr * (step + 1) / config.warmup_steps
    span = max(1, config.max_steps - config.warmup_steps)
    progress = min(1.0, (step - config.warmup_steps) / span)
    return config.lr * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * progress)))


def train_sft(model: Any, processor: Any, dataset: Any, config: SFTConfig) -> SFTReport:
    """Train `model` on `dataset` (a `build_sft_dataset` dataset or a list of `SFTSample`).

    Loss: mean cross-entropy over the assistant's answer tokens of each micro-batch,
    divided by `grad_accum`. Samples are visited in a seeded shuffled order, epoch after epoch."""
    samples = list(dataset) if isinstance(dataset, list) else dataset_samples(dataset)
    if not samples:
        raise ValueError("the SFT dataset is empty")
    device = torch.device(config.device or ("cuda" if torch.cuda.is_available() else "cpu"))
    use_bf16 = config.bf16 if config.bf16 is not None else device.type == "cuda"
    dtype = torch.bfloat16 if use_bf16 else torch.float32
    model.to(device=device, dtype=dtype)  # before LoRA: peft keeps the adapters in fp32
    model = prepare_model(model, config)
    model.train()
    params = [p for p in model.parameters() if p.requires_grad]
    optim = torch.optim.AdamW(params, lr=config.lr, weight_decay=config.weight_decay)
    encoded = [encode_sample(processor, s.messages, _image(s), s.target) for s in samples]
    pad_id = processor.tokenizer.pad_token_id or 0
    rng = random.Random(config.seed)
    order: list[int] = []
    log = open(config.log_path, "a", encoding="utf-8") if config.log_path else None  # noqa: SIM115 - closed below
    losses: list[float] = []
    trained = inputs = 0
    checkpoint: str | None = None
    t0 = time.perf_counter()
    try:
        for step in range(config.max_steps):
            for group in optim.param_groups:
                group["lr"] = _lr_at(step, config)
            step_loss, step_tokens = 0.0, 0
            for _ in range(config.grad_accum):
                batch_ids = []
                for _ in range(config.batch_size):
                    if not order:
                        order = list(range(len(encoded)))
                        rng.shuffle(order)
                    batch_ids.append(order.pop())
                batch = collate([encoded[i] for i in batch_ids], pad_id)
                batch = {k: v.to(device) for k, v in batch.items()}
                if "pixel_values" in batch:
                    batch["pixel_values"] = batch["pixel_values"].to(dtype)
                out = model(**batch)
                (out.loss / config.grad_accum).backward()
                step_loss += float(out.loss.detach()) / config.grad_accum
                step_tokens += int((batch["labels"] != IGNORE_INDEX).sum())
                inputs += int(batch["attention_mask"].sum())
            if config.max_grad_norm:
                torch.nn.utils.clip_grad_norm_(params, config.max_grad_norm)
            optim.step()
            optim.zero_grad(set_to_none=True)
            losses.append(step_loss)
            trained += step_tokens
            if log:
                log.write(json.dumps({"step": step + 1, "loss": round(step_loss, 6), "lr": optim.param_groups[0]["lr"],
                                      "tokens": step_tokens, "elapsed_s": round(time.perf_counter() - t0, 3)}) + "\n")
                log.flush()
            if config.output_dir and config.save_every and (step + 1) % config.save_every == 0:
                checkpoint = save_checkpoint(model, processor, config.output_dir / f"step-{step + 1}")
    finally:
        if log:
            log.close()
    elapsed = time.perf_counter() - t0
    if config.lora and config.merge_lora:
        model = model.merge_and_unload()
    if config.output_dir:
        checkpoint = save_checkpoint(model, processor, config.output_dir / "final")
    model.eval()
    return SFTReport(
        steps=config.max_steps, losses=losses, trained_tokens=trained, input_tokens=inputs, elapsed_s=elapsed,
        tokens_per_s=inputs / elapsed if elapsed > 0 else 0.0, trainable_params=sum(p.numel() for p in params),
        device=str(device), dtype=str(dtype).removeprefix("torch."), checkpoint=checkpoint,
    )


def save_checkpoint(model: Any, processor: Any, path: Path) -> str:
    """`save_pretrained` of the model (LoRA: the adapter only) and the processor."""
    path.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(str(path))
    processor.save_pretrained(str(path))
    return str(path)
