# gunicorn's configuration file for the flask-gunicorn target (gunicorn -c gunicorn.conf.py): where to bind and
# what to serve; every other setting stays gunicorn's default (one sync worker, no access log, 4094-byte
# request lines). post_worker_init prints "ZOO listening <url>" once the worker has loaded the app.
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The app's modules and the zoo contract (targets/zoo_contract.py).
sys.path[:0] = [HERE, os.path.dirname(HERE)]

import settings  # noqa: E402
import zoo_contract  # noqa: E402

ENV = settings.load()
UNIX_SOCKET = os.environ.get("ZOO_UNIX_SOCKET")  # set when a reverse proxy in front talks to gunicorn

wsgi_app = "app:create_app()"
pythonpath = ",".join(sys.path[:2])
bind = [f"unix:{UNIX_SOCKET}"] if UNIX_SOCKET else [f"[{ENV.host}]:{ENV.port}" if ":" in ENV.host else f"{ENV.host}:{ENV.port}"]


def post_worker_init(worker):
    if UNIX_SOCKET:
        return
    port = worker.sockets[0].getsockname()[1]
    print(zoo_contract.listening_line("http", ENV.host, port, ENV.base_path), flush=True)
