package handlers

import "net/http"

type Orders struct{}

func (o *Orders) List(w http.ResponseWriter, r *http.Request) { // @def(ordersList, "List")
}

func (o *Orders) Create(w http.ResponseWriter, r *http.Request) { // @def(ordersCreate, "Create")
}

func Health(w http.ResponseWriter, r *http.Request) { // @def(health, "Health")
}

func OnPaid(payload string) { // @def(onPaid, "OnPaid")
}
