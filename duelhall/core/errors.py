"""Every error duelhall raises on bad input derives from :class:`DuelhallError`.

The command line turns these into a one-line message and a non-zero exit, so each message
must say what was wrong and, where it can, how to fix it.
"""

from __future__ import annotations


class DuelhallError(Exception):
    """Base class for errors caused by bad input rather than by a bug."""


class UnknownGameError(DuelhallError):
    """A game name that is not in the registry."""


class OptionError(DuelhallError):
    """An option name or value a game does not accept."""


class NotationError(DuelhallError):
    """Action text that cannot be parsed."""


class IllegalActionError(DuelhallError):
    """A well-formed action that the rules do not allow in the current state."""


class RecordError(DuelhallError):
    """A record file that is corrupt, of another version, or does not replay."""


class PositionError(DuelhallError):
    """A position description that is malformed or describes an impossible state."""


class NoChoiceError(DuelhallError):
    """An agent asked to decide for a seat that has nothing it may do (not to act now)."""
