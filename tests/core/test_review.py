"""Reviewing by hand: the reviews table, the queue, blind mode, undo, staleness."""

from __future__ import annotations

import json
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.dataset import open_dataset
from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.judge.settings import JudgeSettings
from judgedesk.core.project.settings import Project
from judgedesk.core.project.undo import UndoStack
from judgedesk.core.review.human import BOOLEAN_SCALE, ReviewScale
from judgedesk.core.review.session import ReviewFilter, ReviewItem, ReviewSession
from judgedesk.core.review.snapshot import load_snapshot
from judgedesk.core.run.reviews import Review
from judgedesk.core.run.schema import STORE_VERSION
from judgedesk.core.run.store import Store

V1_DUMP = Path(__file__).parents[1] / "data" / "stores" / "results-v1.sql"


def step(name: str, value: Any, ok: bool = True) -> dict[str, Any]:
    verdict = {"ok": ok, "value": value if ok else None, "label": str(value), "dimensions": {}}
    return {"judge": name, "key": f"k-{name}", "verdict": verdict}


def put_run(store: Store, values: dict[int, Any], second: dict[int, Any] | None = None) -> int:
    """A run whose row i has result values[i] ("error"/"unparsed" give those statuses)."""
    run = store.start_run()
    for index, value in values.items():
        if value in ("error", "unparsed"):
            store.put_result(run, index, f"r{index}", value, None, "it failed", {"judges": []})
            continue
        judges = [step("judge", value)]
        if second is not None:
            judges.insert(0, step("other", second.get(index)))
        store.put_result(run, index, f"r{index}", "ok", value, detail={"judges": judges})
    store.finish_run(run, "finished")
    return run


def test_a_version_1_file_is_migrated_and_keeps_its_results(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    db = sqlite3.connect(path)
    db.executescript(V1_DUMP.read_text(encoding="utf-8"))
    db.close()
    with Store(path) as store:
        assert [r.value for r in store.latest_results().values()] == [True, True, False]
        assert store.reviews.all() == {}
        store.reviews.put(Review(2, "geo-3", value=True, note="Kenya", updated=1.0))
    with Store(path) as store:
        assert store.reviews.get(2) == Review(2, "geo-3", value=True, note="Kenya", updated=1.0)
    db = sqlite3.connect(path)
    version = db.execute("SELECT value FROM meta WHERE key='version'").fetchone()[0]
    db.close()
    assert int(version) == STORE_VERSION == 9


def test_a_new_file_opened_by_several_connections_at_once(tmp_path: Path) -> None:
    """The Run pane's estimate, a run and the Review pane may all open a new file at once;
    a reader meanwhile sees either nothing yet or every table."""
    from judgedesk.core.run.outcome import row_outcome

    failures: list[str] = []

    def write(path: Path) -> None:
        try:
            with Store(path) as store:
                store.reviews.count()
        except Exception as exc:  # collected: the test says which
            failures.append(f"writer: {exc}")

    def read(path: Path) -> None:
        try:
            row_outcome(path, 0)
        except Exception as exc:
            failures.append(f"reader: {exc}")

    for attempt in range(40):
        path = tmp_path / f"r{attempt}.sqlite"
        threads = [threading.Thread(target=write, args=(path,)) for _ in range(3)]
        threads += [threading.Thread(target=read, args=(path,)) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        with Store(path) as store:
            assert store.reviews.count() == 0 and not store.empty
    assert failures == []


def test_a_newer_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "results.sqlite"
    Store(path).close()
    db = sqlite3.connect(path)
    db.execute("UPDATE meta SET value='99' WHERE key='version'")
    db.commit()
    db.close()
    with pytest.raises(JudgeDeskError, match="newer JudgeDesk"):
        Store(path)


def test_reviews_round_trip_and_an_empty_review_is_deleted(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        review = Review(3, "r3", value=7, agree=False, flag=True, note="n", reviewer="Ana")
        store.reviews.put(review)
        assert store.reviews.get(3) == review and store.reviews.count() == 1
        store.reviews.put(Review(3, "r3", reviewer="Ana"))
        assert store.reviews.get(3) is None


def test_set_verdicts_persist_with_time_and_reviewer_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite"
    with Store(path) as store:
        put_run(store, {0: 8, 1: 3, 2: "error"})
        stack = UndoStack()
        session = ReviewSession(store, reviewer="Ana", undo=stack)
        changed: list[ReviewItem] = []
        session.sig_review_changed.connect(changed.append)
        session.set_value(0, "6")  # text is read on the scale
        assert session.item(0).human == (6, "review")
        assert changed[-1].row_index == 0
        session.set_value(0, 6)  # the same verdict again changes nothing
        session.set_agree(2, None)  # nothing to unset
        assert session.item(2).review is None
        stack.undo()  # so one undo takes the verdict away
        assert session.item(0).review is None
        stack.redo()
        session.set_note(1, "to")
        session.set_note(1, "too high")  # typing into one note is one step of undo
        session.toggle_flag(1)
        assert session.item(1).flagged and session.item(1).review.note == "too high"  # type: ignore[union-attr]
        assert stack.undo_label == "Flag row 1"
        stack.undo()
        assert not session.item(1).flagged
        stack.undo()
        assert session.item(1).review is None  # the note went in one step
        stack.redo()
        assert session.item(1).review.note == "too high"  # type: ignore[union-attr]
    with Store(path) as store:  # written at once: a new session sees them
        review = store.reviews.get(0)
        assert review is not None and review.value == 6 and review.reviewer == "Ana"
        assert review.updated > 0 and review.judge_value == 8 and review.judge_status == "ok"
        session = ReviewSession(store, reviewer="Ana")
        assert session.item(1).review.note == "too high"  # type: ignore[union-attr]
        other = ReviewSession(store, reviewer="Bo")  # someone else sees Ana's apart
        assert other.item(0).review is None and other.item(0).human == (6, "people")
        assert [r.reviewer for r in other.item(0).others] == ["Ana"]
        with pytest.raises(JudgeDeskError, match="not been judged"):
            session.item(9)


def test_agree_and_disagree_become_the_persons_verdict(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: True, 1: False, 2: True})
        session = ReviewSession(store)
        assert session.scale == BOOLEAN_SCALE
        session.set_agree(0, True)
        session.set_agree(1, False)
        assert session.item(0).human == (True, "agree")
        assert session.item(1).human == (True, "disagree")  # the opposite of False
        assert session.item(1).disagreement == 1.0
        assert session.queue(ReviewFilter("disagreements")) == [1]
        assert session.queue(ReviewFilter("unreviewed")) == [2]
        progress = session.progress()
        assert (progress.total, progress.reviewed, progress.agreed, progress.disagreed) == (
            3,
            2,
            1,
            1,
        )


def test_blind_mode_hides_the_judge_until_the_person_answers(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 4})
        session = ReviewSession(store, blind=True)
        assert not session.judge_visible(0)
        session.set_note(0, "thinking")
        assert not session.judge_visible(0)  # a note is not a verdict
        session.set_value(0, 5)
        assert session.judge_visible(0)
        session.blind = False
        session.set_value(0, None)
        assert session.judge_visible(0)


def test_a_rerun_that_changes_the_verdict_makes_the_review_stale(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 4, 1: 5})
        session = ReviewSession(store)
        session.set_value(0, 4)
        session.set_value(1, 5)
        put_run(store, {0: 4, 1: 2})  # a prompt edit changed row 1 only
        session.reload()
        assert not session.item(0).stale and session.item(1).stale
        assert session.queue(ReviewFilter("stale")) == [1]
        assert session.item(1).human == (5, "review")  # the person's verdict stays
        session.set_value(1, 3)  # reviewing again takes the new verdict
        assert not session.item(1).stale
        assert session.progress().stale == 0


def test_filters_sorts_and_text_search(tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    rows = [
        {"id": f"r{i}", "question": f"question {i}", "gold": g}
        for i, g in enumerate(["8", "2", "x", "5"])
    ]
    rows[3]["question"] = "about kangaroos"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    with Store(tmp_path / "r.sqlite") as store, open_dataset(data, {"human": "gold"}) as dataset:
        put_run(store, {0: 9, 1: 3, 2: "unparsed", 3: 1, 4: "error"})
        session = ReviewSession(store, dataset)
        session.set_value(1, 1)  # a hand review wins over the dataset's 2
        assert session.item(0).human == (8, "dataset")
        assert session.item(1).human == (1, "review")
        assert session.item(3).human == (5, "dataset")
        assert session.queue(ReviewFilter("errors")) == [4]
        assert session.queue(ReviewFilter("unparsed")) == [2]
        assert session.queue(ReviewFilter(score_min=2, score_max=9)) == [0, 1]
        # Disagreement sizes: row 3 is 4 apart, row 1 is 2, row 0 is 1; then unknown.
        assert session.queue(sort="disagreement")[:3] == [3, 1, 0]
        assert session.queue(ReviewFilter("disagreements"), sort="disagreement") == [3, 1, 0]
        assert session.queue(sort="score") == [3, 1, 0, 2, 4]
        assert session.queue(sort="score_desc")[:3] == [0, 1, 3]
        assert session.queue(ReviewFilter(text="KANGAROO")) == [3]
        assert session.queue(ReviewFilter(text="it failed")) == [2, 4]
        session.set_note(2, "kangaroo again")
        assert session.queue(ReviewFilter(text="kangaroo")) == [2, 3]
        assert session.queue(ReviewFilter(rows=frozenset({0, 4}))) == [0, 4]
        assert session.progress().from_dataset == 2
        with pytest.raises(JudgeDeskError, match="Unknown review filter"):
            session.queue(ReviewFilter("everything"))


def test_agreement_person_vs_judge_and_judge_vs_judge(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        put_run(store, {0: 1, 1: 2, 2: 3, 3: 3}, second={0: 1, 1: 3, 2: 3, 3: 3})
        session = ReviewSession(store)
        for row, value in {0: 1, 1: 2, 2: 2}.items():
            session.set_value(row, value)
        person, judges = session.agreement()
        assert (person.first, person.second, person.n) == ("person", "judge", 3)
        assert person.exact.value == pytest.approx(2 / 3)
        assert person.mean_abs_diff.value == pytest.approx(1 / 3)
        assert (judges.first, judges.second, judges.n) == ("other", "judge", 4)
        assert judges.exact.value == pytest.approx(3 / 4)


def test_digit_keys_and_labels_on_each_scale() -> None:
    assert BOOLEAN_SCALE.value_for_digit(1) is True
    assert BOOLEAN_SCALE.value_for_digit(0) is False
    assert BOOLEAN_SCALE.value_for_digit(5) is None
    assert BOOLEAN_SCALE.coerce("Correct") is True and BOOLEAN_SCALE.coerce("B") is False
    ten = ReviewScale("score", 1, 10)
    assert ten.value_for_digit(0) == 10 and ten.value_for_digit(7) == 7
    assert ReviewScale("score", 1, 5).value_for_digit(7) is None
    pairwise = ReviewScale("score", 1, 5, (1, 2, 3, 4, 5), ("A>>B", "A>B", "A=B", "B>A", "B>>A"))
    assert pairwise.value_for_digit(4) == 4 and pairwise.coerce("B>>A") == 5
    assert pairwise.name_of(2) == "A>B"
    assert ten.coerce("7.0") == 7 and ten.coerce(" ") is None
    with pytest.raises(ValueError, match="not a score from 1 to 10"):
        ten.check("11")
    with pytest.raises(ValueError, match="not a score"):
        ten.coerce("n/a")


def test_rows_read_in_a_worker_thread_and_reviewed_on_another(tmp_path: Path) -> None:
    project = Project(root=tmp_path / "p", name="p", variables={"min_score": 1, "max_score": 5})
    project.judges = [JudgeSettings(name="judge", parser="score")]
    project.save()
    with Store(project.store_path) as store:
        put_run(store, {0: 4, 1: 2})
    with ThreadPoolExecutor(1) as pool:
        snapshot = pool.submit(load_snapshot, project).result()
    assert snapshot.scale == ReviewScale("score", 1, 5) and sorted(snapshot.items) == [0, 1]
    with Store(project.store_path) as store:
        session = ReviewSession(store, project=project, snapshot=snapshot)
        session.set_value(1, 5)
        with pytest.raises(JudgeDeskError, match="not a score from 1 to 5"):
            session.set_value(0, 6)
        assert store.reviews.get(1).value == 5  # type: ignore[union-attr]
    fresh = Project(root=tmp_path / "never-run", name="n")
    assert load_snapshot(fresh).items == {}


def test_judges_of_different_kinds_are_not_compared(tmp_path: Path) -> None:
    with Store(tmp_path / "r.sqlite") as store:
        run = store.start_run()
        for index in range(3):
            judges = [step("rule", index != 1), step("small", index + 1), step("large", 2)]
            store.put_result(run, index, f"r{index}", "ok", 2, detail={"judges": judges})
        store.finish_run(run, "finished")
        figures = ReviewSession(store).agreement()
        assert [(f.first, f.second) for f in figures] == [
            ("person", "judge"),
            ("small", "large"),
        ]
        assert figures[0].n == 0 and figures[0].exact.value is None
        assert figures[1].exact.value == pytest.approx(1 / 3)
