"""Guides beyond the benchmark: recording demonstrations, annotating them into gold
trajectories (LLM drafts, human review, replay verification), and exporting successful
episodes as product tours."""
