"""Stage 2, facts: a season and its readings as the facts the encoding reads.

Terms are integers and fixed constants; no user text ever becomes program text.
Imports `model` and `read`.
"""
