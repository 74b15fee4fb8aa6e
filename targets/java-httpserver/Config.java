// The java-httpserver zoo target's settings, read once from the ZOO_* environment (targets/README.md).
// A bad value or an unknown ZOO_MISCONFIG ends the process with exit 2; no message ever quotes a key.
import java.util.Arrays;
import java.util.List;
import java.util.Map;

record Config(String host, int port, String basePath, List<String> keys, String seed, int rateLimit,
    long windowMs, long banMs, int banAfter, String misconfig) {

  static final List<String> MISCONFIGS =
      List.of("", "reset-millis", "empty-error-bodies", "context-per-route", "parse-long-ids");

  static Config load(Map<String, String> env) {
    String misconfig = env.getOrDefault("ZOO_MISCONFIG", "");
    if (!MISCONFIGS.contains(misconfig)) {
      fail("unknown ZOO_MISCONFIG '" + misconfig + "'; known: " + String.join(", ", MISCONFIGS.subList(1, MISCONFIGS.size())));
    }
    List<String> keys = Arrays.stream(env.getOrDefault("ZOO_KEYS", "").split(","))
        .map(String::trim).filter(k -> !k.isEmpty()).toList();
    if (keys.isEmpty()) fail("ZOO_KEYS names no key");
    String seed = env.get("ZOO_SEED");
    if (seed == null || seed.isEmpty()) fail("ZOO_SEED is not set");
    String base = "/" + env.getOrDefault("ZOO_BASE_PATH", "/v1").replaceAll("^/+|/+$", "");
    return new Config(
        env.getOrDefault("ZOO_HOST", "127.0.0.1"),
        (int) number(env, "ZOO_PORT", "0", true),
        base,
        keys,
        seed,
        (int) number(env, "ZOO_RATE_LIMIT", null, false),
        Math.round(number(env, "ZOO_RATE_WINDOW", null, false) * 1000),
        Math.round(number(env, "ZOO_BAN_SECONDS", "60", false) * 1000),
        (int) number(env, "ZOO_BAN_AFTER", "1", false),
        misconfig);
  }

  private static double number(Map<String, String> env, String name, String fallback, boolean zeroOk) {
    String raw = env.getOrDefault(name, fallback);
    double value;
    try {
      value = Double.parseDouble(raw == null ? "" : raw);
    } catch (NumberFormatException e) {
      fail(name + " must be a number");
      return 0;
    }
    if (value < 0 || (value == 0 && !zeroOk)) fail(name + " must be above 0");
    return value;
  }

  static void fail(String message) {
    System.err.println("java-httpserver: " + message);
    System.exit(2);
  }
}
