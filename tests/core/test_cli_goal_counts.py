"""A goal's sentence says its count of rows in the singular when there is one row."""

from __future__ import annotations

import pytest

from judgedesk.cli.goals import Checked, Goal


@pytest.mark.parametrize(
    ("value", "n", "ending"),
    [
        (0.9, 1, "(1 row)"),
        (0.9, 2, "(2 rows)"),
        (0.5, 1, "(1 row)"),
        (0.5, 1200, "(1,200 rows)"),
    ],
)
def test_goal_sentence_counts_rows(value: float, n: int, ending: str) -> None:
    """Met and missed goals both end with the rows counted in the right number."""
    checked = Checked(Goal("accuracy", 0.8), value, n)
    assert checked.sentence.endswith(ending)
