"""Stage 1, reading: files in, a validated `Season` out (or every problem, located).

YAML and JSON with the line of every value (`loader`, `jsonread`, `yamlread`), the
season's checks (`season`), issued lists (`issued`), standard input and output and
safe writes (`streams`), season files written back (`seasonfile`), and a season as a
folder of CSV files (`csv/`). Imports only `model`.
"""
