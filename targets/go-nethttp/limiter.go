// Spec §8 on the go-nethttp target: one golang.org/x/time/rate token bucket per client (a key, or the
// address of a request without a valid key) refilled at ZOO_RATE_LIMIT per window, and the ban of spec §8
// rule 5 for a client that comes back inside its 429's Retry-After. Never sees a key, only a label.
package main

import (
	"fmt"
	"math"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

type verdict struct {
	allowed, banned bool
	limit           int
	remaining       int
	reset           time.Time     // when the bucket is full again (or the ban ends)
	retryAfter      time.Duration // on a refusal: whole seconds until the next token (or the ban's end)
	delay           time.Duration // the wait as x/time/rate's Reservation.DelayFrom gives it, unrounded
}

type client struct {
	bucket      *rate.Limiter
	waitUntil   time.Time // what the last 429 told this client
	early       int
	bannedUntil time.Time
}

type limiter struct {
	mu       sync.Mutex
	clients  map[string]*client
	every    rate.Limit
	burst    int
	banAfter int
	banFor   time.Duration
	announce func(string)
}

func newLimiter(c config) *limiter {
	window := time.Duration(c.windowSeconds) * time.Second
	return &limiter{
		clients:  map[string]*client{},
		every:    rate.Every(window / time.Duration(c.rateLimit)),
		burst:    c.rateLimit,
		banAfter: c.banAfter,
		banFor:   time.Duration(c.banSeconds) * time.Second,
		announce: func(s string) { fmt.Println("ZOO " + s) },
	}
}

func (l *limiter) take(label string, now time.Time) verdict {
	l.mu.Lock()
	defer l.mu.Unlock()
	c := l.clients[label]
	if c == nil {
		c = &client{bucket: rate.NewLimiter(l.every, l.burst)}
		l.clients[label] = c
	}
	if now.Before(c.waitUntil) {
		l.announce("early " + label)
		c.early++
		if c.early >= l.banAfter && !now.Before(c.bannedUntil) {
			c.bannedUntil = now.Add(l.banFor)
			l.announce(fmt.Sprintf("ban %s %d", label, int(l.banFor.Seconds())))
		}
	} else {
		c.early = 0
	}
	if now.Before(c.bannedUntil) {
		return l.refuse(c, now, verdict{banned: true, limit: l.burst, reset: c.bannedUntil}, c.bannedUntil.Sub(now))
	}
	// The package's own way to learn the wait: reserve a token, and give it back when it is not there yet.
	reservation := c.bucket.ReserveN(now, 1)
	delay := reservation.DelayFrom(now)
	if delay > 0 {
		reservation.CancelAt(now)
	}
	tokens := c.bucket.TokensAt(now)
	v := verdict{allowed: delay == 0, limit: l.burst, remaining: int(math.Max(0, math.Floor(tokens)))}
	v.reset = now.Add(l.secondsFor(float64(l.burst) - tokens))
	if v.allowed {
		return v
	}
	return l.refuse(c, now, v, delay)
}

// refuse notes what the 429 tells the client: at least a second, in whole seconds (delay-seconds).
func (l *limiter) refuse(c *client, now time.Time, v verdict, wait time.Duration) verdict {
	v.delay = wait
	v.retryAfter = time.Duration(math.Max(1, math.Ceil(wait.Seconds()))) * time.Second
	if later := now.Add(v.retryAfter); later.After(c.waitUntil) {
		c.waitUntil = later
	}
	return v
}

func (l *limiter) secondsFor(tokens float64) time.Duration {
	return time.Duration(tokens / float64(l.every) * float64(time.Second))
}
