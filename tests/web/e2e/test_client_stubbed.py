"""The browser client against a faked server (docs/web.md's protocol played by the test):
the pick interaction, the keyboard, seats and tokens, reconnection, errors, the lobby."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.e2e import toy_table
from tests.web.e2e.stub_site import ORIGIN, StubSite


def open_table(stub: StubSite, page: Page, fragment: str = "#token=seat-token") -> None:
    stub.snapshot = toy_table.snapshot()
    page.goto(f"{ORIGIN}/t/toy1{fragment}")
    expect(page.locator("#status")).not_to_have_text("Joining the table…")


def assert_played(stub: StubSite, page: Page, notation: str) -> None:
    """The page sent exactly this move (the server's answer has ended the turn)."""
    expect(page.locator("#status")).not_to_have_text("Your turn")
    assert [m["action"] for m in stub.acts()] == [notation]


def answer_with_next_snapshot(stub: StubSite) -> None:
    def reply(message: dict[str, Any]) -> dict[str, Any]:
        return toy_table.snapshot(
            seq=message["seq"] + 1,
            actions=[],
            status={"to_move": [1]},
            log=[*toy_table.snapshot()["log"], f"You: {message['action']}."],
        )

    stub.on_act = reply


# ---- the pick filter, as pure functions in the browser ---------------------------


def test_pick_filter_keeps_the_actions_that_start_with_the_picks(
    stub: StubSite, page: Page
) -> None:
    page.goto(f"{ORIGIN}/")
    outcome = page.evaluate(
        """async (actions) => {
            const p = await import("/static/picks.js");
            const ids = (set) => [...set].sort();
            return {
                first: ids(p.nextPicks(actions, [])),
                after7: ids(p.nextPicks(actions, ["hand:7H"])),
                fitting: p.candidates(actions, ["hand:QS"]).map((a) => a.text),
                send: p.click(actions, ["hand:7H"], "lane:2"),
                only: p.click(actions, [], "hand:5D"),
                menu: p.click(actions, ["hand:QS"], "lane:1"),
                undo: p.click(actions, ["hand:7H"], "hand:7H"),
                restart: p.click(actions, ["hand:7H"], "hand:QS"),
                nothing: p.click(actions, ["hand:7H"], "lane:3"),
            };
        }""",
        toy_table.ACTIONS,
    )
    assert outcome["first"] == ["hand:5D", "hand:7H", "hand:QS"]
    assert outcome["after7"] == ["lane:1", "lane:2"]
    assert outcome["fitting"] == ["play QS 1", "play QS 1 up"]
    assert outcome["send"]["send"]["text"] == "play 7H 2"
    assert outcome["only"]["send"]["text"] == "play 5D 3"
    assert [a["text"] for a in outcome["menu"]["menu"]] == ["play QS 1", "play QS 1 up"]
    assert outcome["undo"] == {"selected": []}
    assert outcome["restart"] == {"selected": ["hand:QS"]}
    assert outcome["nothing"] == {"selected": ["hand:7H"]}


# ---- clicking on the board --------------------------------------------------------


def test_clicking_a_card_marks_its_targets_then_the_target_sends_the_move(
    stub: StubSite, page: Page
) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    expect(page.locator(".pickable")).to_have_count(3)  # the three cards in hand
    page.click('[data-pick="hand:7H"]')
    expect(page.locator('[data-pick="hand:7H"]')).to_have_class(re.compile(r"\bpicked\b"))
    pickable = page.locator(".pickable")
    expect(pickable).to_have_count(2)
    assert sorted(pickable.evaluate_all("els => els.map(e => e.dataset.pick)")) == [
        "lane:1",
        "lane:2",
    ]
    expect(page.locator("#actions button")).to_have_count(2)  # the list follows the picks
    page.click('[data-pick="lane:2"]')
    expect(page.locator("#status")).to_have_text("Waiting for Computer (medium)…")
    assert stub.acts() == [{"type": "act", "seq": 1, "action": "play 7H 2"}]
    expect(page.locator("#log li").last).to_have_text("You: play 7H 2.")


def test_a_card_with_one_move_left_sends_it_on_the_first_click(stub: StubSite, page: Page) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    page.click('[data-pick="hand:5D"]')
    assert_played(stub, page, "play 5D 3")


def test_two_moves_on_the_same_picks_are_asked_in_place(stub: StubSite, page: Page) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    page.click('[data-pick="hand:QS"]')
    page.click('[data-pick="lane:1"]')
    menu = page.locator("#pick-menu")
    expect(menu).to_be_visible()
    expect(menu.get_by_role("menuitem")).to_have_text(
        ["play Q♠ face-down into lane 1", "play Q♠ face-up into lane 1", "Cancel"]
    )
    expect(menu.get_by_role("menuitem").first).to_be_focused()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    assert_played(stub, page, "play QS 1 up")


def test_the_move_panel_asks_for_what_the_game_says_is_clicked(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    note = page.locator("#moves-note")
    expect(note).to_have_text("Click a highlighted card, or choose below (keys 1–9).")
    stub.push(toy_table.snapshot(seq=2, pick_words="a highlighted figure"))
    expect(note).to_have_text("Click a highlighted figure, or choose below (keys 1–9).")


def test_escape_and_a_second_click_take_the_picks_back(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    page.click('[data-pick="hand:7H"]')
    expect(page.locator(".picked")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator(".picked")).to_have_count(0)
    expect(page.locator(".pickable")).to_have_count(3)
    page.click('[data-pick="hand:7H"]')
    page.click('[data-pick="hand:7H"]')
    expect(page.locator(".picked")).to_have_count(0)
    expect(page.locator("#actions button")).to_have_count(len(toy_table.ACTIONS))
    assert stub.acts() == []


def test_the_same_snapshot_sent_again_keeps_the_picks(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    page.click('[data-pick="hand:7H"]')
    stub.push(toy_table.snapshot(seq=1))
    expect(page.locator("#actions button")).to_have_count(2)
    expect(page.locator('[data-pick="hand:7H"]')).to_have_class(re.compile(r"\bpicked\b"))
    stub.push(toy_table.snapshot(seq=2))
    expect(page.locator(".picked")).to_have_count(0)


# ---- the keyboard -----------------------------------------------------------------


def test_number_keys_play_the_listed_moves(stub: StubSite, page: Page) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    expect(page.locator("#actions kbd")).to_have_text([str(n) for n in range(1, 7)])
    page.keyboard.press("6")
    assert_played(stub, page, "pass")


def test_every_move_is_reachable_with_tab_and_enter(stub: StubSite, page: Page) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.dataset.action") == "pass":
            break
    page.keyboard.press("Enter")
    assert_played(stub, page, "pass")


def test_board_picks_work_from_the_keyboard(stub: StubSite, page: Page) -> None:
    answer_with_next_snapshot(stub)
    open_table(stub, page)
    page.focus('[data-pick="hand:7H"]')
    page.keyboard.press("Enter")
    expect(page.locator('[data-pick="lane:1"]')).to_be_focused()
    page.keyboard.press(" ")
    assert_played(stub, page, "play 7H 1")


# ---- seats, tokens, spectators -----------------------------------------------------


def test_the_token_leaves_the_address_bar_and_survives_a_reload(stub: StubSite, page: Page) -> None:
    open_table(stub, page, "#token=secret-1")
    assert page.url == f"{ORIGIN}/t/toy1"
    assert stub.hellos() == [{"type": "hello", "token": "secret-1"}]
    page.reload()
    expect(page.locator("#status")).to_have_text("Your turn")
    assert stub.hellos()[-1] == {"type": "hello", "token": "secret-1"}


def test_an_invitation_is_exchanged_for_a_seat(stub: StubSite, page: Page) -> None:
    stub.answer("POST", "/api/tables/toy1/join", lambda body: (200, {"seat": 1, "token": "t-2"}))
    open_table(stub, page, "#invite=inv-9")
    assert ("POST", "/api/tables/toy1/join", {"invite": "inv-9"}) in stub.requests
    assert stub.hellos() == [{"type": "hello", "token": "t-2"}]
    assert "#" not in page.url


def test_a_used_invitation_says_why_and_watches_instead(stub: StubSite, page: Page) -> None:
    stub.answer(
        "POST",
        "/api/tables/toy1/join",
        lambda body: (403, {"error": "this invitation was already used"}),
    )
    stub.snapshot = toy_table.snapshot(seat=None, actions=[])
    page.goto(f"{ORIGIN}/t/toy1#invite=inv-9")
    expect(page.locator("#toast")).to_contain_text("this invitation was already used")
    expect(page.locator("#seat-badge")).to_have_text("Watching")
    assert stub.hellos() == [{"type": "hello"}]


def test_a_spectator_sees_no_moves_and_no_hint(stub: StubSite, page: Page) -> None:
    stub.snapshot = toy_table.snapshot(seat=None, actions=[], status={"to_move": [1]})
    page.goto(f"{ORIGIN}/t/toy1#watch")
    expect(page.locator("#status")).to_have_text("Computer (medium) to play")
    expect(page.locator("#moves")).to_be_hidden()
    expect(page.locator(".pickable")).to_have_count(0)
    assert stub.hellos() == [{"type": "hello"}]


def test_a_secret_choice_made_says_waiting_and_nothing_more(stub: StubSite, page: Page) -> None:
    stub.snapshot = toy_table.snapshot(actions=[], status={"to_move": [1], "simultaneous": True})
    page.goto(f"{ORIGIN}/t/toy1#token=x")
    expect(page.locator("#status")).to_have_text("Waiting for the opponent…")
    stub.push(toy_table.snapshot(seq=2, actions=[], status={"text": "Both chose: reveal!"}))
    expect(page.locator("#status")).to_have_text("Both chose: reveal!")


def test_a_spectator_is_told_the_players_choose_in_secret(stub: StubSite, page: Page) -> None:
    stub.snapshot = toy_table.snapshot(seat=None, actions=[], simultaneous=True)
    page.goto(f"{ORIGIN}/t/toy1#watch")
    expect(page.locator("#status")).to_have_text("The players choose in secret…")


def test_a_token_the_server_does_not_know_falls_back_to_watching(
    stub: StubSite, page: Page
) -> None:
    def hello(message: dict[str, Any]) -> dict[str, Any]:
        if "token" in message:
            return {"type": "error", "message": "that token holds no seat at this table"}
        return toy_table.snapshot(seat=None, actions=[])

    stub.on_hello = hello
    page.goto(f"{ORIGIN}/t/toy1#token=stale")
    expect(page.locator("#seat-badge")).to_have_text("Watching")
    expect(page.locator("#toast")).to_contain_text("that token holds no seat at this table")
    assert stub.hellos() == [{"type": "hello", "token": "stale"}, {"type": "hello"}]
    page.reload()
    expect(page.locator("#seat-badge")).to_have_text("Watching")
    assert stub.hellos()[-1] == {"type": "hello"}


# ---- the connection -----------------------------------------------------------------


def test_a_dropped_connection_reconnects_and_catches_up(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    stub.snapshot = toy_table.snapshot(seq=5, actions=[], log=["caught up"])
    stub.drop()
    expect(page.locator("#log li")).to_have_text(["caught up"])
    expect(page.locator("#link-state")).to_have_text("live")
    assert len(stub.hellos()) == 2
    assert stub.hellos()[1]["token"] == "seat-token"


def test_log_lines_that_follow_are_appended_and_others_start_the_log_again(
    stub: StubSite, page: Page
) -> None:
    stub.snapshot = toy_table.snapshot(log=["one", "two"], log_from=0)
    page.goto(f"{ORIGIN}/t/toy1#token=seat-token")
    expect(page.locator("#log li")).to_have_text(["one", "two"])
    stub.push(toy_table.snapshot(seq=6, log=["three"], log_from=2))
    expect(page.locator("#log li")).to_have_text(["one", "two", "three"])
    expect(page.locator("#log li.fresh")).to_have_text(["three"])
    stub.push(toy_table.snapshot(seq=7, log=[], log_from=3))  # nothing new: nothing lost
    expect(page.locator("#log li")).to_have_text(["one", "two", "three"])
    stub.push(toy_table.snapshot(seq=9, log=["eight", "nine"], log_from=7))  # a catch-up
    expect(page.locator("#log li")).to_have_text(["eight", "nine"])


def test_a_refusal_is_shown_and_the_turn_goes_on(stub: StubSite, page: Page) -> None:
    stub.on_act = lambda message: {"type": "error", "message": "that lane is closed"}
    open_table(stub, page)
    page.keyboard.press("1")
    expect(page.locator("#toast")).to_have_text("that lane is closed")
    expect(page.locator("#actions button")).to_have_count(len(toy_table.ACTIONS))
    expect(page.locator(".pickable")).to_have_count(3)


def test_a_hint_is_asked_and_shown(stub: StubSite, page: Page) -> None:
    stub.on_act = None
    open_table(stub, page)
    page.click("#hint")
    assert {"type": "hint"} in stub.sent
    hint = {
        "type": "hint",
        "seq": 1,
        "moves": [
            {"text": "play 7H 1", "words": "play 7♥ into lane 1", "share": 0.5, "value": 0.61}
        ],
    }
    stub.sockets[-1].send(json.dumps(hint))
    expect(page.locator("#hint-box li")).to_have_text(
        ["play 7♥ into lane 1 (50% of the search, 61% to win)"]
    )
    expect(page.locator("button.advised")).to_have_attribute("data-action", "play 7H 1")


def test_the_end_shows_the_result_the_record_and_a_rematch(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    stub.push(toy_table.snapshot(seq=9, actions=[], result={"text": "You win 2 lanes to 1."}))
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-text")).to_have_text("You win 2 lanes to 1.")
    expect(page.locator("#record-link")).to_have_attribute("href", "/api/tables/toy1/record")
    expect(page.locator("#status")).to_have_text("Game over")
    stub.answer(
        "POST",
        "/api/tables/toy1/rematch",
        lambda body: (200, {"id": "toy2", "seat": 1, "token": "t-new", "invites": {}}),
    )
    stub.snapshot = toy_table.snapshot(seat=1)
    page.click("#rematch")
    page.wait_for_url(f"{ORIGIN}/t/toy2")
    assert ("POST", "/api/tables/toy1/rematch", {"token": "seat-token"}) in stub.requests
    expect(page.locator("#status")).to_have_text("Your turn")
    assert stub.hellos()[-1] == {"type": "hello", "token": "t-new"}


def test_the_other_player_follows_an_offered_rematch_in_one_click(
    stub: StubSite, page: Page
) -> None:
    open_table(stub, page)
    over = toy_table.snapshot(seq=9, actions=[], result={"text": "You lose 1 lane to 2."})
    stub.push(over)
    expect(page.locator("#rematch")).to_have_text("Rematch")
    expect(page.locator("#rematch-note")).to_be_hidden()
    stub.push({**over, "rematch": {"table": "toy2", "seat": 0}})
    expect(page.locator("#rematch-note")).to_contain_text("A rematch is waiting for you")
    expect(page.locator("#rematch")).to_have_text("Join the rematch")
    # Their seat there is held by the token this browser holds: the server sends none.
    stub.answer(
        "POST",
        "/api/tables/toy1/rematch",
        lambda body: (200, {"id": "toy2", "seat": 0, "token": None, "invites": {}}),
    )
    stub.snapshot = toy_table.snapshot()
    page.click("#rematch")
    page.wait_for_url(f"{ORIGIN}/t/toy2")
    expect(page.locator("#status")).to_have_text("Your turn")
    assert stub.hellos()[-1] == {"type": "hello", "token": "seat-token"}


def test_no_hint_button_at_a_table_without_hints(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    expect(page.locator("#hint")).to_be_visible()
    stub.push(toy_table.snapshot(seq=2, hints=False))
    expect(page.locator("#status")).to_have_text("Your turn")
    expect(page.locator("#hint")).to_be_hidden()


def test_a_secret_choice_made_shows_waiting_for_the_opponent(stub: StubSite, page: Page) -> None:
    open_table(stub, page)
    stub.push(toy_table.snapshot(seq=2, actions=[], status={"to_move": [0, 1]}, simultaneous=True))
    expect(page.locator("#status")).to_have_text("Waiting for the opponent…")
    expect(page.locator("body")).to_have_attribute("data-turn", "theirs")


# ---- the lobby ------------------------------------------------------------------------

GAMES = [
    {
        "name": "duel52",
        "title": "Duel 52",
        "summary": "Three lanes, fifty-two cards.",
        "seats": 2,
        "options": [
            {"name": "players", "default": 2, "choices": [2, 3, 4], "help": "how many play"},
            {
                "name": "variant",
                "default": "standard",
                "choices": ["standard", "quick"],
                "help": "",
            },
            {"name": "heroes", "default": False, "choices": [], "help": "heroes"},
        ],
        "variants": {
            "quick": {"options": {"variant": "quick"}, "seats": 2},
            "heroes": {"options": {"heroes": True}, "seats": 2},
        },
        "levels": ["easy", "medium", "hard"],
    },
    {"name": "deckduel", "title": "Deck Duel Basic", "seats": 2, "options": [], "variants": {}},
]


def test_the_lobby_creates_a_table_with_its_options_and_seats(
    stub: StubSite, page: Page, artifacts: Path
) -> None:
    made = {"id": "new1", "seat": 0, "token": "tok-new", "invites": {"1": "/t/new1#invite=abc"}}
    made["watch"] = "/t/new1#watch"
    stub.answer("GET", "/api/games", lambda body: (200, GAMES))
    stub.answer("POST", "/api/tables", lambda body: (200, made))
    stub.snapshot = toy_table.snapshot(actions=[], status={"to_move": [1]})
    page.goto(f"{ORIGIN}/")
    page.get_by_role("button", name="heroes").click()
    page.get_by_role("button", name="3", exact=True).click()
    expect(page.locator(".seat-row select")).to_have_count(3)
    page.select_option('select[name="seat-2"]', "friend")
    page.select_option('select[name="seat-3"]', "computer:hard")
    page.screenshot(path=artifacts / "lobby-stubbed.png", full_page=True)
    page.get_by_role("button", name="Sit down at the table").click()
    page.wait_for_url(f"{ORIGIN}/t/new1")
    posted = [body for method, path, body in stub.requests if path == "/api/tables"]
    assert posted == [
        {
            "game": "duel52",
            "options": {"players": 3, "heroes": True},
            "seats": [{"kind": "me"}, {"kind": "friend"}, {"kind": "computer", "level": "hard"}],
            "hints": True,
        }
    ]
    expect(page.locator("#invite input")).to_have_count(2)
    expect(page.locator("#invite input").first).to_have_value(f"{ORIGIN}/t/new1#invite=abc")
    expect(page.locator("#status")).to_have_text("Waiting for Computer (medium)…")
    assert stub.hellos() == [{"type": "hello", "token": "tok-new"}]


def test_the_lobby_says_what_was_refused(stub: StubSite, page: Page) -> None:
    stub.answer("GET", "/api/games", lambda body: (200, GAMES))
    stub.answer("POST", "/api/tables", lambda body: (400, {"error": "unknown level 'x'"}))
    page.goto(f"{ORIGIN}/")
    page.get_by_role("button", name="Sit down at the table").click()
    expect(page.locator("#form-error")).to_have_text("unknown level 'x'")
    expect(page.get_by_role("button", name="Sit down at the table")).to_be_enabled()
