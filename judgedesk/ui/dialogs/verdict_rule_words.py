"""The words the verdict rule dialog and the judge form use to describe a rule."""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import QObject

from judgedesk.core.errors import ProjectError
from judgedesk.core.judge import PAIR_LABELS, VerdictRule, number_label, plain_number
from judgedesk.ui.core_strings import core_reason

_NOT_LISTED = re.compile(r"The judge wrote (.+), which the rule's map does not list \(.*")
_NOT_KIND = re.compile(
    r"The judge wrote (.+), which is not (?:a score|a comparison|a yes or a no|one of the).*"
)
_OUTSIDE = re.compile(r"The judge gave (.+?), which is not a score from (\S+) to (\S+?)\..*")


class RuleWords(QObject):
    """Names of presets, kinds and picks, and a rule told in one line, translated."""

    def preset_titles(self) -> dict[str, str]:
        """The common formats, by their id in ``PRESET_TABLES``."""
        return {
            "mtbench": self.tr("MT-Bench comparison: [[A]], [[B]] or [[C]] for a tie"),
            "prometheus": self.tr("Prometheus grade: [RESULT] 1 to 5"),
            "llmbar": self.tr("LLMBar choice: Output (a) or Output (b)"),
            "out_of_10": self.tr("Score: n out of 10"),
            "json": self.tr("A field of a JSON answer…"),
            "yes_no": self.tr("Yes or No (correct or incorrect)"),
            "labels": self.tr("Labels, such as Label: spam…"),
        }

    def kind_choice(self, kind: str) -> str:
        """A kind as offered in the list."""
        return {
            "score": self.tr("a score (a number)"),
            "pairwise": self.tr("a comparison of answers A and B"),
            "correctness": self.tr("correct or incorrect"),
            "label": self.tr("a label (a category)"),
        }.get(kind, kind)

    def picks(self) -> dict[str, str]:
        return {
            "last": self.tr("take the last one"),
            "first": self.tr("take the first one"),
            "only": self.tr("take only one (two different ones: not read)"),
        }

    def meaning(self, value: Any) -> str:
        """A verdict's value on its scale, in words."""
        if isinstance(value, bool):
            return self.tr("correct") if value else self.tr("incorrect")
        if isinstance(value, int | float):
            return number_label(value)
        return str(value)

    def verdict_words(self, kind: str, label: str | None, value: Any) -> str:
        """A verdict read from a reply, as the person should understand it."""
        if kind == "correctness":
            return f"{label} ({self.meaning(value)})"
        if kind == "label" and value is not None and str(value) != label:
            return f"{label} → {value}"
        return str(label)

    def kind_short(self, kind: str) -> str:
        """A kind in a sentence ("a comparison")."""
        return {
            "score": self.tr("a score"),
            "pairwise": self.tr("a comparison"),
            "correctness": self.tr("correct or incorrect"),
            "label": self.tr("a label"),
        }.get(kind, kind)

    def reason(self, reason: str, rule: VerdictRule) -> str:
        """Why a reply was not read, in the interface's language and without the pattern."""
        if rule.pattern and reason == f"Nothing in the reply matches {rule.describe()}.":
            return self.tr("Nothing in the reply looks like the verdict the rule looks for.")
        if rule.path and reason == f"The reply holds no JSON object with the field {rule.path}.":
            return self.tr("The reply has no JSON field {0}.").format(rule.path)
        found = _NOT_LISTED.fullmatch(reason)
        if found:
            return self.tr("The judge wrote {0}, which is not among the labels listed.").format(
                found.group(1)
            )
        found = _NOT_KIND.fullmatch(reason)
        if found:
            return self.tr("The judge wrote {0}, but the rule expects {1}.").format(
                found.group(1), self.kind_short(rule.kind)
            )
        found = _OUTSIDE.fullmatch(reason)
        if found:
            return self.tr("The judge gave {0}, outside the scores from {1} to {2}.").format(
                *found.groups()
            )
        return core_reason(reason)

    def describe(self, table: dict[str, Any]) -> str:
        """A judge's own rule in one line ("Own rule: a comparison, pattern …, a → A>B")."""
        try:
            rule = VerdictRule.from_table(table)
        except ProjectError as exc:
            return self.tr("Own rule, which needs fixing: {0}").format(core_reason(str(exc)))
        kind = self.kind_short(rule.kind)
        if rule.path:
            parts = [kind, self.tr("JSON field {0}").format(rule.path)]
        else:
            parts = [kind, self.tr("pattern {0}").format(rule.pattern)]
        if rule.low is not None or rule.high is not None:
            low = "…" if rule.low is None else plain_number(rule.low)
            high = "…" if rule.high is None else plain_number(rule.high)
            parts.append(self.tr("from {0} to {1}").format(low, high))
        for label, value in rule.mapping.items():
            if rule.kind == "pairwise" and isinstance(value, int):
                value = PAIR_LABELS.get(value, value)
            parts.append(f"{label} → {self.meaning(value)}")
        return self.tr("Own rule: {0}").format(", ".join(parts))
