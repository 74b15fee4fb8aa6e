<?php
// Starts the php-builtin target: checks the ZOO_* environment, writes the first state file into a fresh
// temporary folder, runs `php -S host:port -q router.php` (quiet: no request log, which would print queries),
// and prints "ZOO listening <url>" from the server's "started" line. SIGTERM stops both; the folder goes.
declare(strict_types=1);

require __DIR__ . '/contract.php';
require __DIR__ . '/state.php';

$zoo = zoo_env();
$dir = sys_get_temp_dir() . '/zoo-php-builtin-' . bin2hex(random_bytes(6));
mkdir($dir, 0700);
$stateFile = "$dir/state.json";
file_put_contents($stateFile, json_encode(State::seeded($zoo['seed'])));
$listen = str_contains($zoo['host'], ':') ? "[{$zoo['host']}]:{$zoo['port']}" : "{$zoo['host']}:{$zoo['port']}";
$server = proc_open(
    [PHP_BINARY, '-S', $listen, '-q', __DIR__ . '/router.php'],
    [0 => ['file', '/dev/null', 'r'], 1 => STDOUT, 2 => ['pipe', 'w']],
    $pipes,
    __DIR__,
    getenv() + ['ZOO_STATE_FILE' => $stateFile],
);
$cleanup = function () use ($server, $stateFile, $dir): void {
    proc_terminate($server, SIGTERM);
    @unlink($stateFile);
    @rmdir($dir);
};
pcntl_async_signals(true);
// Not restarted: a SIGTERM must end the wait below at once, or the server outlives this process.
pcntl_signal(SIGTERM, function () use ($cleanup): void {
    $cleanup();
    exit(0);
}, false);
stream_set_blocking($pipes[2], false);
$pending = '';
while (proc_get_status($server)['running']) {
    $read = [$pipes[2]];
    $none = null;
    if (@stream_select($read, $none, $none, 1) < 1) {
        continue;
    }
    $chunk = fread($pipes[2], 8192);
    if ($chunk === false || ($chunk === '' && feof($pipes[2]))) {
        break;
    }
    $pending .= $chunk;
    while (($end = strpos($pending, "\n")) !== false) {
        $line = substr($pending, 0, $end + 1);
        $pending = substr($pending, $end + 1);
        if (preg_match('~Development Server \(http://(\S+)\) started~', $line, $m)) {
            echo "ZOO listening http://{$m[1]}{$zoo['base_path']}\n";
        } else {
            fwrite(STDERR, $line);
        }
    }
}
$cleanup();
exit(1);
