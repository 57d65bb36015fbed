"""The judge history's narrow read of a run gives what decoding every row's detail gives."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from judgedesk.core.run.store import Store


def _decoded(store: Store, run_id: int) -> tuple[dict[int, str], dict[str, dict[int, Any]]]:
    """Each judge's verdict per row, read the long way: every detail decoded."""
    ids: dict[int, str] = {}
    found: dict[str, dict[int, Any]] = {}
    for result in store.results(run_id):
        ids[result.row_index] = result.row_id
        for step in result.detail.get("judges", ()):
            if not isinstance(step, dict):
                continue
            verdict = step.get("verdict")
            if isinstance(verdict, dict) and verdict.get("ok"):
                found.setdefault(str(step.get("judge", "")), {})[result.row_index] = verdict.get(
                    "value"
                )
    return ids, found


def _step(judge: Any, value: Any, ok: Any = True, **more: Any) -> dict[str, Any]:
    return {"judge": judge, "key": "k", "verdict": {"ok": ok, "value": value, **more}}


DETAILS: list[dict[str, Any]] = [
    {"judges": [_step("a", 7), _step("b", 3.5)]},
    {"judges": [_step("a", True), _step("b", False)]},
    {"judges": [_step("a", 'safe "quoted" é 字'), _step("a", "later wins")]},
    {"judges": [_step("a", {"score": 4, "why": ["x"]}), _step("b", [1, 2])]},
    {"judges": [_step("a", None), _step("b", 5, ok=False), _step("b", 6, ok=0)]},
    {"judges": [_step("a", 2, ok=1), _step("b", 1, ok="yes"), _step("c", 1, ok="")]},
    {"judges": [{"key": "k", "verdict": {"ok": True, "value": 1}}, _step(None, 2)]},
    {"judges": [_step(5, 1), "not a step", ["nor", "this"], {"verdict": "unread"}]},
    {"judges": {"a": _step("a", 9)}},  # not a list of steps: nothing read from it
    {"judges": "text"},
    {},
    {"judges": [_step("a", math.nan, reason="NaN is no JSON"), _step("b", math.inf)]},
    {"judges": [_step("a", 12345678901234567890), _step("b", 1e-300), _step("c", -0.0)]},
    {"judges": [_step("a", 8, reason="Infinity and NaN in words")]},
]


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float) and math.isnan(a):
        return math.isnan(b)
    return type(a) is type(b) and a == b


def test_the_narrow_read_matches_the_decoded_details(tmp_path: Path) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        run = store.start_run(judges={"a": "v1"})
        for index, detail in enumerate(DETAILS):
            store.put_result(run, index, f"r{index}", "ok", None, detail=detail)
        other = store.start_run()
        store.put_result(other, 0, "r0", "ok", None, detail={"judges": [_step("a", 1)]})
        read = store.step_verdicts(run)  # the batch still pending is written first
        ids, found = _decoded(store, run)
    assert read.ids == ids and list(read.ids) == list(ids)
    assert set(read.judges) == set(found) == {"a", "b", "c", "", "None", "5"}
    for judge, rows in found.items():
        got = read.judges[judge]
        assert list(got) == list(rows), judge  # in row order
        assert all(_same(rows[row], got[row]) for row in rows), judge
    assert read.judges["a"][2] == "later wins" and read.judges["a"][0] == 7


def test_a_damaged_detail_fails_as_decoding_it_would(tmp_path: Path) -> None:
    with Store(tmp_path / "results.sqlite") as store:
        run = store.start_run()
        store.put_result(run, 0, "r0", "ok", None, detail={"judges": [_step("a", 1)]})
        store.flush()
        store._db.execute(  # a row damaged by hand: not JSON for SQLite nor for Python
            "INSERT INTO results VALUES (?, 1, 'r1', 'ok', NULL, '', ?, 0)",
            (run, '{"judges": [{"judge": "a", "verdict": {"ok": true, "value": 2}}], }'),
        )
        with pytest.raises(json.JSONDecodeError):
            store.results(run)
        with pytest.raises(json.JSONDecodeError):
            store.step_verdicts(run)


@pytest.mark.parametrize("few", [True, False], ids=["by index", "by scan"])
def test_only_the_rows_asked_for_are_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, few: bool
) -> None:
    from judgedesk.core.run import store_reads

    if not few:  # as many rows asked for as a large run's: the whole run is scanned
        monkeypatch.setattr(store_reads, "_FEW_ROWS", 0)
    with Store(tmp_path / "results.sqlite") as store:
        run = store.start_run(judges={"a": "v1"})
        for index, detail in enumerate(DETAILS * 150):  # > one query's 900 row indexes
            store.put_result(run, index, f"r{index}", "ok", None, detail=detail)
        everything = store.step_verdicts(run)
        wanted = {0, 2, 11, 13, 899, 900, 901, 1500, 2099, 5000}  # 5000: no such row
        read = store.step_verdicts(run, wanted)
        nothing = store.step_verdicts(run, ())
    assert read.ids == {row: f"r{row}" for row in sorted(wanted - {5000})}
    assert list(read.ids) == sorted(read.ids)
    for judge, rows in everything.judges.items():
        expected = {row: value for row, value in rows.items() if row in wanted}
        got = read.judges.get(judge, {})
        assert list(got) == list(expected), judge  # in row order
        assert all(_same(expected[row], got[row]) for row in expected), judge
    assert read.judges["a"][11] != read.judges["a"][11]  # NaN, read the long way
    assert read.judges["a"][2] == "later wins" and read.judges["a"][13] == 8
    assert nothing.ids == {} and nothing.judges == {}
