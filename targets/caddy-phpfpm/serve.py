# Starts the caddy-phpfpm target in a fresh temporary folder: the first state file (the seed), php-fpm on a
# unix socket there, then Caddy in front on ZOO_HOST; prints "ZOO listening <url>" once Caddy accepts, and
# relays the front controller's event lines as "ZOO ..." (php-fpm's children have no stdout of their own).
# SIGTERM stops both and removes the folder. Runs as root too (php-fpm -R, as CI runs).
import ctypes
import glob
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

import zoo_contract  # noqa: E402

MISCONFIGS = ("repeat-cancel-204", "default-mimetype", "store-only-fastcgi")


def php_fpm():
    """Debian names the binary for its PHP version (/usr/sbin/php-fpm8.2)."""
    found = shutil.which("php-fpm") or sorted(glob.glob("/usr/sbin/php-fpm*"))
    return found if isinstance(found, str) else (found[-1] if found else None)


def die_with_parent():
    # Linux prctl(PR_SET_PDEATHSIG, SIGTERM): a child outlives no SIGKILL of this launcher.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


def free_port(host):
    # Caddy cannot listen on port 0 and say which port it got: take one from the kernel and hand it over.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def fill(template, names, misconfig, out):
    """The template with its @NAMES@ filled in and its "#only:" / "#unless:" lines kept or dropped."""
    lines = []
    with open(os.path.join(HERE, template), encoding="utf-8") as f:
        for line in f:
            body, _, only = line.partition("#only:")
            body, _, unless = body.partition("#unless:")
            if (only and only.strip() != misconfig) or (unless and unless.strip() == misconfig):
                continue
            for name, value in names.items():
                body = body.replace(name, value)
            lines.append(body.rstrip() + "\n")
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(lines))


def main():
    env = zoo_contract.load("caddy-phpfpm", MISCONFIGS)
    if ":" in env.host:
        print("caddy-phpfpm target: IPv6 is not set up here", file=sys.stderr, flush=True)
        sys.exit(2)
    fpm = php_fpm()
    workdir = tempfile.mkdtemp(prefix="zoo-caddy-phpfpm-")
    children = []
    events = os.path.join(workdir, "events.log")
    relayed = [0]  # bytes of the events file printed so far
    relaying = threading.Lock()  # a pass of the relay thread, or the last one at stop (never a line twice)

    def relay():
        with relaying, open(events, "rb") as f:
            f.seek(relayed[0])
            chunk = f.read()
            whole = chunk[: chunk.rfind(b"\n") + 1]
            relayed[0] += len(whole)
            for line in whole.decode("utf-8", "replace").splitlines():
                print(f"ZOO {line}", flush=True)

    def stop(code):
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
        relay()
        relaying.acquire()  # the relay thread reads the folder no more
        shutil.rmtree(workdir, ignore_errors=True)
        os._exit(code)

    open(events, "wb").close()
    signal.signal(signal.SIGTERM, lambda *_: stop(0))
    orders = zoo_contract.read_seed(env.seed_file)
    with open(os.path.join(workdir, "state.json"), "w", encoding="utf-8") as f:
        json.dump({"orders": orders, "windows": {}, "clients": {}}, f)
    port = free_port(env.host)
    public = os.path.join(HERE, "public")
    names = {"@DIR@": workdir, "@HOST@": env.host, "@PORT@": str(port), "@PUBLIC@": public, "@BASE@": env.base_path}
    fill("php-fpm.conf", names, env.misconfig, os.path.join(workdir, "php-fpm.conf"))
    fill("Caddyfile", names, env.misconfig, os.path.join(workdir, "Caddyfile"))
    child_env = dict(
        os.environ,
        ZOO_STATE_FILE=os.path.join(workdir, "state.json"),
        ZOO_EVENTS_FILE=events,
        ZOO_BASE_PATH=env.base_path,
        # Caddy keeps its data and config folders under these: the temporary folder, not $HOME.
        HOME=workdir,
        XDG_DATA_HOME=workdir,
        XDG_CONFIG_HOME=workdir,
    )
    quiet = {"stdin": subprocess.DEVNULL, "env": child_env, "preexec_fn": die_with_parent}
    # -F: in the foreground; -R: allowed to run as root (CI); -y: this pool only.
    children.append(subprocess.Popen([fpm, "-F", "-R", "-y", os.path.join(workdir, "php-fpm.conf")], **quiet))
    deadline = time.monotonic() + 20
    while not os.path.exists(os.path.join(workdir, "fpm.sock")) and time.monotonic() < deadline:
        time.sleep(0.05)
    caddy = shutil.which("caddy") or "/usr/bin/caddy"
    caddyfile = os.path.join(workdir, "Caddyfile")
    children.append(subprocess.Popen([caddy, "run", "--config", caddyfile, "--adapter", "caddyfile"], **quiet))
    while time.monotonic() < deadline and all(c.poll() is None for c in children):
        try:
            socket.create_connection((env.host, port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        print("caddy-phpfpm target: php-fpm or Caddy did not start", file=sys.stderr, flush=True)
        stop(1)
    print(zoo_contract.listening_line("http", env.host, port, env.base_path), flush=True)
    # The relay in a thread of its own: SIGTERM's handler runs in this one, never inside a pass of it.
    threading.Thread(target=relay_loop, args=(relay,), daemon=True).start()
    while all(c.poll() is None for c in children):
        time.sleep(0.2)
    stop(1)


def relay_loop(relay):
    while True:
        relay()
        time.sleep(0.1)


if __name__ == "__main__":
    main()
