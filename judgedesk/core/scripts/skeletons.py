"""Starting text for a project's scripts/preprocess.py and scripts/postprocess.py."""

from __future__ import annotations

PREPROCESS_SKELETON = '''\
"""Preprocess: runs once per row, before any judge sees it."""


def preprocess(data: dict, resp: dict, **kwargs) -> bool | int | float | str | None:
    """Prepare one row before it is judged.

    Args:
        data: Every field of the row. For a chat row this includes ``messages`` (the
            OpenAI-style conversation) and the fields derived from it: ``question``
            (the last user message), ``gt`` (the last message when the assistant wrote
            it, else None), ``history`` (earlier turns as text, or None) and
            ``ref_answer`` (the reference answer, or None). Any key you add here can be
            used by the judge templates as ``data.<key>``.
        resp: The answer being evaluated: ``content``, plus ``reasoning_content`` and
            ``tool_calls`` when the model produced them, plus any other field. Keys you
            add are available to the templates as ``response.<key>``.
        **kwargs: Extra information the app may pass in later versions. Keep this
            parameter even if you do not use it.

    Returns:
        A bool, int, float, str or None. The templates can use it as
        ``preprocess_result``. Return None when you only change ``data`` or ``resp``.

    Everything you store must be plain values (text, numbers, booleans, None, lists and
    dicts of those). print() output appears beside the row, which helps debugging.
    """
    # Example: strip a <think>...</think> block from the answer.
    # content = resp.get("content") or ""
    # if "</think>" in content:
    #     resp["content"] = content.split("</think>", 1)[1].strip()
    return None
'''

POSTPROCESS_SKELETON = '''\
"""Postprocess: turns the judges' replies for one row into its final result."""


def postprocess(
    judge_reqs: list[dict],
    judge_resps: list[dict],
    judge_models: list[dict],
    data: dict,
    resp: dict,
    **kwargs,
) -> bool | int | float | str | None:
    """Work out the row's final result from what the judges said.

    Args:
        judge_reqs: One entry per judge, in the order the judges run: the request that
            was sent, with ``messages`` (system prompt and rendered template) and the
            generation parameters.
        judge_resps: One entry per judge, same order: the reply, with ``content`` and,
            when the model separated its thinking, ``reasoning_content``.
        judge_models: One entry per judge, same order: its settings, such as ``name``,
            ``model``, ``system_prompt`` and ``generation_params``.
        data: The row's fields, including anything preprocess added.
        resp: The answer that was evaluated, including anything preprocess added.
        **kwargs: Holds ``judge_req``, ``judge_resp`` and ``judge_model`` of the last
            judge (None when no judge ran), and whatever later versions add.

    Returns:
        The row's result: a bool (e.g. correct or not), an int or float (a score), a
        str (a label), or None when no result can be given. The report's figures are
        computed from these values.
    """
    # Example: read "Score: [[7]]" from the last judge's reply.
    # import re
    # reply = (kwargs.get("judge_resp") or {}).get("content") or ""
    # found = re.findall(r"\\[\\[(\\d+(?:\\.\\d+)?)\\]\\]", reply)
    # return float(found[-1]) if found else None
    return None
'''

SKELETONS: dict[str, str] = {
    "preprocess": PREPROCESS_SKELETON,
    "postprocess": POSTPROCESS_SKELETON,
}
