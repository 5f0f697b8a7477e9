"""A season as a folder of CSV files: a spreadsheet's text (`text`), the mapping of an
export's words and columns (`mapping`), who a cell names (`identity`), the importer
(`reader`) and the exporter (`exporter`). Part of the reading stage: imports `model`
and `read` only.
"""
