"""The report's and the notices' template environments, their compiled code kept
between runs: Jinja's bytecode cache in the user's cache folder.

Jinja turns each template's source into Python code on every run: 0.24 s for the
report's templates, against 0.05 s to read their code back (a small season's report
takes about 3 s). The compiled code is
kept in `$XDG_CACHE_HOME/hockeyrules` (else `~/.cache/hockeyrules`), a folder only
its owner may write, under the template's name and the checksum of its source, so
a changed template is compiled again; Jinja refuses code compiled by another Python.
`HOCKEYRULES_NO_CACHE=1`, or a folder that cannot be made or is not the user's
own, turns it off: the templates are then compiled as before. Nothing else is kept.
"""

from __future__ import annotations

import os

import jinja2

NO_CACHE = "HOCKEYRULES_NO_CACHE"


class _Cache(jinja2.FileSystemBytecodeCache):
    """A cache that is never a reason to fail: what cannot be read is compiled, what
    cannot be written is not kept."""

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # unreadable or damaged beyond what Jinja checks: compile it
            bucket.reset()

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def environment(folder: str, **options) -> jinja2.Environment:
    """The templates of hockeyrules/<folder>: undefined names are errors, block tags
    leave no blank lines, and the compiled code is kept (`options`: autoescape and
    the like, as jinja2.Environment takes them)."""
    return jinja2.Environment(
        loader=jinja2.PackageLoader("hockeyrules", folder),
        bytecode_cache=bytecode_cache(),
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
        **options,
    )


def bytecode_cache() -> jinja2.BytecodeCache | None:
    """The cache for a template environment, or None where there is none to use."""
    if os.environ.get(NO_CACHE):
        return None
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "hockeyrules", f"templates-jinja{jinja2.__version__}")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        found = os.stat(folder)
    except OSError:
        return None
    # compiled code is run: only from a folder that nobody but its owner, the user, may write
    owner = getattr(os, "getuid", None)
    if (owner is not None and found.st_uid != owner()) or found.st_mode & 0o022:
        return None
    return _Cache(folder)
