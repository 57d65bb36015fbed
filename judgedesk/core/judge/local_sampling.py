"""The greedy choice of a row's next token under a grammar, without checking every token.

At temperature 0, ``llama_cpp.Llama`` samples through a chain of penalties, the grammar and
the greedy choice: the grammar is asked about each of the vocabulary's tokens (tens of
thousands) at every step, which takes a small model longer than decoding the token. Yet the
most likely token after the penalties is the greedy choice under the grammar whenever the
grammar allows it, as it mostly does (the model writes what the grammar expects). So the
grammar is asked about that token alone, and about the whole vocabulary only when it
refuses: the same token, token for token, as the chain chooses (llama.cpp's own sampling
helper does likewise). Runs inside the model-file worker only.
"""

from __future__ import annotations

import ctypes
import importlib
from typing import Any

__all__ = ["GreedyUnderGrammar"]


class GreedyUnderGrammar:
    """One row's sampler: the penalties, then the greedy choice the grammar allows.

    Args:
        model: the loaded ``llama_cpp.Llama``.
        grammar: the request's ``LlamaGrammar``.
        repeat_penalty, frequency_penalty, presence_penalty: as ``Llama`` takes them.
    """

    def __init__(
        self,
        model: Any,
        grammar: Any,
        *,
        repeat_penalty: float = 1.0,
        frequency_penalty: float = 0.0,
        presence_penalty: float = 0.0,
    ) -> None:
        import numpy as np

        llama_cpp: Any = importlib.import_module("llama_cpp")
        self._llama_cpp = llama_cpp
        n_vocab = int(model.n_vocab())
        self._penalties = llama_cpp.llama_sampler_init_penalties(
            n_vocab,
            model.last_n_tokens_size,
            repeat_penalty,
            frequency_penalty,
            presence_penalty,
        )
        self._grammar = llama_cpp.llama_sampler_init_grammar(
            model._model.vocab, grammar._grammar.encode("utf-8"), grammar._root.encode("utf-8")
        )
        # The candidates as llama.cpp reads them: every token with its logit, in id order.
        self._data = (llama_cpp.llama_token_data * n_vocab)()
        self._view = np.ctypeslib.as_array(self._data).view(
            np.dtype([("id", np.intc), ("logit", np.single), ("p", np.single)], align=True)
        )
        self._view["id"] = np.arange(n_vocab, dtype=np.intc)
        self._all = llama_cpp.llama_token_data_array(
            data=self._data, size=n_vocab, selected=-1, sorted=False
        )
        self._one_data = (llama_cpp.llama_token_data * 1)()
        self._one = llama_cpp.llama_token_data_array(
            data=self._one_data, size=1, selected=-1, sorted=False
        )
        self._n_vocab = n_vocab
        # The penalties lower the logits of at most the last ``last_n`` tokens written, and
        # only lower them: so the best token after them is among the ``last_n + 1`` best
        # before them, which are all that needs penalising (none is lowered when the
        # penalties are set to raise logits: then every token is).
        lowers = repeat_penalty >= 1 and frequency_penalty >= 0 and presence_penalty >= 0
        self._few = int(model.last_n_tokens_size) + 1 if lowers else 0
        if not 0 < self._few < n_vocab:
            self._few = 0
        # Room for the few, and for tokens tied with the last of them.
        self._some_data = (llama_cpp.llama_token_data * n_vocab)()
        self._some = llama_cpp.llama_token_data_array(
            data=self._some_data, size=0, selected=-1, sorted=False
        )
        self._some_view = np.ctypeslib.as_array(self._some_data).view(self._view.dtype)
        self._floor = 0.0

    def _best_after_penalties(self, raw: Any) -> tuple[int, float]:
        """The greedy choice after the penalties, and its logit, from the few best."""
        import numpy as np

        cut = self._n_vocab - self._few
        self._floor = float(raw[np.argpartition(raw, cut)[cut:]].min())
        ids = np.flatnonzero(raw >= self._floor)  # in id order, as greedy breaks ties
        some = self._some_view[: len(ids)]
        some["id"], some["logit"] = ids, raw[ids]
        self._some.size, self._some.selected, self._some.sorted = len(ids), -1, False
        self._llama_cpp.llama_sampler_apply(self._penalties, ctypes.byref(self._some))
        best = int(np.argmax(some["logit"]))
        return int(ids[best]), float(some["logit"][best])

    def _best_allowed_of_few(self) -> int | None:
        """The grammar's greedy choice among the few, when it is surely the choice among
        all: a token left out had a logit under the few's lowest before any penalty."""
        import numpy as np

        self._llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(self._some))
        some = self._some_view[: self._some.size]
        best = int(np.argmax(some["logit"]))
        if float(some["logit"][best]) >= self._floor:
            return int(some["id"][best])
        return None

    def _best_of_all(self, raw: Any, grammar: bool) -> int:
        """The greedy choice over every token after the penalties (and the grammar)."""
        import numpy as np

        view = self._view
        view["logit"] = raw
        self._all.size, self._all.selected, self._all.sorted = self._n_vocab, -1, False
        self._llama_cpp.llama_sampler_apply(self._penalties, ctypes.byref(self._all))
        if grammar:
            # The grammar marks every token it refuses, and the best one left wins.
            self._llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(self._all))
        return int(np.argmax(view["logit"]))

    def sample(self, ctx: Any, index: int) -> int:
        """The token chosen from the logits at batch position ``index`` (taken as chosen)."""
        import numpy as np

        llama_cpp = self._llama_cpp
        logits = llama_cpp.llama_get_logits_ith(ctx.ctx, index)
        raw = np.ctypeslib.as_array(logits, shape=(self._n_vocab,))
        if self._few:
            token, logit = self._best_after_penalties(raw)
        else:
            token = self._best_of_all(raw, grammar=False)
            logit = float(self._view["logit"][token])
        one = self._one_data[0]
        one.id, one.logit, one.p = token, logit, 0.0
        self._one.size, self._one.selected, self._one.sorted = 1, -1, False
        llama_cpp.llama_sampler_apply(self._grammar, ctypes.byref(self._one))
        if one.logit == float("-inf"):
            allowed = self._best_allowed_of_few() if self._few else None
            token = self._best_of_all(raw, grammar=True) if allowed is None else allowed
        llama_cpp.llama_sampler_accept(self._penalties, token)
        llama_cpp.llama_sampler_accept(self._grammar, token)
        return token

    def close(self) -> None:
        for sampler in (self._penalties, self._grammar):
            if sampler is not None:
                self._llama_cpp.llama_sampler_free(sampler)
        self._penalties = self._grammar = None
