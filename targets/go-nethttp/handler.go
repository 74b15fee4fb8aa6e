// The go-nethttp target's HTTP side: the limiter and the key check wrapped around a ServeMux (so they run
// before the mux's own redirects and 404s), the order and pet routes, and Error bodies. Each
// misconfiguration is one switch, where a Go implementer would have got it wrong. It never writes a key.
package main

import (
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"
)

const (
	deprecation = "@1767225600" // RFC 9745: 2026-01-01T00:00:00Z
	sunset      = "Thu, 01 Jul 2027 00:00:00 GMT"
)

// An int64 as JSON writes it: ASCII digits, an optional minus. strconv.ParseInt alone also takes "+7".
var decimal = regexp.MustCompile(`^-?[0-9]{1,19}$`)

// RFC 6750 §2.1: "Bearer" 1*SP b64token, the scheme in any case (RFC 9110 §11.1).
var bearer = regexp.MustCompile(`^(?i:bearer) +([A-Za-z0-9\-._~+/]+=*)$`)

type api struct {
	cfg    config
	store  *store
	limits *limiter
}

func newAPI(cfg config, st *store) http.Handler {
	a := &api{cfg, st, newLimiter(cfg)}
	mux := http.NewServeMux()
	routes := map[string]http.HandlerFunc{
		cfg.basePath + "/store/orders":  a.orders,
		cfg.basePath + "/store/orders/": a.order,
		cfg.basePath + "/pets/":         a.pet,
	}
	if cfg.misconfig == "route-middleware" {
		// Each route wrapped on its own: the mux's 301 for an unclean path and its text 404 come first.
		for pattern, h := range routes {
			mux.Handle(pattern, a.guard(h))
		}
		return mux
	}
	for pattern, h := range routes {
		mux.Handle(pattern, h)
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		writeError(w, http.StatusNotFound, "not_found", "No operation is served at this path.")
	})
	return a.guard(mux)
}

// guard counts every request, sets the rate-limit headers, then asks for the key.
func (a *api) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := a.keyLabel(r.Header.Get("Authorization"))
		label := key
		if label == "" {
			label, _, _ = net.SplitHostPort(r.RemoteAddr)
		}
		v := a.limits.take(label, time.Now())
		h := w.Header()
		h.Set("X-RateLimit-Limit", strconv.Itoa(v.limit))
		h.Set("X-RateLimit-Remaining", strconv.Itoa(v.remaining))
		// Whole Unix seconds, rounded up: never before the moment the limit is whole again.
		h.Set("X-RateLimit-Reset", strconv.FormatInt((v.reset.UnixNano()+999_999_999)/1e9, 10))
		if !v.allowed {
			if a.cfg.misconfig == "retry-after-duration" {
				h.Set("Retry-After", v.delay.String())
			} else {
				h.Set("Retry-After", strconv.Itoa(int(v.retryAfter.Seconds())))
			}
			if v.banned {
				writeError(w, http.StatusTooManyRequests, "banned", "This client kept sending inside Retry-After: it is banned for a while.")
			} else {
				writeError(w, http.StatusTooManyRequests, "rate_limited", "Request rate limit exceeded; wait for Retry-After.")
			}
			return
		}
		if key == "" {
			challenge := `Bearer realm="order-store"`
			if r.Header.Get("Authorization") != "" {
				challenge += `, error="invalid_token"`
			}
			h.Set("WWW-Authenticate", challenge)
			writeError(w, http.StatusUnauthorized, "unauthorized", "A valid API key is required: Authorization: Bearer <key>.")
			return
		}
		next.ServeHTTP(w, r)
	})
}

// keyLabel is "key#N" for the N-th key of ZOO_KEYS, or "" when the header carries no valid key.
func (a *api) keyLabel(header string) string {
	m := bearer.FindStringSubmatch(header)
	if m == nil {
		return ""
	}
	for i, k := range a.cfg.keys {
		if subtle.ConstantTimeCompare([]byte(m[1]), []byte(k)) == 1 {
			return fmt.Sprintf("key#%d", i+1)
		}
	}
	return ""
}

func (a *api) orders(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		notAllowed(w, "GET, HEAD")
		return
	}
	writeJSON(w, http.StatusOK, a.store.list())
}

func (a *api) order(w http.ResponseWriter, r *http.Request) {
	segment := strings.TrimPrefix(r.URL.Path, a.cfg.basePath+"/store/orders/")
	if segment == "" || strings.Contains(segment, "/") {
		writeError(w, http.StatusNotFound, "not_found", "No operation is served at this path.")
		return
	}
	if r.Method != http.MethodDelete {
		notAllowed(w, "DELETE")
		return
	}
	id, ok := a.parseID(segment)
	if !ok {
		writeError(w, http.StatusBadRequest, "invalid_order_id", "orderId must be a 64-bit integer.")
		return
	}
	switch a.store.cancel(id) {
	case "cancelled":
		w.WriteHeader(http.StatusNoContent)
	case "shipped":
		writeError(w, http.StatusConflict, "order_shipped", "The order has already shipped and cannot be cancelled.")
	case "cancelled-before":
		writeError(w, http.StatusConflict, "order_not_pending", "The order was already cancelled.")
	default:
		writeError(w, http.StatusNotFound, "order_not_found", "No order has this orderId.")
	}
}

func (a *api) pet(w http.ResponseWriter, r *http.Request) {
	segment := strings.TrimPrefix(r.URL.Path, a.cfg.basePath+"/pets/")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		notAllowed(w, "GET, HEAD")
		return
	}
	w.Header().Set("Deprecation", deprecation)
	w.Header().Set("Sunset", sunset)
	id, ok := a.parseID(segment)
	if !ok || !a.store.hasPet(id) {
		writeError(w, http.StatusNotFound, "pet_not_found", "No pet has this petId.")
		return
	}
	writeJSON(w, http.StatusOK, map[string]int64{"id": id})
}

func (a *api) parseID(segment string) (int64, bool) {
	if a.cfg.misconfig == "parseint-ids" {
		// Base 0: the literal's own prefix decides, as in Go source ("+2", "0x2", "0o2", "0b10", "2_0").
		id, err := strconv.ParseInt(segment, 0, 64)
		return id, err == nil
	}
	if !decimal.MatchString(segment) {
		return 0, false
	}
	id, err := strconv.ParseInt(segment, 10, 64)
	return id, err == nil
}

func notAllowed(w http.ResponseWriter, allow string) {
	w.Header().Set("Allow", allow)
	writeError(w, http.StatusMethodNotAllowed, "method_not_allowed", "This method is not served at this path.")
}

func writeError(w http.ResponseWriter, status int, code, message string) {
	writeJSON(w, status, map[string]interface{}{"code": code, "message": message, "status": status})
}

func writeJSON(w http.ResponseWriter, status int, body interface{}) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
