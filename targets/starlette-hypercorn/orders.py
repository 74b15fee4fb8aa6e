# The starlette-hypercorn target's order store: the seed (exact Python ints) in memory, one asyncio worker.
# A cancelled order leaves the store (gone from the list; a second cancel is 404), as the red team's server had it.
import zoo_contract


class OrderStore:
    def __init__(self, seed_file):
        seed = zoo_contract.read_seed(seed_file)
        self._orders = {o["id"]: dict(o) for o in seed}
        self.pets = frozenset(o["petId"] for o in seed)

    def list(self):
        """The five fields of spec §2 per order (the status stays inside)."""
        return [{k: v for k, v in o.items() if k != "status"} for o in self._orders.values()]

    def cancel(self, order_id):
        """'cancelled', 'shipped' or 'missing'; only a pending order is cancelled (and removed)."""
        order = self._orders.get(order_id)
        if order is None:
            return "missing"
        if order["status"] != "pending":
            return "shipped"
        del self._orders[order_id]
        return "cancelled"
