<?php
// The zoo contract (targets/README.md) for the php-builtin target: the ZOO_* environment (exit 2 on what it
// cannot run), key labels and the JSON Error answer. Read by the launcher once and by the router on every
// request (PHP shares nothing between requests). It never prints a key.
declare(strict_types=1);

const ZOO_MISCONFIGS = ['intval-ids', 'default-content-type', 'router-return-false'];

function zoo_fail(string $message): never
{
    fwrite(STDERR, "php-builtin target: $message\n");
    exit(2);
}

function zoo_whole(string $name, int $default, int $least): int
{
    $raw = getenv($name);
    $raw = ($raw === false || $raw === '') ? (string) $default : $raw;
    if (!preg_match('/\A[0-9]{1,9}\z/', $raw) || (int) $raw < $least) {
        zoo_fail("$name must be a whole number >= $least");
    }
    return (int) $raw;
}

/** @return array{host:string,port:int,base_path:string,keys:list<string>,seed:string,rate_limit:int,window:int,ban_seconds:int,ban_after:int,misconfig:string} */
function zoo_env(): array
{
    static $env = null;
    return $env ??= zoo_read_env();
}

function zoo_read_env(): array
{
    $misconfig = (string) getenv('ZOO_MISCONFIG');
    if ($misconfig !== '' && !in_array($misconfig, ZOO_MISCONFIGS, true)) {
        zoo_fail("unknown ZOO_MISCONFIG \"$misconfig\"; known: " . implode(', ', ZOO_MISCONFIGS));
    }
    $host = getenv('ZOO_HOST') ?: '127.0.0.1';
    if (!in_array($host, ['127.0.0.1', '::1'], true)) {
        zoo_fail('ZOO_HOST must be 127.0.0.1 or ::1');
    }
    $base = getenv('ZOO_BASE_PATH') ?: '/v1';
    if (!preg_match('~\A(/[A-Za-z0-9._\~-]+)*/v1\z~', $base)) {
        zoo_fail('ZOO_BASE_PATH must be a path ending in /v1');
    }
    $keys = array_values(array_filter(explode(',', (string) getenv('ZOO_KEYS')), fn ($k) => $k !== ''));
    foreach ($keys as $k) {
        if (!preg_match('~\A[A-Za-z0-9\-._\~+/]+=*\z~', $k)) {
            zoo_fail('ZOO_KEYS must list token68 keys');
        }
    }
    if ($keys === [] || !getenv('ZOO_SEED')) {
        zoo_fail('ZOO_KEYS and ZOO_SEED are required');
    }
    return [
        'host' => $host, 'port' => zoo_whole('ZOO_PORT', 0, 0), 'base_path' => $base, 'keys' => $keys,
        'seed' => (string) getenv('ZOO_SEED'), 'rate_limit' => zoo_whole('ZOO_RATE_LIMIT', 60, 1),
        'window' => zoo_whole('ZOO_RATE_WINDOW', 60, 1), 'ban_seconds' => zoo_whole('ZOO_BAN_SECONDS', 60, 1),
        'ban_after' => zoo_whole('ZOO_BAN_AFTER', 1, 1), 'misconfig' => $misconfig,
    ];
}

/** "key#N" for the N-th key of ZOO_KEYS sent as "Bearer <key>" (scheme in any case), else null. */
function zoo_key_label(array $keys, ?string $authorization): ?string
{
    if ($authorization === null || !preg_match('~\A[Bb][Ee][Aa][Rr][Ee][Rr] +([A-Za-z0-9\-._\~+/]+=*)\z~', $authorization, $m)) {
        return null;
    }
    foreach ($keys as $i => $key) {
        if (hash_equals($key, $m[1])) {
            return 'key#' . ($i + 1);
        }
    }
    return null;
}

function zoo_say(string $line): void
{
    file_put_contents('php://stdout', "ZOO $line\n");
}

/** An Error object (spec §2) as the whole answer. */
function zoo_error(int $status, string $code, string $message, array $headers = []): void
{
    http_response_code($status);
    foreach ($headers as $name => $value) {
        header("$name: $value");
    }
    zoo_json(['code' => $code, 'message' => $message, 'status' => $status]);
}

function zoo_json(mixed $body): void
{
    if (zoo_env()['misconfig'] !== 'default-content-type') {
        header('Content-Type: application/json');
    }
    echo json_encode($body, JSON_UNESCAPED_SLASHES);
}
