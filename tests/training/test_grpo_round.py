"""One real GRPO round on a tiny random Qwen2.5-VL: rollouts are evaluation episodes in the real
environment (MCP server, Chromium) played by the model agent against the in-process policy
endpoint; one gold trajectory per group is injected as the off-policy expert.

The random model's answers are non-compliant, so its episodes end early with reward 0; the expert
has reward 1, so every group carries signal."""

from __future__ import annotations

import copy
import json

import pytest

pytest.importorskip("datasets")
pytest.importorskip("transformers")
torch = pytest.importorskip("torch")

from training.grpo import GRPOConfig, run_grpo, step_logps
from training.rollout import CollectResult, expert_rollouts
from training.tiny import build_tiny

TASKS = ["shopping-price-1", "map-nearest-1"]  # the gold run of conftest.py


@pytest.fixture(scope="module", autouse=True)
def _threads():
    threads = torch.get_num_threads()
    torch.set_num_threads(2)
    yield
    torch.set_num_threads(threads)


@pytest.mark.parametrize("family", ["qwen2.5-vl", "qwen3.5"])
def test_one_grpo_round_with_real_rollouts(gold_run, tmp_path, family):
    model, processor = build_tiny(family, seed=0)
    experts = expert_rollouts(gold_run, processor, "som")
    assert {e.task_id for e in experts} == set(TASKS) and all(e.off_policy for e in experts)
    before = copy.deepcopy(model.state_dict())
    config = GRPOConfig(G=2, k_experts=1, max_new_tokens=24, temperature=1.0, lr=1e-3, rounds=1,
                        out_dir=tmp_path / "grpo", concurrency=2, eval_rounds=[1], eval_tasks=TASKS[0])
    seen: dict[str, object] = {}

    def check_rollouts(round_: int, collected: CollectResult, server) -> None:
        calls = server.calls()
        assert calls and all(len(c.logprobs) == len(c.output_ids) > 0 for c in calls)
        assert len({c.index for c in calls}) == len({c.seed for c in calls}) == len(calls)
        seen["collected"], seen["calls"] = collected, calls
        assert collected.episodes == len(TASKS) * config.G
        assert collected.fallback_matches == 0
        policy_steps = [s for g in collected.sampling.groups for r in g if not r.off_policy for s in r.data.steps]
        assert policy_steps and len(policy_steps) <= len(calls)
        for s in policy_steps:  # the kept logprobs are those of the serving weights
            assert s.old_logp is not None and len(s.old_logp) == len(s.output_ids)
            with torch.no_grad():
                fresh = step_logps(model, processor, s)
            assert torch.allclose(fresh, torch.tensor(s.old_logp), atol=1e-4), (fresh, s.old_logp)

    reports = run_grpo(model, processor, TASKS, "som", config, experts=experts, on_collect=check_rollouts)

    collected = seen["collected"]
    assert isinstance(collected, CollectResult)
    groups = collected.sampling.groups
    assert len(groups) == len(TASKS) and all(len(g) == config.G for g in groups)
    assert all(sum(r.off_policy for r in g) == 1 for g in groups)
    assert all(r.reward == 0.0 for g in groups for r in g if not r.off_policy)  # a random model fails
    # three non-compliant answers end an episode: every episode made three calls, each one a step
    assert len(seen["calls"]) == 3 * collected.episodes
    assert all(len(r.data.steps) == 3 for g in groups for r in g if not r.off_policy)

    (report,) = reports
    assert report.n_off_policy > 0 and report.n_on_policy > 0
    assert report.groups == len(TASKS) and report.expert_share == pytest.approx(1 / config.G)
    after = model.state_dict()
    assert any(not torch.equal(before[k], after[k]) for k in before)

    out = config.out_dir
    assert (out / "round_1" / "model.safetensors").exists()
    (line,) = [json.loads(x) for x in (out / "metrics.jsonl").read_text().splitlines()]
    assert line["fraction_dropped"] == 0.0 and line["groups_kept"] == len(TASKS)
    # greedy evaluation after round 1 through the evaluation runner (the random policy fails)
    assert line["eval_episodes"] == 1.0 and line["eval_success_rate"] == 0.0
    assert (out / "eval_1" / "results.json").exists()
    for key in ("reward_mean", "success_rate", "loss", "clip_fraction", "kl", "tokens", "expert_share"):
        assert key in line
    assert line["reward_mean"] == pytest.approx(1 / config.G)


def test_rounds_without_signal_are_dropped_and_refilled_then_skipped(tmp_path):
    """No expert and a random policy: every group is all-failure, so each round draws up to
    max_attempts groups, drops them all, updates nothing and still checkpoints and logs."""
    model, processor = build_tiny(seed=0)
    before = copy.deepcopy(model.state_dict())
    config = GRPOConfig(G=2, k_experts=0, max_new_tokens=16, rounds=2, max_attempts=2, lr=1e-3,
                        out_dir=tmp_path / "grpo", concurrency=2)
    reports = run_grpo(model, processor, TASKS[:1], "som", config)
    assert reports == []
    lines = [json.loads(x) for x in (config.out_dir / "metrics.jsonl").read_text().splitlines()]
    assert [x["round"] for x in lines] == [1, 2]
    for line in lines:
        assert line["groups_drawn"] == 2 and line["groups_kept"] == 0 and line["fraction_dropped"] == 1.0
        assert line["episodes"] == 4 and line["success_rate"] == 0.0 and "loss" not in line
    assert all(torch.equal(before[k], v) for k, v in model.state_dict().items())
    assert (config.out_dir / "round_2" / "model.safetensors").exists()


def test_two_rounds_with_a_kl_penalty(gold_run, tmp_path):
    """beta > 0 keeps a frozen reference: the KL is zero while the policy equals it (round 1's
    only epoch is computed before the step) and positive once the policy has moved (round 2)."""
    model, processor = build_tiny(seed=0)
    experts = [e for e in expert_rollouts(gold_run, processor, "som") if e.task_id == TASKS[0]]
    config = GRPOConfig(G=2, k_experts=1, max_new_tokens=16, rounds=2, lr=1e-2, beta=0.1,
                        out_dir=tmp_path / "grpo", concurrency=2)
    reports = run_grpo(model, processor, TASKS[:1], "som", config, experts=experts)
    assert len(reports) == 2
    assert reports[0].kl == pytest.approx(0.0, abs=1e-7)
    assert reports[1].kl > 1e-6
    lines = [json.loads(x) for x in (config.out_dir / "metrics.jsonl").read_text().splitlines()]
    assert [x["kl"] for x in lines] == [r.kl for r in reports]
