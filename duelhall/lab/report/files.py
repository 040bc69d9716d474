"""Writing a report: ``QUESTION.html`` (self-contained: styles and figures inline),
``QUESTION.json`` (the summary), and ``figures/QUESTION-NAME.png`` and ``.svg``.

Every file is written whole or not at all (a temporary file renamed into place), so a report
interrupted or refused by the disk never leaves half a page.
"""

from __future__ import annotations

import io
import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from markupsafe import Markup

from duelhall.core.errors import DuelhallError
from duelhall.core.record import write_atomic
from duelhall.lab.report.figures import close
from duelhall.lab.report.model import Report

_ENV = Environment(
    loader=PackageLoader("duelhall.lab.report", "."),
    autoescape=select_autoescape(["html", "j2"]),
    keep_trailing_newline=True,
)


def svg_text(figure: Any) -> str:
    """The figure as an SVG element to put inside a page (no XML prologue)."""
    out = io.StringIO()
    figure.savefig(out, format="svg", metadata={"Date": None})
    text = out.getvalue()
    return text[text.index("<svg") :]


def png_bytes(figure: Any) -> bytes:
    out = io.BytesIO()
    figure.savefig(out, format="png", dpi=150, metadata={"Software": None})
    return out.getvalue()


def _write_bytes(path: Path, data: bytes) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_report(report: Report, folder: Path, summary: dict[str, Any]) -> dict[str, Path]:
    """Write the page, the summary and the figures into ``folder``; their paths by kind."""
    stem = re.sub(r"[^a-z0-9-]+", "-", report.question.lower()).strip("-")
    figures_dir = folder / "figures"
    paths = {"html": folder / f"{stem}.html", "json": folder / f"{stem}.json"}
    try:
        figures_dir.mkdir(parents=True, exist_ok=True)
        svgs: dict[str, Markup] = {}
        for section in report.sections:
            for fig in section.figures:
                svg = svg_text(fig.figure)
                # matplotlib's own output, its text escaped; safe to put in the page as is.
                svgs[fig.name] = Markup(svg)
                write_atomic(figures_dir / f"{stem}-{fig.name}.svg", svg)
                _write_bytes(figures_dir / f"{stem}-{fig.name}.png", png_bytes(fig.figure))
                close(fig.figure)
        page = _ENV.get_template("report.html.j2").render(report=report, svgs=svgs)
        write_atomic(paths["html"], page)
        write_atomic(paths["json"], json.dumps(summary, indent=2, sort_keys=True) + "\n")
    except OSError as e:
        raise DuelhallError(
            f"cannot write the report in {folder}: {e.strerror or e}; the games are kept, so "
            "make room (or make it writable) and run the same command again"
        ) from None
    paths["figures"] = figures_dir
    return paths
