package com.acme.billing.config;

import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.DirectExchange;
import org.springframework.amqp.core.ExchangeBuilder;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.QueueBuilder;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration
public class RabbitConfig {
    public static final String EXCHANGE = "billing.events";
    public static final String PAYOUT_QUEUE = "billing.payouts";
    public static final String PAYOUT_KEY = "payout.created";
    public static final String ARCHIVE_QUEUE = "billing.archive";
    public static final String BROADCAST = "billing.broadcast";
    public static final String NOTICE_QUEUE = "billing.notices";
    public static final String DIRECT = "billing.direct";
    public static final String INVOICE_QUEUE = "billing.invoice-copies";

    @Bean
    public Queue payoutQueue() {
        return new Queue(PAYOUT_QUEUE, true);
    }

    @Bean
    public TopicExchange billingExchange() {
        return new TopicExchange(EXCHANGE);
    }

    @Bean
    public Binding payoutBinding() {
        return BindingBuilder.bind(payoutQueue()).to(billingExchange()).with("payout.*");
    }

    @Bean
    public Queue archiveQueue() {
        return QueueBuilder.durable(ARCHIVE_QUEUE).build();
    }

    @Bean
    public Binding archiveBinding(Queue archiveQueue, TopicExchange billingExchange) {
        return BindingBuilder.bind(archiveQueue).to(billingExchange).with("#.archived");
    }

    @Bean
    public Queue noticeQueue() {
        return new Queue(NOTICE_QUEUE);
    }

    @Bean
    public FanoutExchange broadcast() {
        return new FanoutExchange(BROADCAST);
    }

    @Bean
    public Binding noticeBinding() {
        return BindingBuilder.bind(noticeQueue()).to(broadcast());
    }

    @Bean
    public DirectExchange directExchange() {
        return ExchangeBuilder.directExchange(DIRECT).build();
    }

    @Bean
    public Binding invoiceCopyBinding() {
        return new Binding(INVOICE_QUEUE, Binding.DestinationType.QUEUE, DIRECT, "invoice.copy", null);
    }
}
