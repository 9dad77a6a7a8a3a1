"""GRPO math against hand-computed values (arithmetic in the comments)."""

from __future__ import annotations

import math

import pytest
import torch

from training.grpo_math import (
    DynamicSampler,
    Rollout,
    TokenBatch,
    broadcast_advantages,
    clipped_surrogate,
    group_advantages,
    grpo_loss,
    inject_experts,
    kl_k3,
    rollout_reward,
    shaped_ratio,
)

torch.set_num_threads(1)
D = torch.float64
LN = math.log


def t(*xs: float, grad: bool = False) -> torch.Tensor:
    return torch.tensor(xs, dtype=D, requires_grad=grad)


# ----------------------------------------------------------------- advantages


def test_group_advantages_population_std() -> None:
    # mean 0.5; deviations ±0.5; population std sqrt((4 * 0.25) / 4) = 0.5 → ±0.5/0.5 = ±1
    adv = group_advantages([1, 0, 0, 1], eps=0.0)
    assert adv == pytest.approx([1.0, -1.0, -1.0, 1.0])
    # with the default eps 1e-6: 0.5 / 0.500001 = 0.999998
    assert group_advantages([1, 0, 0, 1])[0] == pytest.approx(0.999998, abs=1e-7)


def test_group_advantages_unbiased_and_unscaled() -> None:
    # unbiased std sqrt(1 / 3) = 0.57735 → 0.5 / 0.57735 = 0.866025
    assert group_advantages([1, 0, 0, 1], eps=0.0, unbiased=True)[0] == pytest.approx(
        0.866025, abs=1e-6
    )
    # Dr. GRPO: r - mean only
    assert group_advantages([1, 0, 0, 1], scale=False) == [0.5, -0.5, -0.5, 0.5]


def test_group_advantages_all_equal_is_zero() -> None:
    assert group_advantages([1, 1, 1]) == [0.0, 0.0, 0.0]
    assert group_advantages([0, 0, 0, 0]) == [0.0] * 4
    assert group_advantages([1.0]) == [0.0]
    assert group_advantages([]) == []


def test_rollout_reward_with_guide_term() -> None:
    assert rollout_reward(True) == 1.0
    # 0 + 0.5 * 0.6 = 0.3
    reward = rollout_reward(False, guide_score=0.6, guide_weight=0.5)
    assert reward == pytest.approx(0.3)


def test_broadcast_advantages_over_steps() -> None:
    # trajectory 0: steps of 2 and 1 tokens (3 × 1.0); trajectory 1: steps 1, 0, 2 (3 × -0.5)
    out = broadcast_advantages([1.0, -0.5], [[2, 1], [1, 0, 2]])
    assert out.tolist() == [1.0, 1.0, 1.0, -0.5, -0.5, -0.5]
    with pytest.raises(ValueError):
        broadcast_advantages([1.0], [[1], [1]])


# ----------------------------------------------------------------- per-token terms


def test_shaped_ratio_value_and_gradient() -> None:
    logp = t(LN(0.5), grad=True)
    f = shaped_ratio(logp, 0.1)
    assert f.item() == pytest.approx(0.833333, abs=1e-6)  # 0.5 / 0.6
    f.sum().backward()
    # df/dlogp = gamma * p / (p + gamma)^2 = 0.1 * 0.5 / 0.36 = 0.138889
    assert logp.grad.item() == pytest.approx(0.138889, abs=1e-6)


def test_clipped_surrogate_clip_higher() -> None:
    old = t(0.0, 0.0, 0.0, 0.0, 0.0)
    logp = t(LN(1.5), LN(0.5), LN(1.1), LN(1.25), LN(1.5), grad=True)
    adv = t(2.0, -1.0, 1.0, 1.0, -1.0)
    loss = clipped_surrogate(logp, old, adv)
    # r=1.5,  A=2:  min(3.0, 1.28*2 = 2.56) = 2.56          → -2.56 (clipped high)
    # r=0.5,  A=-1: min(-0.5, 0.8*-1 = -0.8) = -0.8          →  0.8  (clipped low)
    # r=1.1,  A=1:  min(1.1, 1.1) = 1.1                       → -1.1  (inside)
    # r=1.25, A=1:  1.25 < 1.28, unclipped (symmetric 0.2 would clip at 1.2) → -1.25
    # r=1.5,  A=-1: min(-1.5, -1.28) = -1.5 (pessimistic side)→  1.5
    assert loss.tolist() == pytest.approx([-2.56, 0.8, -1.1, -1.25, 1.5])
    loss.sum().backward()
    # d(-r*A)/dlogp = -r*A where unclipped; 0 where clipped
    assert logp.grad.tolist() == pytest.approx([0.0, 0.0, -1.1, -1.25, 1.5])


def test_kl_k3_known_pair() -> None:
    # d = ln(0.25) - ln(0.5) = ln(0.5) = -0.693147; exp(d) - d - 1 = 0.5 + 0.693147 - 1 = 0.193147
    assert kl_k3(t(LN(0.5)), t(LN(0.25))).item() == pytest.approx(0.193147, abs=1e-6)
    assert kl_k3(t(-1.3), t(-1.3)).item() == 0.0


# ----------------------------------------------------------------- batch loss


def test_expert_token_takes_off_policy_path() -> None:
    # behaviour logp 1e-6 would give ratio 5e5, far above 1.28: the expert path ignores it
    logp = t(LN(0.5), grad=True)
    batch = TokenBatch(
        logp=logp,
        old_logp=t(LN(1e-6)),
        advantage=t(1.0),
        off_policy=torch.tensor([True]),
    )
    rep = grpo_loss(batch, gamma=0.1)
    # -f(0.5) * A = -0.5 / 0.6 = -0.833333
    assert rep.loss.item() == pytest.approx(-0.833333, abs=1e-6)
    rep.loss.backward()
    # -A * gamma * p / (p + gamma)^2 = -1 * 0.1 * 0.5 / 0.36 = -0.138889
    assert logp.grad.item() == pytest.approx(-0.138889, abs=1e-6)
    assert (rep.n_off_policy, rep.n_on_policy, rep.clip_fraction) == (1, 0, 0.0)
    assert rep.mean_shaped_ratio == pytest.approx(0.833333, abs=1e-6)


def test_expert_old_logp_garbage_does_not_leak() -> None:
    logp = t(LN(0.5), 0.0, grad=True)
    batch = TokenBatch(
        logp=logp,
        old_logp=t(float("nan"), 0.0),
        advantage=t(1.0, 1.0),
        off_policy=torch.tensor([True, False]),
    )
    rep = grpo_loss(batch)
    # (-0.833333 + -1.0) / 2 = -0.916667
    assert rep.loss.item() == pytest.approx(-0.916667, abs=1e-6)
    rep.loss.backward()
    assert torch.isfinite(logp.grad).all()


def test_token_level_aggregation() -> None:
    # trajectory a: 1 token, A=+1; trajectory b: 3 tokens, A=-1; ratio 1 everywhere → loss_t = -A
    adv = broadcast_advantages([1.0, -1.0], [[1], [3]]).to(D)
    logp = torch.zeros(4, dtype=D, requires_grad=True)
    rep = grpo_loss(
        TokenBatch(logp=logp, old_logp=torch.zeros(4, dtype=D), advantage=adv)
    )
    # token mean: (-1 + 1 + 1 + 1) / 4 = 0.5; mean of sequence means would be (-1 + 1) / 2 = 0.0
    assert rep.loss.item() == pytest.approx(0.5)
    assert rep.n_on_policy == 4 and rep.mean_ratio == pytest.approx(1.0)


def test_mask_clip_fraction_and_kl_term() -> None:
    logp = t(LN(1.5), LN(1.1), 123.0, grad=True)  # third token is padding
    batch = TokenBatch(
        logp=logp,
        old_logp=t(0.0, 0.0, float("inf")),
        advantage=t(2.0, 1.0, 5.0),
        mask=torch.tensor([True, True, False]),
        ref_logp=t(LN(1.5), LN(1.1) + LN(0.5), 0.0),
    )
    rep = grpo_loss(batch, beta=0.1)
    # pg: (-2.56 + -1.1) / 2 = -1.83; kl: token 0 → 0, token 1 → 0.193147; mean 0.0965735
    # loss = (-2.56 - 1.1 + 0.1 * 0.193147) / 2 = -1.820343
    assert rep.loss.item() == pytest.approx(-1.820343, abs=1e-6)
    assert rep.kl == pytest.approx(0.0965735, abs=1e-6)
    assert rep.clip_fraction == pytest.approx(0.5)  # 1 of 2 on-policy tokens clipped
    assert rep.mean_ratio == pytest.approx(1.3)  # (1.5 + 1.1) / 2
    rep.loss.backward()
    assert torch.isfinite(logp.grad).all() and logp.grad[2].item() == 0.0
    with pytest.raises(ValueError):
        grpo_loss(TokenBatch(logp=t(0.0), old_logp=t(0.0), advantage=t(1.0)), beta=0.1)


# ----------------------------------------------------------------- groups


def _group(task: str, successes: list[bool]) -> list[Rollout]:
    return [Rollout(task, float(s), s, data=i) for i, s in enumerate(successes)]


def _experts(task: str, n: int) -> list[Rollout]:
    return [Rollout(task, 1.0, True, source="gold", data=f"e{i}") for i in range(n)]


def test_inject_experts_replaces_failures_first_and_keeps_g() -> None:
    group = _group("t1", [True, False, True, False])
    out = inject_experts(group, _experts("t1", 3), k=1)
    assert len(out) == 4
    # the last failure is replaced first
    assert [r.off_policy for r in out] == [False, False, False, True]
    assert out[3].data == "e0" and out[3].source == "gold"
    out2 = inject_experts(group, _experts("t1", 3), k=3)
    # slots in order: failure 3 ← e0, failure 1 ← e1, then the last success 2 ← e2; success 0 survives
    assert [r.data for r in out2] == [0, "e1", "e2", "e0"]
    assert sum(r.off_policy for r in out2) == 3
    assert group[3].off_policy is False  # input untouched


def test_inject_experts_limits() -> None:
    group = _group("t1", [False, False, False, False])
    assert inject_experts(group, [], k=2) == group  # no expert → nothing
    # experts for another task do not count
    assert inject_experts(group, _experts("other", 2), k=2) == group
    # a pool of 1 expert injects 1 even with k=3
    one = inject_experts(group, _experts("t1", 1), k=3)
    assert sum(r.off_policy for r in one) == 1
    assert inject_experts(group, _experts("t1", 2), k=0) == group
    last = inject_experts(
        _group("t1", [False, True, True]), _experts("t1", 2), k=2, policy="replace_last"
    )
    assert [r.off_policy for r in last] == [False, True, True]
    # an already-injected expert counts towards k
    once = inject_experts(group, _experts("t1", 2), k=1)
    assert inject_experts(once, _experts("t1", 2), k=1) == once


def test_dynamic_sampling_drops_and_refills() -> None:
    script = [
        [0, 0, 0, 0],
        [0, 0, 0, 0],
        [1, 0, 0, 1],
        [1, 1, 1, 1],
        [0, 1, 0, 0],
        [1, 0, 1, 0],
    ]
    calls: list[str] = []

    def sample(task: str) -> list[Rollout]:
        calls.append(task)
        return _group(task, [bool(x) for x in script[len(calls) - 1]])

    res = DynamicSampler(sample, max_attempts=10).collect(["a", "b"], target=2)
    # draws 1, 2 all-0 (dropped), 3 kept, 4 all-1 (dropped), 5 kept → stop
    assert (res.drawn, res.dropped, res.kept) == (5, 3, 2)
    assert res.fraction_dropped == pytest.approx(0.6)  # 3 / 5
    assert calls == ["a", "b", "a", "b", "a"]
    assert [r.reward for r in res.groups[0]] == [1.0, 0.0, 0.0, 1.0]


def test_dynamic_sampling_stops_at_max_attempts() -> None:
    sampler = DynamicSampler(lambda task: _group(task, [False] * 4), max_attempts=4)
    res = sampler.collect(["a"], target=2)
    assert (res.drawn, res.dropped, res.kept, res.fraction_dropped) == (4, 4, 0, 1.0)
