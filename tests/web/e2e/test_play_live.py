"""The real app in a real browser: every game played to its end against the computer,
two browsers playing Duel 52 from an invitation, a spectator who sees nothing hidden, a
reload that resumes. Screenshots of every screen go to the artifacts folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from duelhall.core.game import get_game
from duelhall.core.record import Record
from tests.web.e2e.hidden_cards import named, never_shown
from tests.web.e2e.live_server import LiveServer
from tests.web.e2e.play import (
    click_first_move,
    create_table,
    finish_against_the_computer,
    my_turn_or_over,
    play_first_move,
    play_to_the_end,
    seq,
    settled,
)

GAMES = {"duel52": "Duel 52", "deckduel": "Deck Duel Basic", "highlander": "Highlander"}


def test_the_lobby_offers_every_game(server: LiveServer, page: Page, artifacts: Path) -> None:
    page.goto(f"{server.url}/")
    for title in GAMES.values():
        expect(page.locator(".game-tile", has_text=title)).to_be_visible()
    page.screenshot(path=artifacts / "lobby.png", full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=artifacts / "lobby-phone.png", full_page=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_against_the_computer(
    server: LiveServer, page: Page, artifacts: Path, game: str
) -> None:
    table = create_table(page, server.url, GAMES[game], ["me", "computer:easy"])
    for _ in range(6):
        if settled(page) == "over":
            break
        if settled(page) == "mine":
            play_first_move(page)
    page.screenshot(path=artifacts / f"{game}-playing.png", full_page=True)
    record = finish_against_the_computer(page, server.url, table, artifacts / f"{game}-over.png")
    assert record["game"] == game


def test_two_browsers_play_duel52_and_a_spectator_sees_nothing_hidden(
    server: LiveServer, browser: Browser, artifacts: Path
) -> None:
    host = browser.new_context(viewport={"width": 1280, "height": 900})
    guest = browser.new_context(viewport={"width": 375, "height": 800})
    watcher = browser.new_context(viewport={"width": 1280, "height": 900})
    frames: dict[str, list[str]] = {"guest": [], "watcher": []}
    texts: dict[str, list[str]] = {"guest": [], "watcher": []}
    a = host.new_page()
    table = create_table(a, server.url, "Duel 52", ["me", "friend"])
    invite = a.locator("#invite input").first.input_value()
    watch = a.locator("#invite input").last.input_value()
    assert "#invite=" in invite and "#" not in watch

    b, s = guest.new_page(), watcher.new_page()
    for name, page in (("guest", b), ("watcher", s)):
        page.on(
            "websocket",
            lambda ws, name=name: ws.on(
                "framereceived", lambda payload, name=name: frames[name].append(str(payload))
            ),
        )
    b.goto(invite)
    s.goto(watch)
    expect(b.locator("#seat-badge")).to_have_text("You · seat 2")
    expect(s.locator("#seat-badge")).to_have_text("Watching")
    assert "#" not in b.url

    players = (a, b)
    for moves in range(3000):
        turns = [settled(p) for p in players]
        if "over" in turns:
            break
        mover = players[turns.index("mine")] if "mine" in turns else None
        assert mover is not None, f"nobody may move: {turns}"
        before = seq(mover)
        play_first_move(mover)
        # Both players and the spectator catch up before the next move.
        for page in (*players, s):
            expect(page.locator("body")).not_to_have_attribute("data-seq", str(before))
        texts["guest"].append(b.locator("body").inner_text())
        texts["watcher"].append(s.locator("body").inner_text())
        if moves == 5:
            a.screenshot(path=artifacts / "duel52-host.png", full_page=True)
            b.screenshot(path=artifacts / "duel52-guest-phone.png", full_page=True)
            s.screenshot(path=artifacts / "duel52-spectator.png", full_page=True)
    for page in (a, b, s):
        expect(page.locator("#status")).to_have_text("Game over")
    expect(s.locator("#moves")).to_be_hidden()

    final = server.table(table).state.view(None)
    secret_from_guest = never_shown(final, holders=(0,))
    secret_from_all = never_shown(final, holders=(0, 1))
    assert secret_from_all, "the game left no card unseen; the check would be empty"
    for name, secret in (("guest", secret_from_guest), ("watcher", secret_from_all)):
        assert frames[name], f"the {name} received no frames"
        for text in [*frames[name], *texts[name]]:
            assert not named(text, secret), f"the {name} was shown {named(text, secret)}"
    for context in (host, guest, watcher):
        context.close()


def test_a_reload_mid_game_resumes(server: LiveServer, page: Page) -> None:
    create_table(page, server.url, "Duel 52", ["me", "computer:easy"])
    for _ in range(4):
        if my_turn_or_over(page) == "mine":
            play_first_move(page)
    # On this seat's turn nothing changes until it moves: the page can be compared.
    my_turn_or_over(page)
    log = page.locator("#log li").all_inner_texts()
    board = page.locator("#board").inner_html()
    at = seq(page)
    page.reload()
    expect(page.locator("#link-state")).to_have_text("live")
    my_turn_or_over(page)
    assert seq(page) == at
    assert page.locator("#log li").all_inner_texts() == log
    assert page.locator("#board").inner_html() == board
    assert page.locator("#seat-badge").inner_text() == "You · seat 1"
    play_to_the_end(page)


@pytest.mark.parametrize(("players", "preset"), [(3, None), (4, None), (2, "ultimate")])
def test_duel52_variants_played_with_the_mouse(
    server: LiveServer, page: Page, artifacts: Path, players: int, preset: str | None
) -> None:
    seats = ["me"] + ["computer:easy"] * (players - 1)
    create_table(page, server.url, "Duel 52", seats, players=players, preset=preset)
    name = f"duel52-{preset or players}"
    for moves in range(400):
        if my_turn_or_over(page) == "over":
            break
        click_first_move(page)
        if moves == 8:
            page.screenshot(path=artifacts / f"{name}.png", full_page=True)
    else:
        raise AssertionError("no end after 400 moves")
    expect(page.locator("#result")).to_be_visible()
    page.set_viewport_size({"width": 375, "height": 800})
    page.screenshot(path=artifacts / f"{name}-over-phone.png", full_page=True)


def test_a_hint_on_request_names_moves_from_the_list(server: LiveServer, page: Page) -> None:
    create_table(
        page, server.url, "Duel 52", ["me", "computer:easy"], options={"first_player": "1"}
    )
    assert settled(page) == "mine"
    page.get_by_role("button", name="Hint").click()
    advice = page.locator("#hint-box li")
    expect(advice.first).to_contain_text("% of the search", timeout=60_000)
    listed = set(page.locator("#actions button.action span").all_inner_texts())
    assert {line.split(" (")[0] for line in advice.all_inner_texts()} <= listed
    expect(page.locator("#actions button.advised")).to_have_count(1)


def first_move_record(game: str, seed: int) -> bytes:
    """A whole game in which every seat always takes its first legal action."""
    info = get_game(game)
    options = info.resolve_options({})
    state = info.new_state(seed, options)
    actions: list[tuple[int, str]] = []
    while not state.is_over():
        seat = state.to_move()[0]
        action = state.legal_actions(seat)[0]
        actions.append((seat, str(action)))
        state.apply(action)
    record = Record(game, seed, dict(options), actions, players=["Ann", "Bob"])
    return json.dumps(record.to_json()).encode()


def test_a_record_is_replayed_step_by_step_from_either_seat(
    server: LiveServer, page: Page, artifacts: Path
) -> None:
    page.goto(f"{server.url}/")
    page.get_by_role("link", name="Replay a record").click()
    record = first_move_record("duel52", seed=11)
    steps = len(json.loads(record)["actions"])
    page.set_input_files(
        "#record-file", files=[{"name": "g.json", "mimeType": "application/json", "buffer": record}]
    )
    # The first step starts the seat's replay on the server: slow on a busy machine.
    expect(page.locator("#step-text")).to_have_text(
        f"Step 0 of {steps}, seen by Ann", timeout=30_000
    )
    page.keyboard.press("End")
    expect(page.locator("#status")).not_to_have_text(re.compile(r"^Step"))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#status")).to_have_text(f"Step {steps - 1} of {steps}")
    ann = page.locator("#board").inner_html()
    page.select_option("#seat", "1")
    expect(page.locator("#step-text")).to_contain_text("seen by Bob")
    assert page.locator("#board").inner_html() != ann
    page.keyboard.press("Home")
    first_mover = json.loads(record)["actions"][0]["seat"]
    for seat in (1 - first_mover, first_mover):
        page.select_option("#seat", str(seat))
        expect(page.locator("#step-text")).to_contain_text(f"seen by {['Ann', 'Bob'][seat]}")
        page.get_by_role("button", name="What would the search play here?").click()
        if seat != first_mover:
            expect(page.locator("#analysis")).to_contain_text("a seat that is to act")
    expect(page.locator("#analysis li").first).to_contain_text("% of the search", timeout=60_000)
    page.screenshot(path=artifacts / "replay.png", full_page=True)
    page.set_input_files(
        "#record-file", files=[{"name": "x.json", "mimeType": "application/json", "buffer": b"{"}]
    )
    expect(page.locator("#record-error")).to_contain_text("That record cannot be replayed")
