"""Duel Fighters, several characters a side (F59, F64, F76), in a real browser against a real
duel behind a faked server: the figure that plays the side's step is clicked on the table,
the adversary struck is named by clicking it or its name (and from the keyboard), and
equipment is passed by a button naming the card and the ally. Each act the page sends is played
on the true state and answered with the seat's next snapshot, built as the server builds it.
Screenshots of each decision go to the artifacts folder."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Route, expect

from duelhall.cli.session import ui_for
from duelhall.games.duelfighters import INFO, DuelFightersState
from duelhall.games.duelfighters.web import board
from duelhall.web.snapshots import snapshot
from tests.games.duelfighters.web.decisions import what_to_give, who_plays, whom_to_strike
from tests.web.e2e.stub_site import ORIGIN, StubSite

NAMES = ("Ann", "Bob")


class Duel:
    """A real duel behind the stub: one seat's snapshots, and its acts played."""

    def __init__(self, stub: StubSite, state: DuelFightersState, seat: int) -> None:
        self.state, self.seat, self.seq = state, seat, 1
        stub.snapshot = self.snapshot()
        stub.on_act = self.act

    def snapshot(self) -> dict[str, Any]:
        out = snapshot(INFO, ui_for(INFO.name), self.state, self.seat, NAMES, seq=self.seq, log=[])
        return {**out, "title": INFO.title, "hints": False, "log_from": 0}

    def act(self, message: dict[str, Any]) -> dict[str, Any]:
        assert message["seq"] == self.seq
        self.state.apply(self.state.parse_action(message["action"], self.seat))
        self.seq += 1
        return self.snapshot()


def open_duel(stub: StubSite, page: Page, state: DuelFightersState, seat: int) -> Duel:
    duel = Duel(stub, state, seat)
    css = board.stylesheet()

    def serve_css(route: Route) -> None:
        route.fulfill(status=200, content_type="text/css", body=css)

    page.route(f"{ORIGIN}/games/duelfighters/board.css", serve_css)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"{ORIGIN}/t/df1#token=seat-token")
    expect(page.locator("#board svg")).to_be_visible()
    return duel


def group(page: Page, name: str) -> Any:
    return page.get_by_role("group", name=name)


def acts(stub: StubSite) -> list[str]:
    return [m["action"] for m in stub.acts()]


def test_f59_the_figure_that_plays_the_step_is_clicked_on_the_table(
    stub: StubSite, page: Page, artifacts: Path
) -> None:
    open_duel(stub, page, who_plays(), 0)
    who = group(page, "Who plays the step")
    expect(who).to_be_visible()
    expect(who.locator("button")).to_have_text([re.compile("^Deretor"), re.compile("^Hallothon")])
    table = page.locator("#board svg")
    expect(table.locator(".base.pickable")).to_have_count(2)
    for key in ("lesdinn", "brock"):  # the adversaries are no answer
        expect(table.locator(f'[data-pick="fig:{key}"]')).not_to_have_class(re.compile("pickable"))
    page.screenshot(path=artifacts / "duelfighters-with.png", full_page=True)
    table.locator('[data-pick="fig:hallothon"]').click()
    expect(page.locator("body")).to_have_attribute("data-seq", "2")
    assert acts(stub) == ["with hallothon"]
    # Hallothon plays: nobody is asked for any more.
    expect(who).to_have_count(0)
    expect(page.locator("#actions button.action")).to_have_text(
        [re.compile("turn 90 degrees right$")]
    )


def test_f76_the_adversary_struck_is_named_by_clicking_it_or_from_the_keyboard(
    stub: StubSite, page: Page, artifacts: Path
) -> None:
    open_duel(stub, page, whom_to_strike(), 0)
    strike = group(page, "Whom to strike")
    expect(strike.locator("button")).to_have_text([re.compile("^Lesdinn"), re.compile("^Brock")])
    table = page.locator("#board svg")
    # The ally behind is no victim: not clickable on the table nor listed.
    expect(table.locator('[data-pick="fig:hallothon"]')).not_to_have_class(re.compile("pickable"))
    expect(table.locator(".base.pickable")).to_have_count(2)
    # A click on Lesdinn on the table asks which attack, every one against her.
    table.locator('[data-pick="fig:lesdinn"]').click()
    menu = page.locator("#pick-menu [role=menuitem]")
    expect(menu).to_have_count(5)  # four attacks and Cancel
    for item in menu.all()[:4]:
        expect(item).to_contain_text("against Lesdinn")
    # The plain list shows the same four, for whoever prefers it.
    expect(page.locator("#actions button.action")).to_have_count(4)
    page.screenshot(path=artifacts / "duelfighters-at.png", full_page=True)
    page.keyboard.press("Escape")
    expect(menu).to_have_count(0)
    # From the keyboard: Brock's name, then the menu's first attack.
    strike.get_by_role("button", name=re.compile("^Brock")).focus()
    page.keyboard.press("Enter")
    expect(menu.first).to_be_focused()
    expect(menu.first).to_have_text("attack, against Brock")
    page.keyboard.press("Enter")
    expect(page.locator("body")).to_have_attribute("data-seq", "2")
    assert acts(stub) == ["attack at brock"]


def test_f64_equipment_is_passed_by_a_button_naming_the_card_and_the_ally(
    stub: StubSite, page: Page, artifacts: Path
) -> None:
    state = what_to_give()
    open_duel(stub, page, state, 1)
    give = group(page, "Pass equipment")
    # One button says the card and the ally; the list keeps the move in words too.
    button = give.get_by_role("button", name="Vulcan Hammer to Lesdinn")
    expect(button).to_have_class(re.compile("pickable"))
    listed = page.locator("#actions button.action", has_text="pass Vulcan Hammer to Lesdinn")
    expect(listed).to_have_count(1)
    page.screenshot(path=artifacts / "duelfighters-give.png", full_page=True)
    button.click()
    expect(page.locator("body")).to_have_attribute("data-seq", "2")
    assert acts(stub) == ["give vulcan-hammer lesdinn"]
    assert "Brock passes Vulcan Hammer to Lesdinn" in state.board.log
