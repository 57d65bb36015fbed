"""Tables: CSV and TSV text files, and XLSX workbooks; the header row names the fields."""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from judgedesk.core.dataset.issues import WARNING, IssueLog
from judgedesk.core.dataset.json_array import RecordList
from judgedesk.core.errors import DatasetError

_DELIMITER_NAMES = {",": "comma", ";": "semicolon", "\t": "tab", "|": "vertical bar"}
_PROGRESS_EVERY = 2000
# Cells holding whole answers can be long; the csv module's default limit is 128 KiB.
_FIELD_LIMIT = 2**31 - 1


def sniff_delimiter(text: str, default: str = ",") -> str:
    """Picks the delimiter of a CSV from its first line: comma, semicolon, tab or bar.

    Spreadsheet programs in many European locales save "CSV" with semicolons, so the
    character that splits the header most often (outside quotes) wins.
    """
    counts = dict.fromkeys(_DELIMITER_NAMES, 0)
    quoted = False
    for char in text[:65536]:
        if char == '"':
            quoted = not quoted
        elif char == "\n" and not quoted:
            if any(counts.values()):
                break
        elif not quoted and char in counts:
            counts[char] += 1
    best = max(counts, key=lambda d: (counts[d], d == default))
    return best if counts[best] else default


def unique_headers(raw: Sequence[Any], issues: IssueLog, line: int) -> list[str]:
    """Turns header cells into field names: blanks get ``column_N``, repeats get ``_2``…"""
    names: list[str] = []
    seen: set[str] = set()
    renamed: list[str] = []
    for number, cell in enumerate(raw, start=1):
        name = "" if cell is None else str(cell).strip()
        if not name:
            name = f"column_{number}"
            renamed.append(f"column {number} has no name, so it is called '{name}'")
        elif name in seen:
            base, count = name, 2
            while f"{base}_{count}" in seen:
                count += 1
            name = f"{base}_{count}"
            renamed.append(f"'{base}' appears twice, so column {number} is called '{name}'")
        seen.add(name)
        names.append(name)
    if renamed:
        issues.add(
            line,
            "the header row has problems: " + "; ".join(renamed) + ". Rename the columns "
            "in the file if you want other names.",
            WARNING,
        )
    return names


def read_delimited(
    text: str,
    name: str,
    delimiter: str,
    issues: IssueLog,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RecordList:
    """Reads CSV or TSV text: the first non-empty row is the header; cells stay text.

    Args:
        text: The decoded file.
        name: The file name, for messages.
        delimiter: The cell separator.
        issues: Where problems go (rows with the wrong number of cells are skipped).
        progress: Called as ``progress(characters_done, characters_total)`` now and then.
        cancel: Polled now and then; True stops with a DatasetError.

    Raises:
        DatasetError: No header, no rows, or cancelled.
    """
    if csv.field_size_limit() < _FIELD_LIMIT:
        csv.field_size_limit(_FIELD_LIMIT)
    consumed = [0]

    def lines() -> Iterator[str]:
        for line in io.StringIO(text, newline=""):
            consumed[0] += len(line)
            yield line

    reader = csv.reader(lines(), delimiter=delimiter)
    out = RecordList()
    header: list[str] | None = None
    previous_end = 0
    data_rows = 0
    try:
        for cells in reader:
            line, previous_end = previous_end + 1, reader.line_num
            if not any(cells):
                continue  # blank lines and rows of empty cells say nothing
            if header is None:
                header = unique_headers(cells, issues, line)
                continue
            data_rows += 1
            if len(cells) > len(header) and not any(cells[len(header) :]):
                cells = cells[: len(header)]  # trailing separators, as spreadsheets write
            if len(cells) != len(header):
                issues.add(
                    line,
                    f"this row has {len(cells)} cells but the header has {len(header)}; "
                    f"the row was skipped — look for a missing or extra "
                    f"{_DELIMITER_NAMES.get(delimiter, repr(delimiter))} or an unclosed quote",
                )
                continue
            out.records.append(dict(zip(header, cells, strict=True)))
            out.lines.append(line)
            if len(out.records) % _PROGRESS_EVERY == 0:
                _report(progress, cancel, consumed[0], len(text), name)
    except csv.Error as exc:
        issues.add(
            previous_end + 1,
            f"the table cannot be read past this point ({exc}); the rows before it were "
            "read — check for an unclosed quote",
        )
    if header is None:
        raise DatasetError(f"{name} has no rows: it holds only blank lines.")
    if not data_rows:
        raise DatasetError(f"{name} has a header row but no rows of data.")
    return out


def read_xlsx(
    path: Path,
    sheet: str | None,
    issues: IssueLog,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
) -> RecordList:
    """Reads one sheet of an XLSX workbook: first non-empty row = header.

    Formulas give their last saved value; dates become ISO text; empty cells None.

    Args:
        path: The workbook.
        sheet: The sheet's name; None for the first sheet.
        issues: Where problems go.
        progress: Called as ``progress(rows_done, rows_total)`` now and then.
        cancel: Polled now and then; True stops with a DatasetError.

    Raises:
        DatasetError: Not a workbook, unknown sheet, no header, no rows, or cancelled.
    """
    import openpyxl  # imported here: it is slow to import and only spreadsheets need it

    # A file object rather than the path, so a workbook saved under another extension
    # (format="xlsx" forced by the caller) is still read.
    with open(path, "rb") as handle:
        try:
            workbook = openpyxl.load_workbook(handle, read_only=True, data_only=True)
        except Exception as exc:  # not a zip, or a damaged part: openpyxl's errors vary
            raise _not_a_workbook(path, exc) from None
        try:
            worksheet = _pick_sheet(workbook, sheet, path.name)
            total = worksheet.max_row or 0
            # Some programs write wrong sheet sizes; reading without them is always right.
            worksheet.reset_dimensions()
            rows = worksheet.iter_rows(min_row=1, values_only=True)
            return _read_sheet_rows(rows, total, path.name, issues, progress, cancel)
        except DatasetError:
            raise
        except Exception as exc:  # the sheet's XML is damaged: XML, zip or zlib errors
            raise _not_a_workbook(path, exc) from None
        finally:
            workbook.close()


def _not_a_workbook(path: Path, exc: Exception) -> DatasetError:
    detail = str(exc).strip() or type(exc).__name__
    return DatasetError(
        f"{path.name} could not be read as an Excel workbook ({detail}). Open it in a "
        "spreadsheet program and save it again as .xlsx, or export it as CSV."
    )


def _pick_sheet(workbook: Any, sheet: str | None, name: str) -> Any:
    names: list[str] = list(workbook.sheetnames)
    if sheet is None:
        if not workbook.worksheets:
            raise DatasetError(f"{name} has no worksheet with data.")
        return workbook.worksheets[0]
    if sheet not in names:
        raise DatasetError(
            f"{name} has no sheet called '{sheet}'. Its sheets are: "
            + ", ".join(f"'{n}'" for n in names)
            + ". Pick one of these."
        )
    worksheet = workbook[sheet]
    if not hasattr(worksheet, "iter_rows"):
        raise DatasetError(f"The sheet '{sheet}' in {name} is a chart, not a table.")
    return worksheet


def _read_sheet_rows(
    rows: Iterator[tuple[Any, ...]],
    total: int,
    name: str,
    issues: IssueLog,
    progress: Callable[[int, int], None] | None,
    cancel: Callable[[], bool] | None,
) -> RecordList:
    out = RecordList()
    header: list[str] | None = None
    warned_wide = False
    data_rows = 0
    for number, values in enumerate(rows, start=1):
        cells = [_cell(value) for value in values]
        if all(cell is None or cell == "" for cell in cells):
            continue
        if header is None:
            while cells and (cells[-1] is None or cells[-1] == ""):
                cells.pop()
            header = unique_headers(cells, issues, number)
            continue
        data_rows += 1
        width = len(header)
        wide = len(cells) > width and any(c not in (None, "") for c in cells[width:])
        if wide and not warned_wide:
            issues.add(
                number,
                "some cells lie to the right of the last named column and were ignored; "
                "give those columns a name in the header row to read them",
                WARNING,
            )
            warned_wide = True
        cells = (cells + [None] * width)[:width]
        out.records.append(dict(zip(header, cells, strict=True)))
        out.lines.append(number)
        if number % _PROGRESS_EVERY == 0:
            _report(progress, cancel, number, total, name)
    if header is None:
        raise DatasetError(
            f"{name}: the sheet is empty — it has no header row and no rows. Put the column "
            "names in the first row and the data below."
        )
    if not data_rows:
        raise DatasetError(f"{name} has a header row but no rows of data.")
    return out


def _cell(value: Any) -> Any:
    if isinstance(value, dt.datetime):
        # Spreadsheets store plain dates as midnight; show them as the date people typed.
        if value.time() == dt.time(0) and value.tzinfo is None:
            return value.date().isoformat()
        return value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, dt.timedelta):
        return str(value)
    return value


def _report(
    progress: Callable[[int, int], None] | None,
    cancel: Callable[[], bool] | None,
    done: int,
    total: int,
    name: str,
) -> None:
    if progress is not None:
        progress(done, total)
    if cancel is not None and cancel():
        raise DatasetError(f"Opening {name} was cancelled.")
