"""duelhall's games behind the interfaces researchers use: PettingZoo, Gymnasium, OpenSpiel.

``encoding`` turns a seat's view and legal actions into fixed-size arrays, ``seating`` plays a
game one seat at a time (simultaneous secret choices included), and one module per library
wraps them. The libraries are the optional extra ``rl`` (``pip install duelhall[rl]``); only
the module of the library in use imports it.
"""
