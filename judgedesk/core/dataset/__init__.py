"""Dataset files (JSONL, JSON, CSV, TSV, XLSX) opened as rows for templates and scripts.

The public names are gathered here; see ``opener.open_dataset`` to open a file,
``jsonl.JsonlIndexer`` to open a big JSON Lines file progressively, ``rows`` for how
``data`` and ``response`` are derived from a record, and ``search.search_rows`` to find
the rows holding some text.
"""

from __future__ import annotations

from judgedesk.core.dataset.dataset import Dataset
from judgedesk.core.dataset.issues import LoadIssue
from judgedesk.core.dataset.jsonl import JsonlIndexer
from judgedesk.core.dataset.mapping import ROLES, suggest_mapping
from judgedesk.core.dataset.opener import FORMATS, detect_format, open_dataset
from judgedesk.core.dataset.rows import (
    DERIVED_FIELDS,
    Row,
    build_row,
    derive_chat_fields,
    render_history,
)
from judgedesk.core.dataset.search import SearchCancelled, search_rows, text_contains

__all__ = [
    "DERIVED_FIELDS",
    "FORMATS",
    "ROLES",
    "Dataset",
    "JsonlIndexer",
    "LoadIssue",
    "Row",
    "SearchCancelled",
    "build_row",
    "derive_chat_fields",
    "detect_format",
    "open_dataset",
    "render_history",
    "search_rows",
    "suggest_mapping",
    "text_contains",
]
