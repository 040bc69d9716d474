"""Expansion views, positions, reference text and terminal words (what each seat may know)."""

from __future__ import annotations

import json
from pathlib import Path

from rich.console import Console

from duelhall.core.game import get_game
from duelhall.core.rng import Rng
from duelhall.games.duel52.duel.reference import reference_text
from duelhall.games.duel52.duel.state import Duel52State
from duelhall.games.duel52.engine.cards import rank
from duelhall.games.duel52.expansion.state import Duel52XState
from duelhall.games.duel52.terminal import render
from tests.games.duel52.helpers import act, make, new

GAME = get_game("duel52")
FORTS4 = ["KS", "QS", "JS", "10S"]


def text(renderable: object) -> str:
    console = Console(record=True, width=120)
    console.print(renderable)
    return console.export_text()


def test_views_show_heroes_face_up_to_both_players_with_exerted_and_enraged() -> None:
    state = make(
        {1: (["9C"], ["5D"])},
        expansion={"heroes": ["6H", "JH"]},
        heroes=True,
        pile=[],
        bases=False,
    )
    for seat in (0, 1):
        heroes = state.view(seat)["heroes"]
        assert [h["card"] for h in heroes] == ["6H", "JH"]
        assert heroes[0]["exerted"] and not heroes[0]["enraged"]
        assert heroes[1]["enraged"] and not heroes[1]["exerted"]


def test_views_show_bannermen_to_both_players() -> None:
    state = make(expansion={"bannermen": [["7D", "2D"], ["JC", "AC"]]}, bannermen=True)
    for seat in (0, 1):
        view = state.view(seat)
        assert view["bannermen"] == [["7D", "2D"], ["JC", "AC"]]
        assert "Champion Protector" in view["improved"][1]


def test_views_hide_forts_unless_the_seat_looked_or_took_it() -> None:
    state = make({1: (["7C", "8C", "9C"], ["5D"])}, expansion={"forts": FORTS4}, forts=True)
    text0 = json.dumps(state.view(0))
    for name in FORTS4:
        assert f'"{name}"' not in text0
    act(state, "end", "fort F1")
    assert '"KS"' in json.dumps(state.view(1))
    assert '"KS"' not in json.dumps(state.view(0))


def test_views_determinize_consistent_through_expansion_games() -> None:
    for seed in range(3):
        state = new(seed, heroes=True, bannermen=True, forts=True, vampiric=True)
        rng = Rng(seed)
        steps = 0
        while not state.is_over() and steps < 400:
            for seat in (0, 1):
                sample = state.determinize(seat, Rng(steps))
                assert sample.view(seat) == state.view(seat)
                if seat == state.current:
                    assert sample.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1


def test_views_draft_determinize_keeps_the_ranks_left_in_the_deck() -> None:
    state = GAME.load_position(
        {
            "turn": 0,
            "hands": [["7C", "8C"], ["7D", "7H"]],
            "pile": ["7S", "8S", *[f"{r}{s}" for r in ("4", "5", "6", "10") for s in "CDHS"]],
            "pending": [["draft", 1], ["draft", 0], ["draft", 1], ["draft", 0]],
            "options": {"bannermen": True},
        }
    )
    legal = state.legal_actions()
    for k in range(20):
        assert state.determinize(0, Rng(k)).legal_actions() == legal


def test_positions_round_trip_with_the_expansion() -> None:
    for seed in range(3):
        state = new(seed, heroes=True, bannermen=True, forts=True)
        rng = Rng(seed + 7)
        for _ in range(60):
            if state.is_over():
                break
            pos = state.to_position()
            back = GAME.load_position(json.loads(json.dumps(pos)))
            assert back.to_position() == pos
            assert back.legal_actions() == state.legal_actions()
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def test_positions_doc_expansion_example_loads() -> None:
    doc = Path(__file__).parents[3] / "docs" / "positions" / "duel52.md"
    body = doc.read_text(encoding="utf-8").split("## Expansion", 1)[1]
    example = body.split("```json", 1)[1].split("```", 1)[0]
    state = GAME.load_position(json.loads(example))
    assert isinstance(state, Duel52XState)
    assert state.view(0)["heroes"][1]["card"] == "AC"


def test_reference_prints_the_expansion_powers_in_force() -> None:
    base = reference_text({})
    assert "Expansion" not in base and "Master Recruiter" not in base
    heroes = reference_text({"heroes": True})
    for name in ("Master Recruiter", "Rush Them!", "Continuing Inspiration", "The Assassin"):
        assert name in heroes
    assert "Whirlwind!" not in heroes
    banners = reference_text({"bannermen": True})
    assert "Whirlwind!" in banners and "Master Assassin" in banners
    assert "6 cards are set aside" in banners
    assert "Vampiric" in reference_text({"vampiric": True})
    assert "Forts:" in reference_text({"forts": True})


def test_render_shows_heroes_bannermen_forts_and_hero_words() -> None:
    state = make(
        {1: (["9C"], ["5D"])},
        expansion={
            "heroes": ["6H", "JH"],
            "bannermen": [["7D", "2D"], ["JC", "AC"]],
            "forts": FORTS4,
        },
        heroes=True,
        bannermen=True,
        forts=True,
    )
    shown = text(render.render_view(state.view(0), ("You", "Opp")))
    assert "Heroes:" in shown and "The Frost Mage" in shown and "The Protector" in shown
    assert "Bannermen:" in shown and "Forts: F1" in shown
    spell = state.parse_action("spell 1B")
    assert render.describe(spell, state.view(0), 0) == "cast The Frost Mage: freeze 1B (5♦)"
    assert render.describe(state.parse_action("end"), state.view(0), 0) == "end the turn"
    act(state, "spell 1B")
    assert "spell cast this turn" in text(render.render_view(state.view(0), ("You", "Opp")))


def test_render_marks_a_played_warrior_and_an_enraged_one() -> None:
    state = make(
        {1: (["9C"], ["5D"])},
        expansion={"heroes": ["JH", "AH"]},
        heroes=True,
        pile=[],
        bases=False,
    )
    assert "ENRAGED" in text(render.render_view(state.view(0), ("You", "Opp")))
    act(state, "hero 2")
    assert "★hero" in text(render.render_view(state.view(0), ("You", "Opp")))


def test_reference_expansion_text_is_plain_and_within_width() -> None:
    from duelhall.games.duel52.duel.reference import WIDTH

    text = reference_text({"heroes": True, "bannermen": True, "forts": True, "vampiric": True})
    assert all(len(line) <= WIDTH for line in text.splitlines())
    assert text.isascii()


def test_views_draft_samples_never_return_the_true_deal() -> None:
    """Review finding: a failed draft sample once fell back on the true deal, seed included."""
    for seed in range(150):
        state = new(seed, heroes=True, bannermen=True, forts=True)
        rng = Rng(seed)
        while state.turn == 0 and not state.is_over():
            seat = state.to_move()[0]
            for k in range(3):
                sample = state.determinize(seat, Rng(k))
                assert sample.seed != state.seed
                assert sample.legal_actions(seat) == state.legal_actions(seat)
            state.apply(rng.choice(state.legal_actions()))


def test_views_draft_samples_ignore_where_an_already_drafted_rank_hides() -> None:
    """The seat's legal drafts say nothing about a rank it already drafted, so moving a hidden
    card of that rank between the opponent's hand and the pile must not change the samples."""
    checked = 0
    for seed in range(3000):
        state = new(seed, bannermen=True)
        rng = Rng(seed)
        while state.turn == 0 and not state.is_over() and checked < 2:
            seat = state.to_move()[0]
            opp = 1 - seat
            mine = {rank(c) for c in state.hands[seat]}
            drafted = {rank(c) for c in state.banners[seat]}  # type: ignore[attr-defined]
            for r in sorted(mine & drafted):
                held = [c for c in state.hands[opp] if rank(c) == r]
                swap = [c for c in state.pile if rank(c) not in mine]
                if any(rank(c) == r for c in state.pile) or not held or not swap:
                    continue
                other = state.clone()
                a, b = held[0], swap[0]
                other.hands[opp][other.hands[opp].index(a)] = b
                other.pile[other.pile.index(b)] = a
                other._legal = None
                assert other.view(seat) == state.view(seat)

                def empty(st: Duel52State, r: int = r, seat: int = seat) -> int:
                    return sum(
                        all(rank(c) != r for c in st.determinize(seat, Rng(k)).pile)
                        for k in range(60)
                    )

                assert empty(state) == empty(other)
                checked += 1
                break
            state.apply(rng.choice(state.legal_actions()))
        if checked >= 2:
            break
    assert checked >= 1


def _drafted(hands: tuple[list[str], list[str]], *picks: str) -> Duel52XState:
    """A draft from these hands (every other card in the deck), after ``picks``."""
    state = GAME.load_position(
        {
            "turn": 0,
            "hands": [hands[0], hands[1]],
            "pending": [["draft", 1], ["draft", 0], ["draft", 1], ["draft", 0]],
            "options": {"bannermen": True},
        }
    )
    assert isinstance(state, Duel52XState)
    act(state, *picks)
    return state


DRAFT_HANDS = (["7C", "8C", "2C", "5C", "6C"], ["8D", "3C", "KD", "4D", "9D"])


def test_views_draft_samples_keep_a_card_of_each_rank_the_opponent_drafted() -> None:
    """Rulebook, Bannermen step 2: the drafter keeps the matching card in hand. Seat 1
    drafted an 8, and seat 0 may still draft one, so of the two 8s seat 0 cannot see one is
    in seat 1's hand and the other in the deck: every sample must say so."""
    state = _drafted(DRAFT_HANDS, "draft 7", "draft 8")
    assert state.current == 0 and "draft 8" in {str(a) for a in state.legal_actions()}
    legal = state.legal_actions()
    for k in range(40):
        sample = state.determinize(0, Rng(k))
        assert any(rank(c) == 8 for c in sample.hands[1]), k
        assert sample.legal_actions() == legal
        assert sample.view(0) == state.view(0)


def test_views_first_turn_samples_keep_the_opponents_drafted_ranks_in_hand() -> None:
    """The second player's hand loses no card before its first turn, so while the first
    player moves it still holds an 8 and a 3; once that turn has begun nothing is certain."""
    state = _drafted(DRAFT_HANDS, "draft 7", "draft 8", "draft 5", "draft 3")
    assert state.turn == 1 and state.current == state.first_player == 0
    for k in range(40):
        sample = state.determinize(0, Rng(k))
        assert {8, 3} <= {rank(c) for c in sample.hands[1]}, k
        assert sample.legal_actions() == state.legal_actions()
        assert sample.view(0) == state.view(0)
    act(state, "end")
    assert state.turn == 2 and state.current == 1
    hands = [{rank(c) for c in state.determinize(0, Rng(k)).hands[1]} for k in range(40)]
    assert any(8 not in ranks for ranks in hands)
