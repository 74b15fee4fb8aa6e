<?php
// The php-builtin target's router script (php -S host:port router.php): every request runs it from the top.
// Limits first, then the key, then the route, so every answer carries X-RateLimit-*; the state is saved at
// the end under the file lock. Each misconfiguration is one switch where a PHP implementer gets it wrong.
declare(strict_types=1);

require __DIR__ . '/contract.php';
require __DIR__ . '/state.php';

const DEPRECATION = '@1767225600'; // RFC 9745: 2026-01-01T00:00:00Z
const SUNSET = 'Thu, 01 Jul 2027 00:00:00 GMT';

$zoo = zoo_env();
$path = (string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
$route = route($zoo['base_path'], $path);
if ($route === null && $zoo['misconfig'] === 'router-return-false') {
    return false; // "serve the requested resource as-is": the built-in server's own 404 page
}
$state = new State((string) getenv('ZOO_STATE_FILE'));
try {
    answer($zoo, $state, $route);
} finally {
    $state->save();
}

/** [operation, raw id segment] for a path below the base, or null. */
function route(string $base, string $path): ?array
{
    if ($path === "$base/store/orders") {
        return ['list', null];
    }
    if (preg_match('~\A' . preg_quote($base, '~') . '/(store/orders|pets)/([^/]+)\z~', $path, $m)) {
        return [$m[1] === 'pets' ? 'pet' : 'cancel', rawurldecode($m[2])];
    }
    return null;
}

function answer(array $zoo, State $state, ?array $route): void
{
    $authorization = $_SERVER['HTTP_AUTHORIZATION'] ?? null; // two lines arrive joined by ", "
    $key = zoo_key_label($zoo['keys'], $authorization);
    $client = $key ?? $_SERVER['REMOTE_ADDR'];
    $now = microtime(true);
    $bannedUntil = $state->arrive($client, $zoo['ban_after'], $zoo['ban_seconds'], $now);
    [$remaining, $reset, $allowed] = $state->hit($client, $zoo['rate_limit'], $zoo['window'], $now);
    header("X-RateLimit-Limit: {$zoo['rate_limit']}");
    header("X-RateLimit-Remaining: $remaining");
    header('X-RateLimit-Reset: ' . (int) ceil(max($reset, $bannedUntil ?? 0)));
    if ($bannedUntil !== null || !$allowed) {
        $until = max($reset, $bannedUntil ?? 0);
        $wait = max(1, (int) ceil($until - $now));
        $state->refused($client, $now + $wait);
        zoo_error(429, $bannedUntil !== null ? 'banned' : 'rate_limited', 'Too many requests; wait for Retry-After.', ['Retry-After' => $wait]);
        return;
    }
    if ($key === null) {
        $challenge = 'Bearer realm="order-store"' . ($authorization !== null ? ', error="invalid_token"' : '');
        zoo_error(401, 'unauthorized', 'A valid API key is required: Authorization: Bearer <key>.', ['WWW-Authenticate' => $challenge]);
        return;
    }
    [$operation, $segment] = $route ?? ['none', null];
    $method = $_SERVER['REQUEST_METHOD'];
    $allow = ['list' => 'GET, HEAD', 'cancel' => 'DELETE', 'pet' => 'GET, HEAD'][$operation] ?? null;
    if ($allow === null) {
        zoo_error(404, 'not_found', 'No operation is served at this path.');
    } elseif (!in_array($method, explode(', ', $allow), true)) {
        zoo_error(405, 'method_not_allowed', 'This method is not served at this path.', ['Allow' => $allow]);
    } elseif ($operation === 'list') {
        zoo_json(array_map(fn ($o) => array_diff_key($o, ['status' => 0]), $state->data['orders']));
    } elseif (($id = parse_id($segment, $zoo['misconfig'])) === null) {
        zoo_error(400, 'invalid_id', 'The id must be a 64-bit integer.');
    } elseif ($operation === 'pet') {
        header('Deprecation: ' . DEPRECATION);
        header('Sunset: ' . SUNSET);
        in_array($id, array_column($state->data['orders'], 'petId'), true)
            ? zoo_json(['id' => $id])
            : zoo_error(404, 'pet_not_found', 'No pet has this petId.');
    } else {
        match ($state->cancel($id)) {
            'cancelled' => http_response_code(204),
            'shipped' => zoo_error(409, 'order_shipped', 'The order has already shipped and cannot be cancelled.'),
            'cancelled-before' => zoo_error(409, 'order_not_pending', 'Only a pending order can be cancelled.'),
            default => zoo_error(404, 'order_not_found', 'No order has this orderId.'),
        };
    }
}

/**
 * ASCII digits within int64. (int) and intval() read a prefix ("2abc" is 2) and saturate past int64 (any
 * longer number is PHP_INT_MAX); is_numeric() takes "2.0", "2e0", " 2". filter_var() bounds the digits.
 */
function parse_id(string $segment, string $misconfig): ?int
{
    if ($misconfig === 'intval-ids') {
        return (int) $segment;
    }
    if (!preg_match('/\A-?[0-9]{1,19}\z/', $segment)) {
        return null;
    }
    $id = filter_var($segment, FILTER_VALIDATE_INT);
    return $id === false ? null : $id;
}
