<?php
// The caddy-phpfpm target's state between requests: php-fpm's children share nothing, so the orders, the
// rate-limit windows and the ban book live in one JSON file (ZOO_STATE_FILE, written first by serve.py), read
// and written under an exclusive flock() for the whole request. Knows no HTTP.
declare(strict_types=1);

final class State
{
    /** @var resource */
    private $handle;
    public array $data;

    public function __construct(string $file)
    {
        $this->handle = fopen($file, 'c+');
        flock($this->handle, LOCK_EX);
        $this->data = json_decode((string) stream_get_contents($this->handle), true) ?: [];
        $this->data += ['orders' => [], 'windows' => [], 'clients' => []];
    }

    public function save(): void
    {
        ftruncate($this->handle, 0);
        rewind($this->handle);
        fwrite($this->handle, json_encode($this->data, JSON_UNESCAPED_SLASHES));
        fflush($this->handle);
        flock($this->handle, LOCK_UN);
        fclose($this->handle);
    }

    /** A fixed window per client from its first request: [requests left, window end, allowed]. */
    public function hit(string $client, int $limit, int $window, float $now): array
    {
        $w = $this->data['windows'][$client] ?? null;
        if ($w === null || $now >= $w[0]) {
            $w = [$now + $window, 0];
        }
        $w[1]++;
        $this->data['windows'][$client] = $w;
        return [max(0, $limit - $w[1]), $w[0], $w[1] <= $limit];
    }

    /** Spec §8 rule 5's book: notes an early request, bans on the ban_after-th; the ban's end, if banned. */
    public function arrive(string $client, int $banAfter, int $banSeconds, float $now): ?float
    {
        $c = $this->data['clients'][$client] ?? [0.0, 0, 0.0]; // wait until, early, banned until
        if ($now < $c[0]) {
            zoo_event("early $client");
            $c[1]++;
            if ($c[1] >= $banAfter && $now >= $c[2]) {
                $c[2] = $now + $banSeconds;
                $c[0] = max($c[0], $c[2]);
                zoo_event("ban $client $banSeconds");
            }
        } else {
            $c[1] = 0;
        }
        $this->data['clients'][$client] = $c;
        return $c[2] > $now ? (float) $c[2] : null;
    }

    public function refused(string $client, float $until): void
    {
        $c = $this->data['clients'][$client] ?? [0.0, 0, 0.0];
        $c[0] = max($c[0], $until);
        $this->data['clients'][$client] = $c;
    }

    /**
     * The order's status before the cancel ('pending', 'shipped', 'cancelled'), or null when no order has the
     * id. A pending order becomes 'cancelled' and stays listed.
     */
    public function cancel(int $id): ?string
    {
        foreach ($this->data['orders'] as $i => $o) {
            if ($o['id'] === $id) {
                if ($o['status'] === 'pending') {
                    $this->data['orders'][$i]['status'] = 'cancelled';
                }
                return $o['status'];
            }
        }
        return null;
    }
}
