"""Unguessable secrets for seats, invitations and tables; only their hashes are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 32  # 256 bits: far beyond guessing, online or offline
TABLE_ID_BYTES = 9  # a table's id is not a secret (it lets people watch), only hard to list


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_table_id() -> str:
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def token_hash(token: str) -> str:
    """What the server keeps of a token: a database read gives no one a seat."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def matches(token: str, stored: str | None) -> bool:
    """Whether ``token`` is the one whose hash is ``stored``, in constant time."""
    return stored is not None and hmac.compare_digest(token_hash(token), stored)
