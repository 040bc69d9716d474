"""Playing a step: paying for it and carrying out its markers (3.3; rulings F14, F31, F34,
F35, F51, F64)."""

from __future__ import annotations

from . import actions as A
from .actions import Action
from .board import Board
from .fight import attack, cast_heal, sweep
from .movement import chosen_distance, slide, turn
from .steps import agile_cost, is_long
from .targets import gifts


def pay(board: Board, seat: int, action: Action) -> None:
    """Every step uses up a card (3.3): a spell cast pays for its own step (F34), the
    card a step equips never pays for it, and a long step costs one card more or a
    victory point (F14)."""
    plan, f = board.plans[seat], board.fighters[seat]
    kept = action.words[1] if action.verb in (A.EQUIP, A.THROW) else ""  # used, not paid with
    if action.verb == A.CAST:
        f.spend(action.words[1])
        if board.options["spell_cost"] == "spell-and-card":
            f.use_card()
    else:
        f.use_card(keep=kept)
    if is_long(plan.steps[plan.next]):
        if agile_cost(f) == "victory-point":
            f.points -= 1
        else:
            f.use_card(keep=kept)
        board.say(f"{f.name} makes a long step (Agile)")


def aimed_at(board: Board, seat: int, words: tuple[str, ...]) -> int | None:
    """The victim an action's words name (``at KEY``, F76), or None: the adversary."""
    if A.AT not in words:
        return None
    return board.index_of(words[words.index(A.AT) + 1])


def carry_out(board: Board, seat: int, marker: str, action: Action) -> None:
    f = board.fighters[seat]
    verb = action.verb
    victim = aimed_at(board, seat, action.words)
    maximise = A.MAXIMISE in action.words
    if marker == "technique" and f.points > 0:
        f.points -= 1  # paid when the step comes, used or not (F31)
        board.say(f"{f.name} pays a victory point for a technique")
    if verb == A.HOLD:
        board.say(f"{f.name} holds")
    elif verb in ("advance", "lateral", "retreat"):
        distance = chosen_distance(board, seat, marker, action.words[-1])
        slide(board, seat, marker, distance, board.options)
    elif verb in (A.TURN, A.PIVOT):
        turn(board, seat, marker)
    elif verb == A.ATTACK:
        # A card lost since the choice (dangerous ground, F56) leaves none to maximise with.
        maximise = maximise and f.use_card()
        attack(board, seat, board.options, maximise=maximise, victim=victim)
    elif verb == A.TECHNIQUE:
        found = next(t for t in f.techniques() if t.id == action.words[1])
        if found.effect.name == "sweep":
            sweep(board, seat, found, action.words[2] == "left", board.options)
        else:
            attack(board, seat, board.options, source=found, victim=victim)
    elif verb == A.GIVE:
        give(board, seat, action.words[1], action.words[2])
    elif verb in (A.EQUIP, A.THROW) and not f.holds(action.words[1]):
        board.say(f"{f.name} no longer has the card")  # lost since the choice (F56, F47)
    elif verb == A.EQUIP:
        f.equip(action.words[1])
        board.say(f"{f.name} equips {f.items[action.words[1]].name}")
    elif verb == A.THROW:
        f.spend(action.words[1])
        maximise = maximise and f.use_card()
        card = f.items[action.words[1]]
        attack(board, seat, board.options, maximise=maximise, source=card, victim=victim)
    elif verb == A.CAST:
        card = f.items[action.words[1]]
        maximise = maximise and f.use_card()
        if card.effect.name == "heal":
            cast_heal(board, seat, card)
        else:
            attack(board, seat, board.options, maximise=maximise, source=card, victim=victim)


def give(board: Board, seat: int, item: str, key: str) -> None:
    """An equipped card passed to an ally (F64), if both still may when the step comes."""
    f, to = board.fighters[seat], board.index_of(key)
    if (item, key) not in gifts(board, seat):
        board.say(f"{f.name} cannot pass {f.items[item].name} now")
        return
    other = board.fighters[to]
    f.give(item, other)
    board.say(f"{f.name} passes {other.items[item].name} to {other.name}")


def abandon(board: Board, seat: int) -> None:
    """The next step is abandoned for an improvised attack (F51): it goes, face down if it
    was."""
    plan, f = board.plans[seat], board.fighters[seat]
    index = plan.next
    plan.remove(index)
    if index < plan.anticipated:
        plan.anticipated -= 1
    if index < plan.shown:
        plan.shown -= 1
    board.say(f"{f.name} abandons a step")
