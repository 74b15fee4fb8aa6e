// The go-nethttp zoo target: the Order Store Service v1 on Go's net/http (ServeMux) and encoding/json, with
// golang.org/x/time/rate for the limit. Reads the ZOO_* environment, prints "ZOO listening <url>" once it
// accepts connections; binds loopback only and never prints a key.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"
)

func main() {
	cfg, err := loadConfig(os.Getenv)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp target: %v\n", err)
		os.Exit(2)
	}
	store, err := loadStore(cfg.seedFile)
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp target: seed: %v\n", err)
		os.Exit(2)
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(cfg.host, strconv.Itoa(cfg.port)))
	if err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp target: %v\n", err)
		os.Exit(1)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	fmt.Printf("ZOO listening http://%s%s\n", net.JoinHostPort(cfg.host, strconv.Itoa(port)), cfg.basePath)
	// http.Server's defaults kept: no timeouts, keep-alive on, 1 MB of header bytes.
	if err := http.Serve(ln, newAPI(cfg, store)); err != nil {
		fmt.Fprintf(os.Stderr, "go-nethttp target: %v\n", err)
		os.Exit(1)
	}
}
