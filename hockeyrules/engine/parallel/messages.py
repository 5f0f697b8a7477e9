"""The one format of the messages between processes: a tuple whose first item says
what it is.

- (PID, pid): a slot's worker has started (slots.py);
- (ANSWER, index, ok, value): a part's answer, from whichever process solved it:
  `value` is (printed shown atoms, the solve's figures, its cpu seconds) when `ok`,
  else the failure's text (runner.solve_batch, ahead.py's process, limit.py's child);
- (DONE, status): a slot's worker has ended, with its wait status (slots.py).
"""

from __future__ import annotations

PID = "pid"
ANSWER = "answer"
DONE = "done"
