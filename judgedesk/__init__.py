"""JudgeDesk: a desktop workbench for LLM-as-judge evaluation."""

__version__ = "0.1.0"
