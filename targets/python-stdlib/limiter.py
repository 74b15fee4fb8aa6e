# The rate limiter of the python-stdlib zoo target: a fixed window per client (a key, or an address), with
# the temporary ban of spec §8 rule 5 for clients that come back before their 429's Retry-After.
# Standard library only; it never sees a key, only the label the server gives each one.
import math
import threading
from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    limit: int
    remaining: int
    reset: int  # Unix time, whole seconds, at or after the end of the window
    retry_after: int | None  # delta-seconds, set on a refusal only
    banned: bool = False


class FixedWindowLimiter:
    """Windows aligned on the epoch (window n covers [n*W, (n+1)*W)), the classic counter-per-window.

    Aligned windows make X-RateLimit-Reset the exact end of the window whenever W is whole seconds.
    """

    def __init__(self, limit, window, ban_after, ban_seconds, announce):
        self.limit = limit
        self.window = window
        self.ban_after = ban_after
        self.ban_seconds = ban_seconds
        self._announce = announce
        self._lock = threading.Lock()
        self._windows = {}  # client -> [window index, requests in it]
        self._retry_at = {}  # client -> the moment the last 429 told it to wait for
        self._early = {}  # client -> requests that came before that moment
        self._banned_until = {}

    def hit(self, client, now):
        with self._lock:
            self._note_early(client, now)
            banned_until = self._banned_until.get(client, 0.0)
            if now < banned_until:
                return self._refuse(client, now, banned_until, banned=True)
            index = math.floor(now / self.window)
            current = self._windows.get(client)
            if current is None or current[0] != index:
                current = self._windows[client] = [index, 0]
            current[1] += 1
            reset = (index + 1) * self.window
            if current[1] > self.limit:
                return self._refuse(client, now, reset, banned=False)
            return Verdict(self.limit, self.limit - current[1], math.ceil(reset), None)

    def _note_early(self, client, now):
        retry_at = self._retry_at.get(client)
        if retry_at is None:
            return
        if now >= retry_at:
            # It waited as told: a fresh start for the ban count.
            del self._retry_at[client]
            self._early.pop(client, None)
            return
        self._announce(f"early {client}")
        early = self._early[client] = self._early.get(client, 0) + 1
        if early >= self.ban_after and now >= self._banned_until.get(client, 0.0):
            self._banned_until[client] = now + self.ban_seconds
            self._announce(f"ban {client} {self.ban_seconds:g}")

    def _refuse(self, client, now, until, banned):
        retry_after = max(1, math.ceil(until - now))
        self._retry_at[client] = max(self._retry_at.get(client, 0.0), now + retry_after)
        return Verdict(self.limit, 0, math.ceil(until), retry_after, banned)
