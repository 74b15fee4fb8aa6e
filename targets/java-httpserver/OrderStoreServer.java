// The java-httpserver zoo target: the Order Store Service v1 on the JDK's com.sun.net.httpserver.HttpServer,
// no library, a fixed thread pool as its executor. Writes only the ZOO events on stdout, never a key.
import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.concurrent.Executors;

public final class OrderStoreServer {
  public static void main(String[] args) throws Exception {
    Config config = Config.load(System.getenv());
    OrderStore store = new OrderStore(Path.of(config.seed()));
    RateLimiter limiter = new RateLimiter(
        config.rateLimit(), config.windowMs(), config.banAfter(), config.banMs(), OrderStoreServer::announce);
    // Backlog 0: the JDK's default.
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getByName(config.host()), config.port()), 0);
    // One context at the root: every path, the base path's siblings included, reaches the handler, so every
    // answer carries the rate-limit headers (context-per-route leaves the rest to HttpServer's own 404 page).
    String context = config.misconfig().equals("context-per-route") ? config.basePath() + "/store/orders" : "/";
    server.createContext(context, new ApiHandler(config, store, limiter));
    // Without an executor HttpServer runs every exchange on its one dispatcher thread.
    server.setExecutor(Executors.newFixedThreadPool(16));
    server.start();
    String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
    announce("listening http://" + host + ":" + server.getAddress().getPort() + config.basePath());
  }

  static synchronized void announce(String event) {
    System.out.println("ZOO " + event);
    System.out.flush();
  }
}
