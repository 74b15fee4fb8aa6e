// The java-httpserver zoo target's one handler: rate limit, then the bearer key, then the route (list or
// cancel), every response with the X-RateLimit headers. HttpServer's own ways are kept: HEAD reaches the
// handler and HttpServer drops the body, header names go out as Headers normalizes them ("X-ratelimit-limit").
import com.sun.net.httpserver.Headers;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

final class ApiHandler implements HttpHandler {
  /** ASCII digits (Java's \d is ASCII by default), so Long.parseLong never sees "+7" or other scripts' digits. */
  private static final Pattern ORDER = Pattern.compile("/store/orders/(-?\\d+)");
  /** parse-long-ids: any segment, left to Long.parseLong. */
  private static final Pattern ORDER_ANY_SEGMENT = Pattern.compile("/store/orders/([^/]+)");
  private static final String REALM = "Bearer realm=\"orders\"";

  private final Config config;
  private final OrderStore store;
  private final RateLimiter limiter;
  private final byte[][] keys;

  ApiHandler(Config config, OrderStore store, RateLimiter limiter) {
    this.config = config;
    this.store = store;
    this.limiter = limiter;
    this.keys = config.keys().stream().map(k -> k.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
  }

  @Override
  public void handle(HttpExchange ex) throws IOException {
    try {
      serve(ex);
    } catch (RuntimeException e) {
      System.err.println("java-httpserver: " + e.getClass().getName());
      ex.sendResponseHeaders(500, -1);
    } finally {
      ex.close();
    }
  }

  private void serve(HttpExchange ex) throws IOException {
    String authorization = ex.getRequestHeaders().getFirst("Authorization");
    String label = keyLabel(authorization);
    String client = label != null ? label : ex.getRemoteAddress().getAddress().getHostAddress();
    RateLimiter.Verdict rate = limiter.hit(client, System.currentTimeMillis());
    Headers h = ex.getResponseHeaders();
    h.set("X-RateLimit-Limit", String.valueOf(rate.limit()));
    h.set("X-RateLimit-Remaining", String.valueOf(rate.remaining()));
    h.set("X-RateLimit-Reset",
        String.valueOf(config.misconfig().equals("reset-millis") ? rate.resetMs() : rate.resetSeconds()));
    if (rate.refused()) {
      h.set("Retry-After", String.valueOf(rate.retryAfter()));
      send(ex, 429, rate.banned()
          ? Json.error(429, "BANNED", "Too many requests after a 429: this client is temporarily banned.")
          : Json.error(429, "RATE_LIMITED", "Request rate limit exceeded."));
      return;
    }
    if (label == null) {
      h.set("WWW-Authenticate", authorization == null ? REALM : REALM + ", error=\"invalid_token\"");
      send(ex, 401, Json.error(401, "UNAUTHORIZED", "A valid API key is required: Authorization: Bearer <key>."));
      return;
    }
    route(ex);
  }

  private void route(HttpExchange ex) throws IOException {
    String path = ex.getRequestURI().getPath();
    String method = ex.getRequestMethod();
    String base = config.basePath();
    String rest = path.startsWith(base + "/") ? path.substring(base.length()) : "";
    if (rest.equals("/store/orders")) {
      if (method.equals("GET") || method.equals("HEAD")) send(ex, 200, store.listJson());
      else notAllowed(ex, "GET, HEAD");
      return;
    }
    Matcher m = (config.misconfig().equals("parse-long-ids") ? ORDER_ANY_SEGMENT : ORDER).matcher(rest);
    if (m.matches()) {
      if (method.equals("DELETE")) cancel(ex, m.group(1));
      else notAllowed(ex, "DELETE");
      return;
    }
    send(ex, 404, Json.error(404, "NOT_FOUND", "No operation is served at this path."));
  }

  private void cancel(HttpExchange ex, String segment) throws IOException {
    long id;
    try {
      id = Long.parseLong(segment);
    } catch (NumberFormatException e) {
      // Digits beyond int64: no order can have that id.
      send(ex, 404, Json.error(404, "NOT_FOUND", "No order has this id."));
      return;
    }
    switch (store.cancel(id)) {
      case CANCELLED -> send(ex, 204, null);
      case SHIPPED -> send(ex, 409, Json.error(409, "ORDER_SHIPPED", "The order has shipped and cannot be cancelled."));
      case NOT_PENDING -> send(ex, 409, Json.error(409, "ORDER_NOT_PENDING", "Only a pending order can be cancelled."));
      case MISSING -> send(ex, 404, Json.error(404, "NOT_FOUND", "No order has this id."));
    }
  }

  private void notAllowed(HttpExchange ex, String allow) throws IOException {
    ex.getResponseHeaders().set("Allow", allow);
    send(ex, 405, Json.error(405, "METHOD_NOT_ALLOWED", "Method not allowed here."));
  }

  /** "key#N" for a valid bearer key (N its place in ZOO_KEYS), else null. The scheme is case-insensitive. */
  private String keyLabel(String authorization) {
    if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) return null;
    byte[] token = authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < keys.length; i++) {
      if (MessageDigest.isEqual(token, keys[i])) return "key#" + (i + 1);
    }
    return null;
  }

  /** -1 is HttpServer's "no body"; for HEAD it sends the headers alone whatever the length. */
  private void send(HttpExchange ex, int status, String json) throws IOException {
    if (json == null || (status >= 400 && config.misconfig().equals("empty-error-bodies"))) {
      ex.sendResponseHeaders(status, -1);
      return;
    }
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json");
    if (ex.getRequestMethod().equals("HEAD")) {
      ex.sendResponseHeaders(status, -1);
      return;
    }
    ex.sendResponseHeaders(status, body.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(body);
    }
  }
}
