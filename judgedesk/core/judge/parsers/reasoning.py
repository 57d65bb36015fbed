"""Separating a judge's reasoning (<think>…</think>) from the answer it gives."""

from __future__ import annotations

import re

# The optional slash is grouped with its own spaces so that runs of spaces cannot be
# split two ways, which keeps the pattern linear on hostile input.
_TAG = re.compile(r"<\s*(?:(/)\s*)?think(?:ing)?\s*>", re.IGNORECASE)


def split_reasoning(
    text: str | None, reasoning_content: str | None = None
) -> tuple[str, str | None]:
    """Splits a judge reply into the answer and the reasoning that led to it.

    Handles ``<think>…</think>`` and ``<thinking>…</thinking>`` in any letter case, several
    blocks, an opening tag at the start that is never closed (everything after it is
    reasoning, as when the reply was cut off while thinking) and a lone closing tag with no
    opening one (everything before it is reasoning, as servers often put the opening tag
    in the prompt). An unclosed opening tag after the answer has begun is kept as text.

    Args:
        text: The reply content as the server returned it.
        reasoning_content: Reasoning the server already returned separately, if any; it is
            kept and placed before any reasoning found in ``text``.

    Returns:
        The answer with surrounding spaces removed, and the reasoning, or None when there
        is none.
    """
    source = text or ""
    if "<" not in source:  # no tag can be there: the common case, kept quick
        reasoning = reasoning_content.strip() if reasoning_content else ""
        return source.strip(), reasoning or None
    # Pieces of text with whether each is reasoning; a lone closing tag turns every piece
    # before it into reasoning, which ``all_reasoning_until`` records without rewriting.
    pieces: list[tuple[bool, str]] = []
    all_reasoning_until = 0
    position = 0
    opened_at = -1
    for match in _TAG.finditer(source):
        segment = source[position : match.start()]
        if match.group(1) is None:
            if opened_at >= 0:
                # A second opening tag inside a block is just part of the reasoning.
                continue
            pieces.append((False, segment))
            opened_at = match.start()
        elif opened_at >= 0:
            pieces.append((True, segment))
            opened_at = -1
        else:
            pieces.append((True, segment))
            all_reasoning_until = len(pieces)
        position = match.end()
    if opened_at >= 0:
        answer_so_far = any(
            piece.strip()
            for index, (is_reasoning, piece) in enumerate(pieces)
            if not is_reasoning and index >= all_reasoning_until
        )
        if answer_so_far:
            # An opening tag after the answer has begun is text the judge quoted, not
            # the start of its reasoning.
            pieces.append((False, source[opened_at:]))
        else:
            pieces.append((True, source[position:]))
    else:
        pieces.append((False, source[position:]))

    reasoning_parts = [reasoning_content.strip()] if reasoning_content else []
    content_parts: list[str] = []
    for index, (is_reasoning, piece) in enumerate(pieces):
        if is_reasoning or index < all_reasoning_until:
            if piece.strip():
                reasoning_parts.append(piece.strip())
        else:
            content_parts.append(piece)
    reasoning = "\n\n".join(part for part in reasoning_parts if part)
    return "".join(content_parts).strip(), reasoning or None
