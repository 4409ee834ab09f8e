package com.acme.orders.web;

import com.acme.orders.service.OrderService;

public class OrderController {
    private final OrderService orders;

    public OrderController(OrderService orders) {
        this.orders = orders;
    }

    public String post(String id) { // @def(post, "post")
        return orders.ship(id); // @site(postShip, "ship") @call(post, ship, postShip)
    }

    private OrderService service() { // @def(service, "service")
        return orders;
    }

    public String repost(String id) { // @def(repost, "repost")
        var svc = service(); // @site(repostService, "service") @call(repost, service, repostService)
        return svc.ship(id); // @site(repostShip, "ship") @call(repost, ship, repostShip)
    }
}
