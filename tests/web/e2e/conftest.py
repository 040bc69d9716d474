"""Browser fixtures: Debian's Chromium driven by pytest-playwright, skipped loudly without it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from tests.web.e2e import play
from tests.web.e2e.live_server import LiveServer, live_server
from tests.web.e2e.stub_site import StubSite

CHROMIUM = Path("/usr/bin/chromium")
# Chromium must not try to reach the network (closed here) or the GPU (absent).
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).parent / "artifacts"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.skip(
            f"no browser at {CHROMIUM}: install Debian's Chromium with "
            "`apt-get update && apt-get install -y chromium` (.ci/run does) to run the "
            "browser tests"
        )
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "args": CHROMIUM_ARGS}


_shots_taken: list[Path] = []


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """Where the screenshots go (git-ignored); the run's summary says where."""
    ARTIFACTS.mkdir(exist_ok=True)
    _shots_taken.append(ARTIFACTS)
    return ARTIFACTS


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if _shots_taken:
        terminalreporter.write_line(f"browser screenshots: {_shots_taken[0]}")


@pytest.fixture
def stub(page: Page) -> Iterator[StubSite]:
    """The client's pages served from the package, with the API and the WebSocket faked."""
    site = StubSite(page)
    yield site


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """The real app on a loopback port, one per test module; a stuck game fails at once."""
    with live_server(tmp_path_factory.mktemp("web")) as running:
        play.watchdog = running.stalled
        yield running
        play.watchdog = lambda: None
