"""A workbook written straight as SpreadsheetML, row by row, in bounded memory.

A general library spends several microseconds on every cell; a results table has
hundreds of thousands of them. This writes each row's XML as text instead, with the
few styles the export uses. Every text is an inline string, so no cell is ever a
formula, whatever it starts with.
"""

from __future__ import annotations

import json
import math
import re
import zipfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import IO, Any
from xml.sax.saxutils import quoteattr

MAX_CELL_CHARS = 32767  # Excel's limit for one cell
ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters XML 1.0 cannot hold (tab, newline and carriage return it can)."""

_CONTROL_BYTES = bytes([*range(0x00, 0x09), 0x0B, 0x0C, *range(0x0E, 0x20)])

PLAIN, HEADER, DISAGREE, STALE = 0, 1, 2, 3
"""The styles a cell can have: none, a bold header, a disagreement, a stale review."""

_MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
_SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_ROWS_PER_WRITE = 200

_STYLES = (
    f'{_XML}<styleSheet xmlns="{_MAIN}">'
    '<fonts count="2"><font><sz val="11"/><name val="Calibri"/></font>'
    '<font><b/><sz val="11"/><name val="Calibri"/></font></fonts>'
    '<fills count="5"><fill><patternFill patternType="none"/></fill>'
    '<fill><patternFill patternType="gray125"/></fill>'
    + "".join(
        f'<fill><patternFill patternType="solid"><fgColor rgb="{colour}"/>'
        '<bgColor indexed="64"/></patternFill></fill>'
        for colour in ("{header}", "{disagree}", "{stale}")
    )
    + "</fills>"
    '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
    '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
    '<cellXfs count="4"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
    '<xf numFmtId="0" fontId="1" fillId="2" borderId="0" xfId="0" applyFont="1" applyFill="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="3" borderId="0" xfId="0" applyFill="1"/>'
    '<xf numFmtId="0" fontId="0" fillId="4" borderId="0" xfId="0" applyFill="1"/></cellXfs>'
    '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
    "</styleSheet>"
)


@dataclass
class Sheet:
    """One sheet: its name, rows and layout.

    Attributes:
        name: the tab's name (at most 31 characters, no ``[]:*?/\\``).
        rows: each row as (values, style of the whole row, {column: style} overrides);
            values are None (an empty cell), true/false, numbers, text (cut to
            :data:`MAX_CELL_CHARS`), or objects and lists (written as JSON).
        freeze: the top-left cell of what scrolls, e.g. "C2" keeps the first two columns
            and the first row in view; "" freezes nothing.
        widths: {column number from 1: width in characters}.
    """

    name: str
    rows: Iterable[tuple[Sequence[Any], int, dict[int, int] | None]]
    freeze: str = ""
    widths: dict[int, float] | None = None


def write_workbook(
    handle: IO[bytes], sheets: Sequence[Sheet], fills: tuple[str, str, str]
) -> list[int]:
    """Write a workbook to a seekable binary file; returns each sheet's number of rows.

    Args:
        handle: where the .xlsx goes.
        sheets: the sheets, in tab order.
        fills: the ARGB colours of the header, disagreement and stale-review fills.
    """
    header, disagree, stale = fills
    counts = []
    with zipfile.ZipFile(handle, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as book:
        book.writestr("[Content_Types].xml", _content_types(len(sheets)))
        book.writestr(
            "_rels/.rels",
            f'{_XML}<Relationships xmlns="{_PKG_REL}"><Relationship Id="rId1" '
            f'Type="{_REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        )
        tabs = "".join(
            f'<sheet name={quoteattr(s.name)} sheetId="{n}" r:id="rId{n}"/>'
            for n, s in enumerate(sheets, 1)
        )
        book.writestr(
            "xl/workbook.xml",
            f'{_XML}<workbook xmlns="{_MAIN}" xmlns:r="{_REL}"><sheets>{tabs}</sheets></workbook>',
        )
        links = "".join(
            f'<Relationship Id="rId{n}" Type="{_REL}/worksheet" Target="worksheets/sheet{n}.xml"/>'
            for n in range(1, len(sheets) + 1)
        )
        links += (
            f'<Relationship Id="rId{len(sheets) + 1}" Type="{_REL}/styles" Target="styles.xml"/>'
        )
        book.writestr(
            "xl/_rels/workbook.xml.rels",
            f'{_XML}<Relationships xmlns="{_PKG_REL}">{links}</Relationships>',
        )
        styles = _STYLES.replace("{header}", header).replace("{disagree}", disagree)
        book.writestr("xl/styles.xml", styles.replace("{stale}", stale))
        for n, sheet in enumerate(sheets, 1):
            with book.open(f"xl/worksheets/sheet{n}.xml", "w") as out:
                counts.append(_write_sheet(out, sheet))
    return counts


def _content_types(count: int) -> str:
    sheets = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{_SHEET_TYPE}"/>'
        for n in range(1, count + 1)
    )
    kind = "application/vnd.openxmlformats-officedocument.spreadsheetml"
    return (
        f'{_XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
        f'<Override PartName="/xl/workbook.xml" ContentType="{kind}.sheet.main+xml"/>'
        f'<Override PartName="/xl/styles.xml" ContentType="{kind}.styles+xml"/>{sheets}</Types>'
    )


def column_letters(number: int) -> str:
    """The letters of a column, from 1: 1 → A, 27 → AA."""
    letters = ""
    while number:
        number, rest = divmod(number - 1, 26)
        letters = chr(65 + rest) + letters
    return letters


def _write_sheet(out: IO[bytes], sheet: Sheet) -> int:
    head = [f'{_XML}<worksheet xmlns="{_MAIN}" xmlns:r="{_REL}"><sheetViews>']
    if sheet.freeze:
        column, row = _split(sheet.freeze)
        pane = f'<pane topLeftCell="{sheet.freeze}" activePane="bottomRight" state="frozen"'
        pane += f' xSplit="{column - 1}"' if column > 1 else ""
        pane += f' ySplit="{row - 1}"' if row > 1 else ""
        head.append(f'<sheetView workbookViewId="0">{pane}/></sheetView>')
    else:
        head.append('<sheetView workbookViewId="0"/>')
    head.append('</sheetViews><sheetFormatPr defaultRowHeight="15"/>')
    if sheet.widths:
        head.append("<cols>")
        head += [
            f'<col min="{n}" max="{n}" width="{w}" customWidth="1"/>'
            for n, w in sorted(sheet.widths.items())
        ]
        head.append("</cols>")
    head.append("<sheetData>")
    out.write("".join(head).encode())
    letters: list[str] = []
    parts: list[str] = []
    number = 0
    for number, (values, style, special) in enumerate(sheet.rows, 1):
        while len(letters) < len(values):
            letters.append(column_letters(len(letters) + 1))
        plain = f' s="{style}"' if style else ""
        if special is None:
            cells = [
                _cell(f"{letters[i]}{number}", v, plain)
                for i, v in enumerate(values)
                if v is not None
            ]
        else:
            cells = [
                _cell(f"{letters[i]}{number}", v, f' s="{special[i]}"' if i in special else plain)
                for i, v in enumerate(values)
                if v is not None or i in special
            ]
        parts.append(f'<row r="{number}">{"".join(cells)}</row>')
        if number % _ROWS_PER_WRITE == 0:
            out.write(_xml_bytes(parts))
            parts.clear()
    parts.append("</sheetData></worksheet>")
    out.write(_xml_bytes(parts))
    return number


def _xml_bytes(parts: list[str]) -> bytes:
    """The XML text as UTF-8 without the characters XML cannot hold, removed from many
    cells at once: control characters are single bytes in UTF-8, deleted from the bytes;
    a half of a surrogate pair becomes "?"."""
    text = "".join(parts)
    if "\ufffe" in text or "\uffff" in text:
        text = text.replace("\ufffe", "").replace("\uffff", "")
    return text.encode("utf-8", "replace").translate(None, _CONTROL_BYTES)


def _cell(ref: str, value: Any, style: str) -> str:
    if type(value) is str:  # most cells: the quickest path first
        text = value
    elif value is None:
        return f'<c r="{ref}"{style}/>'
    elif isinstance(value, bool):
        return f'<c r="{ref}" t="b"{style}><v>{int(value)}</v></c>'
    elif isinstance(value, int):
        return f'<c r="{ref}"{style}><v>{int(value)}</v></c>'
    elif isinstance(value, float) and math.isfinite(value):
        return f'<c r="{ref}"{style}><v>{float(value)!r}</v></c>'
    elif isinstance(value, dict | list):
        text = json.dumps(value, ensure_ascii=False, default=str)
    else:
        text = str(value)
    if len(text) > MAX_CELL_CHARS:
        text = text[: MAX_CELL_CHARS - 1] + "…"
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return f'<c r="{ref}" t="inlineStr"{style}><is><t xml:space="preserve">{text}</t></is></c>'


def _split(reference: str) -> tuple[int, int]:
    """A cell reference as (column number, row number): "C2" → (3, 2)."""
    letters = reference.rstrip("0123456789")
    column = 0
    for letter in letters:
        column = column * 26 + ord(letter.upper()) - 64
    return column, int(reference[len(letters) :])
