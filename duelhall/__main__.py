"""``python -m duelhall``: the ``duelhall`` command, for a checkout that is not installed."""

from duelhall.cli.main import main

main()
