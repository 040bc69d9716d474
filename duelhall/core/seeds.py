"""Where a game's randomness comes from, and what each seed may reveal.

Three kinds of seed:

- A **deal seed** fixes a game's cards (``GameInfo.new_state(seed, options)``). Records keep
  it, so whoever holds it can re-deal the game and see every hidden card: it is the game's
  secret until the game is over.
- An **agent seed** fixes a computer player's own random choices (its samples and playouts).
  The agent knows it, so it must say nothing about the deal.
- A **master seed** (a tournament's ``--seed``) fixes a whole event: every deal in it, and
  through them every agent seed.

Seeds are derived with a keyed one-way function, :func:`derive`: BLAKE2b keyed with the seed
derived from and personalised by purpose (``deal``, ``agent``), over the derivation path (a
match and a game number, a seat). Without the key, an output says nothing about the key or
about other outputs: an agent seed tells nothing about the deal seed it comes from, and one
deal seed of a tournament tells nothing about the master seed or the other deals. A formula
such as ``deal * 7919 + seat``, used before, can be solved for the deal.

That holds only while the key cannot be guessed, and a seed a person typed (``--seed 7``)
can be: anyone can try small numbers, and would find an agent seed's key by hashing them.
No derivation can hide such a seed, however keyed: the deal itself can be found the same
way from a seat's own cards, by dealing the game for small seeds until one gives those
cards. So the protection is in the keys: a deal or master seed the user did not give is
drawn from the operating system's entropy (:func:`duelhall.core.rng.fresh_seed`, 63 bits,
far too many to try), and a seed the user gave is treated as public (it reproduces the
game and hides nothing, which is what the user asked for).

An agent seed is derived from the deal seed alone (not from a separate key), so a record,
which holds the deal seed, is enough to re-create its agents' choices (the ladder's choice
checker, ``benchmarks/check_choices.py``, relies on it), and ``play --seed N`` gives the
same computer replies every time.

Schemes. Ladders played before this design seeded agents with the old formula; their folders
say nothing about it, so a folder without a recorded scheme is taken to be :data:`AFFINE`,
and resuming or checking it keeps that scheme. New ladders record :data:`KEYED`.
"""

from __future__ import annotations

import hashlib

from duelhall.core.errors import DuelhallError

KEYED = "keyed-blake2b-1"
"""Agent seeds by :func:`derive` from the deal seed: what every game now uses."""

AFFINE = "affine-0"
"""The old, invertible agent seeds; kept only to resume and check ladders played with it."""

SEEDING = KEYED
"""The scheme new games and ladders use."""

_MASK64 = (1 << 64) - 1


def derive(key: int, purpose: str, *path: int) -> int:
    """A 63-bit seed for ``purpose`` at ``path``, one-way from ``key``.

    ``key`` is taken modulo 2**64, as the generator takes a seed, so two seeds that deal the
    same game derive the same seeds. 63 bits: every seed fits a signed 64-bit integer
    (SQLite's) and any reader of JSON numbers that keeps 64-bit integers exactly.
    """
    data = b"".join((p & _MASK64).to_bytes(8, "big") for p in path)
    digest = hashlib.blake2b(
        data,
        digest_size=8,
        key=(key & _MASK64).to_bytes(8, "big"),
        person=f"duelhall:{purpose}".encode()[:16],
    ).digest()
    return int.from_bytes(digest, "big") >> 1


def deal_seed(master: int, *path: int) -> int:
    """The deal seed of one game of an event (a tournament's match and game) from its
    master seed; it reveals neither the master seed nor any other deal."""
    return derive(master, "deal", *path)


def agent_seed(deal: int, seat: int, scheme: str = SEEDING) -> int:
    """The seed of the agent playing ``seat`` in the game dealt by ``deal``.

    Under :data:`KEYED` it tells nothing about ``deal`` (see the module's notes); the
    :data:`AFFINE` scheme exists only for ladders that were played with it.
    """
    if scheme == KEYED:
        return derive(deal, "agent", seat)
    if scheme == AFFINE:
        return (deal * 7919 + 104729 * (seat + 1)) & 0xFFFFFFFF
    raise DuelhallError(
        f"agents seeded by scheme {scheme!r}, which this version of duelhall does not know "
        f"(it knows {KEYED} and {AFFINE})"
    )
