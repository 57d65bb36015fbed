"""What a model is asked to revise a judge's template with (in English or Chinese, as
the template is written), and how the revised template is read from its reply."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judgedesk.core.dataset import content_text
from judgedesk.core.messages import say

__all__ = [
    "SHOWN",
    "WORDS",
    "Disagreement",
    "read_revision",
    "revision_prompt",
    "template_language",
]

SHOWN = 12
"""Disagreements shown to the model at most (the first of the tuning part, in order)."""
TEXT_CHARS = 1200
"""Characters of a row's data or answer shown to the model."""
_FENCE = re.compile(r"^(?P<fence>`{3,}|~{3,})[ \t]*(?P<tag>[\w+-]*)[^\n]*\n", re.MULTILINE)
_TEMPLATE_TAGS = {"jinja", "jinja2", "j2", "django", "twig", "template"}


_ASK_EN = """\
A judge grades answers with the prompt template below (a Jinja2 template: `{{{{ … }}}}` \
prints a value of the row, `{{% … %}}` is a condition or a loop). People reviewed some of \
the same answers. On the rows listed after the template, their verdict differs from the \
judge's; their notes say why when they wrote one.

Revise the template so that a judge following it would reach the people's verdicts:
- make the criteria and the rubric say what the people looked for; do not name these rows;
- keep every value it reads from the row (the `{{{{ … }}}}` expressions, loops and \
conditions) as it is written, and read no new value;
- keep the verdict written the same way at the end of the judge's reply (the same scale, \
the same words or brackets), so that it is read as before;
- write it in English.

Reply with the whole revised template in one fenced block (```jinja … ```), then at most \
three sentences on what you changed.

The template:
{template}

Rows where the judge and the people disagree ({shown} shown of {disagree}; people \
reviewed {tuning} rows of this part):

{rows}
"""

_ASK_ZH = """\
一位评审模型按下面的提示模板评审回答（Jinja2 模板：`{{{{ … }}}}` 输出该行的一个值，\
`{{% … %}}` 是条件或循环）。人工也评审了其中一部分回答。模板后列出的各行里，人工的结论与评审模型\
不同；人工写了备注的，备注说明了原因。

请修改这个模板，使按它评审的模型能得出人工的结论：
- 让评审标准和评分细则写明人工看重的地方；不要点名这些行；
- 模板从行中读取的每个值（`{{{{ … }}}}` 表达式、循环和条件）保持原样，不要读取新的值；
- 评审回复末尾写结论的方式保持不变（同样的分值范围、同样的词或括号），以便照旧读取；
- 用中文书写。

请把修改后的完整模板放在一个代码块中回复（```jinja … ```），然后用不超过三句话说明改了什么。

模板：
{template}

评审模型与人工结论不同的行（共 {disagree} 行，列出 {shown} 行；这一部分人工评审了 {tuning} 行）：

{rows}
"""

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "system": (
            "You improve the prompt templates that a language model is given to judge "
            "answers, so that its verdicts agree with careful human reviewers."
        ),
        "ask": _ASK_EN,
        "row": "Row {number} (id {id})",
        "data": "Data: ",
        "answer": "Answer: ",
        "people": "People's verdict: ",
        "judge": "Judge's verdict: ",
        "note": "People's note: ",
    },
    "zh": {
        "system": "你负责改进交给语言模型评审回答的提示模板，使它的结论与细心的人工评审一致。",
        "ask": _ASK_ZH,
        "row": "第 {number} 行（id {id}）",
        "data": "数据：",
        "answer": "回答：",
        "people": "人工结论：",
        "judge": "评审模型结论：",
        "note": "人工备注：",
    },
}


def template_language(text: str) -> str:
    """ "zh" when a template is written in Chinese (a fifth or more of its letters are
    Chinese characters), else "en"."""
    han = sum(1 for ch in text if "\u3400" <= ch <= "\u9fff")
    letters = sum(1 for ch in text if ch.isalpha())
    return "zh" if letters and han * 5 >= letters else "en"


@dataclass(frozen=True)
class Disagreement:
    """A tuning row where the judge and people gave different verdicts.

    Attributes:
        index: the row's index; ``row_id`` its id.
        data: the row's data as templates see it; ``answer`` the answer's text.
        people: the people's verdict; ``people_label`` how it is shown.
        judge: the judge's verdict; ``judge_label`` how it is shown.
        note: the reviewers' notes, joined ("" when none).
    """

    index: int
    row_id: str
    data: Mapping[str, Any]
    answer: str
    people: Any
    people_label: str
    judge: Any
    judge_label: str
    note: str = ""


def revision_prompt(
    template: str, disagreements: Sequence[Disagreement], tuning_rows: int, language: str
) -> list[dict[str, str]]:
    """The messages asking a model for the template revised (``language``: "en"/"zh")."""
    words = WORDS[language]
    fence = "`" * max(3, _longest_run(template, "`") + 1)
    rows = []
    for number, row in enumerate(disagreements[:SHOWN], start=1):
        lines = [
            words["row"].format(number=number, id=row.row_id),
            words["data"] + _shown(row.data),
            words["answer"] + _cut(row.answer),
            words["people"] + row.people_label,
            words["judge"] + row.judge_label,
        ]
        if row.note:
            lines.append(words["note"] + _cut(row.note))
        rows.append("\n".join(lines))
    user = words["ask"].format(
        template=f"{fence}jinja\n{template.rstrip()}\n{fence}",
        shown=min(len(disagreements), SHOWN),
        disagree=len(disagreements),
        tuning=tuning_rows,
        rows="\n\n".join(rows),
    )
    return [{"role": "system", "content": words["system"]}, {"role": "user", "content": user}]


def read_revision(reply: str) -> tuple[str, str]:
    """The revised template in a reply's fenced block, and what is wrong ("" if nothing).

    A block tagged as a template (``jinja``…) comes first, else the longest block.
    """
    blocks: list[tuple[bool, str]] = []
    position = 0
    while match := _FENCE.search(reply, position):
        fence = match.group("fence")
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.M)
        end = closing.search(reply, match.end())
        if end is None:
            return "", say(
                "report.revision.cut_off",
                "The model's reply was cut off inside its template (the fenced block is never "
                "closed). Give the model more room (max_tokens) or pick a larger model.",
            )
        body = reply[match.end() : end.start()].rstrip("\n")
        blocks.append((match.group("tag").lower() in _TEMPLATE_TAGS, body))
        position = end.end()
    blocks = [b for b in blocks if b[1].strip()]
    if not blocks:
        return "", say(
            "report.revision.no_block",
            "The model's reply holds no template in a fenced block (```jinja … ```). Ask "
            "again, or pick a model that follows instructions better.",
        )
    tagged = [body for is_template, body in blocks if is_template]
    return (tagged[0] if tagged else max((b for _, b in blocks), key=len)) + "\n", ""


def _shown(data: Mapping[str, Any]) -> str:
    question = data.get("question")
    if question is not None and len(data) <= 1:
        return _cut(content_text(question))
    return _cut(json.dumps(dict(data), ensure_ascii=False, default=str))


def _cut(text: str) -> str:
    text = text.strip()
    return text if len(text) <= TEXT_CHARS else text[:TEXT_CHARS] + " …"


def _longest_run(text: str, char: str) -> int:
    runs = re.findall(rf"{re.escape(char)}+", text)
    return max((len(r) for r in runs), default=0)
