// The java-httpserver zoo target's limiter: a fixed window per client (a key's label, or an address) that
// opens at the client's first request, and the temporary ban of spec §8 rule 5 for clients that come back
// before their 429's Retry-After. It never sees a key, only the label the handler gives it.
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

final class RateLimiter {
  /** What one request learns: when its window (or ban) ends, in Unix ms; retryAfter in seconds, above 0 on a refusal. */
  record Verdict(int limit, int remaining, long resetMs, long retryAfter, boolean banned) {
    /** The end as a Unix timestamp in whole seconds, rounded up so a client waiting for it is never early. */
    long resetSeconds() {
      return ceilSeconds(resetMs);
    }

    boolean refused() {
      return retryAfter > 0;
    }
  }

  private static final class Window {
    long startMs;
    int count;
  }

  private final int limit;
  private final long windowMs;
  private final int banAfter;
  private final long banMs;
  private final Consumer<String> announce;
  private final Map<String, Window> windows = new HashMap<>();
  private final Map<String, Long> retryAt = new HashMap<>();
  private final Map<String, Integer> early = new HashMap<>();
  private final Map<String, Long> bannedUntil = new HashMap<>();

  RateLimiter(int limit, long windowMs, int banAfter, long banMs, Consumer<String> announce) {
    this.limit = limit;
    this.windowMs = windowMs;
    this.banAfter = banAfter;
    this.banMs = banMs;
    this.announce = announce;
  }

  synchronized Verdict hit(String client, long nowMs) {
    noteEarly(client, nowMs);
    long banEnd = bannedUntil.getOrDefault(client, 0L);
    if (nowMs < banEnd) return refuse(client, nowMs, banEnd, true);
    Window w = windows.computeIfAbsent(client, c -> new Window());
    if (w.count == 0 || nowMs >= w.startMs + windowMs) {
      w.startMs = nowMs;
      w.count = 0;
    }
    w.count++;
    long end = w.startMs + windowMs;
    if (w.count > limit) return refuse(client, nowMs, end, false);
    return new Verdict(limit, limit - w.count, end, 0, false);
  }

  private void noteEarly(String client, long nowMs) {
    Long at = retryAt.get(client);
    if (at == null) return;
    if (nowMs >= at) {
      // It waited as told: the ban count starts again.
      retryAt.remove(client);
      early.remove(client);
      return;
    }
    announce.accept("early " + client);
    int n = early.merge(client, 1, Integer::sum);
    if (n >= banAfter && nowMs >= bannedUntil.getOrDefault(client, 0L)) {
      bannedUntil.put(client, nowMs + banMs);
      announce.accept("ban " + client + " " + String.valueOf(banMs / 1000.0).replaceFirst("\\.0$", ""));
    }
  }

  private Verdict refuse(String client, long nowMs, long untilMs, boolean banned) {
    long retryAfter = Math.max(1, ceilSeconds(untilMs - nowMs));
    retryAt.merge(client, nowMs + retryAfter * 1000, Math::max);
    return new Verdict(limit, 0, untilMs, retryAfter, banned);
  }

  static long ceilSeconds(long ms) {
    return Math.floorDiv(ms + 999, 1000);
  }
}
