"""The engine's tuning, in one place, each figure with its reason.

None of these changes an answer: they decide only how a season is cut into parts,
when parts are solved in processes of their own, and when a file is solved while it
is read. Tests set them (monkeypatch.setattr(SETTINGS, ...)) to make a small season
take the paths a large one takes.
"""

from __future__ import annotations


class Settings:
    """The figures (one instance: SETTINGS)."""

    # A chunk holds whole parts (leagues that never meet) up to about this many
    # game-sheet lines: one solve of a chunk costs less than one per league, and
    # chunks this size keep every worker busy to the end.
    chunk_lines = 12_000
    # Below this many lines one solve is cheaper than starting processes.
    parallel_lines = 15_000
    # How many processes solve parts at once: None, one for each core (os.cpu_count()).
    workers: int | None = None
    # A worker takes up to this many of the parts waiting when it starts (runner.Runner),
    # solves them one after another, then ends. A fresh process per part grounds fastest
    # (clingo never frees a symbol: a process that has grounded before grounds the next
    # part more slowly), but starting one costs: with workers forked by a large reader,
    # 4 parts a worker took less time than 1.
    parts_per_worker = 4
    # A JSON season file from this size is solved while it is read (parts.Stream):
    # below it, reading takes too little time for parts solved meanwhile to gain.
    stream_bytes = 2 << 20
    # While a file is read: a part that has had no game for this many games is taken
    # to be complete (files usually hold one league after another) ...
    stream_recent_games = 256
    # ... and after this many games that void such a guess, no more guesses: the
    # file is not in leagues, the parts are solved once it is read.
    stream_max_void = 2
    # A process that has added the encoding's files as text this many times keeps
    # them as parsed statements (clingo.ast) and gives those to each later control:
    # building from statements costs less than half of parsing the text, but parsing
    # into statements once (with clingo.ast's import) costs what about four solves
    # save. So a command that solves a few times, and a worker that solves its
    # parts_per_worker parts, never pays for it; scenario tests and the test suite do gain.
    encoding_texts_before_parsed = 4


SETTINGS = Settings()
