<?php
// The zoo contract (targets/README.md) as the caddy-phpfpm front controller reads it on every request: the
// ZOO_* environment php-fpm passes on (serve.py checked it before starting anything), key labels, the event
// lines of spec §8 rule 5 (appended to ZOO_EVENTS_FILE, which serve.py relays) and JSON answers. Never a key.
declare(strict_types=1);

/** @return array{base_path:string,keys:list<string>,rate_limit:int,window:int,ban_seconds:int,ban_after:int,misconfig:string} */
function zoo_env(): array
{
    static $env = null;
    return $env ??= [
        'base_path' => getenv('ZOO_BASE_PATH') ?: '/v1',
        'keys' => array_values(array_filter(explode(',', (string) getenv('ZOO_KEYS')), fn ($k) => $k !== '')),
        'rate_limit' => (int) (getenv('ZOO_RATE_LIMIT') ?: 60),
        'window' => (int) (getenv('ZOO_RATE_WINDOW') ?: 60),
        'ban_seconds' => (int) (getenv('ZOO_BAN_SECONDS') ?: 60),
        'ban_after' => (int) (getenv('ZOO_BAN_AFTER') ?: 1),
        'misconfig' => (string) getenv('ZOO_MISCONFIG'),
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

/** One "ZOO <line>" for the launcher to print (a child's stdout goes nowhere under php-fpm). */
function zoo_event(string $line): void
{
    file_put_contents((string) getenv('ZOO_EVENTS_FILE'), "$line\n", FILE_APPEND | LOCK_EX);
}

/** An Error object (spec §2) as the whole answer. */
function send_error(int $status, string $code, string $message, array $headers = []): void
{
    http_response_code($status);
    foreach ($headers as $name => $value) {
        header("$name: $value");
    }
    send_json(['code' => $code, 'message' => $message, 'status' => $status]);
}

function send_json(mixed $body): void
{
    if (zoo_env()['misconfig'] !== 'default-mimetype') {
        header('Content-Type: application/json');
    }
    echo json_encode($body, JSON_UNESCAPED_SLASHES);
}
