"""Builds the compiled Duel 52 engine; everything else is in pyproject.toml.

The extension is optional: where no C compiler is found the install still succeeds and
duelhall plays on the reference engine (it says so once, see duelhall/games/duel52/fast).
"""

from setuptools import Extension, setup

FAST = "duelhall/games/duel52/fast"

setup(
    ext_modules=[
        Extension(
            "duelhall.games.duel52.fast._core",
            sources=[f"{FAST}/core.c", f"{FAST}/search.c", f"{FAST}/module.c"],
            depends=[f"{FAST}/core.h"],
            libraries=["m"],
            extra_compile_args=["-O2", "-std=c99", "-ffp-contract=off"],
            optional=True,
        )
    ]
)
