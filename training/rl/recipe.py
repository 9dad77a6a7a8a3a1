"""A GRPO run on verl, prepared from MAG's settings: the task files, the agent-loop config and the
Hydra overrides of `python -m verl.trainer.main_ppo`. Imports no verl (the main environment
prepares, the training environment `.venv-train` runs).

    settings = GRPOSettings(model="ckpt/sft/final", tasks=[...], eval_tasks=[...],
                            servers=["http://127.0.0.1:8001/mcp"], experts_dir=Path("runs/gold-train"),
                            out_dir=Path("ckpt/grpo"))
    command = prepare(settings)       # writes out_dir/{train,val}.parquet, out_dir/agent_loops.yaml

What each setting becomes in verl (0.9.x, v1 trainer):

* rows: one per task (`extra_info.task_id`, `extra_info.grounding`), served to the "mag" agent loop
  (`training.rl.agent_loop`); `rollout.n` = G episodes per task; validation rows are never injected
  and are played greedily (`val_kwargs`), every `eval_every` steps (`trainer.test_freq`);
* GRPO advantages (`algorithm.adv_estimator=grpo`; verl normalises by the group's std) broadcast over
  every step of an episode; the "mag_luffy" policy loss (`training.rl.policy_loss`) with DAPO's
  clip-higher (`clip_ratio_low/high`), token-mean aggregation, bypass mode (old logprobs = the
  rollout's, which carry the expert flag);
* dynamic sampling: verl's replay buffer drops all-equal groups and refills them
  (`algorithm.filter_groups.enable`, metric reward, at most `max_inflight_groups` prompt batches
  in flight);
* several mini-batch updates per rollout batch (`ppo_mini_batch_size` = tasks per update,
  `ppo_epochs`), optional KL to the reference (`use_kl_loss`, k3 `low_var_kl`), FSDP2 actor,
  vLLM (or SGLang) rollout replicas with `tensor_parallel` GPUs each, colocated with training
  (`trainer.v1.trainer_mode=sync`) or on `rollout_gpus` GPUs of their own (`separate_async`);
* checkpoints with optimizer state every `save_every` steps under `out_dir/checkpoints`, resumed
  automatically (`trainer.resume_mode=auto`), metrics to the console and tensorboard (and wandb).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from mag_core.tasks import Grounding


class GRPOSettings(BaseModel):
    """MAG's GRPO settings (the verl overrides are derived from them)."""

    model_config = ConfigDict(extra="forbid")

    model: str = Field(description="local model directory (the SFT output, bf16) or a hub id on the GPU machine")
    tasks: list[str] = Field(min_length=1, description="training task ids")
    eval_tasks: list[str] = Field(default_factory=list, description="greedy evaluation task ids")
    grounding: Grounding = "som"
    servers: list[str] = Field(min_length=1, description="MAG MCP URLs (`mag serve --transport http`)")
    experts_dir: Path | None = Field(default=None, description="run whose successful episodes are the experts")
    out_dir: Path
    G: int = Field(default=8, ge=2, description="episodes per task (rollout.n)")
    tasks_per_step: int = Field(default=8, ge=1, description="tasks per rollout batch (data.train_batch_size)")
    tasks_per_update: int = Field(default=2, ge=1, description="tasks per mini-batch update (ppo_mini_batch_size)")
    ppo_epochs: int = Field(default=1, ge=1)
    steps: int = Field(default=10, ge=1, description="rollout batches (trainer.total_training_steps)")
    lr: float = Field(default=1e-6, gt=0)
    eps_low: float = Field(default=0.2, ge=0)
    eps_high: float = Field(default=0.28, ge=0)
    gamma: float = Field(default=0.1, gt=0, description="LUFFY shaping f(p) = p / (p + gamma)")
    kl_coef: float = Field(default=0.0, ge=0, description="> 0: KL (k3) to the reference policy")
    guide_weight: float = Field(default=0.0, ge=0, description="reward = success + w * guide quality")
    dynamic_sampling: bool = True
    max_inflight_groups: int = Field(default=2, ge=1, description="prompt batches in flight while refilling")
    history_window: int = Field(default=5, ge=0)
    prompt_length: int = Field(default=8192, ge=256, description="tokens of a step prompt, image and marks list "
                               "included (dense pages list 150-300 marks)")
    response_length: int = Field(default=256, ge=8, description="tokens of one answer")
    lora_rank: int = Field(default=0, ge=0, description="0: full fine-tuning")
    nnodes: int = Field(default=1, ge=1)
    gpus_per_node: int = Field(default=8, ge=1)
    rollout_gpus: int = Field(default=0, ge=0, description="0: rollout colocated with training; else GPUs per "
                                                           "node for the rollout replicas")
    engine: Literal["vllm", "sglang"] = "vllm"
    tensor_parallel: int = Field(default=1, ge=1, description="GPUs per rollout replica")
    gpu_memory_utilization: float = Field(default=0.5, gt=0, le=1)
    micro_batch_per_gpu: int = Field(default=1, ge=1)
    agent_workers: int = Field(default=8, ge=1, description="agent-loop worker processes")
    eval_every: int = Field(default=5, ge=0, description="greedy evaluation every N steps (0: never)")
    save_every: int = Field(default=5, ge=1)
    loggers: list[str] = Field(default_factory=lambda: ["console", "tensorboard"])
    project: str = "mag"
    experiment: str = "grpo"
    device: Literal["cuda", "npu"] = "cuda"

    @model_validator(mode="after")
    def _check(self) -> GRPOSettings:
        if self.tasks_per_step % self.tasks_per_update:
            raise ValueError(f"tasks_per_step ({self.tasks_per_step}) must be a multiple of tasks_per_update "
                             f"({self.tasks_per_update})")
        if self.rollout_gpus >= self.gpus_per_node:
            raise ValueError(f"rollout_gpus ({self.rollout_gpus}) must leave GPUs for training "
                             f"(gpus_per_node {self.gpus_per_node})")
        train_gpus = self.nnodes * self.train_gpus_per_node
        if (self.tasks_per_step * self.G) % train_gpus:
            raise ValueError(f"tasks_per_step x G ({self.tasks_per_step} x {self.G}) must be a multiple of the "
                             f"training GPUs ({train_gpus}): verl splits the episodes evenly over them")
        return self

    @property
    def train_gpus_per_node(self) -> int:
        return self.gpus_per_node - self.rollout_gpus


def task_rows(task_ids: list[str], grounding: Grounding, inject: bool, split: str) -> list[dict[str, object]]:
    """The dataset rows verl reads: one per task, for the "mag" agent loop."""
    return [{"data_source": "mag", "agent_name": "mag",
             "prompt": [{"role": "user", "content": f"MAG task {t}"}],
             "reward_model": {"style": "mag", "ground_truth": ""},
             "extra_info": {"index": i, "task_id": t, "grounding": grounding, "inject_experts": inject,
                            "split": split, "run_id": f"grpo-{split}"}}
            for i, t in enumerate(task_ids)]


def write_rows(rows: list[dict[str, object]], path: Path) -> Path:
    """Rows as a parquet file (verl's dataset format)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    path.parent.mkdir(parents=True, exist_ok=True)
    pq.write_table(pa.Table.from_pylist(rows), str(path))
    return path


def agent_loop_config(settings: GRPOSettings) -> str:
    """The agent-loop config file's text (YAML; JSON is YAML): the "mag" loop and its settings."""
    entry = {"name": "mag", "_target_": "training.rl.agent_loop.MagAgentLoop", "servers": settings.servers,
             "experts_dir": str(settings.experts_dir.resolve()) if settings.experts_dir else None,
             "history_window": settings.history_window, "guide_weight": settings.guide_weight}
    return json.dumps([entry], indent=2) + "\n"


def verl_overrides(settings: GRPOSettings, train_file: Path, val_file: Path | None, loops_file: Path) -> list[str]:
    """Hydra overrides of verl's `ppo_trainer` config for this run."""
    s = settings
    mini = s.tasks_per_update
    out = [
        # data: one row per task, the "mag" agent loop plays it
        f"data.train_files={train_file.resolve()}",
        f"data.val_files={(val_file or train_file).resolve()}",
        f"data.train_batch_size={s.tasks_per_step}", f"data.max_prompt_length={s.prompt_length}",
        f"data.max_response_length={s.response_length}", "data.filter_overlong_prompts=false",
        "data.return_raw_chat=true", "+data.apply_chat_template_kwargs.enable_thinking=false",
        # algorithm: GRPO, bypass mode (old logprobs = the rollout's, expert flag included), DAPO filter
        "algorithm.adv_estimator=grpo", "algorithm.norm_adv_by_std_in_grpo=true", "algorithm.use_kl_in_reward=false",
        "algorithm.rollout_correction.bypass_mode=true",
        f"algorithm.filter_groups.enable={str(s.dynamic_sampling).lower()}", "algorithm.filter_groups.metric=reward",
        f"algorithm.filter_groups.max_inflight_gen_batches={s.max_inflight_groups}",
        # model and actor: FSDP2, the LUFFY loss, clip-higher, token-mean, mini-batches, optional KL
        f"actor_rollout_ref.model.path={s.model}", "actor_rollout_ref.model.external_lib=training.rl.plugin",
        "actor_rollout_ref.model.enable_gradient_checkpointing=true", f"actor_rollout_ref.model.lora_rank={s.lora_rank}",
        "actor_rollout_ref.actor.strategy=fsdp2", f"actor_rollout_ref.actor.optim.lr={s.lr}",
        f"actor_rollout_ref.actor.ppo_mini_batch_size={mini}", f"actor_rollout_ref.actor.ppo_epochs={s.ppo_epochs}",
        f"actor_rollout_ref.actor.ppo_micro_batch_size_per_gpu={s.micro_batch_per_gpu}",
        "actor_rollout_ref.actor.policy_loss.loss_mode=mag_luffy", "actor_rollout_ref.actor.loss_agg_mode=token-mean",
        f"actor_rollout_ref.actor.clip_ratio_low={s.eps_low}", f"actor_rollout_ref.actor.clip_ratio_high={s.eps_high}",
        f"actor_rollout_ref.actor.use_kl_loss={str(s.kl_coef > 0).lower()}",
        f"actor_rollout_ref.actor.kl_loss_coef={s.kl_coef}", "actor_rollout_ref.actor.kl_loss_type=low_var_kl",
        "actor_rollout_ref.actor.entropy_coeff=0",
        "actor_rollout_ref.actor.checkpoint.save_contents=[model,optimizer,extra]",
        f"actor_rollout_ref.ref.log_prob_micro_batch_size_per_gpu={s.micro_batch_per_gpu}",
        # rollout: vLLM / SGLang replicas, logprobs kept, G episodes per task, greedy validation
        f"actor_rollout_ref.rollout.name={s.engine}", "actor_rollout_ref.rollout.mode=async",
        f"actor_rollout_ref.rollout.n={s.G}", "actor_rollout_ref.rollout.calculate_log_probs=true",
        "actor_rollout_ref.rollout.temperature=1.0", "actor_rollout_ref.rollout.top_p=1.0",
        f"actor_rollout_ref.rollout.tensor_model_parallel_size={s.tensor_parallel}",
        f"actor_rollout_ref.rollout.gpu_memory_utilization={s.gpu_memory_utilization}",
        f"actor_rollout_ref.rollout.log_prob_micro_batch_size_per_gpu={s.micro_batch_per_gpu}",
        "actor_rollout_ref.rollout.val_kwargs.do_sample=false", "actor_rollout_ref.rollout.val_kwargs.temperature=0",
        "actor_rollout_ref.rollout.val_kwargs.n=1", "actor_rollout_ref.rollout.agent.default_agent_loop=mag",
        f"actor_rollout_ref.rollout.agent.agent_loop_config_path={loops_file.resolve()}",
        f"actor_rollout_ref.rollout.agent.num_workers={s.agent_workers}",
        # trainer: v1, sharding over GPUs and nodes, checkpoints, resume, metrics, evaluation
        "trainer.use_v1=true", f"trainer.v1.trainer_mode={'separate_async' if s.rollout_gpus else 'sync'}",
        f"trainer.nnodes={s.nnodes}", f"trainer.n_gpus_per_node={s.train_gpus_per_node}",
        f"trainer.device={s.device}", f"trainer.total_training_steps={s.steps}", "trainer.total_epochs=1000",
        f"trainer.save_freq={s.save_every}", f"trainer.test_freq={s.eval_every if s.eval_every else -1}",
        f"trainer.val_before_train={str(bool(s.eval_every and s.eval_tasks)).lower()}",
        "trainer.resume_mode=auto", f"trainer.default_local_dir={(s.out_dir / 'checkpoints').resolve()}",
        f"trainer.logger=[{','.join(s.loggers)}]", f"trainer.project_name={s.project}",
        f"trainer.experiment_name={s.experiment}", "trainer.critic_warmup=0",
        f"+ray_kwargs.ray_init.runtime_env.env_vars.MAG_LUFFY_GAMMA='{s.gamma}'",
    ]
    if s.rollout_gpus:
        out += [f"actor_rollout_ref.rollout.nnodes={s.nnodes}",
                f"actor_rollout_ref.rollout.n_gpus_per_node={s.rollout_gpus}"]
    return out


def prepare(settings: GRPOSettings, python: str = "python") -> list[str]:
    """Write the run's files under `out_dir` and return the command that starts it (also written to
    `out_dir/command.json`)."""
    out = settings.out_dir
    out.mkdir(parents=True, exist_ok=True)
    train = write_rows(task_rows(settings.tasks, settings.grounding, True, "train"), out / "train.parquet")
    val = (write_rows(task_rows(settings.eval_tasks, settings.grounding, False, "val"), out / "val.parquet")
           if settings.eval_tasks else None)
    loops = out / "agent_loops.yaml"
    loops.write_text(agent_loop_config(settings), encoding="utf-8")
    command = [python, "-m", "verl.trainer.main_ppo", *verl_overrides(settings, train, val, loops)]
    (out / "command.json").write_text(json.dumps(command, indent=1) + "\n", encoding="utf-8")
    return command
