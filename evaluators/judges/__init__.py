"""Judges for the metrics of DESIGN §7: LLM judges (any OpenAI-compatible endpoint)
and the offline reference guide judge."""
