# Starts the nginx-gunicorn target: the flask-gunicorn app on a unix socket (ZOO_PROXIED=1: it trusts one
# proxy's X-Forwarded-For), then nginx in front on ZOO_HOST and a free port, from nginx.conf; prints
# "ZOO listening <url>" once nginx accepts. SIGTERM stops both and removes the temporary folder.
import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TARGETS = os.path.dirname(HERE)
sys.path.insert(0, TARGETS)

import zoo_contract  # noqa: E402

MISCONFIGS = ("limit-req-defaults", "intercept-errors", "default-error-pages")


def die_with_parent():
    # Linux prctl(PR_SET_PDEATHSIG, SIGTERM): a child outlives no SIGKILL of this launcher.
    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)


def free_port(host):
    # nginx cannot listen on port 0 and say which port it got: take one from the kernel and hand it over.
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, 0))
        return s.getsockname()[1]


def wait_until(connect, what, children, seconds=20.0):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline and all(child.poll() is None for child in children):
        try:
            connect().close()
            return True
        except OSError:
            time.sleep(0.05)
    print(f"nginx-gunicorn target: {what} did not accept connections", file=sys.stderr, flush=True)
    return False


def config(env, workdir, port):
    switches = {"limit-req"} if os.environ.get("ZOO_NGINX_LIMIT_REQ") == "1" else set()
    if env.misconfig:
        # A misconfigured limit_req takes the place of the flavour's.
        switches = (switches - {"limit-req"} if env.misconfig.startswith("limit-req") else switches) | {env.misconfig}
    per_second = env.rate_limit / env.window_seconds
    names = {
        "@DIR@": workdir,
        "@SOCKET@": os.path.join(workdir, "app.sock"),
        "@LISTEN@": f"[{env.host}]:{port}" if ":" in env.host else f"{env.host}:{port}",
        "@PLAN_LIMIT@": str(env.rate_limit),
        "@FLOOD_RATE@": str(max(1, round(4 * per_second))),
        "@FLOOD_BURST@": str(4 * env.rate_limit),
    }
    lines = []
    with open(os.path.join(HERE, "nginx.conf"), encoding="utf-8") as f:
        for line in f:
            text, _, only = line.partition("#only:")
            text, _, unless = text.partition("#unless:")
            if (only and only.strip() not in switches) or (unless and unless.strip() in switches):
                continue
            for name, value in names.items():
                text = text.replace(name, value)
            lines.append(text.rstrip() + "\n")
    return "".join(lines)


def main():
    env = zoo_contract.load("nginx-gunicorn", MISCONFIGS)
    workdir = tempfile.mkdtemp(prefix="zoo-nginx-gunicorn-")
    os.chmod(workdir, 0o755)  # nginx's workers (nobody, when the master is root) reach the socket through it
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
        sys.exit(code)

    signal.signal(signal.SIGTERM, lambda *_: stop(0))
    app_env = dict(os.environ, ZOO_MISCONFIG="", ZOO_PROXIED="1", ZOO_UNIX_SOCKET=os.path.join(workdir, "app.sock"))
    gunicorn = [sys.executable, "-B", "-m", "gunicorn", "-c", os.path.join(TARGETS, "flask-gunicorn", "gunicorn.conf.py")]
    children.append(subprocess.Popen(gunicorn, env=app_env, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent))

    def app_socket():
        s = socket.socket(socket.AF_UNIX)
        s.connect(os.path.join(workdir, "app.sock"))
        return s

    if not wait_until(app_socket, "gunicorn", children):
        stop(1)
    port = free_port(env.host)
    with open(os.path.join(workdir, "nginx.conf"), "w", encoding="utf-8") as f:
        f.write(config(env, workdir, port))
    nginx = ["nginx", "-p", workdir, "-c", os.path.join(workdir, "nginx.conf"), "-g", "daemon off;"]
    children.append(subprocess.Popen(nginx, stdin=subprocess.DEVNULL, preexec_fn=die_with_parent))
    if not wait_until(lambda: socket.create_connection((env.host, port), timeout=1), "nginx", children):
        stop(1)
    print(zoo_contract.listening_line("http", env.host, port, env.base_path), flush=True)
    # Either child ending ends the target.
    while all(child.poll() is None for child in children):
        time.sleep(0.2)
    stop(1)


if __name__ == "__main__":
    main()
