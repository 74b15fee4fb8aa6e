# The order store of the python-stdlib zoo target: the seed orders (ZOO_SEED) in memory, listed whole and
# cancelled one at a time. Python ints are exact at any size, so int64 ids never pass through a float.
import json
import threading

PUBLIC_FIELDS = ("id", "petId", "quantity", "shipDate", "complete")


class OrderStore:
    def __init__(self, seed_path):
        with open(seed_path, encoding="utf-8") as f:
            seed = json.load(f)
        self._lock = threading.Lock()
        # Insertion order is the seed's order, so the list keeps it.
        self._orders = {int(o["id"]): self._from_seed(o) for o in seed}

    @staticmethod
    def _from_seed(o):
        order = {
            "id": int(o["id"]),
            "petId": int(o["petId"]),
            "quantity": o["quantity"],
            "shipDate": o["shipDate"],
            "complete": o["complete"],
        }
        return order, o["status"]

    def list(self):
        with self._lock:
            return [{k: order[k] for k in PUBLIC_FIELDS} for order, _ in self._orders.values()]

    def cancel(self, order_id):
        """'cancelled', 'shipped' or 'missing'. A cancelled order is deleted: DELETE removes the resource."""
        with self._lock:
            entry = self._orders.get(order_id)
            if entry is None:
                return "missing"
            if entry[1] != "pending":
                return "shipped"
            del self._orders[order_id]
            return "cancelled"
