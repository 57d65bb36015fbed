"""The GUI thread's garbage collection: small and often, a burst of new objects at once."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from judgedesk.app import BURST_OBJECTS, collect_garbage_on_gui_thread


@pytest.fixture
def generations(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The generations the app's collector collects, in order."""
    called: list[int] = []
    collect = gc.collect

    def counted(generation: int = 2) -> int:
        called.append(generation)
        return collect(generation)

    collect()  # young generations empty, none of them due
    monkeypatch.setattr(gc, "collect", counted)
    timer = collect_garbage_on_gui_thread(qapp)
    yield called
    timer.stop()
    gc.unfreeze()


def test_a_few_new_objects_are_collected_in_the_youngest_generation(
    qtbot: QtBot, generations: list[int]
) -> None:
    made = [[] for _ in range(gc.get_threshold()[0] + 100)]
    qtbot.waitUntil(lambda: bool(generations), timeout=5_000)
    assert generations[0] == 0 and len(made)


def test_a_burst_of_new_objects_goes_through_both_young_generations_at_once(
    qtbot: QtBot, generations: list[int]
) -> None:
    made = [[] for _ in range(BURST_OBJECTS + 1_000)]  # a review session arriving, say
    qtbot.waitUntil(lambda: bool(generations), timeout=5_000)
    assert generations[0] == 1 and len(made)
    assert gc.get_count()[1] == 0  # nothing left for a later collection of the middle one
