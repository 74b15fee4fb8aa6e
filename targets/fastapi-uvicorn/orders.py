# The fastapi-uvicorn target's order store: the seed (exact Python ints) in memory; a cancelled order stays,
# with status "cancelled", and the list shows each order's status beside the five fields of spec §2.
import threading

import zoo_contract


class OrderStore:
    def __init__(self, seed_file):
        seed = zoo_contract.read_seed(seed_file)
        self._lock = threading.Lock()
        self._orders = {o["id"]: dict(o) for o in seed}
        self.pets = frozenset(o["petId"] for o in seed)

    def list(self):
        with self._lock:
            return [dict(o) for o in self._orders.values()]

    def cancel(self, order_id):
        """The order's status before the cancel, or None when no order has the id."""
        with self._lock:
            order = self._orders.get(order_id)
            if order is None:
                return None
            before = order["status"]
            if before == "pending":
                order["status"] = "cancelled"
            return before
