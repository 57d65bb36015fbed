"""Template: a judge's scoring prompt, from Jinja2 text to the prompt sent for a row.

A row's ``data`` and ``response`` (from the dataset stage), the preprocess result and the
project's variables make the context; the template is compiled once, rendered in a
sandbox with a bound on its work (in a worker process killed when it overruns, for a
template that might run away), and what went wrong is told with line and column.
Answers printed whole show their text. Also here: the live preview, the built-in library
and scene presets, project variables, conversion of prompts written with ``{$name}`` /
``{name}`` placeholders, which two answers a pairwise template compares (so that they can
be exchanged), and a rough token count. Imports only the dataset stage.
"""

from __future__ import annotations

from judgedesk.core.template.answers import AnswerPlaces as AnswerPlaces
from judgedesk.core.template.answers import answer_places as answer_places
from judgedesk.core.template.answers import pair_reads as pair_reads
from judgedesk.core.template.answers import row_places as row_places
from judgedesk.core.template.answers import swap_issues as swap_issues
from judgedesk.core.template.context import build_context as build_context
from judgedesk.core.template.convert import KNOWN_NAMES as KNOWN_NAMES
from judgedesk.core.template.convert import Conversion as Conversion
from judgedesk.core.template.convert import ImportNote as ImportNote
from judgedesk.core.template.convert import Replacement as Replacement
from judgedesk.core.template.convert import convert_placeholders as convert_placeholders
from judgedesk.core.template.convert import read_prompt_file as read_prompt_file
from judgedesk.core.template.convert import review_conversion as review_conversion
from judgedesk.core.template.library import LANGUAGES as LANGUAGES
from judgedesk.core.template.library import TemplateInfo as TemplateInfo
from judgedesk.core.template.library import get_scene as get_scene
from judgedesk.core.template.library import get_template as get_template
from judgedesk.core.template.library import list_scenes as list_scenes
from judgedesk.core.template.library import list_templates as list_templates
from judgedesk.core.template.limits import RENDER_SECONDS as RENDER_SECONDS
from judgedesk.core.template.preview import PromptPreview as PromptPreview
from judgedesk.core.template.preview import completion_names as completion_names
from judgedesk.core.template.preview import preview_prompt as preview_prompt
from judgedesk.core.template.problems import TemplateIssue as TemplateIssue
from judgedesk.core.template.prompt import JudgePrompt as JudgePrompt
from judgedesk.core.template.render import RESERVED_NAMES as RESERVED_NAMES
from judgedesk.core.template.render import CompiledTemplate as CompiledTemplate
from judgedesk.core.template.render import compile_template as compile_template
from judgedesk.core.template.render import render_template as render_template
from judgedesk.core.template.tokens import estimate_tokens as estimate_tokens
from judgedesk.core.template.variables import KINDS as KINDS
from judgedesk.core.template.variables import TemplateNeeds as TemplateNeeds
from judgedesk.core.template.variables import VariableError as VariableError
from judgedesk.core.template.variables import check_name as check_name
from judgedesk.core.template.variables import convert_kind as convert_kind
from judgedesk.core.template.variables import format_value as format_value
from judgedesk.core.template.variables import kind_of as kind_of
from judgedesk.core.template.variables import new_name as new_name
from judgedesk.core.template.variables import parse_value as parse_value
from judgedesk.core.template.variables import renamed as renamed
from judgedesk.core.template.variables import template_needs as template_needs
from judgedesk.core.template.worker import worker_main as worker_main
