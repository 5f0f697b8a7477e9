"""Stage 4, views: what a solved season says to people and tools.

Explanations (`explain`) and their trees as text (`treeview`), the audit (`audit`),
tables, CSV and JSON (`render`), and the template environments (`templatecache`).
Imports the stages below; never decides a suspension itself.
"""
