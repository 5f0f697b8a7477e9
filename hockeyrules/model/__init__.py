"""Stage 0, the model: what every other stage shares and nothing below it.

Records (small value classes), the season format's closed vocabulary, located input
errors (alike ones grouped for reading), the readings (`Policy`), the input guard's
limits, the progress hook and the one pause of the cycle collector. Imports nothing else of hockeyrules.
"""
