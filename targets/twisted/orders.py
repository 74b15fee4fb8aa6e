# The twisted target's order store: the seed (exact Python ints) in memory, listed whole and cancelled one at
# a time. A cancelled order is deleted (a second cancel is 404). No HTTP in here.
import zoo_contract

PUBLIC = ("id", "petId", "quantity", "shipDate", "complete")


class OrderStore:
    """The reactor serves every request on one thread: no lock."""

    def __init__(self, seed_file):
        seed = zoo_contract.read_seed(seed_file)
        self._orders = {o["id"]: o for o in seed}  # insertion order: the seed's, which the list keeps
        self.pets = frozenset(o["petId"] for o in seed)  # pets outlive cancelled orders

    def list(self):
        return [{k: o[k] for k in PUBLIC} for o in self._orders.values()]

    def cancel(self, order_id):
        """'cancelled', 'shipped' or 'missing'."""
        order = self._orders.get(order_id)
        if order is None:
            return "missing"
        if order["status"] != "pending":
            return "shipped"
        del self._orders[order_id]
        return "cancelled"
