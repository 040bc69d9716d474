"""Every game and the Duel 52 variants, as the interop tests run them."""

from __future__ import annotations

CASES = [
    ("deckduel", {}),
    ("highlander", {}),
    ("duel52", {}),
    ("duel52", {"players": 3}),
    ("duel52", {"players": 4}),
    ("duel52", {"heroes": True, "bannermen": True, "forts": True}),
    ("duelfighters", {}),
]
IDS = [f"{g}-{'-'.join(f'{k}={v}' for k, v in o.items()) or 'default'}" for g, o in CASES]
