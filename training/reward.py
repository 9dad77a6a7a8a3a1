"""The guide term of the GRPO reward: an episode's guide quality (GQ) as the
evaluation scores it, with the offline reference judge.

    reward = success + guide_weight * GQ      (grpo_math.rollout_reward)

The same scoring path as `mag score` (alignment to the gold steps, 0 for
non-compliant steps and leaking guides), so a trained model is rewarded for
exactly what the benchmark measures.
"""

from __future__ import annotations

from collections.abc import Callable

import anyio

from evaluators.run_data import EpisodeRecord


def reference_guide_scorer() -> Callable[[EpisodeRecord], float | None]:
    """A scorer for finished episodes (None for unfinished ones); loads the sentence model once."""
    from evaluators.judges.guide_reference import ReferenceGuideJudge
    from evaluators.scoring import ScoringSetup, score_episode

    setup = ScoringSetup(guide_judge=ReferenceGuideJudge(), concurrency=1)

    def score(ep: EpisodeRecord) -> float | None:
        if ep.outcome is None:
            return None

        async def go() -> float:
            return (await score_episode(ep, setup, anyio.Semaphore(1))).gq

        return anyio.run(go)

    return score
