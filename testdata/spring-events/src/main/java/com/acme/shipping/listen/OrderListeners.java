package com.acme.shipping.listen;

import com.acme.shipping.events.OrderCancelled;
import com.acme.shipping.events.OrderPlaced;
import org.springframework.context.event.EventListener;
import org.springframework.kafka.annotation.KafkaListener;
import org.springframework.stereotype.Component;
import org.springframework.transaction.event.TransactionalEventListener;

@Component
public class OrderListeners {
    @EventListener
    public void onPlaced(OrderPlaced event) { // @def(onPlaced, "onPlaced")
        System.out.println(event.id());
    }

    @TransactionalEventListener
    public void onCancelled(OrderCancelled event) { // @def(onCancelled, "onCancelled")
        System.out.println(event.id());
    }

    @KafkaListener(topics = "shipments", groupId = "shipping")
    public void consumeShipment(String id) { // @def(consumeShipment, "consumeShipment")
        System.out.println(id);
    }

    @KafkaListener(topics = {"returns", "refunds"})
    public void consumeReturn(String id) { // @def(consumeReturn, "consumeReturn")
        System.out.println(id);
    }
}
