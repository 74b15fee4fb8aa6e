# Spec §8 on the twisted target: Twisted Web ships no rate limiter, so a fixed window per client that opens at
# its first request, and the ban of spec §8 rule 5 (zoo_contract.BanWatch) around it. Decides; writes no header.
import math
import time
from dataclasses import dataclass

import zoo_contract


@dataclass(frozen=True)
class Quota:
    limit: int
    remaining: int
    reset: float  # Unix seconds: the window's end (or the ban's)
    refusal: str  # "" when served, else the Error code of the 429
    retry_after: int  # delay-seconds, for a refusal


class Limiter:
    def __init__(self, env):
        self._limit, self._window = env.rate_limit, env.window_seconds
        self._clients = {}  # client -> [window end, requests counted in it]
        self._bans = zoo_contract.BanWatch(env.ban_after, env.ban_seconds)

    def charge(self, client, now=None):
        """Counts one request of `client` and says whether it is served."""
        now = time.time() if now is None else now
        self._bans.arrive(client, now)
        state = self._clients.get(client)
        if state is None or now >= state[0]:
            state = self._clients[client] = [now + self._window, 0]
        state[1] += 1
        remaining, reset = max(0, self._limit - state[1]), state[0]
        banned_until = self._bans.banned_until(client, now)
        if banned_until is None and state[1] <= self._limit:
            return Quota(self._limit, remaining, reset, "", 0)
        until = max(reset, banned_until or 0)
        wait = zoo_contract.whole_seconds_until(until, now)
        self._bans.refused(client, now + wait)
        return Quota(self._limit, remaining, until, "banned" if banned_until else "rate_limited", wait)


def headers(quota):
    """The three X-RateLimit-* fields of spec §8 rule 1; Reset in Unix seconds, rounded up (never early)."""
    return {
        b"X-RateLimit-Limit": b"%d" % quota.limit,
        b"X-RateLimit-Remaining": b"%d" % quota.remaining,
        b"X-RateLimit-Reset": b"%d" % math.ceil(quota.reset),
    }
