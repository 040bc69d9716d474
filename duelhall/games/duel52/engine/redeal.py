"""Re-dealing the cards a seat cannot see: the steps every Duel 52 determinize shares.

A sample keeps everything the seat sees and deals every card it cannot identify again, from
one pool shuffled by the caller's generator. Two things the seat saw narrow some places
down, and those places are filled first (the true state proves such cards exist): a hidden
card that survived two damage while face-down Jacks have three hit points is a Jack, and a
card killed face-down on the board is not a 3 (its Trap would have sprung).

:func:`redeal` is the whole of it for the player variants; the duel's own determinize
(:mod:`duelhall.games.duel52.duel.view`) adds the expansion's cases around the same steps.
"""

from __future__ import annotations

from collections.abc import Callable, Container
from typing import Any, TypeVar

from duelhall.core.rng import Rng
from duelhall.games.duel52.engine.board import BoardCard
from duelhall.games.duel52.engine.cards import JACK, rank
from duelhall.games.duel52.engine.table import Table

T = TypeVar("T", bound=Table[Any, Any])


def take_fitting(pool: list[int], fits: Callable[[int], bool]) -> int:
    """Remove and return the last card of the shuffled pool that ``fits``."""
    for k in range(len(pool) - 1, -1, -1):
        if fits(pool[k]):
            return pool.pop(k)
    raise AssertionError("no card fits a place the seat has narrowed down")


def deal_wounded_jacks(hidden: list[BoardCard], pool: list[int], jack_hp: int) -> list[BoardCard]:
    """Make Jacks of the hidden cards that took two damage (when face-down Jacks have three
    hit points); the hidden cards still to be dealt."""
    if jack_hp != 3:
        return hidden
    free = []
    for bc in hidden:
        if bc.damage >= 2:
            bc.set_card(take_fitting(pool, lambda c: rank(c) == JACK))
        else:
            free.append(bc)
    return free


def deal_killed(
    discard: list[tuple[int, bool, int, bool]],
    killed: list[int],
    pool: list[int],
    fits: Callable[[int], bool],
) -> None:
    """Deal the unseen cards killed face-down on the board first: each one ``fits``."""
    for i in killed:
        _, up, known, was_killed = discard[i]
        discard[i] = (take_fitting(pool, fits), up, known, was_killed)


def deal_discards(
    discard: list[tuple[int, bool, int, bool]],
    hidden: list[int],
    killed: Container[int],
    pool: list[int],
) -> None:
    """Deal the other unseen discards last, from the top of the pool."""
    for i in hidden:
        if i not in killed:
            _, up, known, was_killed = discard[i]
            discard[i] = (pool.pop(), up, known, was_killed)


def give_own_seed(sample: Table[Any, Any], rng: Rng) -> None:
    """The real seed would re-deal the real game: the sample gets one of its own."""
    sample_seed = rng.next_u64()
    sample.rng = Rng(sample_seed)
    sample.seed = sample_seed
    sample._legal = None


def redeal(state: T, seat: int, rng: Rng) -> T:
    """A copy of ``state`` with every card ``seat`` cannot identify dealt again.

    Hidden: the other hands (a partner's too), the pile, the set-aside cards (where the mode
    has them), face-down board cards the seat has not played or looked at, and discards it
    did not see. A card killed face-down was killed by an opponent's attack, so it is not a 3.
    """
    new = state.clone()
    bit = 1 << seat
    hidden_board = [bc for place in new.rows for row in place for bc in row if not bc.known & bit]
    others = [s for s in range(len(new.hands)) if s != seat]
    hidden_discard = [i for i, entry in enumerate(new.discard) if not entry[2] & bit]
    set_aside = new.removed  # cards set aside (none in a real deal of some modes)
    pool = [bc.card for bc in hidden_board]
    for s in others:
        pool += new.hands[s]
    pool += new.pile
    pool += set_aside
    pool += [new.discard[i][0] for i in hidden_discard]
    pool.sort()  # a fixed order first, so the shuffle cannot be undone from the true state
    rng.shuffle(pool)
    free = deal_wounded_jacks(hidden_board, pool, new.options["facedown_jack_hp"])
    killed = [i for i in hidden_discard if new.discard[i][3] and not new.discard[i][1]]
    deal_killed(new.discard, killed, pool, lambda c: rank(c) != 3)
    for bc in free:
        bc.set_card(pool.pop())
    for s in others:
        new.hands[s] = [pool.pop() for _ in range(len(new.hands[s]))]
    new.pile = [pool.pop() for _ in range(len(new.pile))]
    new.removed = [pool.pop() for _ in range(len(set_aside))]
    deal_discards(new.discard, hidden_discard, killed, pool)
    give_own_seed(new, rng)
    return new
