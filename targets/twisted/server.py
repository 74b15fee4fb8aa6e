# Starts the twisted target: a twisted.web Site over the resource tree (app.py), listening through a server
# endpoint on ZOO_HOST:ZOO_PORT, and "ZOO listening <url>" once the port listens. The reactor's own signal
# handlers stop it on SIGTERM. Twisted's defaults kept (no log observer started: no access log on stderr).
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]  # the app and targets/zoo_contract.py

from twisted.internet import endpoints, reactor  # noqa: E402

import zoo_contract  # noqa: E402
from app import MISCONFIGS, make_site  # noqa: E402


def listening(port, env):
    print(zoo_contract.listening_line("http", env.host, port.getHost().port, env.base_path), flush=True)


def failed(reason):
    print(f"twisted target: cannot listen: {reason.getErrorMessage()}", file=sys.stderr, flush=True)
    reactor.stop()


def main(env):
    endpoint_type = endpoints.TCP6ServerEndpoint if ":" in env.host else endpoints.TCP4ServerEndpoint
    listen = endpoint_type(reactor, env.port, interface=env.host).listen(make_site(env))
    listen.addCallbacks(listening, failed, callbackArgs=(env,))
    reactor.run()


main(zoo_contract.load("twisted", MISCONFIGS))
