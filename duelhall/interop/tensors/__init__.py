"""Compact observation tensors: a seat's view as fixed, documented planes of numbers.

A builder reads ``state.view(seat)`` and nothing else, so the tensor holds what the seat may
know and no more (the leak tests compare it across re-deals). Games without a builder yet
keep the view's canonical JSON bytes (docs/interop.md).
"""
