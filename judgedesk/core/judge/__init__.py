"""Judge: from a prompt to a verdict.

A judge's settings (:class:`JudgeSettings`), the request it is sent for a row, the
clients that call an OpenAI-compatible endpoint (keys, presets, retries, streaming) or
compute a metric with no model, and the readers that take a verdict out of a reply
(``parsers``) and combine several judges' verdicts. Imports the template stage.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from judgedesk.core import lazy_face

# The stage's public names. Each is imported on first use (``lazy_face`` reads this
# block), so a command loads only the modules it uses.
if TYPE_CHECKING:
    from judgedesk.core.judge.approvals import KeyApprovals as KeyApprovals
    from judgedesk.core.judge.approvals import KeyNotApprovedError as KeyNotApprovedError
    from judgedesk.core.judge.approvals import KeyUse as KeyUse
    from judgedesk.core.judge.approvals import approved_key as approved_key
    from judgedesk.core.judge.approvals import key_reference as key_reference
    from judgedesk.core.judge.base import ERROR_KINDS as ERROR_KINDS
    from judgedesk.core.judge.base import ChatClient as ChatClient
    from judgedesk.core.judge.base import ChatReply as ChatReply
    from judgedesk.core.judge.base import ChatRequest as ChatRequest
    from judgedesk.core.judge.base import ClientStats as ClientStats
    from judgedesk.core.judge.base import JudgeCallError as JudgeCallError
    from judgedesk.core.judge.base import ModelList as ModelList
    from judgedesk.core.judge.base import canonical_json as canonical_json
    from judgedesk.core.judge.check import ConnectionCheck as ConnectionCheck
    from judgedesk.core.judge.check import check_connection as check_connection
    from judgedesk.core.judge.check import check_model_file as check_model_file
    from judgedesk.core.judge.dialects import FormatFinding as FormatFinding
    from judgedesk.core.judge.dialects import find_format_at as find_format_at
    from judgedesk.core.judge.discover import FoundModelFile as FoundModelFile
    from judgedesk.core.judge.discover import FoundServer as FoundServer
    from judgedesk.core.judge.discover import ModelFolder as ModelFolder
    from judgedesk.core.judge.discover import find_model_files as find_model_files
    from judgedesk.core.judge.discover import find_servers as find_servers
    from judgedesk.core.judge.discover import judge_name as judge_name
    from judgedesk.core.judge.discover import model_folders as model_folders
    from judgedesk.core.judge.discover import size_text as size_text
    from judgedesk.core.judge.failures import AttemptFailure as AttemptFailure
    from judgedesk.core.judge.gguf import GGUFError as GGUFError
    from judgedesk.core.judge.gguf import free_memory as free_memory
    from judgedesk.core.judge.gguf import memory_needed as memory_needed
    from judgedesk.core.judge.gguf import read_model_file as read_model_file
    from judgedesk.core.judge.keys import resolve_api_key as resolve_api_key
    from judgedesk.core.judge.keys import store_api_key as store_api_key
    from judgedesk.core.judge.local_file import LocalFileClient as LocalFileClient
    from judgedesk.core.judge.local_fit import EXTRA_MISSING as EXTRA_MISSING
    from judgedesk.core.judge.local_fit import MAX_PARALLEL as MAX_PARALLEL
    from judgedesk.core.judge.local_fit import default_parallel as default_parallel
    from judgedesk.core.judge.local_fit import local_extra_installed as local_extra_installed
    from judgedesk.core.judge.local_fit import model_file_problem as model_file_problem
    from judgedesk.core.judge.local_worker import worker_main as worker_main
    from judgedesk.core.judge.metric_eval import evaluate_metric as evaluate_metric
    from judgedesk.core.judge.metrics import METRICS as METRICS
    from judgedesk.core.judge.metrics import validate_metric_params as validate_metric_params
    from judgedesk.core.judge.openai import OpenAIClient as OpenAIClient
    from judgedesk.core.judge.parsers import PARSERS as PARSERS
    from judgedesk.core.judge.parsers import parse_verdict as parse_verdict
    from judgedesk.core.judge.parsers.common import Verdict as Verdict
    from judgedesk.core.judge.parsers.common import VerdictValue as VerdictValue
    from judgedesk.core.judge.parsers.common import number_label as number_label
    from judgedesk.core.judge.parsers.common import plain_number as plain_number
    from judgedesk.core.judge.parsers.common import to_number as to_number
    from judgedesk.core.judge.parsers.infer import infer_parser as infer_parser
    from judgedesk.core.judge.parsers.pairwise import CHOICE_SCALE as CHOICE_SCALE
    from judgedesk.core.judge.parsers.pairwise import COMPARISON_SCALE as COMPARISON_SCALE
    from judgedesk.core.judge.parsers.pairwise import TIE as TIE
    from judgedesk.core.judge.parsers.pairwise import direction as direction
    from judgedesk.core.judge.parsers.pairwise import first_shown_won as first_shown_won
    from judgedesk.core.judge.parsers.pairwise import mirror as mirror
    from judgedesk.core.judge.parsers.reasoning import split_reasoning as split_reasoning
    from judgedesk.core.judge.parsers.rule import PAIR_LABELS as PAIR_LABELS
    from judgedesk.core.judge.parsers.rule import PICKS as PICKS
    from judgedesk.core.judge.parsers.rule import RULE_KINDS as RULE_KINDS
    from judgedesk.core.judge.parsers.rule import VerdictRule as VerdictRule
    from judgedesk.core.judge.parsers.rule import fold as fold
    from judgedesk.core.judge.parsers.rule import read_with_rule as read_with_rule
    from judgedesk.core.judge.presets import PRESETS as PRESETS
    from judgedesk.core.judge.presets import Preset as Preset
    from judgedesk.core.judge.presets import preset_for_url as preset_for_url
    from judgedesk.core.judge.probabilities import NO_PROBABILITIES as NO_PROBABILITIES
    from judgedesk.core.judge.probabilities import VerdictProbabilities as VerdictProbabilities
    from judgedesk.core.judge.probabilities import read_probabilities as read_probabilities
    from judgedesk.core.judge.probabilities import with_probabilities as with_probabilities
    from judgedesk.core.judge.replies import parse_completion as parse_completion
    from judgedesk.core.judge.request import PromptSource as PromptSource
    from judgedesk.core.judge.request import judge_template as judge_template
    from judgedesk.core.judge.request import render_prompt as render_prompt
    from judgedesk.core.judge.request import render_prompt_async as render_prompt_async
    from judgedesk.core.judge.settings import JUDGE_KINDS as JUDGE_KINDS
    from judgedesk.core.judge.settings import KEY_REFERENCE as KEY_REFERENCE
    from judgedesk.core.judge.settings import JudgeSettings as JudgeSettings
    from judgedesk.core.judge.settings import check_no_secret as check_no_secret
    from judgedesk.core.judge.structured import FORMAT_TITLES as FORMAT_TITLES
    from judgedesk.core.judge.structured import FORMATS as FORMATS
    from judgedesk.core.judge.structured import StructuredVerdict as StructuredVerdict
    from judgedesk.core.judge.structured import dimension_names as dimension_names
    from judgedesk.core.judge.structured import structured_params as structured_params
    from judgedesk.core.judge.structured import structured_verdict as structured_verdict
    from judgedesk.core.judge.usage import with_usage as with_usage
    from judgedesk.core.judge.verdicts import aggregate_verdicts as aggregate_verdicts
    from judgedesk.core.judge.version import judge_version as judge_version

__getattr__, __all__ = lazy_face(__name__, __file__)
