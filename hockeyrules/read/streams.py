"""Where a command reads and writes: `-` for standard input and output, output paths
checked before any work, files replaced whole (a temporary file in the same folder,
renamed at the end) so that a run that fails or is interrupted leaves the previous
file as it was."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import IO, TYPE_CHECKING

from hockeyrules.model.errors import InputError, Problem
from hockeyrules.read.loader import Located, parse_json, parse_yaml

if TYPE_CHECKING:  # (pathlib is imported where a file is written: reading need not load it)
    from pathlib import Path

STDIO = "-"
STDIN_NAME = "<stdin>"


def detach() -> None:
    """This process's standard input, output and error on the null device: a process
    forked to help a command (ahead.py, slots.py) holds none of the command's, so the
    command's output ends when the command does; what goes wrong there, its answer or
    the command's own solve says."""
    devnull = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(devnull, fd)
    os.close(devnull)


def _refuse(path: str, message: str) -> InputError:
    return InputError(path or "(output)", [Problem("(output)", message)])


def _name_max(folder: Path) -> int:
    try:
        return os.pathconf(folder, "PC_NAME_MAX")
    except (AttributeError, OSError, ValueError):  # Windows, or a folder that is not there
        return 255


def check_output(path: str, folder: bool = False) -> None:
    """Raise InputError (exit 2, the path named) unless `path` can be written: a file
    (or with `folder`, a folder that is created if missing) in a folder that exists and
    is writable. `-` (standard output) always can."""
    if path == STDIO and not folder:
        return
    if not path:
        raise _refuse(path, "no file name given")
    from pathlib import Path

    target = Path(path)
    nearest = target.parent if not folder else target
    for part in target.parts:
        if len(os.fsencode(part)) > _name_max(nearest if nearest.is_dir() else Path(".")):
            raise _refuse(path, f"the name {part[:40]}… is too long for this file system")
    if folder:
        if target.exists() and not target.is_dir():
            raise _refuse(path, "exists and is a file, not a folder")
        while not nearest.exists():
            nearest = nearest.parent
    elif target.is_dir():
        raise _refuse(path, "is a folder; give a file name")
    if not nearest.exists():
        up = nearest
        while not up.exists():
            up = up.parent
        if not up.is_dir():
            raise _refuse(path, f"{up} is a file, not a folder")
        raise _refuse(path, f"the folder {nearest} does not exist")
    if not nearest.is_dir():
        raise _refuse(path, f"{nearest} is a file, not a folder")
    if not os.access(nearest, os.W_OK | os.X_OK):
        raise _refuse(path, f"the folder {nearest} is not writable")
    if not folder and target.exists() and not os.access(target, os.W_OK):
        raise _refuse(path, "the file is not writable")


def _mode_for_new_file() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


@contextmanager
def replacing(path: str | Path, newline: str = "\n", encoding: str = "utf-8") -> Iterator[IO[str]]:
    """A text stream for `path` (standard output for `-`). The file is written under a
    temporary name beside it and renamed over `path` only when the block ends without
    an error: an interrupted run leaves no partial file and the previous one intact."""
    if str(path) == STDIO:
        yield sys.stdout
        sys.stdout.flush()
        return
    import tempfile  # here: a command that writes only to standard output does not load it
    from pathlib import Path

    target = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline=newline) as fh:
            yield fh
        mode = target.stat().st_mode & 0o777 if target.exists() else _mode_for_new_file()
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write_text(path: str | Path, text: str) -> None:
    """`text` to `path` (or standard output for `-`), replacing the file whole."""
    with replacing(path) as fh:
        fh.write(text)


def parse_text(raw: bytes, source: str) -> Located:
    """YAML or JSON by content: a document that starts with { or [ is read as JSON."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(source, [Problem("(file)", f"not UTF-8 text (byte {exc.start})")]) from None
    if text.lstrip()[:1] in ("{", "["):
        return parse_json(text, source)
    return parse_yaml(text, source)


def read_stdin(source: str = STDIN_NAME) -> Located:
    """Standard input as plain data, YAML or JSON by content."""
    raw = sys.stdin.buffer.read() if hasattr(sys.stdin, "buffer") else sys.stdin.read().encode("utf-8")
    if not raw.strip():
        raise InputError(source, [Problem("(file)", "nothing on standard input")])
    return parse_text(raw, source)
