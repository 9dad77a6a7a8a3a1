"""GRPO objective math with LUFFY-style off-policy expert guidance.

Pure functions on torch tensors and plain Python; no model, no environment.

Rewards and advantages (GRPO, Shao et al. 2024, "DeepSeekMath"):
    r_i = success_i + w * guide_i                      (w = 0 by default)
    A_i = (r_i - mean(r)) / (std(r) + eps)             over the G rollouts of one task
    std is the *population* std (divide by G) unless ``unbiased=True``;
    ``scale=False`` gives A_i = r_i - mean(r) (Dr. GRPO, Liu et al. 2025).
    A trajectory has several steps (one model call each); its A_i is
    broadcast to every output token of every step.

Per-token loss, token t with advantage A:
    on-policy  (DAPO clip-higher, Yu et al. 2025):
        r = exp(logp - old_logp)
        l = -min(r * A, clip(r, 1 - eps_low, 1 + eps_high) * A)   eps_low 0.2, eps_high 0.28
    off-policy (expert token; LUFFY policy shaping, Yan et al. 2025):
        p = exp(logp),  f(p) = p / (p + gamma),  l = -f(p) * A    (no clipping;
        df/dlogp = gamma * p / (p + gamma)^2, which keeps gradient on
        low-probability expert tokens instead of letting p * grad(logp) vanish)
    optional KL to a reference policy (k3 estimator, Schulman 2020), all valid tokens:
        kl = exp(ref_logp - logp) - (ref_logp - logp) - 1,  l += beta * kl

Aggregation (DAPO token-level): loss = sum_t l_t / N over all valid tokens of
all trajectories in the batch, not a mean of per-sequence means.

Group handling:
    - expert injection (LUFFY): up to k rollouts of a group are replaced by
      cached expert trajectories for the same task, marked off-policy;
    - dynamic sampling (DAPO): groups whose rewards are all equal have zero
      advantages and are dropped, then refilled up to a limit of draws.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import torch
from torch import Tensor

__all__ = [
    "DynamicSampler",
    "LossReport",
    "Rollout",
    "SamplingResult",
    "TokenBatch",
    "broadcast_advantages",
    "clipped_surrogate",
    "group_advantages",
    "grpo_loss",
    "inject_experts",
    "kl_k3",
    "rollout_reward",
    "shaped_ratio",
]


# ----------------------------------------------------------------- rewards


def rollout_reward(
    success: bool, guide_score: float | None = None, guide_weight: float = 0.0
) -> float:
    """Reward of one rollout: ``float(success) + guide_weight * guide_score``."""
    bonus = (
        guide_weight * guide_score if guide_score is not None and guide_weight else 0.0
    )
    return float(success) + bonus


def group_advantages(
    rewards: Sequence[float],
    scale: bool = True,
    eps: float = 1e-6,
    *,
    unbiased: bool = False,
) -> list[float]:
    """Group-relative advantages ``(r_i - mean) / (std + eps)``.

    ``std`` is the population std (divisor G) unless ``unbiased`` (divisor G - 1;
    0 for G == 1). ``scale=False`` returns ``r_i - mean`` (Dr. GRPO).
    """
    g = len(rewards)
    if g == 0:
        return []
    mean = sum(rewards) / g
    centred = [float(r) - mean for r in rewards]
    if not scale:
        return centred
    ddof = 1 if unbiased else 0
    var = sum(c * c for c in centred) / (g - ddof) if g - ddof > 0 else 0.0
    std = math.sqrt(var)
    return [c / (std + eps) for c in centred]


def broadcast_advantages(
    traj_advantages: Sequence[float], tokens_per_step: list[list[int]]
) -> Tensor:
    """Repeat each trajectory's advantage over all output tokens of all its steps.

    ``tokens_per_step[i]`` lists the output-token counts of trajectory i's steps;
    the result is a flat float32 tensor of length ``sum(sum(steps))``.
    """
    if len(traj_advantages) != len(tokens_per_step):
        raise ValueError(
            f"{len(traj_advantages)} advantages for {len(tokens_per_step)} trajectories"
        )
    counts = [sum(steps) for steps in tokens_per_step]
    if any(n < 0 for steps in tokens_per_step for n in steps):
        raise ValueError("token counts must be >= 0")
    adv = torch.tensor([float(a) for a in traj_advantages], dtype=torch.float32)
    return torch.repeat_interleave(adv, torch.tensor(counts, dtype=torch.long))


# ----------------------------------------------------------------- per-token terms


def shaped_ratio(logp: Tensor, gamma: float) -> Tensor:
    """LUFFY policy shaping ``f(p) = p / (p + gamma)`` with ``p = exp(logp)``; differentiable."""
    p = torch.exp(logp)
    return p / (p + gamma)


def clipped_surrogate(
    logp: Tensor,
    old_logp: Tensor,
    adv: Tensor,
    eps_low: float = 0.2,
    eps_high: float = 0.28,
) -> Tensor:
    """Per-token PPO loss with clip-higher: ``-min(r*A, clip(r, 1-eps_low, 1+eps_high)*A)``."""
    ratio = torch.exp(logp - old_logp)
    clipped = torch.clamp(ratio, 1.0 - eps_low, 1.0 + eps_high)
    return -torch.minimum(ratio * adv, clipped * adv)


def kl_k3(logp: Tensor, ref_logp: Tensor) -> Tensor:
    """k3 estimator of KL(policy || ref): ``exp(ref - logp) - (ref - logp) - 1`` (>= 0)."""
    d = ref_logp - logp
    return torch.exp(d) - d - 1.0


# ----------------------------------------------------------------- batch loss


@dataclass
class TokenBatch:
    """Per-token tensors (same shape, usually 1-D) flattened over trajectories and steps.

    ``old_logp`` is ignored on off-policy (expert) tokens; ``mask`` marks valid
    tokens (padding may hold any value, it never reaches the loss).
    """

    logp: Tensor
    old_logp: Tensor
    advantage: Tensor
    off_policy: Tensor | None = None
    mask: Tensor | None = None
    ref_logp: Tensor | None = None

    def __post_init__(self) -> None:
        shape = self.logp.shape
        if self.off_policy is None:
            self.off_policy = torch.zeros(
                shape, dtype=torch.bool, device=self.logp.device
            )
        if self.mask is None:
            self.mask = torch.ones(shape, dtype=torch.bool, device=self.logp.device)
        self.off_policy = self.off_policy.bool()
        self.mask = self.mask.bool()
        for name in ("old_logp", "advantage", "off_policy", "mask", "ref_logp"):
            t = getattr(self, name)
            if t is not None and t.shape != shape:
                raise ValueError(
                    f"{name} has shape {tuple(t.shape)}, logp has {tuple(shape)}"
                )


@dataclass
class LossReport:
    """Loss (a differentiable scalar) and detached diagnostics."""

    loss: Tensor
    clip_fraction: float  # share of valid on-policy tokens where the clip was active
    mean_ratio: float  # mean exp(logp - old_logp) over valid on-policy tokens
    mean_shaped_ratio: float  # mean f(p) over valid off-policy tokens
    kl: float  # mean k3 over valid tokens (0.0 without ref_logp)
    n_on_policy: int
    n_off_policy: int


def _masked_mean(x: Tensor, m: Tensor) -> float:
    n = int(m.sum())
    return float(torch.where(m, x, torch.zeros_like(x)).sum() / n) if n else 0.0


def grpo_loss(
    batch: TokenBatch,
    gamma: float = 0.1,
    eps_low: float = 0.2,
    eps_high: float = 0.28,
    beta: float = 0.0,
) -> LossReport:
    """Mixed-policy GRPO loss, token-level mean over all valid tokens of the batch."""
    assert batch.off_policy is not None and batch.mask is not None
    valid, off = batch.mask, batch.off_policy
    on = valid & ~off
    logp, adv = batch.logp, batch.advantage.to(batch.logp.dtype)
    zero = torch.zeros_like(logp)
    # log-ratio only where on-policy; elsewhere 0 so old_logp garbage (inf, nan) never propagates
    log_ratio = torch.where(on, logp - batch.old_logp.to(logp.dtype), zero)
    ratio = torch.exp(log_ratio)
    on_loss = -torch.minimum(
        ratio * adv, torch.clamp(ratio, 1.0 - eps_low, 1.0 + eps_high) * adv
    )
    shaped = shaped_ratio(torch.where(off & valid, logp, zero), gamma)
    off_loss = -shaped * adv
    per_token = torch.where(off, off_loss, on_loss)

    kl = None
    if batch.ref_logp is not None:
        kl = kl_k3(
            torch.where(valid, logp, zero),
            torch.where(valid, batch.ref_logp.to(logp.dtype), zero),
        )
        if beta:
            per_token = per_token + beta * kl
    elif beta:
        raise ValueError("beta > 0 needs ref_logp")

    n_valid = int(valid.sum())
    loss = torch.where(valid, per_token, zero).sum() / max(n_valid, 1)

    with torch.no_grad():
        r = ratio.detach()
        a = adv.detach()
        clipped = ((a > 0) & (r > 1.0 + eps_high)) | ((a < 0) & (r < 1.0 - eps_low))
        return LossReport(
            loss=loss,
            clip_fraction=_masked_mean(clipped.to(r.dtype), on),
            mean_ratio=_masked_mean(r, on),
            mean_shaped_ratio=_masked_mean(shaped.detach(), off & valid),
            kl=_masked_mean(kl.detach(), valid) if kl is not None else 0.0,
            n_on_policy=int(on.sum()),
            n_off_policy=int((off & valid).sum()),
        )


# ----------------------------------------------------------------- groups


@dataclass(frozen=True)
class Rollout:
    """One episode of a group: its reward, success, and whether it is an expert (off-policy) trace."""

    task_id: str
    reward: float
    success: bool
    off_policy: bool = False
    source: str = "policy"  # "policy", or the expert's name ("gold", a stronger model)
    data: Any = None  # transcript / token ids, opaque here


def inject_experts(
    group: list[Rollout],
    experts: list[Rollout],
    k: int,
    policy: Literal["replace_failures", "replace_last"] = "replace_failures",
) -> list[Rollout]:
    """Replace up to ``k`` on-policy rollouts by cached expert ones; group size G is kept.

    Only experts for the group's task count; none → the group comes back
    unchanged. Rollouts already off-policy count towards ``k`` and are never
    replaced. ``replace_failures``: failed on-policy rollouts are replaced
    first (last failure first), then, if slots remain, successful ones from
    the end, so the policy's own successes survive when possible.
    ``replace_last``: the last on-policy rollouts are replaced. Experts are
    used in list order, each once; injected copies get ``off_policy=True``.
    """
    if not group:
        return []
    task = group[0].task_id
    pool = [e for e in experts if e.task_id == task]
    slots = min(k - sum(r.off_policy for r in group), len(pool))
    if slots <= 0:
        return list(group)
    on_idx = [i for i, r in enumerate(group) if not r.off_policy]
    if policy == "replace_failures":
        order = [i for i in reversed(on_idx) if not group[i].success]
        order += [i for i in reversed(on_idx) if group[i].success]
    elif policy == "replace_last":
        order = list(reversed(on_idx))
    else:
        raise ValueError(f"unknown injection policy {policy!r}")
    out = list(group)
    for i, expert in zip(order[:slots], pool, strict=False):
        out[i] = dataclasses.replace(expert, off_policy=True)
    return out


@dataclass
class SamplingResult:
    """Groups kept by dynamic sampling and the draw statistics."""

    groups: list[list[Rollout]] = field(default_factory=list)
    drawn: int = 0
    dropped: int = 0

    @property
    def kept(self) -> int:
        return len(self.groups)

    @property
    def fraction_dropped(self) -> float:
        return self.dropped / self.drawn if self.drawn else 0.0


class DynamicSampler:
    """DAPO dynamic sampling: draw groups until ``target`` informative ones or ``max_attempts`` draws.

    A group is uninformative when all its rewards are equal (within ``tol``):
    every advantage is 0, so it only dilutes the token-level mean. Tasks are
    drawn round-robin from the given list; each call of ``sample_group`` is
    one attempt.
    """

    def __init__(
        self,
        sample_group: Callable[[str], list[Rollout]],
        max_attempts: int,
        tol: float = 1e-9,
    ) -> None:
        if max_attempts < 1:
            raise ValueError("max_attempts must be >= 1")
        self.sample_group = sample_group
        self.max_attempts = max_attempts
        self.tol = tol

    def informative(self, group: Sequence[Rollout]) -> bool:
        """True when the group's rewards are not all equal."""
        rewards = [r.reward for r in group]
        return bool(rewards) and max(rewards) - min(rewards) > self.tol

    def collect(self, tasks: Sequence[str], target: int) -> SamplingResult:
        """Draw groups for ``tasks`` (cycled) until ``target`` are kept or attempts run out."""
        if not tasks:
            raise ValueError("no tasks to sample")
        res = SamplingResult()
        while res.kept < target and res.drawn < self.max_attempts:
            group = self.sample_group(tasks[res.drawn % len(tasks)])
            res.drawn += 1
            if self.informative(group):
                res.groups.append(group)
            else:
                res.dropped += 1
        return res
