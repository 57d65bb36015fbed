"""Template pane: the cost of re-rendering a 10 KB template for one row after a keystroke.

    python bench/template_render.py

Each measurement is what the live preview runs in its worker thread after a pause in
typing: compile the changed text, render it for a row of the sample dataset, explain what
it noticed (undefined and empty values) and estimate the tokens. Three kinds of typing:
words in the prose (the compiled code of the template's shape is reused), new lines in
the prose (reused too, positions moved), and a name typed inside a tag (a new shape: a
whole compile, each keystroke). Automatic garbage collection is off, as in the app.
Prints the median and worst of each. Target: under 20 ms.
"""

from __future__ import annotations

import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.figures import report
from judgedesk.core.dataset import open_dataset
from judgedesk.core.project import load_project
from judgedesk.core.template import PromptPreview, preview_prompt
from judgedesk.resources import resource_path

SIZE = 10_000


def template(size: int) -> str:
    """The sample's judge template, repeated with loops, filters and a mistake to ~size."""
    base = (resource_path("sample") / "templates" / "local.j2").read_text(encoding="utf-8")
    extra = (
        "\n{% for line in (data.history or '').splitlines() %}- {{ line | trim }}\n{% endfor %}"
        "\n{% if data.category == 'geography' %}Check places and names.{% endif %}"
        "\n{{ data.misspelled }} {{ data.gt }} {{ response.content | default('none') | upper }}"
    )
    parts = []
    while sum(map(len, parts)) < size:
        parts.append(base + extra)
    return "\n".join(parts)[:size].rsplit("\n", 1)[0]


def keystrokes(source: str, at: int, typed: str) -> list[str]:
    """The successive texts while ``typed`` is typed at position ``at``."""
    return [source[:at] + typed[:count] + source[at:] for count in range(1, len(typed) + 1)]


def measure(texts: list[str], render: Callable[[str, int], PromptPreview]) -> list[float]:
    timings = []
    for number, text in enumerate(texts):
        started = time.perf_counter()
        render(text, number)
        timings.append(time.perf_counter() - started)
    return timings


def main() -> None:
    gc.disable()
    project = load_project(resource_path("sample"))
    judge = project.judge("local-model")
    source = template(SIZE)
    prose = source.index("scale from") + len("scale ")
    tag = source.index("{{ data.question }}") + len("{{ data.question")
    with open_dataset(project.dataset_path()) as dataset:

        def render(text: str, number: int) -> PromptPreview:
            return preview_prompt(
                text,
                judge.system_prompt,
                variables=project.variables,
                dataset=dataset,
                row=number % len(dataset),
                judge=judge.name,
            )

        preview = render(source, 0)
        kinds = {
            "words in the prose": keystrokes(source, prose, "carefully and fairly " * 10),
            "new lines in the prose": [
                source[:at] + "\n" + source[at:]
                for at in range(prose, prose + 4000, 20)
                if source[at - 1] not in "{}%#-" and source[at] not in "{}%#-"
            ][:100],
            "a name inside a tag": keystrokes(source, tag, "_typed_letter_by_letter"),
        }
        results = {kind: measure(texts, render) for kind, texts in kinds.items()}
    tags = source.count("{{") + source.count("{%")
    print(f"template: {len(source):,} characters, {source.count(chr(10)) + 1} lines, {tags} tags")
    print(
        f"prompt: {len(preview.prompt.user):,} characters, ≈ {preview.tokens:,} tokens, "
        f"{len(preview.prompt.issues)} issues"
    )
    print("re-render after a keystroke (compile + render + issues), target < 20 ms:")
    for kind, timings in results.items():
        print(
            f"  {kind:24s} median {statistics.median(timings) * 1000:5.1f} ms, "
            f"worst {max(timings) * 1000:5.1f} ms ({len(timings)} keystrokes)"
        )
    median = {kind: statistics.median(timings) * 1000 for kind, timings in results.items()}
    report(
        [
            (
                f"re-render of a {len(source) / 1000:.0f} KB template after a keystroke "
                "(compile, render, problems)",
                f"median {median['words in the prose']:.0f} ms in prose, "
                f"{median['a name inside a tag']:.0f} ms inside a tag",
                "< 20 ms",
            )
        ]
    )


if __name__ == "__main__":
    main()
