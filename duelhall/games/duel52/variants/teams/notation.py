"""Notation of the team game (docs/notation/duel52-teams.md).

The words are the two-player game's, written from the acting seat's side of the table: a
board card is its lane (1-3) and a letter for its place in a team's row of that lane, lower
case for the acting seat's own team (``2a``, usually the team's Base card), upper case for
the other team (``2A``). A partner's cards are the acting seat's own team's, so they are
lower case too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from duelhall.games.duel52.engine.lane_slots import (
    EXAMPLES,
    read_lane_slot,
    view_lane_label,
)
from duelhall.games.duel52.engine.verbs import TableWords, read_action, verbs_usage
from duelhall.games.duel52.variants.teams.state import Ref, TeamAction, team_of

if TYPE_CHECKING:
    from duelhall.games.duel52.variants.teams.state import TeamState

USAGE = verbs_usage("LANE") + "  (SLOT is lane and letter: 2a your team's, 2A the other team's)"

WORDS = TableWords(
    place="lane",
    places=3,
    yours="your team's",
    look_at="a face-down card",
    attack_words=3,
    examples=EXAMPLES,
    usage=USAGE,
)


def board_label(view: Mapping[str, Any], ref: Ref, seat: int) -> str:
    """The slot as ``seat`` sees it on the board of ``view``: the card's letter there,
    which stays put through a turn."""
    return view_lane_label(view, ref, own=ref[1] == team_of(seat))


def parse_slot(text: str, seat: int) -> Ref:
    lane, own, index = read_lane_slot(text, "your team's", "the other team's")
    return (lane, team_of(seat) if own else 1 - team_of(seat), index)


def parse_action(state: TeamState, text: str, seat: int) -> TeamAction:
    """Read notation; a paired card named alone as an attacker stands for its pair."""
    verb, args = WORDS.split(text)
    action: TeamAction = read_action(state, verb, args, seat, WORDS, parse_slot, TeamAction)
    return action
