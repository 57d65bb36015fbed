"""Discovering the field names of a dataset cheaply while its records stream past."""

from __future__ import annotations

from typing import Any

# Beyond this the "fields" are almost certainly data used as keys (ids, dates), and a
# list that long would not help anyone pick a column anyway.
MAX_FIELDS = 1000

_Node = dict[str, Any]  # key -> _Node of the keys seen under it when it held an object


class FieldCollector:
    """Gathers every field name seen, dotted for keys of nested objects, in first-seen order.

    Keys already known are recognised with one C-level subset test per object
    (``obj.keys() <= known.keys()``, using the hashes the JSON parser already computed),
    so a dataset whose records share their shape costs about a microsecond per record.
    Nested objects are followed until names have ``max_depth`` parts (``a.b.c``); lists
    are not expanded.

    Args:
        max_depth: How many parts a dotted field name may have (at least 1).
    """

    def __init__(self, max_depth: int = 3) -> None:
        self._max_depth = max(1, max_depth)
        self._names: dict[str, None] = {}
        self._root: _Node = {}
        self._full = False

    def add(self, record: dict[str, Any]) -> None:
        """Notes the fields of one record (called once per record, so kept lean)."""
        if self._full:
            return
        root = self._root
        if not record.keys() <= root.keys():
            self._learn(root, record, "")
        depth = self._max_depth
        if depth < 2:
            return
        # Levels two and three are unrolled: that is where response/meta objects live,
        # and a function call per nested object would double the cost per record.
        for key, value in record.items():
            if type(value) is dict:
                node = root[key]
                if not value.keys() <= node.keys():
                    self._learn(node, value, f"{key}.")
                if depth < 3:
                    continue
                for inner_key, inner in value.items():
                    if type(inner) is dict:
                        inner_node = node[inner_key]
                        if not inner.keys() <= inner_node.keys():
                            self._learn(inner_node, inner, f"{key}.{inner_key}.")
                        if depth > 3:
                            self._visit(inner_node, inner, (key, inner_key), 4)

    def _visit(self, node: _Node, obj: dict[str, Any], path: tuple[str, ...], depth: int) -> None:
        # Only reached for max_depth > 3: ``obj``'s own keys were handled by the caller.
        for key, value in obj.items():
            if type(value) is dict:
                child = node[key]
                if not value.keys() <= child.keys():
                    self._learn(child, value, ".".join((*path, key)) + ".")
                if depth < self._max_depth:
                    self._visit(child, value, (*path, key), depth + 1)

    def _learn(self, node: _Node, obj: dict[str, Any], prefix: str) -> None:
        names = self._names
        for key in obj:
            if key not in node:
                if len(names) >= MAX_FIELDS:
                    # Stop looking: keys that are really data would otherwise make every
                    # record "new" and the known-key tree grow without end.
                    self._full = True
                    return
                node[key] = {}
                names.setdefault(prefix + key)

    def names(self) -> list[str]:
        """Returns the field names found so far."""
        return list(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names
