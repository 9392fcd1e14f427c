"""`python -m waybill`: the same command line as `waybill`."""

from waybill.cli import main

if __name__ == "__main__":
    main(prog_name="waybill")
