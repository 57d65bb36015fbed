"""Dataset files (JSONL, JSON, CSV, TSV, XLSX, Parquet) opened as rows for templates and scripts.

The public names are gathered here; see ``opener.open_dataset`` to open a file,
``jsonl.JsonlIndexer`` to open a big JSON Lines file progressively, ``rows`` for how
``data`` and ``response`` are derived from a record, and ``search.search_rows`` to find
the rows holding some text.
"""

from __future__ import annotations

from judgedesk.core.dataset.dataset import Dataset as Dataset
from judgedesk.core.dataset.encoding import LABELS as LABELS
from judgedesk.core.dataset.encoding import decode_file_bytes as decode_file_bytes
from judgedesk.core.dataset.issues import ERROR as ERROR
from judgedesk.core.dataset.issues import LoadIssue as LoadIssue
from judgedesk.core.dataset.issues import UnreadableLines as UnreadableLines
from judgedesk.core.dataset.joins import MODEL_ROLE as MODEL_ROLE
from judgedesk.core.dataset.joins import join_predictions as join_predictions
from judgedesk.core.dataset.joins import joined_column as joined_column
from judgedesk.core.dataset.jsonl import JsonlIndexer as JsonlIndexer
from judgedesk.core.dataset.mapping import MISSING as MISSING
from judgedesk.core.dataset.mapping import REVIEWER_PREFIX as REVIEWER_PREFIX
from judgedesk.core.dataset.mapping import ROLES as ROLES
from judgedesk.core.dataset.mapping import clean_mapping as clean_mapping
from judgedesk.core.dataset.mapping import lookup as lookup
from judgedesk.core.dataset.mapping import reviewer_columns as reviewer_columns
from judgedesk.core.dataset.mapping import suggest_mapping as suggest_mapping
from judgedesk.core.dataset.opener import FORMATS as FORMATS
from judgedesk.core.dataset.opener import detect_format as detect_format
from judgedesk.core.dataset.opener import open_dataset as open_dataset
from judgedesk.core.dataset.rows import DERIVED_FIELDS as DERIVED_FIELDS
from judgedesk.core.dataset.rows import Row as Row
from judgedesk.core.dataset.rows import build_row as build_row
from judgedesk.core.dataset.rows import content_text as content_text
from judgedesk.core.dataset.rows import derive_chat_fields as derive_chat_fields
from judgedesk.core.dataset.rows import field_reader as field_reader
from judgedesk.core.dataset.rows import message_text as message_text
from judgedesk.core.dataset.rows import render_history as render_history
from judgedesk.core.dataset.search import SearchCancelled as SearchCancelled
from judgedesk.core.dataset.search import search_rows as search_rows
from judgedesk.core.dataset.search import text_contains as text_contains
