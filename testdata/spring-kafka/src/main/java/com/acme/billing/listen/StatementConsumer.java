package com.acme.billing.listen;

import org.springframework.amqp.core.ExchangeTypes;
import org.springframework.amqp.rabbit.annotation.Exchange;
import org.springframework.amqp.rabbit.annotation.Queue;
import org.springframework.amqp.rabbit.annotation.QueueBinding;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
public class StatementConsumer {
    static final String STATEMENTS = "billing.statements";

    @RabbitListener(queuesToDeclare = @Queue(STATEMENTS))
    public void onStatement(String statement) { // @def(onStatement, "onStatement")
        System.out.println(statement);
    }

    @RabbitListener(bindings = @QueueBinding(
            value = @Queue(value = "billing.reminders", durable = "true"),
            exchange = @Exchange(value = "billing.topic", type = ExchangeTypes.TOPIC),
            key = "reminder.*"))
    public void onReminderMessage(String reminder) { // @def(onReminderMessage, "onReminderMessage")
        System.out.println(reminder);
    }
}
