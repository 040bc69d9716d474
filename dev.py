#!/usr/bin/env python3
"""One-step set-up and launch for duelhall, needing nothing but ``python3``.

    python3 dev.py serve [ARGS...]  set up, then ``duelhall serve ARGS`` (the browser app)
    python3 dev.py play [ARGS...]   set up, then ``duelhall play duel52 ARGS`` (default game)
    python3 dev.py test [ARGS...]   set up, then lint, type-check and run the whole test suite
    python3 dev.py run ARGS...      set up, then ``duelhall ARGS``

Set-up creates ``.venv`` beside this file and installs the package with its development,
research (``rl``) and cluster (``cluster``: Ray, which the balance lab's tests start locally)
extras, building the compiled Duel 52 engine where a C compiler is found. It is skipped when
``pyproject.toml``, ``setup.py`` and the engine's C sources have not changed since the last
install, so only the first run is slow.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
STAMP = VENV / ".duelhall-installed"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")


def _fingerprint() -> str:
    # The compiled engine is built at install time: a changed C source installs again.
    built = sorted((ROOT / "duelhall").glob("**/*.[ch]"))
    digest = hashlib.sha256()
    for path in [ROOT / "pyproject.toml", ROOT / "setup.py", *built]:
        digest.update(path.read_bytes())
    return digest.hexdigest()


def ensure_env() -> None:
    if not (BIN / "python").exists():
        print("duelhall: creating .venv (first run only)...", file=sys.stderr)
        venv.EnvBuilder(with_pip=True).create(VENV)
    if STAMP.exists() and STAMP.read_text() == _fingerprint():
        return
    print("duelhall: installing dependencies (first run only)...", file=sys.stderr)
    pip = [str(BIN / "python"), "-m", "pip", "install", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "-e", f"{ROOT}[dev,rl,cluster]"], check=True)
    STAMP.write_text(_fingerprint())


def run(cmd: list[str]) -> int:
    return subprocess.run(cmd, cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in {"serve", "play", "test", "run"}:
        print(__doc__, file=sys.stderr)
        return 2
    ensure_env()
    what, rest = argv[0], argv[1:]
    py = str(BIN / "python")
    if what == "play":
        if not rest or rest[0].startswith("-"):
            rest = ["duel52", *rest]
        return run([str(BIN / "duelhall"), "play", *rest])
    if what == "serve":  # ``duelhall serve`` prints the address it serves on
        print(
            "duelhall: open http://127.0.0.1:8000 unless --host/--port say otherwise",
            file=sys.stderr,
        )
        return run([str(BIN / "duelhall"), "serve", *rest])
    if what == "run":
        return run([str(BIN / "duelhall"), *rest])
    for step in (
        [py, "-m", "ruff", "check", "duelhall", "tests", "benchmarks", "examples", "dev.py"],
        [
            py,
            "-m",
            "ruff",
            "format",
            "--check",
            "duelhall",
            "tests",
            "benchmarks",
            "examples",
            "dev.py",
        ],
        [py, "-m", "mypy"],
    ):
        code = run(step)
        if code:
            print(f"duelhall: '{' '.join(step[1:4])}' failed", file=sys.stderr)
            return code
    return run([py, "-m", "pytest", *rest])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
