"""The only code that starts processes: the solve started ahead (`ahead`) and the
worker slots (`slots`) the engine uses to solve a season's parts on every core.
"""
