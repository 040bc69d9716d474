"""Suite-wide settings.

Hypothesis's default deadline (200 ms an example) is a timing assertion in disguise: on a
loaded machine a correct example can take longer and fail the run. Speed is measured by
``duelhall bench``, never by tests, so the suite's profile has no deadline.
"""

from hypothesis import settings

settings.register_profile("duelhall", deadline=None)
settings.load_profile("duelhall")
