"""The only code that starts processes, decides fork or spawn, or hands work to workers.

`processes`: how processes start here (start_method(), the one decision; forks()) and
work mapped over forked workers (the audit's and the explanations' parts); `runner`: a
season's parts solved in processes of their own, through `slots` (processes forked
while the reader is small) where processes fork; `worker`: what such a process does;
`ahead`: the one solve started before the season is read; `limit`: a solve stopped
after a time limit (a proposal's rules); `messages`: the one format of what they send.
"""
