"""Stage 5, the league office: reconciliation of what was issued (`reconcile`), who may
not play as of a date (`status`), and suspension notices (`notices`, with their
templates). Imports the stages below.
"""
