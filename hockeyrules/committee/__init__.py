"""Stage 6, the rules committee: what a proposal changes (`diff`), the catalog listed
(`rules`), whose suspensions depend on each reading (`readings`), docs/rules.md
written from the encoding (`docs`), and scenario tests with their pytest plugin
(`scenarios`, `pytest_plugin`). Imports the stages below.
"""
