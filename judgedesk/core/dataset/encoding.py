"""Working out how a dataset file's text is encoded, and decoding it."""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from judgedesk.core.errors import DatasetError

UTF8 = "utf-8"
UTF8_BOM = "utf-8-sig"
UTF16_LE = "utf-16-le"
UTF16_BE = "utf-16-be"
UTF32_LE = "utf-32-le"
UTF32_BE = "utf-32-be"
GB18030 = "gb18030"

LABELS = {
    UTF8: "UTF-8",
    UTF8_BOM: "UTF-8 (with a byte-order mark)",
    UTF16_LE: "UTF-16 LE",
    UTF16_BE: "UTF-16 BE",
    UTF32_LE: "UTF-32 LE",
    UTF32_BE: "UTF-32 BE",
    GB18030: "GBK/GB18030 (Chinese)",
}
# UTF-32 LE's mark begins with UTF-16 LE's, so it is looked for first.
_BOMS = (
    (codecs.BOM_UTF32_LE, UTF32_LE),
    (codecs.BOM_UTF32_BE, UTF32_BE),
    (codecs.BOM_UTF8, UTF8_BOM),
    (codecs.BOM_UTF16_LE, UTF16_LE),
    (codecs.BOM_UTF16_BE, UTF16_BE),
)
_SAMPLE = 256 * 1024


@dataclass(frozen=True)
class Decoded:
    """Text decoded from a file, with the encoding that worked.

    Attributes:
        text: The text, without any byte-order mark.
        encoding: One of the names defined in this module.
        note: A warning for the person when the file is not UTF-8, else None.
    """

    text: str
    encoding: str
    note: str | None


def sniff_bom(head: bytes) -> tuple[str | None, int]:
    """Returns the encoding a byte-order mark announces and the mark's length."""
    for bom, encoding in _BOMS:
        if head.startswith(bom):
            return encoding, len(bom)
    return None, 0


def sniff_utf16(head: bytes) -> str | None:
    """Recognises UTF-16 without a byte-order mark by its NUL bytes (mostly-ASCII text)."""
    sample = head[:4096]
    if len(sample) < 4:
        return None
    even_nuls = sample[0::2].count(0)
    odd_nuls = sample[1::2].count(0)
    half = len(sample) // 2
    # ASCII characters in UTF-16 carry a NUL in one half of each pair; real UTF-8 text
    # has no NUL at all, so a third of one side being NUL is already conclusive.
    if odd_nuls > half // 3 and odd_nuls > 4 * even_nuls:
        return UTF16_LE
    if even_nuls > half // 3 and even_nuls > 4 * odd_nuls:
        return UTF16_BE
    return None


def is_utf8_start(head: bytes) -> bool:
    """Tells whether ``head`` (the start of a file) is valid UTF-8, ignoring a cut last
    character."""
    decoder = codecs.getincrementaldecoder(UTF8)()
    try:
        decoder.decode(head, final=False)
    except UnicodeDecodeError:
        return False
    return True


def not_utf8_note(encoding: str) -> str | None:
    """The warning shown when a file was read with an encoding other than UTF-8."""
    if encoding in (UTF8, UTF8_BOM):
        return None
    return (
        f"the file is not UTF-8, so it was read as {LABELS.get(encoding, encoding)} text; "
        "if some characters look wrong, save the file as UTF-8 and open it again"
    )


def decode_file_bytes(data: bytes, name: str) -> Decoded:
    """Decodes a whole file: UTF-8 (with or without BOM), UTF-16, UTF-32 with a BOM, else
    GBK/GB18030.

    Args:
        data: The file's bytes.
        name: The file name, for messages.

    Raises:
        DatasetError: No supported encoding fits the bytes.
    """
    encoding, skip = sniff_bom(data)
    if encoding is None:
        encoding = sniff_utf16(data)
    if encoding is not None:
        return Decoded(
            _decode_strict(data[skip:], encoding, name), encoding, not_utf8_note(encoding)
        )
    try:
        return Decoded(data.decode(UTF8), UTF8, None)
    except UnicodeDecodeError as exc:
        utf8_error = exc
    if mostly_utf8(data):
        # A few stray bytes in a UTF-8 file: keep the file, point at the first bad spot.
        line = data.count(b"\n", 0, utf8_error.start) + 1
        note = (
            f"some characters are not valid UTF-8 (first at line {line}) and show as \ufffd; "
            "save the file as UTF-8 to fix them"
        )
        return Decoded(data.decode(UTF8, errors="replace"), UTF8, note)
    if looks_like_gbk(data):
        try:
            text = data.decode(GB18030)
        except UnicodeDecodeError:
            pass
        else:
            return Decoded(text, GB18030, not_utf8_note(GB18030))
    raise _undecodable(name, utf8_error)


def _decode_strict(data: bytes, encoding: str, name: str) -> str:
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise _undecodable(name, exc, LABELS[encoding]) from None


def _undecodable(name: str, exc: UnicodeDecodeError, label: str = "UTF-8") -> DatasetError:
    bad = exc.object[exc.start : exc.start + 1].hex()
    return DatasetError(
        f"{name} could not be read: it is not valid {label} text and no other supported "
        f"encoding fits (unreadable byte 0x{bad} at byte {exc.start:,}). Open it in a text "
        "editor or spreadsheet program and save it as UTF-8, then open it again."
    )


def mostly_utf8(data: bytes) -> bool:
    """Tells a UTF-8 file with a few stray bytes from a file in another encoding.

    Text in another encoding read as UTF-8 yields almost nothing but errors; a UTF-8
    file with a bad spot or two yields many good non-ASCII characters per error.
    """
    text = data.decode(UTF8, errors="replace")
    errors = text.count("\ufffd")
    # Each good multi-byte character makes the text shorter than the bytes; a bad byte
    # becomes one replacement character and does not.
    multibyte = len(data) - len(text)
    return multibyte >= 20 * errors


def looks_like_gbk(data: bytes) -> bool:
    """Tells GBK text from Western text (Latin-1, Windows-1252) that merely decodes as GBK.

    Chinese characters in GBK mostly use two bytes above 0x80; a Western accented letter
    is one high byte followed by ASCII. Counting both kinds of pairs in a sample settles it.
    """
    sample = data[:_SAMPLE]
    high = low = 0
    position, size = 0, len(sample)
    while position < size:
        lead = sample[position]
        if lead < 0x80:
            position += 1
            continue
        trail = sample[position + 1] if position + 1 < size else 0
        if 0x30 <= trail <= 0x39:
            position += 4  # a four-byte GB18030 sequence
        elif trail >= 0x80:
            high += 1
            position += 2
        else:
            low += 1
            position += 2
    return high > 0 and high >= low
