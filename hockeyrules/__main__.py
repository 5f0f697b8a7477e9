"""`python -m hockeyrules`: the same command line as `hockeyrules`."""

from .cli import main

if __name__ == "__main__":
    main(prog_name="hockeyrules")
