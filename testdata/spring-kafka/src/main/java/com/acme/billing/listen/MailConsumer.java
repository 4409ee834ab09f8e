package com.acme.billing.listen;

import org.springframework.amqp.rabbit.annotation.RabbitListener;
import org.springframework.stereotype.Component;

@Component
public class MailConsumer {
    @RabbitListener(queues = {"${mail.queue}"})
    public void onMail(String mail) { // @def(onMail, "onMail")
        System.out.println(mail);
    }
}
