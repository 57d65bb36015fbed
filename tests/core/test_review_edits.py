"""Review edits: one set of rules for the Review pane and for a review pack, each undoable."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from judgedesk.core.errors import JudgeDeskError
from judgedesk.core.project import UndoStack
from judgedesk.core.review import PackRow, PackSession, ReviewPack, load_pack, save_pack
from judgedesk.core.review.edits import clear_review, kept, same_review, score
from judgedesk.core.run import Review

ROWS = [PackRow(3, "q3", "f3", "Why?", response="Because."), PackRow(8, "q8", "f8", "How?")]


def _pack(scale: dict[str, object] | None = None) -> ReviewPack:
    return ReviewPack("ana", "demo", scale or {"kind": "score", "low": 1, "high": 5}, list(ROWS))


def _session(pack: ReviewPack) -> tuple[PackSession, list[int]]:
    session = PackSession(pack, UndoStack())
    changed: list[int] = []
    session.sig_review_changed.connect(changed.append)
    return session, changed


def test_two_reviews_are_the_same_whenever_and_by_whoever_written() -> None:
    first = Review(3, "q3", value=4, note="ok", reviewer="ana", updated=1.0)
    assert same_review(first, Review(3, "q3", value=4, note="ok", reviewer="bo", updated=9.0))
    assert not same_review(first, Review(3, "q3", value=5, note="ok", reviewer="ana"))
    assert not same_review(first, Review(3, "q3", value=4, note="ok", flag=True))
    assert same_review(None, None) and not same_review(first, None)
    assert not same_review(None, Review(3, "q3"))


def test_a_review_that_says_nothing_is_not_kept() -> None:
    said = Review(3, "q3", value=2, flag=True, note="look", dimensions={"tone": 3})
    assert kept(Review(3, "q3", reviewer="ana", updated=5.0)) is None
    assert kept(said) is said
    cleared = clear_review(said)
    assert kept(cleared) == cleared and cleared.dimensions == {"tone": 3}  # scores stay
    assert kept(score("tone", None)(cleared)) is None


def test_a_pack_row_gets_a_verdict_a_flag_and_a_note_each_undoable() -> None:
    pack = _pack()
    session, changed = _session(pack)
    row = ROWS[0]

    session.give(row, "4")  # typed text is read on the pack's scale
    review = pack.reviews[3]
    assert (review.value, review.reviewer, review.row_id) == (4, "ana", "q3")
    assert review.updated > 0 and changed == [3] and session.touched == 3
    session.toggle_flag(row)
    session.write_note(row, "too")
    session.write_note(row, "too short")  # typing into one note is one step
    assert session.review(row) == pack.reviews[3]
    assert (pack.reviews[3].flag, pack.reviews[3].note) == (True, "too short")
    assert session.undo.undo_label == "Edit the note of row 3"

    session.clear_verdict(row)  # the flag and the note stay
    assert pack.reviews[3].value is None and pack.reviews[3].flag

    assert session.undo.undo() and pack.reviews[3].value == 4
    assert session.undo.undo() and pack.reviews[3].note == ""  # the whole note at once
    assert session.undo.undo() and not pack.reviews[3].flag
    assert session.undo.undo() and 3 not in pack.reviews  # nothing said: no review
    assert not session.undo.can_undo
    assert session.undo.redo() and pack.reviews[3].value == 4 and session.touched == 3


def test_a_change_that_changes_nothing_is_no_step_of_undo() -> None:
    pack = _pack()
    session, changed = _session(pack)
    session.give(ROWS[1], 5, label="Verdict 5 on q8")
    session.give(ROWS[1], 5, label="again")
    session.clear_verdict(ROWS[0])  # no review to clear
    assert changed == [8] and session.undo.undo_label == "Verdict 5 on q8"
    session.undo.undo()
    assert not session.undo.can_undo and pack.reviews == {}


def test_taking_back_the_last_thing_said_removes_the_review() -> None:
    pack = _pack()
    session, _ = _session(pack)
    session.toggle_flag(ROWS[0])
    assert session.undo.undo_label == "Flag row 3"
    session.toggle_flag(ROWS[0])
    assert session.undo.undo_label == "Unflag row 3" and pack.reviews == {}


def test_a_verdict_off_the_pack_scale_is_refused_and_changes_nothing() -> None:
    pack = _pack({"kind": "boolean"})
    session, changed = _session(pack)
    with pytest.raises(JudgeDeskError, match="true"):
        session.give(ROWS[0], "maybe")
    session.give(ROWS[0], "correct")
    assert pack.reviews[3].value is True
    assert session.undo.undo_label == "Give row 3 the verdict True"
    pack_score = _pack()
    scored, _ = _session(pack_score)
    with pytest.raises(JudgeDeskError, match="from 1 to 5"):
        scored.give(ROWS[0], 9)
    assert changed == [3] and pack_score.reviews == {} and not scored.undo.can_undo


def test_a_pack_reviewed_keeps_its_older_reviews_and_saves_what_was_said(tmp_path: Path) -> None:
    earlier = Review(8, "q8", value=2, reviewer="ana", updated=time.time() - 60)
    pack = _pack()
    pack.reviews[8] = earlier
    session, _ = _session(pack)
    session.write_note(ROWS[1], "unsure")
    assert pack.reviews[8].value == 2 and pack.reviews[8].note == "unsure"
    path = tmp_path / "ana.judgedesk-pack"
    save_pack(pack, path)
    assert load_pack(path).reviews == pack.reviews
