"""A request the server will not carry out: one line saying why, and the HTTP status."""

from __future__ import annotations


class Refused(Exception):
    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.message = message
        self.status = status


def not_found(what: str) -> Refused:
    return Refused(f"no {what}; check the link", 404)
