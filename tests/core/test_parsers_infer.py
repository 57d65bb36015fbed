"""Tests for infer_parser: naming the parser a scoring prompt's output format implies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judgedesk.core.judge.parsers import PARSERS, infer_parser

SCORE_PROMPT = """\
You are a strict but fair grader. Compare the assistant's answer with the reference
answer and point out any mistakes, then judge helpfulness, relevance and concision.
Write a short explanation first. Then rate the answer from 1 to {{ max_score }} in
exactly this form: "Score: [[score]]", for instance "Score: [[4]]".

[Question]
{{ data.question }}
[Reference]
{{ data.ref_answer }}
[Answer]
{{ response.content }}"""

RATING_PROMPT_ZH = """\
请你作为一名公正的评审，评估AI助手对用户问题的回答质量。先给出简要分析，
然后严格按照以下格式给出1到10分的评分："评分：[[分数]]"，例如"评分：[[6]]"。

[问题]
{{ data.question }}
[助手回答]
{{ response.content }}"""

COMPARISON_PROMPT = """\
Act as an impartial referee between two answers to the same question. Answer A is the
reference; answer B comes from the model under test. Explain the differences, then end
with exactly one label:
[[A>>B]] when A is far better, [[A>B]] when A is a little better, [[A=B]] for a tie,
[[B>A]] when B is a little better, [[B>>A]] when B is far better.

Question: {{ data.question }}
Answer A: {{ data.ref_answer }}
Answer B: {{ response.content }}"""

CHOICE5_PROMPT = """\
Read the query and the two responses, list the checks you used, then decide.
Give your final assessment as one of ["A++", "A+", "A=B", "B+", "B++"]:
A++ means A is much better, A+ slightly better, A=B equal, B+ and B++ likewise for B.
Reply in this JSON layout:
{
  "analysis of A": "...",
  "analysis of B": "...",
  "choice": "[A++ or A+ or A=B or B+ or B++]"
}"""

JSON_PROMPT_ZH = """\
你是一名公正的评分裁判，需要在{{ evaluation_scene }}场景下评估"AI助手回复"的质量。
每个维度的评分范围为 0 至 {{ max_score }} 分。

<输出要求>
- 仅输出 JSON 格式内容，不要输出其他说明。
```json
{
  "综合评分": "[加权平均得分，取整]",
  "[维度1名称]": {"score": "[整数分]", "analysis": "（简要说明）"}
}
```"""

JSON_PROMPT_EN = """\
Grade the product description for accuracy, tone and completeness, each from 1 to 5.
Return your grades as a JSON object with one field per criterion plus an "overall"
field, and nothing else."""

JSON_SKELETON_PROMPT = """\
Evaluate the answer. Fill in and send back only this:
{"score": <integer 1-10>, "reason": "<one sentence>"}"""

CORRECTNESS_PROMPT = """\
Check whether the model's response answers the question correctly.
Question: {problem}
Reference answer: {answer}
Model response: {prediction}
If the response is correct, answer "A"; if it is incorrect, answer "B". Reply with the
letter only."""

CORRECTNESS_WORDS_PROMPT = """\
Compare the candidate's final number with the gold number. Respond with CORRECT when
they are equal and INCORRECT otherwise."""

CORRECTNESS_PROMPT_ZH = """\
请判断模型回答是否与标准答案一致。
问题：{{ data.question }}
标准答案：{{ data.ref_answer }}
模型回答：{{ response.content }}
如果回答正确，请只输出"A"；如果回答错误，请只输出"B"。"""

CORRECTNESS_LEGEND_PROMPT = """\
Decide if the submitted answer agrees with the expected one. Ignore style and length.

Expected: {{ data.ref_answer }}
Submitted: {{ response.content }}

Does the submitted answer agree?
A: correct
B: incorrect

Reply with one letter."""

MTBENCH_PROMPT = """\
Two assistants answered the question below. Weigh accuracy first, then helpfulness.
Question: {{ data.question }}
Assistant A: {{ ref_answer }}
Assistant B: {{ response.content }}
After a short comparison, write "[[A]]" if A wins, "[[B]]" if B wins or "[[C]]" if neither
does."""

MTBENCH_PROMPT_ZH = """\
请比较两位助手的回答，最后输出［［A］］（A 更好）、［［B］］（B 更好）或［［C］］（平局）。"""

PROMETHEUS_PROMPT = """\
Grade the response with the rubric from 1 to 5. Write your feedback first, then
"[RESULT]" and the grade, as in: Feedback: <text> [RESULT] <1-5>

{{ response.content }}"""

PROMETHEUS_PAIR_PROMPT = """\
Compare response A and response B against the rubric. Write your feedback, then end
with [RESULT] followed by A or B."""

LLMBAR_PROMPT = """\
Which output follows the instruction more closely? Answer with "Output (a)" or
"Output (b)" only.

# Output (a):
{{ ref_answer }}
# Output (b):
{{ response.content }}"""

JUDGELM_PROMPT = """\
Score the two answers from 1 to 10. Put the two scores, separated by a space, on the
first line of your reply, then explain them."""

JUDGELM_PROMPT_ZH = """\
请给两份回答各打 1 到 10 分。回复的第一行只写两个分数，用空格隔开，之后再解释。"""

OPEN_PROMPT = """\
Read the assistant's answer below and write a friendly paragraph of feedback for the
author, noting what is good and what could be clearer.

{{ response.content }}"""


@pytest.mark.parametrize(
    ("prompt", "expected"),
    [
        (SCORE_PROMPT, "score"),
        (RATING_PROMPT_ZH, "score"),
        ('Finish with "Rating: [[rating]]".', "score"),
        (COMPARISON_PROMPT, "comparison"),
        (CHOICE5_PROMPT, "choice5"),
        (JSON_PROMPT_ZH, "json"),
        (JSON_PROMPT_EN, "json"),
        (JSON_SKELETON_PROMPT, "json"),
        ("Output JSON with your verdict.", "json"),
        (CORRECTNESS_PROMPT, "correctness"),
        (CORRECTNESS_WORDS_PROMPT, "correctness"),
        (CORRECTNESS_PROMPT_ZH, "correctness"),
        (CORRECTNESS_LEGEND_PROMPT, "correctness"),
        (MTBENCH_PROMPT, "mtbench_pair"),
        (MTBENCH_PROMPT_ZH, "mtbench_pair"),
        (PROMETHEUS_PROMPT, "prometheus"),
        (PROMETHEUS_PAIR_PROMPT, "prometheus_pair"),
        (LLMBAR_PROMPT, "llmbar"),
        (JUDGELM_PROMPT, "judgelm"),
        (JUDGELM_PROMPT_ZH, "judgelm"),
        # A single bracketed letter alone is not MT-Bench's three-way verdict.
        ('If it is correct, answer "[[A]]"; if it is incorrect, answer "[[B]]".', "correctness"),
        ("Mention Output (a) in your notes.", None),
        ("[Result]\nWrite what you found.", None),
        (OPEN_PROMPT, None),
        ("A helpful assistant answers questions. Be polite.", None),
        ("Provide your score, with a maximum of 5 and a minimum of 1.", None),
        ("", None),
    ],
)
def test_infer_parser(prompt: str, expected: str | None) -> None:
    assert infer_parser(prompt) == expected


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=500))
def test_infer_parser_never_raises(prompt: str) -> None:
    assert infer_parser(prompt) in (None, *PARSERS)
