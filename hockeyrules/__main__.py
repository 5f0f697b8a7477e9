"""`python -m hockeyrules`: the same command line as `hockeyrules`."""

from .cli import run

if __name__ == "__main__":
    run()
