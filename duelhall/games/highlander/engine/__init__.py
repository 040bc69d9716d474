"""Highlander's rules core: the state, its actions, its cards and its options.

Nothing here imports the rest of the package; the package ``__init__`` wires the modules
that describe a state (view, notation, position, explain) to it.
"""
