package com.acme.billing.listen;

import org.springframework.amqp.rabbit.annotation.RabbitHandler;
import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
@RabbitListener(queues = "billing.disputes")
public class DisputeConsumer {
    @RabbitHandler
    public void onDispute(String dispute) { // @def(onDispute, "onDispute")
        System.out.println(dispute);
    }
}
