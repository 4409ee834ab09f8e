package main

import (
	"net/http"

	"example.com/routes/bus"
	"example.com/routes/handlers"
	"github.com/go-chi/chi/v5"
)

func main() { // @def(main, "main")
	http.HandleFunc("/healthz", handlers.Health) // @site(mainHealth, "Health") @ref(main, health, mainHealth)
	orders := &handlers.Orders{}
	r := chi.NewRouter()
	r.Get("/orders", orders.List)    // @site(mainList, "List") @ref(main, ordersList, mainList)
	r.Post("/orders", orders.Create) // @site(mainCreate, "Create") @ref(main, ordersCreate, mainCreate)
	b := &bus.Bus{}
	b.Subscribe(bus.TopicOrderPaid, handlers.OnPaid) // @site(mainSub, "Subscribe") @call(main, subscribe, mainSub) @registered(main, onPaid, "b.Subscribe(bus.TopicOrderPaid)", mainSub)
	http.ListenAndServe(":8080", r)
}

func pay(b *bus.Bus) { // @def(pay, "pay")
	b.Publish(bus.TopicOrderPaid, "o-1") // @site(payPublish, "Publish") @call(pay, publish, payPublish) @event(pay, onPaid, "order.paid", payPublish)
}
