"""The greedy choice under a grammar, checking one token first: the tokens the chain chooses."""

from __future__ import annotations

from pathlib import Path

import pytest

from judgedesk.core.judge.local_decode import BatchDecoder
from tests.support.local_projects import QUESTIONS

SCHEMA = {
    "type": "object",
    "properties": {
        "reasoning": {"type": "string"},
        "verdict": {"type": "integer", "minimum": 1, "maximum": 10},
    },
    "required": ["reasoning", "verdict"],
}


@pytest.mark.timeout(600)
def test_greedy_replies_under_a_grammar_are_those_of_llama_cpp_pythons_chain(
    model_file: Path,
) -> None:
    from llama_cpp import Llama

    model = Llama(model_path=str(model_file), n_ctx=1024, verbose=False)
    decoder = BatchDecoder(model, 2, 1024)
    options = {
        "temperature": 0,
        "max_tokens": 60,
        "repeat_penalty": 1.1,
        "response_format": {"type": "json_object", "schema": SCHEMA},
    }
    asked = []
    for index, (question, reference, answer) in enumerate(QUESTIONS[:4]):
        messages = [
            {"role": "system", "content": "You judge answers. Reply in JSON."},
            {"role": "user", "content": f"{question}\nReference: {reference}\nAnswer: {answer}"},
        ]
        asked.append(messages)
        assert decoder.submit(index, messages, options) == ""
    answers: dict[int, str] = {}
    while decoder.busy:
        decoder.step(lambda m: answers.update({m["id"]: m["completion"]["choices"][0]}))
    decoder.close()
    for index, messages in enumerate(asked):
        alone = model.create_chat_completion(messages=messages, **options)
        # The chain asks the grammar about every token, the decoder about the best first:
        # both choose the same tokens.
        assert answers[index]["message"]["content"] == alone["choices"][0]["message"]["content"]
