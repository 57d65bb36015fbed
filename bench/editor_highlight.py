"""Code editor: highlighting a 2,000-line template, and the cost of one keystroke in it.

    python bench/editor_highlight.py

Prints the time to load and colour the whole file, then the median and worst time of
typing one character in the middle of it (the highlighter re-colours from that line on,
until the state of a line stops changing).
"""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtWidgets import QApplication

from bench.figures import report
from judgedesk.ui.editors import CodeEditor

LINES = 2000


def template(lines: int) -> str:
    parts = []
    for number in range(lines // 4):
        parts += [
            f"## Part {number}: read the answer below and grade it 😀",
            "{% if data.reference and data.reference | length > 3 %}Reference: "
            "{{ data.reference | trim }}{% endif %}",
            "{# a note for the person who edits this: keep the scale in step #}",
            f'Answer: {{{{ response.content | default("none") }}}} score {number} of 10',
        ]
    return "\n".join(parts)


def main() -> None:
    app = QApplication.instance() or QApplication(sys.argv[:1])
    editor = CodeEditor("jinja")
    editor.resize(900, 700)
    editor.show()
    text = template(LINES)
    started = time.perf_counter()
    editor.setPlainText(text)
    editor.highlighter.rehighlight()
    app.processEvents()
    load = time.perf_counter() - started
    cursor = editor.textCursor()
    cursor.setPosition(len(text) // 2)
    editor.setTextCursor(cursor)
    timings = []
    for _ in range(200):
        started = time.perf_counter()
        editor.insertPlainText("x")
        app.processEvents()
        timings.append(time.perf_counter() - started)
    print(f"lines: {editor.blockCount():,}  characters: {len(text):,}")
    print(f"load and colour everything: {load * 1000:.0f} ms")
    print(
        f"one keystroke: median {statistics.median(timings) * 1000:.2f} ms, "
        f"worst {max(timings) * 1000:.2f} ms (200 keystrokes)"
    )
    report(
        [
            (
                f"a {LINES:,}-line template in the editor — load and colour everything",
                f"{load * 1000:.0f} ms",
                "",
            ),
            (
                "the same — one keystroke in the middle",
                f"median {statistics.median(timings) * 1000:.1f} ms, "
                f"worst {max(timings) * 1000:.0f} ms",
                "",
            ),
        ]
    )
    editor.close()


if __name__ == "__main__":
    main()
