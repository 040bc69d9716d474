"""Duel Fighters in a real browser: a duel against the computer from the lobby to its end,
played with the keyboard's first listed move, the table drawn by the shared SVG renderer.
Screenshots of the table while playing and at the end go to the artifacts folder."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, expect

from tests.web.e2e.live_server import LiveServer
from tests.web.e2e.play import (
    create_table,
    finish_against_the_computer,
    my_turn_or_over,
    play_first_move,
    seq,
    turn_is,
)

TITLE = "Duel Fighters"
TURNS = "3"  # a short duel: the turn limit judges it (F62) if nobody falls first


def _sit_down(page: Page, base: str, preset: str | None, **numbers: str) -> str:
    """The lobby's form with a short turn limit and any other ``numbers`` typed in (number
    fields, not lists)."""
    page.goto(f"{base}/")
    page.locator(".game-tile", has_text=TITLE).click()
    if preset:
        page.locator("#presets").get_by_role("button", name=preset).click()
    page.locator("#all-options summary").click()
    for name, value in {"turn_limit": TURNS, **numbers}.items():
        field = page.locator(f'#options input[name="{name}"]')
        field.fill(value)
        field.press("Tab")  # the form takes a number when the field is left
    page.select_option('select[name="seat-1"]', "me")
    page.select_option('select[name="seat-2"]', "computer:easy")
    page.get_by_role("button", name="Sit down at the table").click()
    page.wait_for_url(re.compile(r"/t/[^/#]+$"))
    return page.url.rsplit("/", 1)[1]


def _to_programming(page: Page, server: LiveServer, table: str) -> None:
    """Through deployment to the first turn's programming, playing the first listed move."""
    for _ in range(40):
        if my_turn_or_over(page) == "over" or server.table(table).state.phase == "program":
            return
        play_first_move(page)


def test_the_lobby_offers_duel_fighters(server: LiveServer, page: Page, artifacts: Path) -> None:
    page.goto(f"{server.url}/")
    expect(page.locator(".game-tile", has_text=TITLE)).to_be_visible()
    table = create_table(page, server.url, TITLE, ["me", "computer:easy"])
    expect(page.locator("#board svg")).to_be_visible()
    assert server.table(table).state.options["scenario"] == "open-field"


@pytest.mark.parametrize("preset", [None, "Tavern"])
def test_a_whole_duel_against_the_computer(
    server: LiveServer, page: Page, artifacts: Path, preset: str | None
) -> None:
    name = f"duelfighters-{(preset or 'open-field').lower()}"
    table = _sit_down(page, server.url, preset)
    assert server.table(table).state.options["turn_limit"] == int(TURNS)
    _to_programming(page, server, table)
    board = page.locator("#board svg")
    expect(board).to_be_visible()
    # Both figures stand on the drawn table once deployed.
    expect(board.locator(".base[data-seat]")).to_have_count(2)
    # The palette's markers are read on white buttons: dark ink, not the page's white.
    marker = page.locator(".df-palette .df-pick", has_text="advance").first
    expect(marker).to_be_visible()
    expect(marker).to_have_css("color", "rgb(29, 29, 29)")
    # The move panel asks for a marker, not a card (the game's wording, not the card games').
    expect(page.locator("#moves-note")).to_have_text(
        "Click a highlighted marker, or choose below (keys 1–9)."
    )
    page.screenshot(path=artifacts / f"{name}-playing.png", full_page=True)
    record = finish_against_the_computer(page, server.url, table, artifacts / f"{name}-over.png")
    assert record["game"] == "duelfighters"
    assert record["options"]["turn_limit"] == int(TURNS)


def test_a_spectator_never_sees_a_marker_laid_in_secret(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    table = _sit_down(page, server.url, None)
    watch = page.locator("#invite input").last.input_value()
    watcher = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
    watcher.goto(watch)
    expect(watcher.locator("#seat-badge")).to_have_text("Watching")
    _to_programming(page, server, table)
    before = seq(page)
    page.locator(".df-palette .df-pick", has_text="advance").first.click()
    # The page still shows the turn it had until the move's snapshot comes back: wait for it.
    expect(page.locator("body")).not_to_have_attribute("data-seq", str(before))
    my_turn_or_over(page)
    # The computer programs at the same time, so the snapshot that came back may be its
    # marker's: wait for the player's own open step before reading the server.
    expect(page.locator(".df-sheet.df-seat0 .df-open")).to_have_count(1)
    assert server.table(table).state.board.plans[0].open == ["advance"]
    # The player sees the marker being laid; the spectator, caught up, sees only that the
    # seat programs in secret (F60, F72).
    expect(watcher.locator("body")).to_have_attribute("data-seq", str(seq(page)))
    mine = watcher.locator(".df-sheet.df-seat0")
    expect(mine).to_contain_text("programming in secret")
    expect(watcher.locator(".sheet-prompt")).to_have_text(re.compile(r"laying markers in secret$"))
    expect(mine.locator(".df-open, .df-steps li")).to_have_count(0)
    watcher.screenshot(path=artifacts / "duelfighters-spectator.png", full_page=True)


def _send_by_click(page: Page, target: Locator) -> None:
    """Clicks ``target`` (answering an in-place menu with its first move) and waits for the
    server's answer."""
    before = seq(page)
    target.click()
    menu = page.locator("#pick-menu [role=menuitem]")
    if page.locator("body").get_attribute("data-turn") == "mine" and menu.count():
        menu.first.click()
    expect(page.locator("body")).not_to_have_attribute("data-seq", str(before))
    turn_is(page, "^(mine|theirs|over)$")


def test_a_two_a_side_duel_names_its_figures_on_the_table(
    server: LiveServer, page: Page, artifacts: Path
) -> None:
    """F59, F76: two characters a side on a small table, so they meet in the first turns.
    Whenever the side must say who plays its step, a figure is clicked on the drawn table;
    whenever an adversary may be struck, by its name beside the table; else the first listed
    move. The server's record shows the moves so made."""
    table = _sit_down(page, server.url, None, characters="2", table="400", turn_limit="2")
    assert server.table(table).state.options["characters"] == 2
    who = page.get_by_role("group", name="Who plays the step")
    strike = page.get_by_role("group", name="Whom to strike")
    clicked: list[str] = []
    for _ in range(400):
        if my_turn_or_over(page) == "over":
            break
        if who.is_visible():
            figure = page.locator("#board svg .base.pickable").first
            if not clicked:
                page.screenshot(path=artifacts / "duelfighters-two-a-side-with.png", full_page=True)
            clicked.append(f"with {figure.get_attribute('data-pick')}")
            _send_by_click(page, figure)
        elif strike.is_visible():
            name = strike.locator("button.pickable").first
            clicked.append(f"at {name.get_attribute('data-pick')}")
            _send_by_click(page, name)
        else:
            play_first_move(page)
    expect(page.locator("#status")).to_have_text("Game over")
    page.screenshot(path=artifacts / "duelfighters-two-a-side-over.png", full_page=True)
    assert any(c.startswith("with ") for c in clicked), clicked
    record = page.request.get(f"{server.url}/api/tables/{table}/record").json()
    moves = " | ".join(m["action"] for m in record["actions"])
    for choice in clicked:
        verb, pick = choice.split(" ")
        assert f"{verb} {pick.removeprefix('fig:')}" in moves, (choice, moves)
