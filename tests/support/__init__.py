"""Helpers shared by tests and benchmarks (a fake OpenAI-compatible judge server)."""
