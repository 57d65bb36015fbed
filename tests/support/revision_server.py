"""A test server that judges and, asked for a revision, replies with a revised template.

Its fixtures (``reviser``, ``revision_server``) reach every test through ``tests/conftest.py``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.core.test_calibrate_cli import reply as score_reply
from tests.support.fake_openai import FakeOpenAI

ASKED = "Revise the template"
REVISED = (
    "Judge item: {{ data.question }}\nAnswer: {{ response.content }}\n"
    "Score as the reviewers do: the answer's number is the score.\nScore: [[n]]\n"
)


class Reviser:
    """The test server's replies: the judges score; the revision request gets ``text``."""

    def __init__(self) -> None:
        self.text = f"Here it is.\n```jinja\n{REVISED}```\nI said how to score."

    def __call__(self, body: dict[str, Any]) -> str:
        if ASKED in body["messages"][-1]["content"]:
            return self.text
        return score_reply(body)


@pytest.fixture
def reviser() -> Reviser:
    return Reviser()


@pytest.fixture
def revision_server(reviser: Reviser) -> Iterator[FakeOpenAI]:
    with FakeOpenAI(reply=reviser) as fake:
        yield fake
