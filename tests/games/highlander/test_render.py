"""The terminal: cards drawn legibly, clashes mirrored and worded, secrets kept."""

from __future__ import annotations

from rich.console import Console

from duelhall.games.highlander.engine.actions import HighlanderAction
from duelhall.games.highlander.terminal import render

from .helpers import clash, make, new

NAMES = ("You", "Computer")


def text_of(renderable: object) -> str:
    console = Console(width=80, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(renderable)
    return console.export_text()


def test_render_hand_cards_show_positions_follow_up_and_effects() -> None:
    state = make((["thrust", "overhead"], ["bind", "parry"]), played=(["cleave"], ["sweep"]))
    out = text_of(render.render_view(state.view(0), NAMES))
    # Cleave's follow-up bar is 1 and 2: Overhead Cut (2, 4) follows it, Thrust (3) does not.
    assert "Thrust          ··▲··  next ·●·●·  power 1  (off follow-up: 1 damage)" in out
    assert "Overhead Cut    ·▲·▲·  next ··●··\n" in out
    assert "(follow-up: include position 1 or 2)" in out
    assert "Computer's hand: 2 cards" in out
    assert "Bind" not in out.split("Computer's hand")[1].split("\n")[0]
    assert max(len(line) for line in out.splitlines()) <= 80


def test_render_clash_is_drawn_mirrored_and_worded() -> None:
    # Low Cut (1) against Backhand (5): they meet, a perfect block.
    state = clash(make((["lowcut", "lunge"], ["backhand", "bind"])), "lowcut", "backhand")
    mine = text_of(render.render_view(state.view(0), NAMES))
    assert "Computer  ▼····  Backhand (defends)" in mine
    assert "          ┃" in mine
    assert "You       ▲····  Low Cut (attacks)" in mine
    assert "Perfect block! Every position is aligned: You take 1 damage." in mine
    theirs = text_of(render.render_view(state.view(1), ("Player 1", "You")))
    assert "Player 1  ····▼  Low Cut (attacks)" in theirs  # their 1 is on your right


def test_render_strike_and_penalty_words() -> None:
    state = make((["whirlwind", "lunge"], ["overhead", "bind"]), played=(["highguard"], ["thrust"]))
    clash(state, "whirlwind", "overhead")
    words = render.result_words(state.view(0)["clashes"][-1], NAMES)
    assert words == "Strike! No position is aligned: Computer takes 3 damage."


def test_render_describe_keeps_the_secret_choice_secret() -> None:
    state = make((["thrust", "overhead"], ["bind", "parry"]))
    action = HighlanderAction(0, "play", "thrust")
    assert render.describe(action, state.view(1), 1) == "choose a card in secret"
    assert "Thrust" in render.describe(action, state.view(0), 0)


def test_render_effects_tell_the_draft() -> None:
    state = new(3, kurgan="1")
    before = state.view(1)
    taken = state.cards.cards[state.faceup[0]].id
    action = HighlanderAction(0, "take", taken)
    state.apply(action)
    lines = [t.plain for t in render.effects(action, before, state.view(1), 1, NAMES)]
    assert lines and lines[0].endswith("is turned face-up")
    before = state.view(1)
    draw = HighlanderAction(1, "draw")
    state.apply(draw)
    names = ("Player 1", "You")
    lines = [t.plain for t in render.effects(draw, before, state.view(1), 1, names)]
    assert lines[0].startswith("You draw ")
    assert render.effects(draw, before, state.view(0), 0, NAMES) == []  # a secret draw


def test_render_effects_of_the_completing_play_tell_the_clash_and_the_round() -> None:
    # The round's last clash: Lunge strikes Diagonal Slash, then the round ends.
    state = make(
        (["lunge", "whirlwind"], ["diagonal", "bind"]),
        played=(["overhead", "parry", "sweep"], ["cleave", "highguard", "hanging"]),
    )
    state.apply(HighlanderAction(0, "play", "lunge"))
    before = state.view(1)
    last = HighlanderAction(1, "play", "diagonal")
    state.apply(last)
    lines = [t.plain for t in render.effects(last, before, state.view(1), 1, ("Kurgan", "You"))]
    assert lines[0] == "Clash 4 of round 1:"
    assert any("Strike! No position is aligned: You take 1 damage" in line for line in lines)
    assert any("the next strike this round deals 1 more" in line for line in lines)
    assert lines[-1].startswith("── Round 2: You take the offence marker")
