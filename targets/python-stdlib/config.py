# The python-stdlib zoo target's settings, read once from the ZOO_* environment (targets/README.md).
# An unknown ZOO_MISCONFIG or a bad value stops the process with exit 2; no message ever quotes a key.
import os
import sys
from dataclasses import dataclass

MISCONFIGS = {
    "": "the conformant server",
    "send-error-html": "unknown order and bad id answered with BaseHTTPRequestHandler.send_error (HTML page)",
    "limit-after-auth": "the limiter runs after the key check, so 401s are neither counted nor given headers",
    "retry-after-float": "Retry-After written as str() of the float seconds left in the window",
}


@dataclass(frozen=True)
class Config:
    host: str
    port: int
    base_path: str
    keys: tuple
    seed: str
    rate_limit: int
    rate_window: float
    ban_seconds: float
    ban_after: int
    misconfig: str


def _fail(message):
    print(f"python-stdlib: {message}", file=sys.stderr)
    sys.exit(2)


def _number(name, kind, default=None):
    raw = os.environ.get(name, default)
    try:
        value = kind(raw)
    except (TypeError, ValueError):
        _fail(f"{name} must be a number")
    if value < 0 or (value == 0 and name != "ZOO_PORT"):
        _fail(f"{name} must be above 0")
    return value


def load():
    misconfig = os.environ.get("ZOO_MISCONFIG", "")
    if misconfig not in MISCONFIGS:
        _fail(f"unknown ZOO_MISCONFIG {misconfig!r}; known: {', '.join(m for m in MISCONFIGS if m)}")
    keys = tuple(k.strip() for k in os.environ.get("ZOO_KEYS", "").split(",") if k.strip())
    if not keys:
        _fail("ZOO_KEYS names no key")
    seed = os.environ.get("ZOO_SEED")
    if not seed:
        _fail("ZOO_SEED is not set")
    base_path = "/" + os.environ.get("ZOO_BASE_PATH", "/v1").strip("/")
    return Config(
        host=os.environ.get("ZOO_HOST", "127.0.0.1"),
        port=_number("ZOO_PORT", int, "0"),
        base_path=base_path,
        keys=keys,
        seed=seed,
        rate_limit=_number("ZOO_RATE_LIMIT", int),
        rate_window=_number("ZOO_RATE_WINDOW", float),
        ban_seconds=_number("ZOO_BAN_SECONDS", float, "60"),
        ban_after=_number("ZOO_BAN_AFTER", int, "1"),
        misconfig=misconfig,
    )
