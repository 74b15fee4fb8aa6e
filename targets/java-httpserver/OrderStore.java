// The java-httpserver zoo target's orders: the seed (ZOO_SEED) in memory, in the seed's order, ids as long
// (int64 exactly). A cancelled order stays, marked cancelled; only a pending one can be cancelled.
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

final class OrderStore {
  enum Outcome { CANCELLED, SHIPPED, NOT_PENDING, MISSING }

  private static final class Order {
    final long id;
    final long petId;
    final String quantity;
    final String shipDate;
    final boolean complete;
    String status;

    Order(Map<?, ?> o) {
      id = Long.parseLong((String) o.get("id"));
      petId = Long.parseLong((String) o.get("petId"));
      quantity = (String) o.get("quantity");
      shipDate = (String) o.get("shipDate");
      complete = (Boolean) o.get("complete");
      status = (String) o.get("status");
    }

    String json() {
      return "{\"id\":" + id + ",\"petId\":" + petId + ",\"quantity\":" + quantity + ",\"shipDate\":"
          + Json.quote(shipDate) + ",\"complete\":" + complete + "}";
    }
  }

  private final Map<Long, Order> orders = new LinkedHashMap<>();

  OrderStore(Path seed) throws IOException {
    for (Object o : (List<?>) Json.parse(Files.readString(seed, StandardCharsets.UTF_8))) {
      Order order = new Order((Map<?, ?>) o);
      orders.put(order.id, order);
    }
  }

  /** Every order, cancelled ones included: the spec's Order has no status to tell them apart. */
  synchronized String listJson() {
    StringBuilder sb = new StringBuilder("[");
    for (Order o : orders.values()) {
      if (sb.length() > 1) sb.append(',');
      sb.append(o.json());
    }
    return sb.append(']').toString();
  }

  synchronized Outcome cancel(long id) {
    Order o = orders.get(id);
    if (o == null) return Outcome.MISSING;
    switch (o.status) {
      case "pending":
        o.status = "cancelled";
        return Outcome.CANCELLED;
      case "shipped":
        return Outcome.SHIPPED;
      default:
        return Outcome.NOT_PENDING;
    }
  }
}
