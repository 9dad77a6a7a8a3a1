"""`mag train data|sft|grpo` end to end on a tiny Qwen3.5: the dataset from a real gold run,
LoRA SFT saved as a merged model, then one GRPO round from that model with a gold expert;
and clear errors for bad input."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("datasets")
pytest.importorskip("transformers")
pytest.importorskip("peft")


def mag(*args: str, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mag_mcp.cli", *args], capture_output=True, text=True,
                          timeout=timeout, stdin=subprocess.DEVNULL, check=False)


def test_data_sft_grpo_chain(gold_run: Path, tmp_path: Path) -> None:
    data, sft, grpo = tmp_path / "data", tmp_path / "sft", tmp_path / "grpo"
    p = mag("train", "data", str(gold_run), "--out", str(data))
    assert p.returncode == 0, p.stderr[-2000:]
    assert "som" in p.stdout and "coord" in p.stdout and (data / "dataset_info.json").exists()

    p = mag("train", "sft", "--data", str(data), "--model", "tiny:qwen3.5", "--out", str(sft), "--steps", "4",
            "--lr", "3e-3", "--lora", "--lora-r", "4")
    assert p.returncode == 0, p.stderr[-2000:]
    assert "SFT: 4 steps" in " ".join(p.stdout.split())
    assert len((sft / "log.jsonl").read_text().splitlines()) == 4
    config = json.loads((sft / "config.json").read_text())
    assert config["model_type"] == "qwen3_5"
    assert not (sft / "adapter_config.json").exists()  # merged: a full model, loadable by anyone

    p = mag("train", "grpo", "--model", str(sft), "--out", str(grpo), "--tasks", "shopping-price-1",
            "--experts", str(gold_run), "--G", "2", "--rounds", "1", "--max-new-tokens", "16", "--lr", "1e-3")
    assert p.returncode == 0, p.stderr[-2000:]
    (line,) = [json.loads(x) for x in (grpo / "metrics.jsonl").read_text().splitlines()]
    assert line["groups_kept"] == 1 and line["n_off_policy"] > 0 and line["n_on_policy"] > 0
    assert (grpo / "round_1" / "model.safetensors").exists()


@pytest.mark.parametrize(("args", "message"), [
    (("data", "/nonexistent/run"), "no run directory"),
    (("sft", "--data", "/nonexistent/ds", "--model", "tiny:qwen3.5", "--out", "/tmp/x"), "no dataset"),
    (("grpo", "--model", "tiny:qwen9", "--out", "/tmp/x", "--tasks", "shopping-price-1"), "unknown tiny family"),
    (("grpo", "--model", "tiny:qwen3.5", "--out", "/tmp/x", "--tasks", "nosuchsite"), "nosuchsite"),
    (("grpo", "--model", "tiny:qwen3.5", "--out", "/tmp/x", "--grounding", "pixels"), "som or coord"),
    (("grpo", "--model", "tiny:qwen3.5", "--out", "/tmp/x", "--eval-rounds", "five"), "--eval-rounds"),
])
def test_clear_errors(args: tuple[str, ...], message: str) -> None:
    p = mag("train", *args, timeout=120)
    assert p.returncode == 2 and message in p.stderr and "Traceback" not in p.stderr, p.stderr[-1500:]
