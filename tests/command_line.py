"""Running the ``duelhall`` command in-process, as the command-line tests of every game do."""

from __future__ import annotations

from click.testing import CliRunner

from duelhall.cli.main import cli


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    """The exit code and everything printed."""
    result = CliRunner().invoke(cli, list(args), input=input)
    return result.exit_code, result.output


def run_unwrapped(*args: str, input: str | None = None) -> tuple[int, str]:
    """As :func:`run`, with every run of white space one space: the terminal wraps lines
    where it likes, so a sentence is matched whole."""
    code, output = run(*args, input=input)
    return code, " ".join(output.split())
