#!/usr/bin/env bash
# Smoke run of SFT + one GRPO-like round on a random ~2B Qwen3.5 (the 9B's architecture), on one GPU.
# Installs nothing: it checks that the repository's dependencies are importable and that a
# GPU is visible, says clearly what is missing, then runs training.smoke under `timeout 480`.
# Usage (from anywhere): bash training/scripts/gpu_smoke.sh [extra training.smoke args, e.g. --lora,
#   --family qwen2.5-vl]
# Result: smoke.json in the repository root (and printed).
set -u
cd "$(dirname "$0")/../.." || exit 1
PY="${PYTHON:-python}"

missing=0
for mod in torch transformers peft accelerate tokenizers PIL pydantic mag_mcp training; do
  if ! "$PY" -c "import $mod" >/dev/null 2>&1; then
    echo "MISSING: python module '$mod' is not importable with $PY" >&2
    missing=1
  fi
done
if [ "$missing" -ne 0 ]; then
  echo "Install the repository and its training dependencies first (nothing is installed by this script)." >&2
  exit 2
fi
if ! "$PY" -c "import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)"; then
  echo "MISSING: no CUDA device visible to torch" >&2
  exit 3
fi
"$PY" -c "import sys, torch, transformers, peft; print('python', sys.version.split()[0], '| torch', torch.__version__, '| transformers', transformers.__version__, '| peft', peft.__version__, '|', torch.cuda.get_device_name(0))"

timeout 480 "$PY" -m training.smoke --device cuda --preset 1.5b --out smoke.json "$@"
rc=$?
if [ "$rc" -eq 124 ]; then
  echo "TIMEOUT: the smoke run took longer than 480 s" >&2
fi
exit "$rc"
