# The flask-gunicorn target's settings: the zoo contract's ZOO_* environment with the misconfigurations this
# target knows (target.ts describes each and the checks that catch it). Read by gunicorn.conf.py and app.py.
import zoo_contract

MISCONFIGS = ("limiter-headers-off", "default-limits", "int-converter")


def load():
    return zoo_contract.load("flask-gunicorn", MISCONFIGS)
