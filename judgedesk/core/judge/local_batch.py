"""Which tokens of which rows go into the next decoding step, when a model decodes several rows.

A model-file worker with room for N sequences (``parallel``) decodes the rows it is given
together: each step feeds every row that is writing its last token, then fills what is left
of the step's budget with the prompts of rows just started. A row that finishes frees its
sequence at once, and the next waiting row takes it (continuous batching). A row reuses
the start of its prompt that the sequence's last row left in memory (a judge's prompts
begin alike: the system prompt and the template's fixed head), as ``llama_cpp.Llama`` does
from one completion to the next. With ``share``, rows whose prompts begin alike also reuse
the evaluated start of another sequence's prompt (the decoder asks for it only with one
memory buffer for all rows).

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
        # The prompt tokens each free sequence still holds from the row that held it last.
        self.kept: dict[int, list[int]] = {}

    @property
    def busy(self) -> bool:
        """Whether any row waits or is being decoded."""
        return bool(self.waiting or self.running)

    def submit(self, job: Job) -> None:
        self.waiting.append(job)

    def admit(self) -> list[Writing]:
        """Gives free sequences to the rows that wait longest; returns the rows started.

        A row takes the free sequence whose kept prompt shares the longest start with its
        own, and ``pos`` is set past that start (the decoder removes the rest of the
        sequence's memory before the step). With ``share``, it copies instead the start it
        shares with another sequence's evaluated prompt (a row's being decoded, or one a
        free sequence keeps) when that is longer by at least ``MIN_SHARED`` tokens:
        ``shared_from`` names the source, which the decoder copies before the step. A row
        whose start another row is about to evaluate waits for it (rows keep their order),
        so a judge's first rows evaluate the prompts' common head once, not once each.
        """
        started: list[Writing] = []
        while self.waiting:
            free = [seq for seq in range(self.slots) if seq not in self.running]
            if not free:
                break
            job = self.waiting[0]
            reuse = {seq: self._reusable(self.kept.get(seq, []), job.prompt) for seq in free}
            seq = max(free, key=lambda s: (reuse[s], -s))
            row = Writing(seq, job, pos=reuse[seq])
            if self.share:
                self._share(row)
                if self._soon_shared(row):
                    break
            self.waiting.popleft()
            self.kept.pop(seq, None)
            self.running[seq] = row
            started.append(row)
        return started

    @staticmethod
    def _reusable(kept: Sequence[int], prompt: Sequence[int]) -> int:
        # The last prompt token is always evaluated again, for the logits the reply's
        # first token comes from.
        return min(shared_prefix(kept, prompt), len(prompt) - 1)

    def _share(self, row: Writing) -> None:
        """Points ``row`` at the sequence holding the longest evaluated start it shares."""
        # Only tokens already in a sequence's memory can be copied.
        sources = [
            (other.seq, other.job.prompt[: min(other.pos, len(other.job.prompt))])
            for other in self.running.values()
        ]
        sources += [(seq, kept) for seq, kept in self.kept.items() if seq != row.seq]
        best, source = row.pos, -1
        for seq, evaluated in sources:
            length = self._reusable(evaluated, row.job.prompt)
            if length > best:
                best, source = length, seq
        if source >= 0 and best - row.pos >= MIN_SHARED:
            row.pos, row.shared_from = best, source

    def _soon_shared(self, row: Writing) -> bool:
        """Whether a row being decoded will soon have evaluated a longer start of ``row``'s
        prompt (by ``MIN_SHARED`` tokens or more) than ``row`` can reuse now."""
        for other in self.running.values():
            could = self._reusable(other.job.prompt, row.job.prompt)
            if other.pos < could and could - row.pos >= MIN_SHARED:
                return True
        return False

    def plan(self) -> list[Piece]:
        """The next step: the prompts not fed yet, within the budget; else each writing
        row's last token."""
        pieces: list[Piece] = []
        left = self.budget
        # Prompts are decoded in steps of their own: llama.cpp splits a step that mixes a
        # prompt with other rows' single tokens into pieces of equal length, so the
        # prompt's arithmetic would no longer be that of a prompt decoded alone.
        prompts = any(not row.prompt_done for row in self.running.values())
        for row in self.running.values():
            if row.prompt_done and row.last is not None and not prompts:
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
        # In the order of their sequences: llama.cpp decodes a step whose sequences come
        # out of order in several parts, one after the other, each far slower per token.
        return sorted(pieces, key=lambda piece: piece.seq)

    def fed(self, pieces: Sequence[Piece]) -> None:
        """Records that a step's pieces are in the sequences' memory."""
        for piece in pieces:
            row = self.running.get(piece.seq)
            if row is not None:
                row.pos = piece.start + len(piece.tokens)
                if row.prompt_done:
                    row.last = None  # fed; the step's sample sets the next one

    def finish(self, seq: int, *, keep: bool = True) -> Writing | None:
        """Frees a row's sequence (finished, failed); the next waiting row may take it.

        With ``keep``, the row's evaluated prompt stays in the sequence's memory for the
        next row to reuse; without it (a failed step: its memory is in doubt) the decoder
        clears the sequence.
        """
        row = self.running.pop(seq, None)
        if row is not None and keep:
            self.kept[seq] = row.job.prompt[: min(row.pos, len(row.job.prompt))]
        return row
