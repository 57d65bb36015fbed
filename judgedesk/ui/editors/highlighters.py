"""Syntax colours for Jinja2 templates (over plain prose) and for Python scripts.

Matching uses ``QRegularExpression`` on the block's own text, so positions are in the
UTF-16 units Qt counts in (emoji and rare CJK characters do not shift the colours).
"""

from __future__ import annotations

from typing import ClassVar

from PySide6.QtCore import QRegularExpression
from PySide6.QtGui import (
    QColor,
    QFont,
    QPalette,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextDocument,
)

# Block states carried from one line to the next.
NORMAL, IN_COMMENT, IN_STATEMENT, IN_EXPRESSION, IN_TRIPLE_SINGLE, IN_TRIPLE_DOUBLE = range(6)

LIGHT = {
    "delimiter": "#8a3ab9",
    "keyword": "#0b57d0",
    "variable": "#1b6b3a",
    "filter": "#b25c00",
    "string": "#a31515",
    "number": "#098658",
    "comment": "#6a737d",
    "definition": "#795e26",
    "decorator": "#af00db",
    "builtin": "#267f99",
}
DARK = {
    "delimiter": "#d7a3f5",
    "keyword": "#7cacf8",
    "variable": "#8fd19e",
    "filter": "#f0b060",
    "string": "#f28b82",
    "number": "#b5cea8",
    "comment": "#9aa0a6",
    "definition": "#dcdcaa",
    "decorator": "#d197f5",
    "builtin": "#4ec9b0",
}

JINJA_KEYWORDS = (
    "if elif else endif for endfor in not and or is set endset macro endmacro call "
    "endcall filter endfilter block endblock extends include import from as with endwith "
    "raw endraw true false none True False None loop"
)
PYTHON_KEYWORDS = (
    "False None True and as assert async await break class continue def del elif else "
    "except finally for from global if import in is lambda nonlocal not or pass raise "
    "return try while with yield match case"
)
PYTHON_BUILTINS = (
    "abs all any bool dict enumerate float int isinstance len list map max min open print "
    "range repr round set sorted str sum tuple type zip self"
)


def _formats(document: QTextDocument, dark: bool) -> dict[str, QTextCharFormat]:
    colours = DARK if dark else LIGHT
    formats = {}
    for name, colour in colours.items():
        fmt = QTextCharFormat()
        fmt.setForeground(QColor(colour))
        if name in ("keyword", "delimiter", "definition"):
            fmt.setFontWeight(QFont.Weight.Bold)
        if name == "comment":
            fmt.setFontItalic(True)
        formats[name] = fmt
    return formats


def is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def _words(words: str) -> QRegularExpression:
    return QRegularExpression(r"\b(?:" + "|".join(words.split()) + r")\b")


class _Highlighter(QSyntaxHighlighter):
    def __init__(self, document: QTextDocument, dark: bool = False) -> None:
        super().__init__(document)
        self.formats = _formats(document, dark)

    def set_dark(self, dark: bool) -> None:
        """Switch colours for a dark or light palette."""
        self.formats = _formats(self.document(), dark)
        self.rehighlight()

    def _apply(
        self, pattern: QRegularExpression, text: str, name: str, start: int, end: int
    ) -> None:
        matches = pattern.globalMatch(text, start)
        while matches.hasNext():
            match = matches.next()
            if match.capturedStart() >= end:
                break
            length = min(match.capturedEnd(), end) - match.capturedStart()
            self.setFormat(match.capturedStart(), length, self.formats[name])


class JinjaHighlighter(_Highlighter):
    """Prose stays plain; ``{{ }}``, ``{% %}``, ``{# #}`` and what they hold are coloured."""

    OPEN = QRegularExpression(r"\{\{-?|\{%-?|\{#")
    CLOSE: ClassVar[dict[int, QRegularExpression]] = {
        IN_EXPRESSION: QRegularExpression(r"-?\}\}"),
        IN_STATEMENT: QRegularExpression(r"-?%\}"),
        IN_COMMENT: QRegularExpression(r"#\}"),
    }
    KEYWORDS = _words(JINJA_KEYWORDS)
    STRING = QRegularExpression(r"\"(?:[^\"\\]|\\.)*\"|'(?:[^'\\]|\\.)*'")
    NUMBER = QRegularExpression(r"\b\d+(?:\.\d+)?\b")
    FILTER = QRegularExpression(r"\|\s*[A-Za-z_]\w*")
    NAME = QRegularExpression(r"\b[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")

    def highlightBlock(self, text: str) -> None:
        utf16 = len(text.encode("utf-16-le")) // 2
        state = self.previousBlockState()
        position = 0
        while position <= utf16:
            if state in (IN_EXPRESSION, IN_STATEMENT, IN_COMMENT):
                close = self.CLOSE[state].match(text, position)
                end = close.capturedEnd() if close.hasMatch() else utf16
                inner_end = close.capturedStart() if close.hasMatch() else utf16
                if state == IN_COMMENT:
                    self.setFormat(position, end - position, self.formats["comment"])
                else:
                    self._code(text, position, inner_end)
                    if close.hasMatch():
                        self.setFormat(inner_end, end - inner_end, self.formats["delimiter"])
                if not close.hasMatch():
                    self.setCurrentBlockState(state)
                    return
                state = NORMAL
                position = end
                continue
            opening = self.OPEN.match(text, position)
            if not opening.hasMatch():
                break
            token = opening.captured(0)
            start, position = opening.capturedStart(), opening.capturedEnd()
            if token == "{#":
                state = IN_COMMENT
                self.setFormat(start, position - start, self.formats["comment"])
            else:
                state = IN_EXPRESSION if token.startswith("{{") else IN_STATEMENT
                self.setFormat(start, position - start, self.formats["delimiter"])
        self.setCurrentBlockState(NORMAL)

    def _code(self, text: str, start: int, end: int) -> None:
        self._apply(self.NAME, text, "variable", start, end)
        self._apply(self.KEYWORDS, text, "keyword", start, end)
        self._apply(self.FILTER, text, "filter", start, end)
        self._apply(self.NUMBER, text, "number", start, end)
        self._apply(self.STRING, text, "string", start, end)


class PythonHighlighter(_Highlighter):
    """Keywords, built-ins, definitions, decorators, numbers, strings and comments."""

    KEYWORDS = _words(PYTHON_KEYWORDS)
    BUILTINS = _words(PYTHON_BUILTINS)
    DEFINITION = QRegularExpression(r"\b(?:def|class)\s+([A-Za-z_]\w*)")
    DECORATOR = QRegularExpression(r"^\s*@[\w.]+")
    NUMBER = QRegularExpression(r"\b\d[\d_]*(?:\.\d+)?(?:[eE][+-]?\d+)?\b")
    # A string or a comment, whichever starts first (a # inside a string is not a comment).
    TOKEN = QRegularExpression(
        r"(?P<triple>[rRbBuUfF]{0,2}(?:'''|\"\"\"))"
        r"|(?P<string>[rRbBuUfF]{0,2}(?:\"(?:[^\"\\]|\\.)*\"?|'(?:[^'\\]|\\.)*'?))"
        r"|(?P<comment>#.*)"
    )
    TRIPLE_END: ClassVar[dict[int, QRegularExpression]] = {
        IN_TRIPLE_SINGLE: QRegularExpression(r"'''"),
        IN_TRIPLE_DOUBLE: QRegularExpression(r"\"\"\""),
    }

    def highlightBlock(self, text: str) -> None:
        utf16 = len(text.encode("utf-16-le")) // 2
        self._apply(self.KEYWORDS, text, "keyword", 0, utf16)
        self._apply(self.BUILTINS, text, "builtin", 0, utf16)
        self._apply(self.NUMBER, text, "number", 0, utf16)
        self._apply(self.DECORATOR, text, "decorator", 0, utf16)
        definitions = self.DEFINITION.globalMatch(text)
        while definitions.hasNext():
            match = definitions.next()
            self.setFormat(
                match.capturedStart(1), match.capturedLength(1), self.formats["definition"]
            )
        state = self.previousBlockState()
        position = 0
        if state in self.TRIPLE_END:
            if not self._close_triple(text, state, 0, utf16):
                return
            position = self._triple_end
        while position < utf16:
            token = self.TOKEN.match(text, position)
            if not token.hasMatch():
                break
            start = token.capturedStart()
            if token.capturedLength("triple"):
                quote = token.captured("triple")[-3:]
                state = IN_TRIPLE_SINGLE if quote == "'''" else IN_TRIPLE_DOUBLE
                self.setFormat(start, token.capturedEnd() - start, self.formats["string"])
                if not self._close_triple(text, state, token.capturedEnd(), utf16, start):
                    return
                position = self._triple_end
            elif token.capturedLength("string"):
                self.setFormat(start, token.capturedLength(), self.formats["string"])
                position = token.capturedEnd()
            else:
                self.setFormat(start, utf16 - start, self.formats["comment"])
                break
        self.setCurrentBlockState(NORMAL)

    def _close_triple(
        self, text: str, state: int, search_from: int, utf16: int, start: int | None = None
    ) -> bool:
        """Colour a triple-quoted string to its end; False when it goes on past the line."""
        begin = search_from if start is None else start
        close = self.TRIPLE_END[state].match(text, search_from)
        if not close.hasMatch():
            self.setFormat(begin, utf16 - begin, self.formats["string"])
            self.setCurrentBlockState(state)
            return False
        self.setFormat(begin, close.capturedEnd() - begin, self.formats["string"])
        self._triple_end = close.capturedEnd()
        return True
