"""Stage 3, the engine: facts in, the model solved, `result@1` read back.

The encoding's files (`encoding`), the solver (`solver`), the answer read back
(`readback`, `result`), one evaluation (`run`), the catalog and the rulebook's words
as the encoding has them (`catalog`, `rulebook`), proposals as data the engine takes
(`proposal`: checked against the catalog), and a season solved part by part
(`parts`). Processes are started only in `parallel/`. Imports the stages below.
"""
