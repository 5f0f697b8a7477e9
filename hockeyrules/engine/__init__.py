"""Stage 3, the engine: facts in, the model solved, `result@1` read back.

The one way in is `run.evaluate` (hockeyrules.evaluate): it decides how a season is
solved. Below it: one solve (`once`: the facts written, solved, read back), the
encoding's files (`encoding`), the solver (`solver`; what it raises in `errors`, which
needs no clingo), the answer read back (`readback`, `result`), the catalog and the
rulebook's words as the encoding has them (`catalog`, `rulebook`), proposals as data
the engine takes (`proposal`: checked against the catalog), a season solved part by
part (`parts`), a season's facts as a program to run by hand (`program`), and the
tuning figures with their reasons (`settings`). Processes are
started only in `parallel/`. Imports the stages below.
"""
