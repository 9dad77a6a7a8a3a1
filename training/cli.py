"""`mag train data|sft|grpo`: the training recipe as commands (docs/TRAINING.md).

    mag train data runs/gold-train --out data/sft
    mag train sft --model Qwen/Qwen3.5-9B --data data/sft --lora --out ckpt/sft
    mag train grpo --model ckpt/sft --tasks split:train --experts runs/gold-train --out ckpt/grpo

`--model` is a local model directory (or a hub id where weights can be downloaded), or
`tiny:qwen3.5` / `tiny:qwen2.5-vl` for a tiny random model built in code (CPU checks).
Everything heavy is imported inside the commands, so `mag` starts without the `train` extra
and says what is missing when a command needs it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from mag_mcp.cli_common import fail

app = typer.Typer(help="Fine-tune a policy: SFT data from gold runs, SFT, GRPO with expert trajectories.",
                  no_args_is_help=True)
out = Console()
TINY_PREFIX = "tiny:"


def _need_training_extra() -> None:
    try:
        import datasets  # noqa: F401
        import torch  # noqa: F401
        import transformers  # noqa: F401
    except ImportError as e:
        raise fail(f"training needs the 'train' extra ({e.name} is missing): pip install -e '.[train]'") from None


def load_policy(spec: str, device: str | None = None) -> tuple[Any, Any]:
    """(model, processor) for `--model`: a tiny family (`tiny:qwen3.5`), or a directory / hub id
    loaded with transformers' auto classes (bf16 on GPU); processors saved from tiny models
    are read with `training.tiny.load_tiny_processor`."""
    import torch

    from training.tiny import (
        FAMILIES,
        build_tiny,
        is_tiny_checkpoint,
        load_tiny_processor,
    )

    if spec.startswith(TINY_PREFIX):
        family = spec.removeprefix(TINY_PREFIX)
        if family not in FAMILIES:
            raise fail(f"unknown tiny family {family!r}; choose from {', '.join(FAMILIES)}")
        return build_tiny(family, seed=0)
    from transformers import AutoModelForImageTextToText, AutoProcessor

    cuda = (device or ("cuda" if torch.cuda.is_available() else "cpu")).startswith("cuda")
    try:
        model = AutoModelForImageTextToText.from_pretrained(spec, dtype=torch.bfloat16 if cuda else torch.float32)
    except (OSError, ValueError) as e:
        raise fail(f"cannot load a model from {spec!r}: {str(e).splitlines()[0]}") from None
    if is_tiny_checkpoint(spec):
        return model, load_tiny_processor(spec)
    try:
        return model, AutoProcessor.from_pretrained(spec)
    except (OSError, ValueError) as e:
        raise fail(f"cannot load a processor from {spec!r}: {str(e).splitlines()[0]}") from None


def _stats_processor(spec: str) -> Any:
    from training.smoke import PIXELS
    from training.tiny import FAMILIES, build_processor

    if spec in FAMILIES:
        max_pixels, min_pixels = PIXELS[spec]
        return build_processor(max_pixels=max_pixels, min_pixels=min_pixels, family=spec)
    from transformers import AutoProcessor

    try:
        return AutoProcessor.from_pretrained(spec)
    except (OSError, ValueError) as e:
        raise fail(f"cannot load a processor from {spec!r}: {str(e).splitlines()[0]}") from None


@app.command("data")
def data_cmd(
    run_dir: Annotated[Path, typer.Argument(help="A gold run (mag run --agent gold ...)")],
    out_dir: Annotated[Path, typer.Option("--out", help="Where the dataset is saved")] = Path("data/sft"),
    history_window: Annotated[int, typer.Option(help="Earlier steps shown in each prompt")] = 5,
    stats_processor: Annotated[str, typer.Option(help=(
        "Processor that counts tokens for the statistics: qwen3.5 / qwen2.5-vl (the family's real image "
        "sizes, a tokenizer trained on MAG's text) or a model directory"))] = "qwen3.5",
) -> None:
    """SFT samples (one per gold step, the agent's exact prompt) from a run's successful episodes."""
    if not run_dir.is_dir():
        raise fail(f"no run directory at {run_dir}")
    _need_training_extra()
    from training.data import build_sft_dataset, dataset_stats

    try:
        ds = build_sft_dataset(run_dir, history_window, out_dir)
    except ValueError as e:
        raise fail(str(e)) from None
    stats = dataset_stats(ds, _stats_processor(stats_processor))
    table = Table(title=f"SFT dataset -> {out_dir}")
    table.add_column("samples", justify="right")
    table.add_column("episodes", justify="right")
    table.add_column("per grounding")
    table.add_column("text tokens (mean / max)", justify="right")
    table.add_column("image tokens (mean / max)", justify="right")
    table.add_row(str(stats.samples), str(stats.episodes), ", ".join(f"{k} {v}" for k, v in stats.per_grounding.items()),
                  f"{stats.mean_text_tokens:.0f} / {stats.max_text_tokens}",
                  f"{stats.mean_image_tokens:.0f} / {stats.max_image_tokens}")
    out.print(table)


@app.command("sft")
def sft_cmd(
    data: Annotated[Path, typer.Option(help="Dataset from `mag train data`")],
    model: Annotated[str, typer.Option(help="Model directory or hub id, or tiny:qwen3.5 / tiny:qwen2.5-vl")],
    out_dir: Annotated[Path, typer.Option("--out", help="The fine-tuned model (LoRA merged) and log.jsonl")],
    steps: Annotated[int, typer.Option(help="Optimizer steps")] = 100,
    lr: Annotated[float, typer.Option(help="Learning rate")] = 1e-4,
    batch_size: Annotated[int, typer.Option(help="Samples per micro-batch")] = 1,
    grad_accum: Annotated[int, typer.Option(help="Micro-batches per optimizer step")] = 1,
    lora: Annotated[bool, typer.Option(help="LoRA on the language model (merged into the saved model)")] = False,
    lora_r: Annotated[int, typer.Option(help="LoRA rank")] = 16,
    gradient_checkpointing: Annotated[bool, typer.Option(help="Recompute activations (GPU memory)")] = False,
    device: Annotated[str | None, typer.Option(help="cuda or cpu (default: cuda if available)")] = None,
) -> None:
    """Supervised fine-tuning on gold steps, loss on the answer tokens only."""
    if not data.is_dir():
        raise fail(f"no dataset at {data}; make one with `mag train data RUN_DIR --out {data}`")
    _need_training_extra()
    from pydantic import ValidationError

    from training.data import load_sft_dataset
    from training.sft import SFTConfig, save_checkpoint, train_sft

    try:
        config = SFTConfig(max_steps=steps, lr=lr, batch_size=batch_size, grad_accum=grad_accum, lora=lora,
                           lora_r=lora_r, merge_lora=True, gradient_checkpointing=gradient_checkpointing,
                           device=device, log_path=out_dir / "log.jsonl")
    except ValidationError as e:
        raise fail(f"bad SFT setting: {e.errors()[0]['loc'][0]}: {e.errors()[0]['msg']}") from None
    policy, processor = load_policy(model, device)
    out_dir.mkdir(parents=True, exist_ok=True)
    report = train_sft(policy, processor, load_sft_dataset(data), config)
    save_checkpoint(policy, processor, out_dir)  # LoRA adapters are merged into `policy` by now
    first, last = report.losses[0], report.losses[-1]
    out.print(f"SFT: {report.steps} steps on {report.device} ({report.dtype}), loss {first:.3f} -> {last:.3f}, "
              f"{report.tokens_per_s:,.0f} tokens/s; model: {out_dir}")


def _rounds(text: str) -> list[int]:
    try:
        return [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise fail(f"--eval-rounds wants round numbers like 5,10, got {text!r}") from None


@app.command("grpo")
def grpo_cmd(
    model: Annotated[str, typer.Option(help="Model directory or hub id (e.g. the SFT output), or tiny:...")],
    out_dir: Annotated[Path, typer.Option("--out", help="Checkpoints per round, rollouts, metrics.jsonl")],
    tasks: Annotated[str, typer.Option(help="Training tasks (selector as in mag run --tasks)")] = "split:train",
    grounding: Annotated[str, typer.Option(help="som or coord")] = "som",
    experts: Annotated[Path | None, typer.Option(help="Run whose successful episodes are the experts")] = None,
    group: Annotated[int, typer.Option("--G", help="Rollouts per task")] = 8,
    k_experts: Annotated[int, typer.Option(help="Expert trajectories injected per group, at most")] = 1,
    rounds: Annotated[int, typer.Option(help="Rounds of collect -> update")] = 10,
    eval_rounds: Annotated[str, typer.Option(help="Rounds after which to evaluate greedily, e.g. 5,10")] = "",
    eval_tasks: Annotated[str, typer.Option(help="Evaluation tasks (selector)")] = "split:test",
    lr: Annotated[float, typer.Option(help="Learning rate")] = 1e-6,
    beta: Annotated[float, typer.Option(help="KL weight to the starting policy (0: none)")] = 0.0,
    guide_weight: Annotated[float, typer.Option(help="reward = success + w * guide quality (reference judge)")]
    = 0.0,
    max_new_tokens: Annotated[int, typer.Option(help="Tokens per model call")] = 256,
    concurrency: Annotated[int, typer.Option(help="Episodes at once")] = 2,
) -> None:
    """GRPO with expert trajectories mixed into groups, against the live environment."""
    if grounding not in ("som", "coord"):
        raise fail(f"--grounding must be som or coord, got {grounding!r}")
    if experts is not None and not experts.is_dir():
        raise fail(f"no run directory at {experts} (--experts)")
    rounds_to_evaluate = _rounds(eval_rounds)
    _need_training_extra()
    from pydantic import ValidationError

    from mag_mcp.tasks.registry import SelectorError, TaskRegistry
    from training.grpo import GRPOConfig, run_grpo
    from training.rollout import expert_rollouts

    try:
        selected = TaskRegistry.builtin().select(tasks)
        TaskRegistry.builtin().select(eval_tasks)
        config = GRPOConfig(G=group, k_experts=k_experts, rounds=rounds, eval_rounds=rounds_to_evaluate,
                            eval_tasks=eval_tasks, eval_grounding=grounding, lr=lr, beta=beta,
                            guide_weight=guide_weight, max_new_tokens=max_new_tokens, concurrency=concurrency,
                            out_dir=out_dir)
    except SelectorError as e:
        raise fail(str(e)) from None
    except ValidationError as e:
        raise fail(f"bad GRPO setting: {e.errors()[0]['loc'][0]}: {e.errors()[0]['msg']}") from None
    policy, processor = load_policy(model)
    expert_list = None
    if experts is not None:
        scorer = None
        if guide_weight > 0:
            from training.reward import reference_guide_scorer

            scorer = reference_guide_scorer()
        expert_list = expert_rollouts(experts, processor, grounding, guide_scorer=scorer,  # type: ignore[arg-type]
                                      guide_weight=guide_weight)
        out.print(f"{len(expert_list)} expert trajectories from {experts}")
    reports = run_grpo(policy, processor, selected, grounding, config, experts=expert_list)
    out.print(f"GRPO: {rounds} rounds, {len(reports)} updates (rounds whose groups all had equal rewards "
              f"update nothing); metrics: {out_dir / 'metrics.jsonl'}")
