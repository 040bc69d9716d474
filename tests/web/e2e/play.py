"""Playing through the pages as a person does: the lobby's form, the first listed move."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

TURN_TIMEOUT_MS = 120_000  # a computer's move on a busy two-core machine
LOOK_MS = 1_000


class GameStuck(AssertionError):
    """The server will not let the game go on (see ``watchdog``)."""


# Set by the tests that run a server: why no game can go on now (None: all is well), so a
# stuck game fails at once with the reason rather than after the whole timeout.
watchdog: Callable[[], str | None] = lambda: None  # noqa: E731


def create_table(
    page: Page,
    base: str,
    game_title: str,
    seats: list[str],
    *,
    preset: str | None = None,
    players: int | None = None,
    options: dict[str, str] | None = None,
) -> str:
    """Fills the lobby's form and sits down; returns the new table's id."""
    page.goto(f"{base}/")
    page.locator(".game-tile", has_text=game_title).click()
    if preset:
        page.locator("#presets").get_by_role("button", name=preset).click()
    if players:
        page.locator("#players").get_by_role("button", name=re.compile(rf"^{players}\b")).click()
    if options:
        page.locator("#all-options summary").click()
        for name, value in options.items():
            page.select_option(f'#options select[name="{name}"]', label=value)
    for number, choice in enumerate(seats, start=1):
        page.select_option(f'select[name="seat-{number}"]', choice)
    page.get_by_role("button", name="Sit down at the table").click()
    page.wait_for_url(re.compile(r"/t/[^/#]+$"))
    return page.url.rsplit("/", 1)[1]


# The pages forbid evaluating strings (their Content-Security-Policy), so waits go through
# Playwright's expectations on the body's data-turn, which the page keeps up to date.


def turn_is(page: Page, pattern: str) -> str:
    body = page.locator("body")
    suspect: str | None = None
    for _ in range(TURN_TIMEOUT_MS // LOOK_MS):
        try:
            expect(body).to_have_attribute("data-turn", re.compile(pattern), timeout=LOOK_MS)
            return str(body.get_attribute("data-turn"))
        except AssertionError:
            # Twice the same reason, a second apart: not a move caught half-way.
            why = watchdog()
            if why is not None and why == suspect:
                raise GameStuck(f"the game is stuck: {why}") from None
            suspect = why
    expect(body).to_have_attribute("data-turn", re.compile(pattern), timeout=LOOK_MS)
    return str(body.get_attribute("data-turn"))


def settled(page: Page) -> str:
    """Waits until the page has a snapshot and nothing in flight: mine, theirs or over."""
    return turn_is(page, "^(mine|theirs|over)$")


def my_turn_or_over(page: Page) -> str:
    return turn_is(page, "^(mine|over)$")


def play_first_move(page: Page) -> None:
    """Presses 1, the first listed move, and waits for the server's answer (a new snapshot,
    or a refusal that gives the turn back)."""
    page.keyboard.press("1")
    turn_is(page, "^(mine|theirs|over)$")


def seq(page: Page) -> int:
    return int(page.locator("body").get_attribute("data-seq") or -1)


def play_to_the_end(page: Page, limit: int = 3000) -> int:
    """Plays the first listed move whenever it is this page's turn; returns the moves made."""
    for moves in range(limit):
        if my_turn_or_over(page) == "over":
            expect(page.locator("#result")).to_be_visible()
            return moves
        play_first_move(page)
    raise AssertionError(f"no end after {limit} moves")


def finish_against_the_computer(page: Page, base: str, table: str, shot: Path) -> dict[str, Any]:
    """Plays to the end, checks the result is told, saves a screenshot to ``shot`` and
    returns the table's record as the server gives it."""
    play_to_the_end(page)
    expect(page.locator("#status")).to_have_text("Game over")
    assert page.locator("#result-text").inner_text().strip()
    page.screenshot(path=shot, full_page=True)
    record = page.request.get(f"{base}/api/tables/{table}/record")
    assert record.ok, record.text()
    data: dict[str, Any] = record.json()
    return data


def click_first_move(page: Page) -> None:
    """Makes one move with the mouse: the first highlighted thing on the board, again until
    the move is sent, answering an in-place menu with its first choice."""
    for _ in range(12):
        menu = page.locator("#pick-menu [role=menuitem]")
        if menu.count():
            menu.first.click()
            break
        pickable = page.locator("#board .pickable")
        if pickable.count() == 0:
            page.locator("#actions button.action").first.click()  # a move with no picks
            break
        pickable.first.click()
        if page.locator("body").get_attribute("data-turn") != "mine":
            break
    turn_is(page, "^(mine|theirs|over)$")
