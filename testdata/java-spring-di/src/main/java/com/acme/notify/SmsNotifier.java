package com.acme.notify;

import org.springframework.context.annotation.Primary;
import org.springframework.stereotype.Component;

@Component
@Primary
public class SmsNotifier implements Notifier {
    public void send(String message) { // @def(smsSend, "send")
    }
}
