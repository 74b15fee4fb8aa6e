// The go-nethttp target's settings from the zoo contract's ZOO_* environment (targets/README.md). A bad
// value or an unknown misconfiguration is an error (main exits 2); no message ever quotes a key.
package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

var misconfigs = []string{"route-middleware", "parseint-ids", "retry-after-duration"}

type config struct {
	host, basePath, seedFile string
	port                     int
	keys                     []string
	rateLimit                int
	windowSeconds            int
	banSeconds               int
	banAfter                 int
	misconfig                string
}

var token68 = regexp.MustCompile(`^[A-Za-z0-9\-._~+/]+=*$`)

func loadConfig(env func(string) string) (config, error) {
	c := config{host: env("ZOO_HOST"), basePath: env("ZOO_BASE_PATH"), seedFile: env("ZOO_SEED")}
	if c.host == "" {
		c.host = "127.0.0.1"
	}
	if c.host != "127.0.0.1" && c.host != "::1" {
		return c, fmt.Errorf("ZOO_HOST must be 127.0.0.1 or ::1")
	}
	if c.basePath == "" {
		c.basePath = "/v1"
	}
	if !regexp.MustCompile(`^(/[A-Za-z0-9._~-]+)*/v1$`).MatchString(c.basePath) {
		return c, fmt.Errorf("ZOO_BASE_PATH must be a path ending in /v1")
	}
	for _, k := range strings.Split(env("ZOO_KEYS"), ",") {
		if k != "" {
			if !token68.MatchString(k) {
				return c, fmt.Errorf("ZOO_KEYS must list token68 keys")
			}
			c.keys = append(c.keys, k)
		}
	}
	if len(c.keys) == 0 || c.seedFile == "" {
		return c, fmt.Errorf("ZOO_KEYS and ZOO_SEED are required")
	}
	numbers := []struct {
		name     string
		into     *int
		def, min int
	}{
		{"ZOO_PORT", &c.port, 0, 0},
		{"ZOO_RATE_LIMIT", &c.rateLimit, 60, 1},
		{"ZOO_RATE_WINDOW", &c.windowSeconds, 60, 1},
		{"ZOO_BAN_SECONDS", &c.banSeconds, 60, 1},
		{"ZOO_BAN_AFTER", &c.banAfter, 1, 1},
	}
	for _, n := range numbers {
		*n.into = n.def
		if raw := env(n.name); raw != "" {
			v, err := strconv.Atoi(raw)
			if err != nil || v < n.min {
				return c, fmt.Errorf("%s must be a whole number >= %d", n.name, n.min)
			}
			*n.into = v
		}
	}
	c.misconfig = env("ZOO_MISCONFIG")
	if c.misconfig != "" && !contains(misconfigs, c.misconfig) {
		return c, fmt.Errorf("unknown ZOO_MISCONFIG %q; known: %s", c.misconfig, strings.Join(misconfigs, ", "))
	}
	return c, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
