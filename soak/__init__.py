"""`make soak`: reliability and security under faults, hostile input and load.

Each section module exposes `async def run(scale: Scale) -> Section`; `python -m
soak.run` runs them all at the soak scale and writes RELIABILITY.md. The test
suite (tests/reliability/) runs the same sections at the test scale.
"""
