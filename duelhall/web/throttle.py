"""How often one client address may make costly requests: new tables, joins, uploads.

A token bucket per address (``burst`` at once, then ``per_second``); a refusal is a 429
saying when to try again, with a ``Retry-After`` header. Addresses are forgotten
oldest-first past ``ADDRESSES``, so a flood of addresses cannot fill the memory.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict
from collections.abc import Callable

from duelhall.web.refusals import Refused

ADDRESSES = 10_000


class TooMany(Refused):
    def __init__(self, what: str, retry_after: int) -> None:
        super().__init__(f"too many {what} from your address; try again in {retry_after} s", 429)
        self.retry_after = retry_after


class AddressLimit:
    def __init__(
        self,
        what: str,
        burst: float,
        per_second: float,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        """``what``: the requests counted, as the refusal names them ("new tables")."""
        self.what, self.burst, self.per_second, self.clock = what, burst, per_second, clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # level, when

    def check(self, address: str | None) -> None:
        """Count one request from ``address``, or refuse it (changing nothing)."""
        key = address or "unknown"
        now = self.clock()
        level, last = self._buckets.pop(key, (self.burst, now))
        level = min(self.burst, level + (now - last) * self.per_second)
        self._buckets[key] = (level, now)
        while len(self._buckets) > ADDRESSES:
            self._buckets.popitem(last=False)
        if level < 1:
            raise TooMany(self.what, max(1, math.ceil((1 - level) / self.per_second)))
        self._buckets[key] = (level - 1, now)
