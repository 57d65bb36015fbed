"""The built-in library of judge templates and scene presets shipped in resources/templates."""

from __future__ import annotations

import logging
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from judgedesk.core.errors import LibraryError
from judgedesk.resources import resource_path

__all__ = [
    "LANGUAGES",
    "MODES",
    "PARSERS",
    "SCENE_VARIABLES",
    "ScenePreset",
    "TemplateInfo",
    "get_scene",
    "get_template",
    "list_scenes",
    "list_templates",
]

_log = logging.getLogger(__name__)

LANGUAGES: tuple[str, ...] = ("en", "zh")
"""Languages the library is written in; the first is the fallback."""

MODES: tuple[str, ...] = ("pointwise", "pairwise")
"""How a template looks at responses: one at a time, or two side by side."""

# The template stage comes before the judge stage, so it names the parsers rather than
# importing judge.parsers.PARSERS; tests/core/test_library.py keeps the two lists equal.
PARSERS: tuple[str, ...] = ("score", "comparison", "choice5", "correctness", "json")
PARSERS += ("mtbench_pair", "prometheus", "prometheus_pair", "llmbar", "judgelm")
"""Names of the built-in verdict parsers a template may ask for."""

SCENE_VARIABLES: tuple[str, ...] = (
    "evaluation_scene",
    "scene_desc",
    "evaluation_metric",
    "max_score",
    "score_details",
    "steps",
)
"""The project variables every scene preset fills in."""

# The order a person meets the templates in: simple scoring first, then comparisons,
# then the specialised formats, then those for published judges' formats. Templates not
# named here follow alphabetically.
_ORDER: tuple[str, ...] = (
    "score_single",
    "score_reference",
    "score_multi",
    "score_multi_reference",
    "compare_single",
    "compare_multi",
    "pairwise_checklist",
    "correctness_ab",
    "multidim_json",
    "prometheus_absolute",
    "mtbench_pair",
    "llmbar_pair",
    "judgelm_pair",
)

_FALLBACK = LANGUAGES[0]
_TOP_KEYS = frozenset({"id", "mode", "multi_turn", "uses_reference", "parser", "variables"})
_LANGUAGE_KEYS = frozenset({"title", "description", "system_prompt", "variables"})
_SCENES_FILE = "scenes.toml"


@dataclass(frozen=True)
class TemplateInfo:
    """One built-in judge template in one language.

    Attributes:
        id: the template's identifier, e.g. ``"score_single"``.
        language: the language of ``text`` (``"en"`` when a request fell back to it).
        title: a short name to show in lists.
        description: two or three sentences for a non-programmer.
        mode: ``"pointwise"`` (one response) or ``"pairwise"`` (two responses).
        multi_turn: True when the template shows the chat history.
        uses_reference: True when the template needs a reference answer.
        parser: the built-in parser that reads the judge's reply.
        variables: default project variables the template expects (read-only).
        system_prompt: a suggested system prompt for the judge (may be empty).
        text: the Jinja2 source.
        path: the ``.j2`` file the source was read from.
    """

    id: str
    language: str
    title: str
    description: str
    mode: str
    multi_turn: bool
    uses_reference: bool
    parser: str
    variables: Mapping[str, object] = field(hash=False)
    system_prompt: str
    text: str
    path: Path


@dataclass(frozen=True)
class ScenePreset:
    """Values for the scene variables of a multi-dimension template, in one language.

    Attributes:
        id: the scene's identifier, e.g. ``"translation"``.
        language: the language of the values.
        title: a short name to show in lists.
        variables: one value for each name in ``SCENE_VARIABLES`` (read-only).
    """

    id: str
    language: str
    title: str
    variables: Mapping[str, object] = field(hash=False)


def _normalize_language(language: str) -> str:
    """Reduce a locale such as ``"zh_CN"`` or ``"en-GB"`` to its language code."""
    return language.strip().lower().replace("_", "-").split("-", 1)[0]


def _fail(path: Path, problem: str) -> LibraryError:
    return LibraryError(
        f"The built-in template library is damaged: {path}: {problem} "
        "Reinstall JudgeDesk, or restore the file from the original installation."
    )


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as stream:
            return tomllib.load(stream)
    except FileNotFoundError:
        raise _fail(path, "the file is missing.") from None
    except tomllib.TOMLDecodeError as exc:
        raise _fail(path, f"the file is not valid TOML ({exc}).") from exc
    except OSError as exc:
        raise _fail(path, f"the file cannot be read ({exc.strerror or exc}).") from exc


def _read_text(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise _fail(path, "the file is missing.") from None
    except UnicodeDecodeError as exc:
        raise _fail(path, "the file is not UTF-8 text.") from exc
    except OSError as exc:
        raise _fail(path, f"the file cannot be read ({exc.strerror or exc}).") from exc


def _require(table: Mapping[str, Any], key: str, kind: type, path: Path, where: str) -> Any:
    if key not in table:
        raise _fail(path, f"'{key}' is missing{where}.")
    value = table[key]
    # bool is a subclass of int; a number must not pass for a flag or the reverse.
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise _fail(path, f"'{key}'{where} must be a {kind.__name__}, not {value!r}.")
    return value


def _text(table: Mapping[str, Any], key: str, path: Path, where: str) -> str:
    value: str = _require(table, key, str, path, where)
    if not value.strip():
        raise _fail(path, f"'{key}'{where} is empty.")
    return value.strip()


def _variables(value: Any, path: Path, where: str) -> dict[str, object]:
    if not isinstance(value, dict):
        raise _fail(path, f"'variables'{where} must be a table.")
    for name, item in value.items():
        if not isinstance(item, str | int | float | bool):
            raise _fail(path, f"variable '{name}'{where} must be text, a number or true/false.")
    return dict(value)


def _check_keys(table: Mapping[str, Any], allowed: frozenset[str], path: Path, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise _fail(path, f"unknown key(s) {', '.join(unknown)}{where}.")


def _read_template(folder: Path) -> dict[str, TemplateInfo]:
    """Read one template folder into its languages."""
    meta_path = folder / "meta.toml"
    meta = _read_toml(meta_path)
    _check_keys(meta, _TOP_KEYS | set(LANGUAGES), meta_path, "")
    template_id = _text(meta, "id", meta_path, "")
    if template_id != folder.name:
        raise _fail(meta_path, f"'id' is {template_id!r} but the folder is {folder.name!r}.")
    mode = _text(meta, "mode", meta_path, "")
    if mode not in MODES:
        raise _fail(meta_path, f"'mode' must be one of {', '.join(MODES)}, not {mode!r}.")
    parser = _text(meta, "parser", meta_path, "")
    if parser not in PARSERS:
        raise _fail(meta_path, f"'parser' must be one of {', '.join(PARSERS)}, not {parser!r}.")
    multi_turn: bool = _require(meta, "multi_turn", bool, meta_path, "")
    uses_reference: bool = _require(meta, "uses_reference", bool, meta_path, "")
    shared = _variables(meta.get("variables", {}), meta_path, "")

    found: dict[str, TemplateInfo] = {}
    for language in LANGUAGES:
        source = folder / f"{language}.j2"
        table = meta.get(language)
        if table is None:
            if source.exists():
                raise _fail(meta_path, f"{source.name} exists but there is no [{language}] table.")
            continue
        where = f" in [{language}]"
        if not isinstance(table, dict):
            raise _fail(meta_path, f"'{language}' must be a table.")
        _check_keys(table, _LANGUAGE_KEYS, meta_path, where)
        system_prompt = table.get("system_prompt", "")
        if not isinstance(system_prompt, str):
            raise _fail(meta_path, f"'system_prompt'{where} must be text.")
        variables = dict(shared)
        variables.update(_variables(table.get("variables", {}), meta_path, where))
        found[language] = TemplateInfo(
            id=template_id,
            language=language,
            title=_text(table, "title", meta_path, where),
            description=_text(table, "description", meta_path, where),
            mode=mode,
            multi_turn=multi_turn,
            uses_reference=uses_reference,
            parser=parser,
            variables=MappingProxyType(variables),
            system_prompt=system_prompt.strip(),
            text=_read_text(source),
            path=source,
        )
    if _FALLBACK not in found:
        raise _fail(meta_path, f"the [{_FALLBACK}] table is missing; every template needs one.")
    return found


def _sort_key(template_id: str) -> tuple[int, str]:
    try:
        return (_ORDER.index(template_id), "")
    except ValueError:
        return (len(_ORDER), template_id)


def _read_templates(root: Path) -> dict[str, dict[str, TemplateInfo]]:
    """Read every template folder under ``root``, in display order."""
    if not root.is_dir():
        raise _fail(root, "the templates folder is missing.")
    folders = [p for p in root.iterdir() if p.is_dir() and not p.name.startswith((".", "_"))]
    folders.sort(key=lambda p: _sort_key(p.name))
    catalog = {folder.name: _read_template(folder) for folder in folders}
    _log.debug("Read %d built-in templates from %s", len(catalog), root)
    return catalog


def _read_scenes(path: Path) -> dict[str, dict[str, ScenePreset]]:
    """Read the scene presets file: shared values per scene plus one table per language."""
    raw = _read_toml(path)
    scenes: dict[str, dict[str, ScenePreset]] = {}
    for scene_id, table in raw.items():
        where = f" in [{scene_id}]"
        if not isinstance(table, dict):
            raise _fail(path, f"'{scene_id}' must be a table.")
        shared = {k: v for k, v in table.items() if k not in LANGUAGES}
        _check_keys(shared, frozenset(SCENE_VARIABLES), path, where)
        shared = _variables(shared, path, where)
        found: dict[str, ScenePreset] = {}
        for language in LANGUAGES:
            lang_table = table.get(language)
            if lang_table is None:
                continue
            lang_where = f" in [{scene_id}.{language}]"
            if not isinstance(lang_table, dict):
                raise _fail(path, f"'{scene_id}.{language}' must be a table.")
            _check_keys(lang_table, frozenset(SCENE_VARIABLES) | {"title"}, path, lang_where)
            title = _text(lang_table, "title", path, lang_where)
            values = dict(shared)
            values.update(
                _variables({k: v for k, v in lang_table.items() if k != "title"}, path, lang_where)
            )
            for name in SCENE_VARIABLES:
                if name not in values:
                    raise _fail(path, f"'{name}' is missing{lang_where}.")
                value = values[name]
                if isinstance(value, str):
                    values[name] = value.strip()
            ordered = {name: values[name] for name in SCENE_VARIABLES}
            found[language] = ScenePreset(scene_id, language, title, MappingProxyType(ordered))
        if _FALLBACK not in found:
            raise _fail(path, f"the [{scene_id}.{_FALLBACK}] table is missing.")
        scenes[scene_id] = found
    return scenes


@cache
def _catalog() -> dict[str, dict[str, TemplateInfo]]:
    return _read_templates(resource_path("templates"))


@cache
def _scene_catalog() -> dict[str, dict[str, ScenePreset]]:
    return _read_scenes(resource_path("templates", _SCENES_FILE))


def list_templates(language: str | None = None) -> list[TemplateInfo]:
    """Return the built-in templates in display order.

    Args:
        language: a language code (``"en"``, ``"zh"``, also a locale such as
            ``"zh_CN"``); each template comes in that language or, when it has none,
            in English. None lists every language of every template.

    Returns:
        One entry per template (per template and language when ``language`` is None).

    Raises:
        LibraryError: when the shipped metadata is broken.
    """
    catalog = _catalog()
    if language is None:
        return [info for by_language in catalog.values() for info in by_language.values()]
    return [get_template(template_id, language) for template_id in catalog]


def get_template(template_id: str, language: str | None = "en") -> TemplateInfo:
    """Return one built-in template, in English when the language is not available.

    Args:
        template_id: e.g. ``"score_single"``.
        language: a language code or locale; falls back to ``"en"`` (also for None).

    Raises:
        LibraryError: when the id is unknown (the message lists the valid ones) or the
            shipped metadata is broken.
    """
    catalog = _catalog()
    by_language = catalog.get(template_id)
    if by_language is None:
        raise LibraryError(
            f"There is no built-in template called {template_id!r}. "
            f"Choose one of: {', '.join(catalog)}."
        )
    return by_language.get(_normalize_language(language or _FALLBACK)) or by_language[_FALLBACK]


def list_scenes(language: str = "en") -> list[ScenePreset]:
    """Return the scene presets in file order, each in ``language`` or else in English.

    Raises:
        LibraryError: when the shipped scenes file is broken.
    """
    return [get_scene(scene_id, language) for scene_id in _scene_catalog()]


def get_scene(scene_id: str, language: str = "en") -> ScenePreset:
    """Return one scene preset, in English when the language is not available.

    Args:
        scene_id: e.g. ``"translation"``.
        language: a language code or locale; falls back to ``"en"``.

    Raises:
        LibraryError: when the scene is unknown (the message lists the valid ones) or
            the shipped scenes file is broken.
    """
    scenes = _scene_catalog()
    by_language = scenes.get(scene_id)
    if by_language is None:
        raise LibraryError(
            f"There is no scene preset called {scene_id!r}. Choose one of: {', '.join(scenes)}."
        )
    return by_language.get(_normalize_language(language or _FALLBACK)) or by_language[_FALLBACK]
