package com.acme.shipping.service;

import com.acme.shipping.events.OrderCancelled;
import com.acme.shipping.events.OrderPlaced;
import com.acme.shipping.events.Topics;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.stereotype.Service;

@Service
public class OrderService {
    private final ApplicationEventPublisher publisher;
    private final KafkaTemplate<String, String> kafkaTemplate;

    public OrderService(ApplicationEventPublisher publisher, KafkaTemplate<String, String> kafkaTemplate) {
        this.publisher = publisher;
        this.kafkaTemplate = kafkaTemplate;
    }

    public void place(String id) { // @def(place, "place")
        publisher.publishEvent(new OrderPlaced(id)); // @site(placePublish, "publishEvent") @event(place, onPlaced, "OrderPlaced", placePublish) @site(placeNew, "OrderPlaced") @call(place, orderPlacedCtor, placeNew)
    }

    public void cancel(String id) { // @def(cancel, "cancel")
        OrderCancelled event = new OrderCancelled(id);
        this.publisher.publishEvent(event); // @site(cancelPublish, "publishEvent") @event(cancel, onCancelled, "OrderCancelled", cancelPublish)
    }

    public void ship(String id) { // @def(ship, "ship")
        kafkaTemplate.send(Topics.SHIPMENTS, id); // @site(shipSend, "send") @event(ship, consumeShipment, "shipments", shipSend)
    }
}
