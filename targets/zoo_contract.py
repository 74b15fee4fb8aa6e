# The zoo contract (targets/README.md) as the Python framework targets share it: the ZOO_* environment read
# once, the seed with exact int64 ids, the client a request is charged to and the ban watch of spec §8 rule 5
# with its "ZOO early" / "ZOO ban" lines. Each stack's own code stays in its folder; never prints a key.
import hmac
import json
import math
import os
import re
import sys
import threading
from dataclasses import dataclass

_TOKEN68 = re.compile(r"[A-Za-z0-9\-._~+/]+=*")
# RFC 6750 §2.1: "Bearer" 1*SP b64token; the scheme in any case (RFC 9110 §11.1).
_BEARER = re.compile(r"(?i:bearer) +([A-Za-z0-9\-._~+/]+=*)")
_BASE_PATH = re.compile(r"(/[A-Za-z0-9._~-]+)*/v1")


@dataclass(frozen=True)
class ZooEnv:
    host: str
    port: int
    base_path: str
    keys: tuple
    seed_file: str
    rate_limit: int
    window_seconds: int
    ban_seconds: int
    ban_after: int
    misconfig: str  # "" for the conformant server
    proxied: bool  # ZOO_PROXIED=1: a reverse proxy in front forwards X-Forwarded-For


def load(target, misconfigs, env=os.environ):
    """The ZOO_* variables; what the target cannot run exits 2 with one line on stderr."""

    def fail(message):
        print(f"{target} target: {message}", file=sys.stderr, flush=True)
        sys.exit(2)

    def whole(name, default, least):
        raw = env.get(name) or str(default)
        if not raw.isascii() or not raw.isdigit() or int(raw) < least:
            fail(f"{name} must be a whole number >= {least}")
        return int(raw)

    misconfig = env.get("ZOO_MISCONFIG", "")
    if misconfig and misconfig not in misconfigs:
        fail(f"unknown ZOO_MISCONFIG {misconfig!r}; known: {', '.join(misconfigs)}")
    host = env.get("ZOO_HOST") or "127.0.0.1"
    if host not in ("127.0.0.1", "::1"):
        fail("ZOO_HOST must be a loopback address (127.0.0.1 or ::1)")
    base_path = env.get("ZOO_BASE_PATH") or "/v1"
    if not _BASE_PATH.fullmatch(base_path):
        fail("ZOO_BASE_PATH must be a path ending in /v1")
    keys = tuple(k for k in env.get("ZOO_KEYS", "").split(",") if k)
    if not keys or not all(_TOKEN68.fullmatch(k) for k in keys):
        fail("ZOO_KEYS must list one or more token68 keys")
    seed_file = env.get("ZOO_SEED") or fail("ZOO_SEED must name the seed file")
    return ZooEnv(
        host=host,
        port=whole("ZOO_PORT", 0, 0),
        base_path=base_path,
        keys=keys,
        seed_file=seed_file,
        rate_limit=whole("ZOO_RATE_LIMIT", 60, 1),
        window_seconds=whole("ZOO_RATE_WINDOW", 60, 1),
        ban_seconds=whole("ZOO_BAN_SECONDS", 60, 1),
        ban_after=whole("ZOO_BAN_AFTER", 1, 1),
        misconfig=misconfig,
        proxied=env.get("ZOO_PROXIED") == "1",
    )


def read_seed(path):
    """The seed's orders, ids and petIds read from their decimal strings: Python ints, exact at any size."""
    with open(path, encoding="utf-8") as f:
        return [dict(o, id=int(o["id"]), petId=int(o["petId"])) for o in json.load(f)]


def listening_line(scheme, host, port, base_path):
    shown = f"[{host}]" if ":" in host else host
    return f"ZOO listening {scheme}://{shown}:{port}{base_path}"


def say(line):
    print(f"ZOO {line}", flush=True)


def bearer_token(header):
    """The token of "Authorization: Bearer <token>", or None."""
    match = _BEARER.fullmatch(header or "")
    return match.group(1) if match else None


def client_of(keys, token, address):
    """A valid key's label, key#N by its place in ZOO_KEYS, else the client address."""
    for i, key in enumerate(keys):
        if token is not None and hmac.compare_digest(token.encode(), key.encode()):
            return f"key#{i + 1}"
    return address or "unknown"


class BanWatch:
    """Spec §8 rule 5: notes requests sent before the moment a 429 named, bans after ban_after of them.

    It only keeps the book; the stack's limiter answers. Clients are labels, never keys. Thread-safe.
    """

    def __init__(self, ban_after, ban_seconds, announce=say):
        self._ban_after = ban_after
        self._ban_seconds = ban_seconds
        self._announce = announce
        self._lock = threading.Lock()
        self._clients = {}  # label -> [wait_until, early, banned_until]

    def arrive(self, client, now):
        with self._lock:
            state = self._clients.get(client)
            if state is None:
                return
            if now >= state[0]:
                state[1] = 0
                return
            self._announce(f"early {client}")
            state[1] += 1
            if state[1] >= self._ban_after and now >= state[2]:
                state[2] = now + self._ban_seconds
                state[0] = max(state[0], state[2])
                self._announce(f"ban {client} {self._ban_seconds}")

    def banned_until(self, client, now):
        """The end of the client's ban (Unix seconds), or None."""
        with self._lock:
            state = self._clients.get(client)
            return state[2] if state and state[2] > now else None

    def refused(self, client, until):
        """The client was answered 429 and told to wait until `until` (Unix seconds)."""
        with self._lock:
            state = self._clients.setdefault(client, [0.0, 0, 0.0])
            state[0] = max(state[0], until)


def whole_seconds_until(moment, now):
    """Delay-seconds to `moment`, rounded up, at least 1 (RFC 9110 §10.2.3)."""
    return max(1, math.ceil(moment - now))
