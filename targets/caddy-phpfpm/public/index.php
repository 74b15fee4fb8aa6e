<?php
// The caddy-phpfpm target's front controller: Caddy rewrites every request to it and php-fpm runs it from the
// top. Limits first, then the key, then the route, so every answer carries X-RateLimit-*; the state is saved
// at the end under the file lock. Each misconfiguration is one switch where a PHP implementer gets it wrong.
declare(strict_types=1);

require __DIR__ . '/../contract.php';
require __DIR__ . '/../state.php';

const DEPRECATION = '@1767225600'; // RFC 9745: 2026-01-01T00:00:00Z
const SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';

$zoo = zoo_env();
if ($zoo['misconfig'] !== 'default-mimetype') {
    ini_set('default_mimetype', ''); // no Content-Type but the one an answer sets (none on a 204)
}
$state = new State((string) getenv('ZOO_STATE_FILE'));
try {
    answer($zoo, $state);
} finally {
    $state->save();
}

function answer(array $zoo, State $state): void
{
    // Caddy passes the request's own target as REQUEST_URI (the rewrite to /index.php is Caddy's business).
    $path = (string) parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
    $authorization = $_SERVER['HTTP_AUTHORIZATION'] ?? null; // two lines arrive joined by ", "
    $key = zoo_key_label($zoo['keys'], $authorization);
    $client = $key ?? ($_SERVER['REMOTE_ADDR'] ?? 'unknown');
    $now = microtime(true);
    $bannedUntil = $state->arrive($client, $zoo['ban_after'], $zoo['ban_seconds'], $now);
    [$remaining, $reset, $allowed] = $state->hit($client, $zoo['rate_limit'], $zoo['window'], $now);
    $until = max($reset, $bannedUntil ?? 0);
    header("X-RateLimit-Limit: {$zoo['rate_limit']}");
    header("X-RateLimit-Remaining: $remaining");
    header('X-RateLimit-Reset: ' . (int) ceil($until));
    if ($bannedUntil !== null || !$allowed) {
        $wait = max(1, (int) ceil($until - $now));
        $state->refused($client, $now + $wait);
        $code = $bannedUntil !== null ? 'banned' : 'rate_limited';
        send_error(429, $code, 'Request rate limit exceeded; retry later.', ['Retry-After' => $wait]);
        return;
    }
    if ($key === null) {
        $challenge = 'Bearer realm="order-store"' . ($authorization !== null ? ', error="invalid_token"' : '');
        send_error(401, 'unauthorized', 'Missing or invalid API key.', ['WWW-Authenticate' => $challenge]);
        return;
    }
    $base = preg_quote($zoo['base_path'], '~');
    $method = $_SERVER['REQUEST_METHOD'];
    if ($path === $zoo['base_path'] . '/store/orders') {
        if ($method !== 'GET' && $method !== 'HEAD') {
            send_error(405, 'method_not_allowed', 'Method not allowed.', ['Allow' => 'GET, HEAD']);
            return;
        }
        send_json($state->data['orders']); // with each order's status: pending, shipped or cancelled
    } elseif (preg_match("~\\A$base/store/orders/([^/]+)\\z~", $path, $m)) {
        if ($method !== 'DELETE') {
            send_error(405, 'method_not_allowed', 'Method not allowed.', ['Allow' => 'DELETE']);
            return;
        }
        cancel($zoo, $state, parse_id(rawurldecode($m[1])));
    } elseif (preg_match("~\\A$base/pets/([^/]+)\\z~", $path, $m)) {
        if ($method !== 'GET' && $method !== 'HEAD') {
            send_error(405, 'method_not_allowed', 'Method not allowed.', ['Allow' => 'GET, HEAD']);
            return;
        }
        header('Deprecation: ' . DEPRECATION);
        header('Sunset: ' . SUNSET);
        $id = parse_id(rawurldecode($m[1]));
        $id !== null && in_array($id, array_column($state->data['orders'], 'petId'), true)
            ? send_json(['id' => $id])
            : send_error(404, 'pet_not_found', 'No pet has this petId.');
    } else {
        send_error(404, 'not_found', 'No such resource.');
    }
}

function cancel(array $zoo, State $state, ?int $id): void
{
    $before = $id === null ? null : $state->cancel($id);
    if ($before === null) {
        send_error(404, 'order_not_found', 'No order has this orderId.');
    } elseif ($before === 'shipped') {
        send_error(409, 'order_already_shipped', 'The order has already shipped; it cannot be cancelled.');
    } elseif ($before === 'pending' || $zoo['misconfig'] === 'repeat-cancel-204') {
        http_response_code(204); // a repeat, under the misconfiguration: "DELETE is idempotent"
    } else {
        send_error(409, 'order_not_pending', 'Only a pending order can be cancelled.');
    }
}

/**
 * A canonical decimal int64 (no sign but "-", no leading zero), or null: no order has any other spelling.
 * "\z", not "$", which also matches before a final newline; filter_var() refuses what overflows int64.
 */
function parse_id(string $segment): ?int
{
    if (!preg_match('/\A(0|-?[1-9][0-9]{0,18})\z/', $segment)) {
        return null;
    }
    $id = filter_var($segment, FILTER_VALIDATE_INT);
    return $id === false ? null : $id;
}
