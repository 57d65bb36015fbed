"""Decoding several rows together: the plan of each step, and how many rows fit (no model)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judgedesk.cli import main
from judgedesk.core.judge.gguf import memory_needed, read_model_file
from judgedesk.core.judge.local_batch import MIN_SHARED, Job, Piece, Planner, Writing
from judgedesk.core.judge.local_fit import choose_parallel, default_parallel
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import load_project
from tests.support.gguf_files import write_gguf

END = 0


def text_of(tokens: list[int], prompt: list[int]) -> bytes:
    return b"".join(bytes([96 + t]) for t in tokens)  # 1 → "a", 2 → "b", …


def take(row: Writing, token: int, stops: list[bytes] | None = None) -> bool:
    return row.accept(token, is_end=lambda t: t == END, detokenize=text_of, stops=stops or [])


def test_a_step_feeds_prompts_within_the_budget_then_the_writing_rows() -> None:
    planner = Planner(slots=2, budget=8, share=False)
    for index, length in enumerate((5, 6, 3)):
        planner.submit(Job(index, list(range(100, 100 + length)), 10))
    started = planner.admit()
    assert [r.job.id for r in started] == [0, 1] and len(planner.waiting) == 1
    first = planner.plan()
    # The first prompt whole (5 tokens, sampled at its end), then 3 of the second's 6.
    assert [(p.seq, len(p.tokens), p.start, p.logits) for p in first] == [
        (0, 5, 0, True),
        (1, 3, 0, False),
    ]
    planner.fed(first)
    assert take(planner.running[0], 7) is False  # row 0 writes its first token
    # A prompt is decoded in a step of its own, not beside the rows writing.
    second = planner.plan()
    assert [(p.seq, p.tokens, p.start, p.logits) for p in second] == [
        (1, [103, 104, 105], 3, True),
    ]
    planner.fed(second)
    assert take(planner.running[1], 8) is False
    assert [(p.seq, p.tokens, p.start) for p in planner.plan()] == [(0, [7], 5), (1, [8], 6)]


def test_a_finished_row_frees_its_sequence_for_the_next_at_once() -> None:
    planner = Planner(slots=2, budget=16, share=False)
    for index in range(3):
        planner.submit(Job(index, [100 + index, 200], 5 if index == 0 else 1))
    planner.admit()
    planner.fed(planner.plan())
    assert take(planner.running[0], 4) is False
    assert take(planner.running[1], 5) is True  # max_tokens 1: done
    finished = planner.finish(1)
    assert finished is not None and finished.text == b"e" and finished.finish_reason == "length"
    (started,) = planner.admit()
    assert (started.seq, started.job.id) == (1, 2)
    assert [p.seq for p in planner.plan()] == [1]  # row 2's prompt; row 0 waits a step


def test_a_row_ends_as_a_completion_alone_does() -> None:
    row = Writing(0, Job(1, [100], 10))
    assert not take(row, 1) and not take(row, 2)
    assert take(row, END) and (row.text, row.finish_reason) == (b"ab", "stop")
    stopped = Writing(0, Job(1, [100], 10))
    for token in (1, 2, 3):
        done = take(stopped, token, [b"bc"])
    assert done and (stopped.text, stopped.finish_reason) == (b"a", "stop")
    assert stopped.written == [1, 2, 3]  # counted as written, as llama.cpp counts them


def test_a_character_cut_across_tokens_waits_for_its_end() -> None:
    pieces = {1: b"a", 2: b"b", 3: "é".encode()[:1], 4: "é".encode()[1:]}

    def detokenize(tokens: list[int], prompt: list[int]) -> bytes:
        return b"".join(pieces[t] for t in tokens)

    row = Writing(0, Job(1, [100], 3))
    said = [row.accept(t, is_end=lambda t: False, detokenize=detokenize, stops=[]) for t in pieces]
    # The third token reaches max_tokens, but half a character is not a reply's end.
    assert said == [False, False, False, True]
    assert row.text.decode() == "abé" and len(row.written) == 4


def test_rows_beginning_alike_copy_the_evaluated_start() -> None:
    head = list(range(1000, 1000 + MIN_SHARED + 4))
    planner = Planner(slots=3, budget=512)
    planner.submit(Job(0, [*head, 1, 2, 3], 10))
    planner.admit()
    planner.fed(planner.plan())  # row 0's prompt is in memory now
    planner.submit(Job(1, [*head, 7, 8], 10))
    planner.submit(Job(2, [5, *head], 10))  # shares nothing at its start
    second, third = planner.admit()
    assert (second.shared_from, second.pos) == (0, len(head))
    assert (third.shared_from, third.pos) == (-1, 0)
    pieces = {p.seq: p for p in planner.plan()}
    assert pieces[second.seq].tokens == [7, 8] and pieces[second.seq].start == len(head)
    # A prompt that is all shared still evaluates its last token, for the first logits.
    planner.submit(Job(3, [*head, 1, 2, 3], 10))
    planner.finish(third.seq)
    (same,) = planner.admit()
    assert same.pos == len(head) + 2 and planner.plan()[-1].tokens == [3]


def test_a_sequence_keeps_its_last_prompt_for_the_next_row_to_reuse() -> None:
    head = [1000, 1001, 1002, 1003]
    planner = Planner(slots=1, budget=64, share=False)
    planner.submit(Job(0, [*head, 1, 2], 5))
    (first,) = planner.admit()
    planner.fed(planner.plan())
    planner.finish(first.seq)
    assert planner.kept[first.seq] == [*head, 1, 2]
    planner.submit(Job(1, [*head, 7, 8, 9], 5))
    (second,) = planner.admit()
    # Only the part after the common start is fed; the memory keeps the rest.
    assert (second.seq, second.pos, second.shared_from) == (first.seq, len(head), -1)
    assert planner.plan() == [Piece(second.seq, [7, 8, 9], len(head), True)]
    assert first.seq not in planner.kept  # the sequence holds the new row now


def test_a_prompt_equal_to_the_kept_one_feeds_its_last_token_again() -> None:
    planner = Planner(slots=1, budget=64, share=False)
    planner.submit(Job(0, [4, 5, 6], 5))
    (first,) = planner.admit()
    planner.fed(planner.plan())
    planner.finish(first.seq)
    planner.submit(Job(1, [4, 5, 6], 5))
    (again,) = planner.admit()
    assert again.pos == 2 and planner.plan() == [Piece(again.seq, [6], 2, True)]


def test_a_row_takes_the_free_sequence_holding_the_longest_common_start() -> None:
    planner = Planner(slots=3, budget=64, share=False)
    for index, prompt in enumerate(([9, 9, 9], [1, 2, 3, 4], [1, 2, 5])):
        planner.submit(Job(index, prompt, 5))
    rows = planner.admit()
    planner.fed(planner.plan())
    for row in rows:
        planner.finish(row.seq)
    planner.submit(Job(3, [1, 2, 3, 7], 5))
    (row,) = planner.admit()
    assert (row.seq, row.pos) == (rows[1].seq, 3)


def test_a_failed_rows_memory_is_not_reused() -> None:
    planner = Planner(slots=1, budget=64, share=False)
    planner.submit(Job(0, [1, 2, 3], 5))
    (first,) = planner.admit()
    planner.fed(planner.plan())
    planner.finish(first.seq, keep=False)
    planner.submit(Job(1, [1, 2, 3, 4], 5))
    (second,) = planner.admit()
    assert second.pos == 0


def test_a_prompt_not_fed_whole_leaves_only_what_was_fed() -> None:
    planner = Planner(slots=1, budget=2, share=False)
    planner.submit(Job(0, [1, 2, 3, 4], 5))
    (first,) = planner.admit()
    planner.fed(planner.plan())  # two of its four tokens, then it is stopped
    planner.finish(first.seq)
    assert planner.kept[first.seq] == [1, 2]


def test_the_first_rows_wait_for_the_common_head_to_be_evaluated_once() -> None:
    head = list(range(1000, 1000 + MIN_SHARED + 4))
    planner = Planner(slots=3, budget=512)
    for index in range(3):
        planner.submit(Job(index, [*head, index + 1], 10))
    (first,) = planner.admit()  # the others would evaluate the same head again
    assert planner.plan() == [Piece(first.seq, [*head, 1], 0, True)]
    planner.fed(planner.plan())
    second, third = planner.admit()
    assert {second.shared_from, third.shared_from} == {first.seq}
    assert second.pos == third.pos == len(head)
    assert [p.tokens for p in planner.plan() if p.seq != first.seq] == [[2], [3]]


def test_a_row_copies_a_free_sequences_kept_prompt_when_it_shares_more() -> None:
    head = list(range(1000, 1000 + MIN_SHARED + 4))
    planner = Planner(slots=2, budget=512)
    planner.submit(Job(0, [*head, 1], 10))
    planner.submit(Job(1, [5, 6, 7], 10))  # begins otherwise: starts at once
    first, other = planner.admit()
    planner.fed(planner.plan())
    planner.finish(first.seq)
    planner.finish(other.seq)
    planner.submit(Job(2, [*head, 9], 10))
    planner.submit(Job(3, [*head, 8], 10))
    third, fourth = planner.admit()
    # One takes the sequence holding the head; the other copies it from there.
    assert (third.seq, third.pos, third.shared_from) == (first.seq, len(head), -1)
    assert (fourth.seq, fourth.pos, fourth.shared_from) == (other.seq, len(head), first.seq)


def test_a_short_common_start_is_evaluated_again() -> None:
    planner = Planner(slots=2, budget=64)
    planner.submit(Job(0, [1, 2, 3, 4], 5))
    planner.admit()
    planner.fed(planner.plan())
    planner.submit(Job(1, [1, 2, 3, 9], 5))
    (row,) = planner.admit()
    assert row.shared_from == -1 and row.pos == 0


def test_rows_at_once_are_halved_until_their_contexts_fit(tmp_path: Path) -> None:
    model = read_model_file(write_gguf(tmp_path / "m.gguf"))
    roomy = choose_parallel(model, 4096, 8, free=None)
    assert (roomy.asked, roomy.rows, roomy.note) == (8, 8, "")
    free = memory_needed(model, 4096 * 2) + 1
    lowered = choose_parallel(model, 4096, 8, free=free)
    assert lowered.rows == 2 and "2 are decoded together" in lowered.note
    assert "Lower the context size" in lowered.note
    assert choose_parallel(model, 4096, 0, free=None, cores=2).rows == default_parallel(2) == 4
    assert choose_parallel(model, 4096, 4, free=0).rows == 1


def test_the_run_sends_a_model_file_as_many_rows_as_it_decodes() -> None:
    local = JudgeSettings(kind="local", model_file="m.gguf", parallel=6, concurrency=1)
    assert local.at_once() == 6
    assert JudgeSettings(kind="local", model_file="m.gguf").at_once() == default_parallel()
    assert JudgeSettings(concurrency=3).at_once() == 3


def test_new_keeps_the_rows_a_model_file_decodes_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = tmp_path / "qa.jsonl"
    row = {"question": "2+2?", "ref_answer": "4", "response": {"content": "4"}}
    data.write_text(json.dumps(row) + "\n", encoding="utf-8")
    model = write_gguf(tmp_path / "tiny.gguf")
    args = ["new", str(tmp_path / "p"), "--dataset", str(data), "--judge-file", str(model)]
    assert main([*args, "--parallel", "6"]) == 0
    assert load_project(tmp_path / "p").judges[0].parallel == 6
    assert "parallel = 6" in (tmp_path / "p" / "judgedesk.toml").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        main(
            [
                "new",
                str(tmp_path / "q"),
                "--dataset",
                str(data),
                "--judge-file",
                str(model),
                "--parallel",
                "x",
            ]
        )
    assert "whole number of rows" in capsys.readouterr().err
    server = ["new", str(tmp_path / "r"), "--dataset", str(data)]
    assert main([*server, "--judge-url", "http://127.0.0.1:1/v1", "--parallel", "2"]) == 2
    assert "--judge-file" in capsys.readouterr().err
