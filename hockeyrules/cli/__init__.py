"""Stage 8, the command line: a thin click layer over the library (`commands`)."""
