# Starts the lighttpd-go target: the go-nethttp app (its binary is argv[1], built by target.ts) on a free
# loopback port, then lighttpd in front on ZOO_HOST; prints "ZOO listening <url>" for lighttpd once it accepts,
# and passes the app's other "ZOO" lines through. SIGTERM stops both and removes the temporary folder.
import ctypes
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

MISCONFIGS = ("store-only", "deny-delete")


def die_with_parent():
    # Linux prctl(PR_SET_PDEATHSIG, SIGTERM): a child outlives no SIGKILL of this launcher.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


def free_port(host):
    # lighttpd cannot listen on port 0 and say which port it got: take one from the kernel and hand it over.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def main():
    env = zoo_contract.load("lighttpd-go", MISCONFIGS)
    workdir = tempfile.mkdtemp(prefix="zoo-lighttpd-go-")
    children = []

    def stop(code):
        for child in reversed(children):
            if child.poll() is None:
                child.terminate()
        for child in children:
            try:
                child.wait(timeout=5)
            except subprocess.TimeoutExpired:
                child.kill()
        shutil.rmtree(workdir, ignore_errors=True)
        os._exit(code)

    signal.signal(signal.SIGTERM, lambda *_: stop(0))
    app_env = dict(os.environ, ZOO_HOST="127.0.0.1", ZOO_PORT="0", ZOO_MISCONFIG="")
    app = subprocess.Popen(
        [sys.argv[1]], env=app_env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, text=True, preexec_fn=die_with_parent
    )
    children.append(app)
    backend = []
    ready = threading.Event()

    def relay():
        # The app's own listening line names the app, not the target: it is read, not passed on.
        for line in app.stdout:
            if line.startswith("ZOO listening "):
                backend.append(int(line.split()[2].rsplit(":", 1)[1].split("/", 1)[0]))
                ready.set()
            elif line.startswith("ZOO "):
                print(line.rstrip("\n"), flush=True)

    threading.Thread(target=relay, daemon=True).start()
    if not ready.wait(20):
        print("lighttpd-go target: the go-nethttp app did not start", file=sys.stderr, flush=True)
        stop(1)
    port = free_port(env.host)
    names = {
        "@DIR@": workdir,
        "@HOST@": env.host,
        "@PORT@": str(port),
        "@BACKEND@": str(backend[0]),
        "@BASE@": env.base_path.replace(".", "\\."),
    }
    lines = []
    with open(os.path.join(HERE, "lighttpd.conf"), encoding="utf-8") as f:
        for line in f:
            body, _, only = line.partition("#only:")
            body, _, unless = body.partition("#unless:")
            body, _, flag = body.partition("#with:")
            if (only and only.strip() != env.misconfig) or (unless and unless.strip() == env.misconfig):
                continue
            if flag and os.environ.get(flag.strip()) != "1":
                continue
            for name, value in names.items():
                body = body.replace(name, value)
            lines.append(body.rstrip() + "\n")
    text = "".join(lines)
    with open(os.path.join(workdir, "lighttpd.conf"), "w", encoding="utf-8") as f:
        f.write(text)
    lighttpd = shutil.which("lighttpd") or "/usr/sbin/lighttpd"
    children.append(
        subprocess.Popen([lighttpd, "-D", "-f", os.path.join(workdir, "lighttpd.conf")], stdin=subprocess.DEVNULL, preexec_fn=die_with_parent)
    )
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and all(c.poll() is None for c in children):
        try:
            socket.create_connection((env.host, port), timeout=1).close()
            break
        except OSError:
            time.sleep(0.05)
    else:
        print("lighttpd-go target: lighttpd did not accept connections", file=sys.stderr, flush=True)
        stop(1)
    print(zoo_contract.listening_line("http", env.host, port, env.base_path), flush=True)
    while all(c.poll() is None for c in children):
        time.sleep(0.2)
    stop(1)


if __name__ == "__main__":
    main()
