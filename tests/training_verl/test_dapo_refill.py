"""Dynamic sampling through verl's own pieces on CPU: the replay buffer verl's v1 trainer builds from the
recipe's overrides (`PPOTrainer._build_replay_buffer`), on a real TransferQueue (controller and one storage
unit as actors of a small local Ray), drops all-equal groups and refills them (sync mode: 2k per k evicted,
bounded by the in-flight slots), and samples a batch of mixed-reward groups only."""

from __future__ import annotations

import os
import uuid
from pathlib import Path

import pytest
import ray
import torch
import transfer_queue as tq
import verl
from hydra import compose, initialize_config_dir
from tensordict import TensorDict
from verl.trainer.ppo.v1.trainer_base import PPOTrainer

from training.rl.recipe import GRPOSettings, prepare

G, BATCH = 2, 4  # episodes per task, tasks per rollout batch


def _config(tmp_path: Path, dynamic_sampling: bool):  # type: ignore[no-untyped-def]
    """verl's `ppo_trainer` config composed with what the recipe emits (recipe default max_inflight_groups=2)."""
    settings = GRPOSettings(model=str(tmp_path / "m"), tasks=[f"task-{i}" for i in range(BATCH)],
                            servers=["http://127.0.0.1:8101/mcp"], out_dir=tmp_path / "run", G=G,
                            tasks_per_step=BATCH, tasks_per_update=1, gpus_per_node=1,
                            dynamic_sampling=dynamic_sampling)
    config_dir = os.path.join(os.path.dirname(verl.__file__), "trainer", "config")
    with initialize_config_dir(config_dir=config_dir, version_base=None):
        return compose(config_name="ppo_trainer", overrides=prepare(settings)[3:]), settings


class _Trainer(PPOTrainer):
    """verl's v1 trainer reduced to what `_build_replay_buffer` reads: the config, the mode, the refill hook."""

    def __init__(self, config, refill):  # type: ignore[no-untyped-def]
        self.config, self.trainer_mode, self._add_prompts_to_generate = config, config.trainer.v1.trainer_mode, refill

    def on_step_end(self) -> None: ...

    def on_sample_end(self) -> None: ...


def _put_group(rewards: list[float], step: int) -> str:
    """One GRPO group written the way verl's trainer and TQ agent loop write it: the prompt `{uid}` registered
    pending, then running; each session's outputs (MAG: one per step, here 1 or 2) as `{uid}_{session}_{index}`
    with `rm_scores` (the episode reward on the last token, copied to every output); then finished."""
    uid = str(uuid.uuid4())
    tq.kv_batch_put(keys=[uid], partition_id="train", tags=[{"is_prompt": True, "status": "pending",
                                                             "global_steps": step}])
    tq.kv_put(key=uid, partition_id="train", tag={"status": "running"})
    keys = [f"{uid}_{s}_{i}" for s in range(len(rewards)) for i in range(1 + s % 2)]
    rm_scores = torch.zeros(len(keys), 4)
    rm_scores[:, -1] = torch.tensor([rewards[int(k.split("_")[1])] for k in keys])
    tags = [{"status": "success", "global_steps": step, "min_global_steps": step, "max_global_steps": step}] * len(keys)
    tq.kv_batch_put(keys=keys, partition_id="train", tags=tags,
                    fields=TensorDict({"rm_scores": rm_scores, "response_mask": torch.ones(len(keys), 4, dtype=torch.int64)},
                                      batch_size=[len(keys)]))
    tq.kv_put(key=uid, partition_id="train", tag={"status": "finished"})
    return uid


@pytest.fixture(scope="module")
def transfer_queue(tmp_path_factory):  # type: ignore[no-untyped-def]
    """A real TransferQueue on a local Ray: its controller and storage units are `num_cpus=1` actors, so Ray
    gets 2 logical CPUs (controller + one storage unit); a 80 MB object store (Ray's minimum is 75 MB)."""
    ray.init(address="local", num_cpus=2, object_store_memory=80 * 1024**2, include_dashboard=False,
             log_to_driver=False)
    config, _ = _config(tmp_path_factory.mktemp("tq-config"), True)
    tq_conf = config.transfer_queue.copy()  # what main_ppo hands to tq.init, shrunk to one storage unit
    tq_conf.backend.SimpleStorage.num_data_storage_units = 1
    tq_conf.backend.SimpleStorage.total_storage_size = 1000
    tq.init(tq_conf)
    try:
        yield
    finally:
        tq.close()
        ray.shutdown()


def test_sync_dapo_evicts_all_equal_groups_and_refills_them(tmp_path: Path, transfer_queue) -> None:  # type: ignore[no-untyped-def]
    config, settings = _config(tmp_path, True)
    assert config.algorithm.filter_groups.enable and config.trainer.v1.trainer_mode == "sync"
    # the refills verl will ask for, each as a list of groups' rewards: 5 more all-equal groups, then mixed ones
    refills = iter([[[0, 0], [1, 1], [0, 0], [1, 1], [0, 0], [1, 0]], [[0, 1], [1, 0]] * 4])
    asked, equal, mixed = [], set(), set()

    def put(groups: list[list[float]]) -> None:
        for rewards in groups:
            (equal if len(set(rewards)) == 1 else mixed).add(_put_group(rewards, step=1))

    def refill(n: int) -> int:  # the trainer's `_add_prompts_to_generate`, its rollouts finished at once
        asked.append(n)
        groups = next(refills)
        assert len(groups) == n, f"verl asked for {n} prompts, the scenario expected {len(groups)}"
        put(groups)
        return n

    buffer = _Trainer(config, refill)._build_replay_buffer()
    assert type(buffer).__name__ == "ReplayBuffer" and buffer.filter_groups_metric == "reward"
    assert buffer.gen_batch_size == 1 and buffer.max_inflight_gen_batches == settings.max_inflight_groups == 2
    buffer.poll_interval = 0.01  # the trainer keeps verl's default (2 s); never reached here: refills finish at once
    put([[0, 0], [1, 1], [0, 0], [0, 1]])  # the step's first batch: 3 all-equal groups (k = 3), 1 mixed

    batch, metrics = buffer.sample(global_steps=1, partition_id="train", batch_size=config.data.train_batch_size)

    # sync matrix: k evicted -> 2k refill credits, dispatched up to max_inflight_gen_batches x train_batch_size
    # in-flight slots (2 x 4 = 8), in whole gen_batch_size (1) chunks: 2 x 3 = 6, then 2 x 5 = 10 capped at 8
    assert asked == [6, 8]
    assert metrics["training/filter_groups/evicted_samples"] == len(equal) == 8
    assert metrics["_dapo_filtered_reward_counts"] == {0.0: 5, 1.0: 3}
    assert metrics["training/filter_groups/discarded_surplus_samples"] == len(mixed) - BATCH == 6
    sampled = {key.split("_")[0] for key in batch.keys}
    assert len(sampled) == BATCH and sampled <= mixed  # batch_size groups, all of them mixed
    assert len(batch.keys) == BATCH * (1 + 2)  # every output of every session: G = 2 sessions of 1 and 2 steps
    scores = tq.kv_batch_get(keys=batch.keys, partition_id="train", select_fields=["rm_scores"])["rm_scores"]
    by_uid: dict[str, set[float]] = {}
    for key, row in zip(batch.keys, scores, strict=True):
        by_uid.setdefault(key.split("_")[0], set()).add(float(row.sum()))
    assert all(len(values) == 2 for values in by_uid.values())  # each group has a success and a failure
    left = {key.split("_")[0] for key in tq.kv_list("train").get("train", {})}
    assert left == sampled and not left & equal  # evicted and surplus groups are cleared from TransferQueue
    tq.kv_clear(keys=list(batch.keys), partition_id="train")  # as the trainer does after the step


def test_without_dynamic_sampling_the_filter_is_off(tmp_path: Path) -> None:
    config, _ = _config(tmp_path, False)
    assert not config.algorithm.filter_groups.enable
    buffer = _Trainer(config, lambda n: n)._build_replay_buffer()
    assert buffer.filter_groups_metric is None and buffer.gen_batch_size == BATCH
