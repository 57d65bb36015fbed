"""Several chat requests decoded together on one llama.cpp context (the model-file worker's engine).

One model, one context with room for ``parallel`` sequences (each ``context_size`` tokens),
fed by the plan of ``local_batch``. A request is turned into tokens, stop texts and a
grammar by the model's own chat handler (the one ``Llama.create_chat_completion`` calls), so
its prompt is the one a request decoded alone gets; each sequence has its own sampler,
built as ``Llama`` builds it (penalties, grammar, greedy at temperature 0, else top-k/p,
min-p, temperature and the request's seed). Runs inside the worker process only; imports
nothing of JudgeDesk's but the plan.
"""

from __future__ import annotations

import importlib
import math
import random
import time
import uuid
from collections.abc import Callable
from typing import Any

from judgedesk.core.judge.local_batch import Job, Piece, Planner, Writing
from judgedesk.core.judge.local_sampling import GreedyUnderGrammar

__all__ = ["TOP_LOGPROBS", "BatchDecoder", "Captured"]

TOP_LOGPROBS = 20
"""Alternatives given for each written token when a request asks for ``logprobs``."""
_SAMPLING = (
    "top_k",
    "top_p",
    "min_p",
    "typical_p",
    "repeat_penalty",
    "frequency_penalty",
    "presence_penalty",
    "tfs_z",
    "mirostat_mode",
    "mirostat_tau",
    "mirostat_eta",
    "grammar",
)

Send = Callable[[dict[str, Any]], None]


class Captured(Exception):
    """Raised instead of generating: what the chat handler would have asked the model."""

    def __init__(self, arguments: dict[str, Any]) -> None:
        super().__init__("captured")
        self.arguments = arguments


class _Capture:
    """The model as the chat handler sees it, except that completing raises
    :class:`Captured` with the handler's arguments (the tokens, stop texts, grammar)."""

    def __init__(self, model: Any) -> None:
        self._model = model

    def __getattr__(self, name: str) -> Any:
        return getattr(self._model, name)

    def create_completion(self, **arguments: Any) -> Any:
        raise Captured(arguments)


class BatchDecoder:
    """Decodes the requests submitted to it together, in ``parallel`` sequences.

    Args:
        model: a loaded ``llama_cpp.Llama`` (its own context is not used).
        parallel: sequences decoded together.
        context_size: tokens each sequence may hold (prompt and reply).
        unified: one memory buffer for every sequence instead of one each; replies then
            differ from those decoded alone where llama.cpp's arithmetic differs (off:
            each reply is the one decoded alone).

    Raises:
        RuntimeError: llama.cpp could not make the context (too little memory, a model
            that cannot hold several sequences).
    """

    def __init__(
        self, model: Any, parallel: int, context_size: int, *, unified: bool = False
    ) -> None:
        # Typed as Any: llama-cpp-python is optional, and its stubs do not cover the
        # fields of the C structures set here.
        llama_cpp: Any = importlib.import_module("llama_cpp")
        _internals: Any = importlib.import_module("llama_cpp._internals")

        self._llama_cpp, self.model = llama_cpp, model
        self.parallel, self.context_size = parallel, context_size
        params = llama_cpp.llama_context_default_params()
        for name, _ in llama_cpp.llama_context_params._fields_:
            setattr(params, name, getattr(model.context_params, name))
        params.n_ctx = context_size * parallel
        params.n_seq_max = parallel
        # Steps of several tokens (the rows' next tokens, prompts) use every core, as
        # llama.cpp's batches do (``n_threads_batch``): they are what keeps them busy.
        # A buffer for each sequence keeps every row's cells where they would be decoded
        # alone, so a reply is the one decoded alone, token for token (in one shared
        # buffer the cells sit elsewhere, attention sums in another order, and a small
        # model's greedy choice flips).
        params.kv_unified = self.unified = unified
        self.budget = max(int(params.n_batch), parallel)
        try:
            self._ctx = _internals.LlamaContext(model=model._model, params=params, verbose=False)
        except Exception as exc:
            raise RuntimeError(str(exc)) from None
        self._memory = llama_cpp.llama_get_memory(self._ctx.ctx)
        self._batch = _internals.LlamaBatch(
            n_tokens=self.budget, embd=0, n_seq_max=1, verbose=False
        )
        self.planner = Planner(parallel, self.budget)
        self._vocab = model._model.vocab
        self._n_vocab = model.n_vocab()
        self.written = 0  # tokens written since the last speed reading
        self._speed_since = time.monotonic()
        self.speed = 0.0

    def close(self) -> None:
        self._batch.close()
        self._ctx.close()

    # --- requests ------------------------------------------------------------------------

    def arguments(self, messages: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
        """What ``create_chat_completion`` would ask of the model for this request."""
        llama_chat_format: Any = importlib.import_module("llama_cpp.llama_chat_format")

        model = self.model
        handler = (
            model.chat_handler
            or model._chat_handlers.get(model.chat_format)
            or llama_chat_format.get_chat_completion_handler(model.chat_format)
        )
        try:
            handler(llama=_Capture(model), messages=messages, **options)
        except Captured as captured:
            return captured.arguments
        raise RuntimeError("the model's chat handler did not ask for a completion")

    def submit(
        self, request_id: int, messages: list[dict[str, Any]], options: dict[str, Any]
    ) -> str:
        """Queues a request; returns why it cannot be decoded ("" when it can)."""
        arguments = self.arguments(messages, options)
        prompt = list(arguments["prompt"])
        if len(prompt) >= self.context_size:
            return f"Requested tokens ({len(prompt)}) exceed context window of {self.context_size}"
        limit = arguments.get("max_tokens")
        room = self.context_size - len(prompt)
        limit = room if limit is None or limit <= 0 else min(int(limit), room)
        stop = arguments.get("stop") or []
        stops = [s.encode("utf-8") for s in ([stop] if isinstance(stop, str) else stop)]
        seed = arguments.get("seed")
        payload = {
            "stops": stops,
            "seed": random.randint(0, 2**32) if seed is None else int(seed),
            "temp": float(arguments.get("temperature", 0.8)),
            "sampling": {k: arguments[k] for k in _SAMPLING if k in arguments},
            "logprobs": arguments.get("logprobs"),
            "tokens": [],
            "started": time.monotonic(),
            "sampler": None,
        }
        self.planner.submit(Job(request_id, prompt, limit, payload))
        return ""

    @property
    def busy(self) -> bool:
        return self.planner.busy

    def in_flight(self) -> list[Writing]:
        return list(self.planner.running.values())

    # --- decoding --------------------------------------------------------------------------

    def _start(self, row: Writing) -> None:
        mem, seq, llama_cpp = self._memory, row.seq, self._llama_cpp
        if row.shared_from >= 0 and self.unified:
            llama_cpp.llama_memory_seq_rm(mem, seq, -1, -1)
            llama_cpp.llama_memory_seq_cp(mem, row.shared_from, seq, 0, row.pos)
        elif row.shared_from >= 0:
            # Each sequence has a buffer of its own, which llama.cpp copies whole (before
            # the next step): the copied cells sit where the source's sat, so the row's
            # arithmetic is that of a row whose prompt was evaluated here. Then the part
            # beyond the start both share is dropped.
            llama_cpp.llama_memory_seq_cp(mem, row.shared_from, seq, 0, -1)
            llama_cpp.llama_memory_seq_rm(mem, seq, row.pos, -1)
        elif not llama_cpp.llama_memory_seq_rm(mem, seq, row.pos, -1):
            # A memory that cannot drop part of a sequence: the prompt is fed whole.
            llama_cpp.llama_memory_seq_rm(mem, seq, -1, -1)
            row.pos = 0
        payload = row.job.payload
        sampling = payload["sampling"]
        if payload["temp"] == 0 and sampling.get("grammar") is not None:
            payload["sampler"] = GreedyUnderGrammar(
                self.model,
                sampling["grammar"],
                repeat_penalty=sampling.get("repeat_penalty", 1.0),
                frequency_penalty=sampling.get("frequency_penalty", 0.0),
                presence_penalty=sampling.get("presence_penalty", 0.0),
            )
            return
        self.model.set_seed(payload["seed"])
        payload["sampler"] = self.model._init_sampler(temp=payload["temp"], **sampling)

    def _end(self, row: Writing, *, failed: bool = False) -> None:
        # A finished row's prompt stays in its sequence for the next row to reuse.
        self.planner.finish(row.seq, keep=not failed)
        if failed:
            self._llama_cpp.llama_memory_seq_rm(self._memory, row.seq, -1, -1)
        sampler = row.job.payload.get("sampler")
        if sampler is not None:
            sampler.close()

    def step(self, send: Send) -> None:
        """Starts waiting requests in free sequences and decodes one step; each request
        that finishes is answered through ``send``."""
        copied = set()
        for row in self.planner.admit():
            self._start(row)
            if row.shared_from >= 0 and not self.unified:
                copied.add(row.seq)
        pieces = self.planner.plan()
        if copied:
            # llama.cpp copies a buffer during the next step, where a row decoded beside
            # the copy may see it half made: that step decodes the copies' prompts alone.
            pieces = [piece for piece in pieces if piece.seq in copied]
        if not pieces:
            return
        batch = self._batch.batch
        index = 0
        sample_at: list[tuple[Piece, int]] = []
        for piece in pieces:
            for offset, token in enumerate(piece.tokens):
                batch.token[index] = token
                batch.pos[index] = piece.start + offset
                batch.n_seq_id[index] = 1
                batch.seq_id[index][0] = piece.seq
                last = offset == len(piece.tokens) - 1
                batch.logits[index] = piece.logits and last
                index += 1
            if piece.logits:
                sample_at.append((piece, index - 1))
        batch.n_tokens = index
        code = self._llama_cpp.llama_decode(self._ctx.ctx, batch)
        if code != 0:
            # The step's rows cannot go on (their memory is in doubt); the others can.
            for piece in pieces:
                failed = self.planner.running.get(piece.seq)
                if failed is not None:
                    self._end(failed, failed=True)
                    send(self._error(failed, f"llama.cpp could not decode it (code {code})"))
            return
        self.planner.fed(pieces)
        rows = [(self.planner.running[piece.seq], at) for piece, at in sample_at]
        tops = {row.seq: self._top(at) for row, at in rows if row.job.payload["logprobs"]}
        # The rows' samplers take turns: with the grammar asked about one token first
        # (``local_sampling``), sampling is a small part of a step, and threads sharing the
        # cores with it measured slower.
        for row, at in rows:
            chosen = int(row.job.payload["sampler"].sample(self._ctx, at))
            self._take(row, chosen, tops.get(row.seq), send)

    def _take(self, row: Writing, token: int, top: tuple[Any, float] | None, send: Send) -> None:
        payload = row.job.payload
        self.written += 1
        done = row.accept(
            token,
            is_end=lambda t: bool(self._llama_cpp.llama_vocab_is_eog(self._vocab, t)),
            detokenize=lambda tokens, prev: bytes(self.model.detokenize(tokens, prev_tokens=prev)),
            stops=payload["stops"],
        )
        if top is not None and not self._llama_cpp.llama_vocab_is_eog(self._vocab, token):
            payload["tokens"].append(self._entry(token, *top))
        if done:
            self._end(row)
            send(self._reply(row))

    # --- probabilities ---------------------------------------------------------------------

    def _top(self, at: int) -> tuple[Any, float]:
        """The logits at batch index ``at`` (a copy) and the log of their softmax's sum."""
        import numpy as np

        logits = self._llama_cpp.llama_get_logits_ith(self._ctx.ctx, at)
        values = np.ctypeslib.as_array(logits, shape=(self._n_vocab,)).astype(np.float64)
        peak = float(values.max())
        return values, peak + math.log(float(np.exp(values - peak).sum()))

    def _piece(self, token: int) -> str:
        return bytes(self.model.detokenize([token])).decode("utf-8", "replace")

    def _entry(self, token: int, values: Any, log_total: float) -> dict[str, Any]:
        """A written token in the shape of an OpenAI reply's ``logprobs.content``: its
        log-probability and the ``TOP_LOGPROBS`` most likely tokens' (log-softmax of the
        logits, before the sampler's penalties and grammar, as llama.cpp's server gives)."""
        import numpy as np

        best = np.argpartition(-values, TOP_LOGPROBS)[:TOP_LOGPROBS]
        best = best[np.argsort(-values[best])]
        return {
            "token": self._piece(token),
            "logprob": float(values[token] - log_total),
            "top_logprobs": [
                {"token": self._piece(int(t)), "logprob": float(values[t] - log_total)}
                for t in best
            ],
        }

    # --- answers ---------------------------------------------------------------------------

    def _error(self, row: Writing, message: str) -> dict[str, Any]:
        return {"op": "error", "id": row.job.id, "error": message}

    def _reply(self, row: Writing) -> dict[str, Any]:
        payload = row.job.payload
        seconds = time.monotonic() - payload["started"]
        text = row.text.decode("utf-8", errors="ignore")
        prompt_tokens, written = len(row.job.prompt), len(row.written)
        choice: dict[str, Any] = {
            "index": 0,
            "message": {"role": "assistant", "content": text},
            "logprobs": {"content": payload["tokens"]} if payload["logprobs"] else None,
            "finish_reason": row.finish_reason,
        }
        completion = {
            "id": f"chatcmpl-{uuid.uuid4()}",
            "object": "chat.completion",
            "created": int(time.time()),
            "model": self.model.model_path,
            "choices": [choice],
            "usage": {
                "prompt_tokens": prompt_tokens,
                "completion_tokens": written,
                "total_tokens": prompt_tokens + written,
            },
        }
        return {"op": "reply", "id": row.job.id, "completion": completion, "seconds": seconds}

    def measure(self) -> float:
        """Tokens a second written by all sequences together since the last call."""
        now = time.monotonic()
        if now - self._speed_since > 0:
            self.speed = self.written / (now - self._speed_since)
        self.written, self._speed_since = 0, now
        return self.speed
