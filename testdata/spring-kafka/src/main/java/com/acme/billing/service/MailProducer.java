package com.acme.billing.service;

import org.springframework.amqp.core.AmqpTemplate;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;

@Service
public class MailProducer {
    @Value("${mail.exchange}")
    private String exchange;

    @Value("${mail.routing-key}")
    private String routingKey;

    @Value("${mail.other-key}")
    private String otherKey;

    private final AmqpTemplate amqpTemplate;

    public MailProducer(AmqpTemplate amqpTemplate) {
        this.amqpTemplate = amqpTemplate;
    }

    public void mail(String body) { // @def(mail, "mail")
        amqpTemplate.convertAndSend(exchange, routingKey, body); // @site(mailSend, "convertAndSend") @event(mail, onMail, "${mail.queue}", mailSend)
    }

    public void misrouted(String body) { // @def(misrouted, "misrouted")
        amqpTemplate.convertAndSend(exchange, otherKey, body); // another property: a key the binding does not name
    }
}
