"""Which tokens of which rows go into the next decoding step, when a model decodes several rows.

A model-file worker with room for N sequences (``parallel``) decodes the rows it is given
together: each step feeds every row that is writing its last token, then fills what is left
of the step's budget with the prompts of rows just started. A row that finishes frees its
sequence at once, and the next waiting row takes it (continuous batching). With ``share``,
rows whose prompts begin alike reuse the evaluated start of another row's prompt instead of
computing it again (the decoder asks for it only with one memory buffer for all rows).

This module holds the plan only (plain Python, no llama.cpp), so it is tested without a
model; ``local_decode`` runs it on llama.cpp. A row ends as ``llama_cpp.Llama``'s own
completion ends (end of generation, a stop text, ``max_tokens``), with the same text, so a
row decoded together with others reads as one decoded alone.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Job", "Piece", "Planner", "Writing", "shared_prefix"]

MIN_SHARED = 16
"""The fewest prompt tokens worth copying from another row instead of evaluating them."""


@dataclass
class Job:
    """One chat request waiting for, or holding, a sequence.

    Attributes:
        id: the request's id in the worker's protocol.
        prompt: the prompt's tokens, formatted as the model's chat template does.
        max_tokens: the most tokens written (already cut to what the context leaves).
        payload: what the decoder keeps with the request (its sampler, stop texts, …).
    """

    id: int
    prompt: list[int]
    max_tokens: int
    payload: Any = None


@dataclass
class Writing:
    """A row being decoded in one sequence: where its prompt stands and what it wrote.

    Attributes:
        seq: the llama.cpp sequence id the row holds.
        job: its request.
        pos: how many of its tokens are in the sequence's memory.
        written: the tokens written (an end-of-generation token is not kept).
        last: the token sampled last and not yet fed; None while the prompt is fed.
        text: the reply's text once finished (bytes, as llama.cpp detokenizes).
        finish_reason: "stop" or "length" once finished, else "".
        shared_from: the sequence whose evaluated prompt start this row copied, or -1.
    """

    seq: int
    job: Job
    pos: int = 0
    written: list[int] = field(default_factory=list)
    last: int | None = None
    text: bytes = b""
    finish_reason: str = ""
    shared_from: int = -1
    _multibyte: int = 0

    @property
    def prompt_done(self) -> bool:
        return self.pos >= len(self.job.prompt)

    def accept(
        self,
        token: int,
        *,
        is_end: Callable[[int], bool],
        detokenize: Callable[[list[int], list[int]], bytes],
        stops: Sequence[bytes],
    ) -> bool:
        """Takes the token just sampled; True when the row is finished.

        The checks and their order are ``Llama._create_completion``'s: the end of
        generation, a part of a multi-byte character (which waits for the rest), a stop
        text (the reply ends before it), then ``max_tokens``.
        """
        prompt = self.job.prompt
        if is_end(token):
            self.text = detokenize(self.written, prompt)
            self.finish_reason = "stop"
            return True
        self.written.append(token)
        self.last = token
        everything = detokenize(self.written, prompt)
        for back, char in enumerate(everything[-3:]):
            back = 3 - back
            for length, pattern in ((2, 192), (3, 224), (4, 240)):
                if length > back and pattern & char == pattern:
                    self._multibyte = length - back
        if self._multibyte > 0:
            self._multibyte -= 1
            return False
        found = [stop for stop in stops if stop in everything]
        if found:
            self.text = everything[: everything.index(found[0])]
            self.finish_reason = "stop"
            return True
        if len(self.written) >= self.job.max_tokens:
            self.text = everything
            self.finish_reason = "length"
            return True
        return False


@dataclass(frozen=True)
class Piece:
    """Tokens of one sequence in a decoding step: ``tokens`` at positions from ``start``;
    ``logits`` when the step's last token of it is to be sampled from."""

    seq: int
    tokens: list[int]
    start: int
    logits: bool


def shared_prefix(a: Sequence[int], b: Sequence[int]) -> int:
    """How many tokens two prompts share at their start."""
    count = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        count += 1
    return count


class Planner:
    """Hands out sequences to waiting rows and plans each decoding step.

    Args:
        slots: sequences decoded together (``parallel``).
        budget: the most tokens in one step (the context's batch size).
        share: copy the evaluated start of another row's prompt when it is long enough.
    """

    def __init__(self, slots: int, budget: int, *, share: bool = True) -> None:
        if slots < 1 or budget < slots:
            raise ValueError(f"cannot plan {slots} sequences with a budget of {budget} tokens")
        self.slots, self.budget, self.share = slots, budget, share
        self.waiting: deque[Job] = deque()
        self.running: dict[int, Writing] = {}

    @property
    def busy(self) -> bool:
        """Whether any row waits or is being decoded."""
        return bool(self.waiting or self.running)

    def submit(self, job: Job) -> None:
        self.waiting.append(job)

    def admit(self) -> list[Writing]:
        """Gives free sequences to the rows that wait longest; returns the rows started.

        A row started next to one whose prompt is fed already (or being fed in the same
        step, ahead of it) copies the start both share, when it is at least
        ``MIN_SHARED`` tokens: ``shared_from`` names the source and ``pos`` is set past
        the copied tokens (the decoder copies them before the step).
        """
        started: list[Writing] = []
        free = [seq for seq in range(self.slots) if seq not in self.running]
        while free and self.waiting:
            row = Writing(free.pop(0), self.waiting.popleft())
            if self.share:
                self._share(row)
            self.running[row.seq] = row
            started.append(row)
        return started

    def _share(self, row: Writing) -> None:
        best, source = 0, -1
        for other in self.running.values():
            # Only tokens already in the other's memory can be copied; the last prompt
            # token is always evaluated again, for the logits the first token comes from.
            evaluated = min(other.pos, len(other.job.prompt))
            length = min(shared_prefix(row.job.prompt, other.job.prompt), evaluated)
            length = min(length, len(row.job.prompt) - 1)
            if length > best:
                best, source = length, other.seq
        if best >= MIN_SHARED:
            row.pos, row.shared_from = best, source

    def plan(self) -> list[Piece]:
        """The next step: each writing row's last token, then prompts, in the budget."""
        pieces: list[Piece] = []
        left = self.budget
        for row in self.running.values():
            if row.prompt_done and row.last is not None:
                pieces.append(Piece(row.seq, [row.last], row.pos, True))
                left -= 1
        for row in self.running.values():
            if row.prompt_done or left <= 0:
                continue
            prompt = row.job.prompt
            chunk = prompt[row.pos : row.pos + left]
            ends = row.pos + len(chunk) == len(prompt)
            pieces.append(Piece(row.seq, chunk, row.pos, ends))
            left -= len(chunk)
        return pieces

    def fed(self, pieces: Sequence[Piece]) -> None:
        """Records that a step's pieces are in the sequences' memory."""
        for piece in pieces:
            row = self.running.get(piece.seq)
            if row is not None:
                row.pos = piece.start + len(piece.tokens)
                if row.prompt_done:
                    row.last = None  # fed; the step's sample sets the next one

    def finish(self, seq: int) -> Writing | None:
        """Frees a row's sequence (finished, failed); the next waiting row may take it."""
        return self.running.pop(seq, None)
