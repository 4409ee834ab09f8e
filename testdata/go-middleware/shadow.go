package main

import "net/http"

func health(w http.ResponseWriter, r *http.Request) { // @def(health, "health")
	w.WriteHeader(http.StatusOK)
}

// A local named like the function it converts: the right-hand health is the
// package's function, since a Go name is in scope only after its declaration.
func serveHealth(mux *http.ServeMux) { // @def(serveHealth, "serveHealth")
	health := http.HandlerFunc(health) // @site(healthConv, "HandlerFunc") @registered(serveHealth, health, "http.HandlerFunc", healthConv)
	mux.Handle("/health", health)
}
