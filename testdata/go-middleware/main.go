package main

import (
	"log"
	"net/http"
)

func logging(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		log.Println(r.URL.Path)
		next(w, r)
	}
}

func requireAuth(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		next(w, r)
	}
}

func orders(w http.ResponseWriter, r *http.Request) { // @def(orders, "orders")
	w.WriteHeader(http.StatusOK)
}

func main() { // @def(main, "main")
	mux := http.NewServeMux()
	// A handler wrapped in a middleware chain is still the handler passed:
	// gopls lists the reference, where it is written.
	mux.HandleFunc("/api/order", requireAuth(logging(orders))) // @site(ordersReg, "orders") @ref(main, orders, ordersReg)
	log.Fatal(http.ListenAndServe(":8080", mux))
}
