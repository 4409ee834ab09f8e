package main

import "net/http"

// Paths as services keep them: constants in a file of their own.
const (
	invoicesPath = "/invoices"
)

type router interface {
	Post(pattern string, h http.HandlerFunc)
	Use(middlewares ...func(http.Handler) http.Handler)
}

type invoiceHandler struct{}

func (h *invoiceHandler) Create(w http.ResponseWriter, r *http.Request) { // @def(invoiceCreate, "Create")
	w.WriteHeader(http.StatusCreated)
}

func versioned(next http.Handler) http.Handler { // @def(versioned, "versioned")
	return next
}

func routes(r router) { // @def(routes, "routes")
	invoiceHandler := new(invoiceHandler)
	r.Post(invoicesPath, invoiceHandler.Create) // @site(invoicesReg, "Create") @ref(routes, invoiceCreate, invoicesReg)
	r.Use(versioned)                            // @site(useReg, "versioned") @ref(routes, versioned, useReg)
}
