"""The engine's rulings (docs/rulings/duelfighters.md F69 to F73) and the documents' agreement
with the engine: every declared option is in the rulings' table, every notation example reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from duelhall.core.errors import NotationError
from duelhall.games.duelfighters import INFO

from .helpers import executing, new, words

DOCS = Path(__file__).resolve().parents[4] / "docs"


def test_every_engine_option_is_in_the_rulings_table() -> None:
    text = (DOCS / "rulings" / "duelfighters.md").read_text(encoding="utf-8")
    table = text[text.index("## Options at a glance") : text.index("## The rules in brief")]
    for option in INFO.options:
        assert f"`{option.name}`" in table, option.name


def test_every_notation_example_reads() -> None:
    text = (DOCS / "notation" / "duelfighters.md").read_text(encoding="utf-8")
    state = new(0)
    examples = re.findall(r"\| `([^`|]+)` *\|$", text, flags=re.MULTILINE)
    assert len(examples) > 15
    for example in examples:
        assert str(state.parse_action(example, 0)) == " ".join(example.lower().split())


@pytest.mark.parametrize(
    "text",
    ["", "fly away", "deploy 10", "deploy a,b n", "deploy 10,10 up", "advance far", "mark"],
)
def test_bad_notation_is_one_clear_line(text: str) -> None:
    with pytest.raises(NotationError) as caught:
        new(0).parse_action(text, 0)
    assert "\n" not in str(caught.value)


def test_f70_a_plain_card_pays_before_a_special_one() -> None:
    state = executing(
        [[("turn-left",)] * 2, [("turn-left",)] * 2], [(400, 100, 90), (400, 700, 270)]
    )
    lesdinn = state.board.fighters[1]
    state.apply(state.parse_action("turn left", 0))
    state.apply(state.parse_action("turn left", 1))
    assert [c.id for c in lesdinn.cards if c.state == "used"] == ["card"]


def test_f70_the_card_equipped_never_pays_for_its_own_step() -> None:
    state = executing([[("turn-left",)] * 2, [("skill",)]], [(400, 100, 90), (400, 700, 270)])
    lesdinn = state.board.fighters[1]
    for card in lesdinn.cards:
        if card.id == "card":
            card.state = "discarded"
    state.apply(state.parse_action("turn left", 0))
    assert "equip ashorai-swords" in words(state, 1)
    state.apply(state.parse_action("equip ashorai-swords", 1))
    assert [c.state for c in lesdinn.cards if c.id == "ashorai-swords"] == ["equipped"]
    assert [c.state for c in lesdinn.cards if c.id == "water-lash"] == ["used"]


def test_f73_a_downed_figure_without_card_or_step_stays_down() -> None:
    state = executing([[("turn-left",)] * 2, [("turn-left",)]], [(400, 100, 90), (400, 700, 270)])
    lesdinn = state.board.fighters[1]
    lesdinn.downed = True
    state.board.plans[1].steps = []
    for card in lesdinn.cards:
        card.state = "used"
    state.apply(state.parse_action("turn left", 0))
    assert lesdinn.downed and state.board.plans[1].finished
    assert "Lesdinn stays down" in state.board.log


def test_illegal_actions_are_refused_with_what_is_allowed() -> None:
    state = new(0)
    seat = state.to_move()[0]
    with pytest.raises(Exception) as caught:
        state.apply(state.parse_action("deploy 1,1 n", seat))
    assert "allowed: deploy" in str(caught.value)
    with pytest.raises(Exception) as caught:
        state.apply(state.parse_action("ready", 1 - seat))
    assert "is not to act" in str(caught.value)
