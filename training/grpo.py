"""The GRPO loop: rounds of rollouts against the live environment, one policy update each.

    report = grpo_round(model, processor, groups, GRPOConfig(...))      # one update on collected groups
    reports = run_grpo(model, processor, tasks, "som", GRPOConfig(...), experts=experts)

One round: every trajectory step is re-scored by the current policy (a forward pass
on prompt + output tokens; log-probabilities of the output tokens only). Policy
tokens are on-policy: their old logp is the behaviour logprob the endpoint kept
when it sampled them. Expert tokens are off-policy (LUFFY shaping). A trajectory's
group-relative advantage is broadcast to all output tokens of all its steps, and
`grpo_loss` aggregates at token level over the whole batch. Steps are backpropagated
one at a time with weight n_step / N (the same gradient as one batch-wide token mean,
without holding every step's graph). See `training.grpo_math` for the objective.
"""

from __future__ import annotations

import copy
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, Literal

import anyio
import torch
from pydantic import BaseModel, ConfigDict, Field
from rich.console import Console

from training.collate import to_model
from training.grpo_math import Rollout, TokenBatch, group_advantages, grpo_loss
from training.policy_server import PolicyServer, encode_prompt
from training.rollout import CollectResult, StepTokens, collect_groups


class GRPOConfig(BaseModel):
    """Settings of a GRPO run."""

    model_config = ConfigDict(extra="forbid")

    G: int = Field(default=4, ge=2, description="rollouts per task")
    k_experts: int = Field(default=1, ge=0, description="expert trajectories injected per group, at most")
    gamma: float = Field(default=0.1, gt=0, description="LUFFY shaping f(p) = p / (p + gamma)")
    eps_low: float = Field(default=0.2, ge=0)
    eps_high: float = Field(default=0.28, ge=0)
    beta: float = Field(default=0.0, ge=0, description="KL weight; > 0 keeps a frozen reference copy")
    lr: float = Field(default=1e-6, gt=0)
    weight_decay: float = Field(default=0.0, ge=0)
    max_grad_norm: float | None = Field(default=1.0, gt=0)
    epochs: int = Field(default=1, ge=1, description="optimizer steps per round on the same rollouts")
    max_new_tokens: int = Field(default=256, ge=1)
    temperature: float = Field(default=1.0, ge=0)
    guide_weight: float = Field(default=0.0, ge=0, description=(
        "reward = success + guide_weight * GQ (reference judge); build the experts with "
        "expert_rollouts(..., guide_scorer=training.reward.reference_guide_scorer(), guide_weight=...) "
        "so their rewards have the same shape"))
    rounds: int = Field(default=1, ge=1)
    eval_rounds: list[int] = Field(default_factory=list, description="rounds after which to evaluate greedily")
    eval_tasks: str = Field(default="split:test", description="task selector of the evaluation (mag run --tasks)")
    eval_grounding: Literal["som", "coord"] = "som"
    max_attempts: int | None = Field(default=None, ge=1, description="group draws per round (default: one per task)")
    history_window: int = Field(default=5, ge=0)
    concurrency: int = Field(default=2, ge=1)
    seed: int = 0
    out_dir: Path = Path("grpo")


class RoundReport(BaseModel):
    """What one update did (losses and diagnostics of its last epoch)."""

    loss: float
    losses: list[float]
    clip_fraction: float
    mean_ratio: float
    mean_shaped_ratio: float
    kl: float
    n_on_policy: int
    n_off_policy: int
    tokens: int
    groups: int
    trajectories: int
    steps: int
    expert_share: float = Field(description="share of the batch's trajectories that are experts")
    reward_mean: float
    elapsed_s: float


def step_logps(model: Any, processor: Any, step: StepTokens) -> torch.Tensor:
    """log pi(output_t | prompt, output_<t) of a step's output tokens under `model` (differentiable)."""
    enc = encode_prompt(processor, step.prompt_text, step.images)
    ids = enc["input_ids"]
    if step.prompt_ids is not None and ids[0].tolist() != step.prompt_ids:
        raise ValueError("re-encoded prompt differs from the ids the sampler saw")
    device = next(model.parameters()).device
    out = torch.tensor([step.output_ids], dtype=ids.dtype)
    n, k = ids.shape[1], out.shape[1]
    inputs = dict(enc)
    inputs["input_ids"] = torch.cat([ids, out], dim=1)
    for key in ("attention_mask", "mm_token_type_ids"):
        if key in enc:
            fill = 1 if key == "attention_mask" else 0
            inputs[key] = torch.cat([enc[key], torch.full((1, k), fill, dtype=enc[key].dtype)], dim=1)
    inputs = to_model(model, inputs)
    logits = model(**inputs).logits[0, n - 1:n - 1 + k].float()
    return torch.log_softmax(logits, dim=-1).gather(-1, out[0].to(device).unsqueeze(-1)).squeeze(-1)


def grpo_round(model: Any, processor: Any, groups: list[list[Rollout]], config: GRPOConfig,
               optimizer: torch.optim.Optimizer | None = None, ref_model: Any = None) -> RoundReport:
    """One policy update on collected groups (Rollout.data: a Trajectory); the model is updated in place."""
    if config.beta > 0 and ref_model is None:
        raise ValueError("beta > 0 needs a reference model")
    t0 = time.perf_counter()
    optimizer = optimizer or torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.lr,
                                               weight_decay=config.weight_decay)
    items: list[tuple[StepTokens, float, bool]] = []
    rewards: list[float] = []
    n_traj = n_expert = 0
    for group in groups:
        advs = group_advantages([r.reward for r in group])
        for rollout, adv in zip(group, advs, strict=True):
            rewards.append(rollout.reward)
            n_traj += 1
            n_expert += rollout.off_policy
            items.extend((s, adv, rollout.off_policy) for s in rollout.data.steps if s.output_ids)
    total = sum(len(s.output_ids) for s, _, _ in items)
    if not total:
        raise ValueError("no output tokens to train on")
    losses: list[float] = []
    for _ in range(config.epochs):
        model.train()
        optimizer.zero_grad(set_to_none=True)
        acc = {"loss": 0.0, "clip": 0.0, "ratio": 0.0, "shaped": 0.0, "kl": 0.0, "on": 0, "off": 0}
        for step, adv, off in items:
            logp = step_logps(model, processor, step)
            k = logp.shape[0]
            old = torch.tensor(step.old_logp, dtype=logp.dtype, device=logp.device) if not off and \
                step.old_logp is not None else torch.zeros_like(logp)
            ref = None
            if ref_model is not None:
                with torch.no_grad():
                    ref = step_logps(ref_model, processor, step)
            batch = TokenBatch(logp=logp, old_logp=old, advantage=torch.full_like(logp, adv),
                               off_policy=torch.full((k,), off or step.old_logp is None, dtype=torch.bool,
                                                     device=logp.device), ref_logp=ref)
            rep = grpo_loss(batch, gamma=config.gamma, eps_low=config.eps_low, eps_high=config.eps_high,
                            beta=config.beta)
            (rep.loss * (k / total)).backward()
            acc["loss"] += rep.loss.item() * k / total
            acc["kl"] += rep.kl * k
            acc["clip"] += rep.clip_fraction * rep.n_on_policy
            acc["ratio"] += rep.mean_ratio * rep.n_on_policy
            acc["shaped"] += rep.mean_shaped_ratio * rep.n_off_policy
            acc["on"] += rep.n_on_policy
            acc["off"] += rep.n_off_policy
        if config.max_grad_norm:
            torch.nn.utils.clip_grad_norm_(model.parameters(), config.max_grad_norm)
        optimizer.step()
        losses.append(acc["loss"])
    model.eval()
    on, off = max(acc["on"], 1), max(acc["off"], 1)
    return RoundReport(
        loss=losses[-1], losses=losses, clip_fraction=acc["clip"] / on, mean_ratio=acc["ratio"] / on,
        mean_shaped_ratio=acc["shaped"] / off, kl=acc["kl"] / total, n_on_policy=acc["on"], n_off_policy=acc["off"],
        tokens=total, groups=len(groups), trajectories=n_traj, steps=len(items),
        expert_share=n_expert / max(n_traj, 1), reward_mean=sum(rewards) / max(len(rewards), 1),
        elapsed_s=time.perf_counter() - t0,
    )


def _tensorboard(out_dir: Path) -> Any:
    try:
        from torch.utils.tensorboard import SummaryWriter
    except ImportError:  # optional dependency
        return None
    return SummaryWriter(str(out_dir / "tb"))


def run_grpo(model: Any, processor: Any, tasks: list[Any], grounding: Any, config: GRPOConfig,
             experts: list[Rollout] | None = None,
             evaluate: Callable[[int, PolicyServer], dict[str, float]] | None = None,
             on_collect: Callable[[int, CollectResult, PolicyServer], None] | None = None) -> list[RoundReport]:
    """Rounds of collect -> train -> checkpoint (out_dir/round_N) -> metrics (out_dir/metrics.jsonl,
    TensorBoard when installed). `evaluate(round, server)` runs after the rounds in `eval_rounds`;
    `on_collect(round, collected, server)` sees each round's rollouts before the update."""
    from training.sft import save_checkpoint

    out_dir = Path(config.out_dir)
    out_dir.mkdir(parents=True, exist_ok=True)
    guide_scorer = None
    if config.guide_weight > 0:  # reward = success + guide_weight * GQ (reference judge)
        from training.reward import reference_guide_scorer

        guide_scorer = reference_guide_scorer()
    ref = copy.deepcopy(model).eval().requires_grad_(False) if config.beta > 0 else None
    optimizer = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=config.lr,
                                  weight_decay=config.weight_decay)
    writer = _tensorboard(out_dir)
    reports: list[RoundReport] = []
    with PolicyServer(model, processor, seed=config.seed) as server:
        for r in range(1, config.rounds + 1):
            server.clear()
            collected: CollectResult = collect_groups(
                tasks, grounding, config.G, server.base_url, out_dir / f"rollouts_{r}", processor=processor,
                call_log=server.calls, experts=experts, k_experts=config.k_experts,
                max_attempts=config.max_attempts, temperature=config.temperature,
                max_tokens=config.max_new_tokens, history_window=config.history_window,
                concurrency=config.concurrency, guide_scorer=guide_scorer, guide_weight=config.guide_weight)
            if on_collect is not None:
                on_collect(r, collected, server)
            sampling = collected.sampling
            metrics: dict[str, Any] = {"round": r, "success_rate": collected.success_rate,
                                       "episodes": collected.episodes, "groups_drawn": sampling.drawn,
                                       "groups_kept": sampling.kept, "fraction_dropped": sampling.fraction_dropped}
            if sampling.groups:
                report = grpo_round(model, processor, sampling.groups, config, optimizer, ref)
                reports.append(report)
                metrics.update(report.model_dump(exclude={"losses"}))
            server.note_weights_updated()
            metrics["checkpoint"] = save_checkpoint(model, processor, out_dir / f"round_{r}")
            if r in config.eval_rounds:
                scores = evaluate(r, server) if evaluate is not None else evaluate_policy(
                    server, config, out_dir / f"eval_{r}")
                metrics.update({f"eval_{k}": v for k, v in scores.items()})
            with (out_dir / "metrics.jsonl").open("a") as f:
                f.write(json.dumps(metrics) + "\n")
            if writer is not None:
                for key, value in metrics.items():
                    if isinstance(value, int | float) and key != "round":
                        writer.add_scalar(f"grpo/{key}", value, r)
    if writer is not None:
        writer.close()
    return reports


def evaluate_policy(server: PolicyServer, config: GRPOConfig, out: Path) -> dict[str, float]:
    """Greedy episodes (temperature 0) of the served policy on `config.eval_tasks`, through the
    evaluation runner: the success rate and the number of episodes."""
    from mag_mcp.tasks.registry import TaskRegistry
    from training.rollout import policy_agent, run_episodes

    tasks = TaskRegistry.builtin().select(config.eval_tasks)
    agent = policy_agent(server.base_url, "policy-eval", 0.0, config.max_new_tokens, config.history_window, 600.0)
    console = Console(stderr=True, quiet=True)
    run = anyio.run(lambda: run_episodes("policy-eval", agent, tasks, config.eval_grounding, out, config.concurrency, 1,
                                 console))
    return {"success_rate": run.success_rate, "episodes": float(len(run.episodes))}
