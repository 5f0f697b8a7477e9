"""`python -m hockeyrules`: the same command line as `hockeyrules`."""

from hockeyrules.cli.commands import run

if __name__ == "__main__":
    run()
