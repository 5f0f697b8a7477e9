"""The text of a CSV file as spreadsheets save it: its encoding, a `sep=` line, its separator.

Without a given encoding a file is UTF-8 (with or without the byte order mark
of "CSV UTF-8") or UTF-16 with its byte order mark ("Unicode text"). A file
saved as plain "CSV" on Windows is cp1252: it is an error unless the encoding
is given (`--encoding cp1252`), since guessing an encoding turns names into
other names without a word.
"""

from __future__ import annotations

import codecs
import re

__all__ = ["TextProblem", "check_encoding", "decode", "split_sep_line", "delimiter"]

DELIMITERS = (",", ";", "\t")
_SEP_LINE = re.compile(r'^"?sep=(.)"?[,;\t]*\r?$', re.IGNORECASE)


class TextProblem(ValueError):
    """A file that cannot be read as text: the message, and the line where it is known."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


def check_encoding(name: str) -> str:
    """The encoding's canonical name; ValueError naming it if Python does not know it."""
    try:
        return codecs.lookup(name).name
    except LookupError:
        raise ValueError(f"unknown encoding {name!r} (for example utf-8, cp1252, latin-1, utf-16)") from None


def decode(raw: bytes, encoding: str | None = None) -> str:
    """The text of a file's bytes (see the module's note); TextProblem with the line of a bad byte."""
    if encoding is not None:
        name = check_encoding(encoding)
        if name == "utf-8":
            name = "utf-8-sig"  # a BOM is never part of the first header
        elif name in ("utf-16-le", "utf-16-be") and raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
            name = "utf-16"
        told = encoding
    elif raw[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        name, told = "utf-16", None
    else:
        name, told = "utf-8-sig", None
    try:
        return raw.decode(name)
    except UnicodeDecodeError as exc:
        line = _line_of(raw, exc.start, name)
        if told is not None:
            raise TextProblem(f"not {told} text (byte {exc.start}): is it another encoding?", line) from None
        if name == "utf-16":
            raise TextProblem(
                f"not UTF-16 text (byte {exc.start}), although it starts with UTF-16's byte order mark", line
            ) from None
        raise TextProblem(
            f"not UTF-8 text (byte {exc.start}): give the file's encoding, for example "
            f"--encoding cp1252 (a spreadsheet's plain 'CSV' on Windows), or save it as "
            f"'CSV UTF-8'",
            line,
        ) from None


def _line_of(raw: bytes, offset: int, name: str) -> int:
    if name.startswith("utf-16"):
        return raw[:offset].decode(name, errors="replace").count("\n") + 1
    return raw.count(b"\n", 0, offset) + 1


def split_sep_line(text: str) -> tuple[str | None, str]:
    """A spreadsheet's first line `sep=;` gives the separator: (it, the text with that line blanked),
    else (None, the text). The line is left empty so that line numbers stay those of the file."""
    first, newline, rest = text.partition("\n")
    m = _SEP_LINE.match(first)
    if not m:
        return None, text
    return m.group(1), newline + rest


def delimiter(text: str, lines: int = 10) -> str:
    """Comma, semicolon or tab: whichever one line of the first few uses most (outside quotes).
    Several lines, so that a title row above the header does not decide it."""
    best, most = ",", 0
    for line in text.split("\n", lines)[:lines]:
        counts = dict.fromkeys(DELIMITERS, 0)
        quoted = False
        for ch in line:
            if ch == '"':
                quoted = not quoted
            elif not quoted and ch in counts:
                counts[ch] += 1
        for d in DELIMITERS:
            if counts[d] > most:
                best, most = d, counts[d]
    return best
